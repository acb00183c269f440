"""Helpers for the Corvid Conspiracy's front-end tests (LoR 13; docs/duchy-corvids.md §5-6): a
position written the documented way (the JSON a front end sends to `setposition` or
Game.from_position), the tables of three to six seats the boards are drawn at, and whether the
notation knows the Corvids' actions yet (the legal actions' texts: a view whose `legal` lists a
Corvid action, or an Exposure, cannot be written before, nor can `wyrm play` list them). The
seeded games of heuristic players are tests/duchy_front_positions.py's `played` and `snapshots`
(any table).

- `hand_written(turn)`: a position at the Marquise, Corvids, Wyrm table: Corvid warriors in rabbit
  3 (a face-up snare) and rabbit 10 (a face-down bomb; `hand_written_game` has `raid` ruled out
  for it by a wrong Exposure), a
  face-down extortion alone in mouse 11; the Marquise's Keep in 1 and a warrior in 10 (no rabbit
  card in hand: no Exposure to offer), the Wyrm's pawn and a wyrmling in 5.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.game import Game

TABLE = ("marquise", "corvids", "wyrm")
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
CV_KINDS = ("cv_setup", "flip", "cv_recruit", "plot", "trick", "expose", "guess")
CV_STEPS = ("corvids_setup", "corvids_birdsong", "corvids_daylight", "corvids_evening", "exposure", "extortion")
PLOTS = tuple(_core.PLOT_NAMES)
# three to six seats with the Corvids (a face-down plot's type hidden at each): beside the Marquise
# and the Wyrm; with the Duchy (issue 34's two Underworld factions) at four; with the Riverfolk and
# the Vagabond at five; at six with every expansion faction and the bot, and with the four base
# factions
TABLES = {
    3: ("marquise", "corvids", "wyrm"),
    4: ("duchy", "alliance", "corvids", "wyrm"),
    5: ("corvids", "riverfolk", "vagabond", "alliance", "wyrm"),
    6: ("duchy", "corvids", "lizards", "riverfolk", "mechanical-marquise", "wyrm"),
}
SIX_BASE = ("marquise", "eyrie", "alliance", "vagabond", "corvids", "wyrm")


def table_id(table) -> str:
    """A short test id: the Rootlog letters in seat order (CPW, DAPW, ...)."""
    return "".join(factions.LETTERS[factions.faction_id(f)] for f in table)


def hand_written(turn: str = "marquise") -> dict:
    """The position of the module's docstring, `turn` to play."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    # (the Corvids' pieces by the flat names, `corvids` and `plot`: docs/protocol.md, setposition)
    rows[2].update(corvids=2, plot=True)
    rows[9].update(corvids=1, plot=True, pieces={"marquise": {"warriors": 1}})
    rows[10].update(plot=True)
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil", "M#sword"], "corvids": ["B#armorers"], "wyrm": ["M#crossbow"]},
            "corvids": {"plots": {"3": {"type": "snare", "face_up": True},
                                  "10": {"type": "bomb", "face_up": False},
                                  "11": {"type": "extortion", "face_up": False}}}}


def hand_written_game(turn: str = "marquise") -> Game:
    """The game of hand_written(turn), with `raid` ruled out for the bomb in 10 (a wrong Exposure's
    public "no", K-C3: set in the state, as a position's `ruled_out` is read only with the Corvids'
    views merged)."""
    from positions import modify

    def ruled_out(d):
        d["plot_not"][9] = 1 << PLOTS.index("raid")
    return modify(Game.from_position(hand_written(turn)), ruled_out)


def corvid_seat(g: Game) -> int:
    return g.faction_ids.index(factions.CORVIDS)


def notation_knows_corvids() -> bool:
    """The notation writes the Corvids' actions (False until their notation is merged: then no
    Corvid seat can be played from a text front end)."""
    from wyrm_ai.model.notation import action_text
    try:
        action_text(KIND["cv_setup"][0], 1, factions.table_of(TABLE))
    except (AssertionError, KeyError, ValueError, IndexError):
        return False
    return True


def cli_imports() -> bool:
    """wyrm_ai.cli imports (it needs the Corvids' Rootlog letter, merged with their notation)."""
    try:
        import wyrm_ai.cli  # noqa: F401
    except AssertionError:
        return False
    return True
