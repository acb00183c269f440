"""The board as text for any viewer, in a width: render_board draws an observation
(redaction.observe) as the boxed board (board.py) at 99 columns and more, else as the compact one
(compact.py); render is a seat's screen of a game, board_text any viewer's board of a game (the
protocol's `showboard` and str(Game))."""
from __future__ import annotations

from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe, viewer_of
from wyrm_ai.model.factions import UNDRAFTED, seat_factions
from wyrm_ai.model.riverfolk_facts import with_public_hand
from wyrm_ai.model.textboard import board
from wyrm_ai.model.textboard.compact import compact_board
from wyrm_ai.model.textboard.style import Style
from wyrm_ai.model.textboard.words import card_line


def board_text(game, viewer, width: int = 99) -> str:
    """A seat sees the screen it plays on (its hand, the other's size); `public` the map, both
    factions' boards and the status, no hand; `referee` that and both hands. Plain text, at most
    width columns (render_board: the boxed map at 99, the compact one below)."""
    viewer = viewer_of(viewer, game.faction_ids)
    labels = None if viewer not in (PUBLIC, REFEREE) else tuple(   # a seat's view: "you" / "AI"
        "" if f == UNDRAFTED else n for f, n in zip(game.faction_ids, game.factions))
    d = with_public_hand(observe(game.state, viewer), game.state)      # the Riverfolk's, face up (LoR 11.2.3)
    rows = [render_board(d, width, Style(False), labels=labels)]
    if viewer == REFEREE:
        d = game.state.to_dict()
        for seat, name in enumerate(game.factions):
            name = name if game.faction_ids[seat] != UNDRAFTED else f"player {seat + 1}"
            cards = [t for t, k in enumerate(d["hand"][seat]) for _ in range(k)]
            rows.append(f"{name.upper()} HAND ({len(cards)}):")
            rows += [f"  {card_line(t)}" for t in cards]
    return "\n".join(rows)


def render_board(d: dict, width: int = 99, st: Style | None = None, height: int | None = None,
                 labels: tuple[str, ...] | None = None) -> str:
    """The board of an observation d (wyrm_ai/model/redaction.py: a seat's, `public` or the referee's)
    in at most width columns: the boxed Autumn map at 99 columns and more (when height, if given,
    leaves room for it), else the compact one of compact.py. labels names each
    seat's player (default: you / AI for a seat's view)."""
    st = st or Style(False)
    labels = labels or board.seat_labels(d)
    if width < 99 or (height is not None and height < board.full_height(len(seat_factions(d)))):
        return "\n".join(compact_board(d, width, st, labels))
    return board.boxed_board(d, st, labels)


def render(game, human: int, st: Style | None = None, width: int = 99, height: int | None = None) -> str:
    """The whole screen for the human seat: map, boards, status and hand."""
    return render_board(game.observation(human), width, st, height)
