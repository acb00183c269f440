"""One scalar field of a core State, read from its bytes (State.state_bytes()) where State.to_dict()
reads it (ext/wyrm_ai/serialize.pxi: a table field at its offset; a faction board's field in the
block of the seat holding that faction). to_dict builds every field of the state (~0.5 ms); a caller
that needs one or two scalars at every view, record entry or replay candidate reads them here.
tests/test_state_fields.py checks every field this reads against to_dict on positions of every table."""
from __future__ import annotations

import struct

from wyrm_ai import _core

_CODES = {"i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "u8": "Q"}


def _layout() -> dict:
    """name -> (faction whose board holds it, or None for a table field; its offset; its Struct)."""
    out = {}
    for name, off, typ, shape in _core.STATE_FIELDS:
        if shape != () or typ not in _CODES or name in _core.CARD_COUNT_FIELDS or name.startswith("battle."):
            continue
        if off >= 0:
            out[name] = (None, off, struct.Struct("=" + _CODES[typ]))
        elif name in _core.BOARD_OFF and name not in _core.BY_FACTION_FIELDS:
            faction, at = _core.BOARD_OFF[name]
            out[name] = (faction, _core.BOARD_IN_SEAT + at, struct.Struct("=" + _CODES[typ]))
    return out


SCALARS = _layout()


def scalar(state, name: str) -> int:
    """State.to_dict()[name] of a scalar table or faction-board field (SCALARS)."""
    faction, off, fmt = SCALARS[name]
    if faction is None:
        return fmt.unpack_from(state.state_bytes(), off)[0]
    factions = tuple(state.factions)
    if faction not in factions:         # a faction not at the table: to_dict gives its new-game board
        return state.to_dict()[name]
    return fmt.unpack_from(state.state_bytes(), _core.SEATS_AT + factions.index(faction) * _core.SEAT_SIZE + off)[0]
