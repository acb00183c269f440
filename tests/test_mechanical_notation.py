"""The Mechanical Marquise in notation (issue 14, item 3; docs/notation.md, "Mechanical
Marquise"): the chance outcomes at its steps -- its Keep corner and starting buildings (MM2 §4),
its order card (MM2 §5), the building type a hit removes (MM2 §2.1) -- read and print in Rootlog
forms with its letter M; every legal action and chance outcome of random games seating it at 2, 3
and 4 seats reads back as itself, and records replay from their text."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import decode, encode, piece
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import IllegalActionError, NotationError
from wyrm_ai.model.factions import LETTERS, faction_id
from wyrm_ai.model.game import Game

BOT_TABLES = (
    ("mechanical-marquise", "wyrm"), ("marquise", "mechanical-marquise"),
    ("marquise", "mechanical-marquise", "wyrm"), ("mechanical-marquise", "eyrie", "vagabond"),
    ("mechanical-marquise", "alliance", "wyrm"),
    ("marquise", "mechanical-marquise", "eyrie", "wyrm"), ("mechanical-marquise", "eyrie", "alliance", "vagabond"),
    ("marquise", "mechanical-marquise", "vagabond", "wyrm"),
)
M3 = (0, 5, 4)          # Marquise, Mechanical Marquise, Wyrm (faction ids in seat order)
ANVIL = card("F#anvil").id


def table_id(table) -> str:
    return "".join(LETTERS[faction_id(f)] for f in table)


def random_bot_game(table, seed: int, visit=None, max_actions: int = 2500, **options) -> Game:
    """A seeded game of random legal actions (chance by its odds) at a table seating the bot,
    with its options (mm_variant, mm_level, mm_traits); visit(game) before each action."""
    rng = np.random.default_rng(seed)
    g = Game(first=seed % len(table), factions=table)
    if options:
        g.state = _core.State(first=g.first, factions=g.faction_ids, **options)
    while not g.is_terminal() and len(g.record) < max_actions:
        if visit is not None:
            visit(g)
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            legal = g.legal_actions()
            g.apply(int(legal[rng.integers(len(legal))]))
    return g


@pytest.mark.parametrize("table", BOT_TABLES, ids=table_id)
def test_mm2_every_action_and_chance_outcome_at_a_table_with_the_bot_reads_back(table):
    """MM2 §4, §5, §2.1 (docs/notation.md): at every decision and chance node of seeded random
    games seating the bot, each legal action and each chance outcome formats to a text (and a
    record line) that parses back to it; the record replays from its text."""
    def check(g):
        seat, factions = g.current_player, g.faction_ids
        options = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
        for a in options:
            text = notation.action_text(a, seat, factions)
            assert notation.parse(text, seat, factions) == a, (g.step, text, a)
            assert notation.parse(notation.record_text(a, seat, factions), seat, factions) == a

    for seed in range(2):
        options = {"mm_variant": seed, "mm_level": 2 * seed, "mm_traits": 15 * seed}
        g = random_bot_game(table, seed, visit=check, **options)
        again = Game(first=g.first, factions=g.factions)
        again.state = _core.State(first=g.first, factions=g.faction_ids, **options)
        for line in g.record_lines():
            again.apply(line)
        assert again.state == g.state and again.record == g.record


def test_mm2_its_chance_outcomes_all_occur_with_the_letter_m():
    """MM2 §4 (Keep corner, starting buildings), §5 (its order card: a card draw), §2.1 (the
    building type a hit removes, at a chance hit step): met over seeded games, each written with
    M on its pieces (`?: Mt_k->1`, `?: Mb_s->5`, `?: Mb_w5->`) or as a draw (`?: draw F#anvil`)."""
    met = {}

    def visit(g):
        if g.is_chance_node() and g.step in ("mechanical_keep", "mechanical_setup_build", "mechanical_order",
                                             "battle_hits"):
            for a, _ in g.chance_outcomes():
                if g.step != "battle_hits" or decode(a).kind == "remove":
                    met.setdefault(g.step, notation.record_text(a, -1, g.faction_ids))

    for seed in range(30):
        random_bot_game(("marquise", "mechanical-marquise", "wyrm"), seed, visit=visit, max_actions=1200)
        if len(met) == 4:
            break
    assert met["mechanical_keep"].startswith("?: Mt_k->")
    assert met["mechanical_setup_build"].startswith("?: Mb_")
    assert met["mechanical_order"].startswith("?: draw ") and "#" in met["mechanical_order"]
    assert met["battle_hits"].startswith("?: M") and met["battle_hits"].endswith("->")


@pytest.mark.parametrize("text, action", [
    ("Mt_k->1", encode("keep", 0)),                          # MM2 §4: its Keep in corner 1
    ("Mt_k->3", encode("keep", 2)),
    ("Mb_s->5", encode("build", 0, 4)),                      # its starting sawmill in 5
    ("Mb_w->9", encode("build", 1, 8)),
    ("Mb_r->10", encode("build", 2, 9)),
    ("Mb_s5->", encode("remove", piece("sawmill"), 4)),      # MM2 §2.1: a hit removes its sawmill in 5
    ("Mb_r12->", encode("remove", piece("recruiter"), 11)),
    ("Mt_k1->", encode("remove", piece("keep"), 0)),
    ("draw F#anvil", encode("draw", ANVIL)),                 # MM2 §5: the order card, a card draw
    ("F#anvil", encode("draw", ANVIL)),
    ("?: mb_S->5", encode("build", 0, 4)),                   # case and spaces aside, with the prefix
    (" ? : M t_k -> 2", encode("keep", 1)),
])
def test_mm2_chance_forms_read_and_print(text, action):
    """docs/notation.md ("Mechanical Marquise"): each chance form reads as its outcome at a table
    seating the bot, and the outcome prints in the canonical form."""
    assert notation.parse(text, -1, M3) == action
    canonical = notation.action_text(action, -1, M3)
    assert notation.parse(canonical, -1, M3) == action
    if decode(action).kind != "draw":
        assert canonical.startswith("M")


def test_mm2_without_the_bot_its_chance_forms_do_not_read():
    """The M forms name the bot's pieces: at a table without it they are no chance outcome
    (NotationError naming the text), and the Marquise's own `t_k->1` is hers, not chance's."""
    for text in ("Mt_k->1", "Mb_s->5", "Mb_s5->"):
        with pytest.raises(NotationError, match="cannot read"):
            notation.parse(text, -1, (0, 4))
    assert notation.parse("t_k->1", 0, M3) == encode("keep", 0)
    with pytest.raises(NotationError):
        notation.parse("t_k->1", -1, M3)                 # chance places only the bot's Keep


def test_mm2_the_bot_never_decides_so_no_line_is_its():
    """MM2 §2 (it makes no decision): an `M:` prefix on a chance outcome names the wrong decider
    (IllegalActionError), and the bot's seat reads none of its pieces' forms."""
    with pytest.raises(IllegalActionError, match="names M"):
        notation.parse("M: Mt_k->1", -1, M3)
    for text in ("t_k->1", "b_s->5", "w5->"):
        with pytest.raises(NotationError):
            notation.parse(text, 1, M3)


@pytest.mark.parametrize("text, seat, factions, action", [
    ("XM5", 0, M3, encode("battle", 4, 1)),                                  # battle the bot in 5
    ("terror Mw5->1", 2, M3, encode("terror", 4, 0, 1)),                     # the Wyrm terrorizes its warrior
    ("strike Mb_s", 2, (0, 5, 3, 4), encode("strike", 1, piece("sawmill"))),  # MM2 §12: the Vagabond strikes it
    ("strike Mt_k", 2, (0, 5, 3, 4), encode("strike", 1, piece("keep"))),
    ("strike Cb_s", 2, (0, 5, 3, 4), encode("strike", 0, piece("sawmill"))),  # the Marquise's, by her letter
    ("%t->e/F#anvil->M", 2, (0, 5, 3, 4), encode("aid", 1, ANVIL, 5)),       # MM2 §12: Aid to the bot
    ("#M->V", 2, (0, 5, 3, 4), encode("steal_from", 1)),                  # the Thief steals from it
])
def test_mm2_other_factions_name_its_pieces_with_m(text, seat, factions, action):
    """MM2 §12: the other factions' actions on the bot name it (or its pieces) by its letter, and
    a Strike names the struck seat's faction, so the Marquise's sawmill and the bot's read apart."""
    assert notation.parse(text, seat, factions) == action
    assert notation.action_text(action, seat, factions) == text
