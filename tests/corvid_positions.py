"""Helpers that build Corvid Conspiracy positions for rules tests (LoR 13; docs/duchy-corvids.md §5,
K-1..K-22, traps K-T1..K-T11, readings K-C1..K-C10).

Positions and actions speak the core's State API and action ints (`_core.ACTION_KINDS`), on top of
tests/duchy_positions.py's `dc_position` (itself riverfolk_positions.rf_position and
lizard_positions.position: every seated faction's pieces, hands and piles):

- `cv_position(s, ...)`: the Corvids' warriors {clearing: n}, plots {clearing: type name, or
  (type name, face_up)}, the types a wrong Exposure ruled out {clearing: names}, and the turn's
  bookkeeping (plots placed, actions left, Exert taken, the Birdsong stage);
- `cv_bird`, `cv_day`, `cv_eve`: the position at the Corvids' Birdsong, Daylight (three actions
  left unless told) or Evening.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; paths 1-5 1-9 1-10 2-5 2-6 2-10
3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import functools

from wyrm_ai import _core

import duchy_positions as dp
import lizard_positions as lp
from lizard_positions import ALLIANCE, EYRIE, MARQUISE, NCL, NCT, PASS, WYRM, action, cid, kinds, st, table

CORVIDS = _core.FACTION_NAMES.index("corvids")
TABLE = _core.CORVID_TABLE
PLOT = {name: k for k, name in enumerate(_core.PLOT_NAMES)}


# ---- action ints -----------------------------------------------------------------------------

def cv_setup(c: int) -> int:
    return action("cv_setup", c - 1)


def flip(c: int) -> int:
    return action("flip", c - 1)


def cv_recruit(tok: str, suit: int) -> int:
    return action("cv_recruit", cid(tok) * 3 + suit)


def plot(c: int, name: str) -> int:
    return action("plot", (c - 1) * 4 + PLOT[name])


def trick(a: int, b: int) -> int:
    a, b = min(a, b), max(a, b)
    return action("trick", (a - 1) * NCL + b - 1)


def expose(c: int) -> int:
    return action("expose", c - 1)


def guess(tok: str, name: str) -> int:
    return action("guess", cid(tok) * 4 + PLOT[name])


def steal(tok: str) -> int:
    """The extortion's random card (a chance outcome: the steal action of that card)."""
    return action("steal", cid(tok))


# ---- reading a position ------------------------------------------------------------------------

def plots_of(d: dict) -> dict:
    """{clearing: (type name, face_up)} of the plots on the map."""
    return {c + 1: (_core.PLOT_NAMES[d["plot_types"][c]], bool((d["plots_up"] >> c) & 1))
            for c in range(NCL) if d["plots"][c]}


def corvids_at(d: dict) -> dict:
    return {c + 1: n for c, n in enumerate(d["corvids"]) if n}


# ---- positions -------------------------------------------------------------------------------

def cv_position(s, *, corvids=None, plots=None, not_types=None, plotted=0, actions_left=None, exerted=0,
                stage=0, cv_edit=None, **kw):
    """dc_position(s, **kw) with the Corvids' part: corvids {clearing: n}; plots {clearing: name or
    (name, face_up)}; not_types {clearing: names a wrong Exposure ruled out}; plotted, actions_left,
    exerted, stage: the turn's bookkeeping. cv_edit(d): a last change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        if d["faction_seat"][CORVIDS] >= 0:
            d["corvids"] = lp._map(corvids)
            d["corvid_supply"] = TABLE["warriors"] - sum(d["corvids"])
            assert d["corvid_supply"] >= 0
            d["plots"], d["plot_types"], d["plot_not"], d["plots_up"] = [0] * NCL, [0] * NCL, [0] * NCL, 0
            for c, spec in (plots or {}).items():
                name, up = (spec, False) if isinstance(spec, str) else spec
                d["plots"][c - 1] = 1
                d["plot_types"][c - 1] = PLOT[name]
                if up:
                    d["plots_up"] |= 1 << (c - 1)
            for c, names in (not_types or {}).items():
                for name in names:
                    d["plot_not"][c - 1] |= 1 << PLOT[name]
            d["plot_supply"] = TABLE["plots"] - sum(d["plots"])
            d["plotted"] = plotted
            d["cv_actions_left"] = actions_left if actions_left is not None else 0
            d["exerted"] = exerted
            d["cv_stage"] = stage
            d["setup_suits"] = 7
            d["bomb_at"], d["extort_left"], d["expose_at"], d["expose_resume"] = -1, 0, -1, 0
        if user_edit is not None:
            user_edit(d)
        if cv_edit is not None:
            cv_edit(d)
    return dp.dc_position(s, edit=edit, **kw)


def cv_bird(s, seat: int, **kw):
    """cv_position at the Corvids' Birdsong (crafting still open)."""
    return cv_position(s, at=(seat, "corvids_birdsong"), **kw)


def cv_day(s, seat: int, **kw):
    """cv_position at the Corvids' Daylight, three actions left unless told."""
    kw.setdefault("actions_left", TABLE["actions"])
    return cv_position(s, at=(seat, "corvids_daylight"), **kw)


def cv_eve(s, seat: int, **kw):
    """cv_position at the Corvids' Evening (Exert or draw)."""
    return cv_position(s, at=(seat, "corvids_evening"), **kw)


@functools.lru_cache(maxsize=None)
def three_table():
    """(Marquise, Corvids, Wyrm) after a real setup (never changed: positions copy it)."""
    return table((MARQUISE, CORVIDS, WYRM))


@functools.lru_cache(maxsize=None)
def four_table():
    """(Eyrie, Corvids, Alliance, Wyrm) after a real setup."""
    return table((EYRIE, CORVIDS, ALLIANCE, WYRM))


def played(s, a):
    """Apply a, asserting it is legal."""
    assert a in s.legal_actions(), (lp.kind_of(a), sorted({lp.kind_of(x)[0] for x in s.legal_actions()}))
    s.apply(a)
    return s


__all__ = ["CORVIDS", "TABLE", "PLOT", "MARQUISE", "EYRIE", "ALLIANCE", "WYRM", "NCL", "NCT", "PASS", "action",
           "cid", "kinds", "st", "table", "cv_setup", "flip", "cv_recruit", "plot", "trick", "expose", "guess",
           "steal", "plots_of", "corvids_at", "cv_position", "cv_bird", "cv_day", "cv_eve", "three_table",
           "four_table", "played"]
