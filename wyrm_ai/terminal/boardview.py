"""The board as text for any viewer: the terminal's renderer (board.py) fed the viewer's
observation (redaction.observe). The protocol's `showboard` and str(Game) use it."""
from __future__ import annotations

from wyrm_ai.redaction import PUBLIC, REFEREE, observe, viewer_of
from wyrm_ai.terminal import board
from wyrm_ai.terminal.style import Style
from wyrm_ai.terminal.words import card_line


def board_text(game, viewer, width: int = 99) -> str:
    """A seat sees the screen it plays on (its hand, the other's size); `public` the map, both
    factions' boards and the status, no hand; `referee` that and both hands. Plain text, at most
    width columns (board.render_board: the boxed map at 99, the compact one below)."""
    viewer = viewer_of(viewer, game.faction_ids)
    labels = None if viewer not in (PUBLIC, REFEREE) else game.factions   # a seat's view: "you" / "AI"
    rows = [board.render_board(observe(game.state, viewer), width, Style(False), labels=labels)]
    if viewer == REFEREE:
        d = game.state.to_dict()
        for seat, name in enumerate(game.factions):
            cards = [t for t, k in enumerate(d["hand"][seat]) for _ in range(k)]
            rows.append(f"{name.upper()} HAND ({len(cards)}):")
            rows += [f"  {card_line(t)}" for t in cards]
    return "\n".join(rows)
