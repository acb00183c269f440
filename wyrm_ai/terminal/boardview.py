"""The board as text for any viewer: the terminal's renderer (board.py) fed the viewer's
observation (redaction.observe). The protocol's `showboard` and str(Game) use it."""
from __future__ import annotations

from wyrm_ai.notation import FACTION_NAMES
from wyrm_ai.redaction import REFEREE, observe, viewer_of
from wyrm_ai.terminal import board
from wyrm_ai.terminal.style import Style
from wyrm_ai.terminal.words import card_line


def board_text(game, viewer) -> str:
    """A seat sees the screen it plays on (its hand, the other's size); `public` the map, both
    factions' boards and the status, no hand; `referee` that and both hands. Plain text."""
    viewer = viewer_of(viewer)
    st = Style(False)
    if viewer in (0, 1):
        return board.render(game, viewer, st)
    d = observe(game.state.to_dict(), viewer)
    rows = board.map_lines(d, st) + [""]
    rows += board.wyrm_lines(d, st, "wyrm") + board.marquise_lines(d, st, "marquise") + [""]
    rows += board.status_lines(game, d, d["turn"], st)
    if viewer == REFEREE:
        for seat, name in enumerate(FACTION_NAMES):
            cards = [t for t, k in enumerate(d["hand"][seat]) for _ in range(k)]
            rows.append(f"{name.upper()} HAND ({len(cards)}):")
            rows += [f"  {card_line(t)}" for t in cards]
    return "\n".join(rows)
