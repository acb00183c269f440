"""The flow of `wyrm play` (issue 10 item 3): forced decisions played for the person and narrated,
the default wood payment, `card NAME`, craft costs, `undo N`, `new`, `resign`, and `--load`
warning about options that differ from the save."""
from __future__ import annotations

import json
import re

from click.testing import CliRunner

from wyrm_ai.model.actions import Action
from wyrm_ai.model.card_texts import CARD_TEXTS
from wyrm_ai.model.cards import CARDS
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.terminal.flow import FORCED_NOTE
from wyrm_ai.terminal.input import read_command
from wyrm_ai.ai.opponent import Opponent
from wyrm_ai.terminal.session import Session
from wyrm_ai.model.textboard.words import card_about, cards_named, explain
from rules_positions import cat_day
from positions import act, c, state
from test_hardening_terminal import in_tmp, play  # noqa: F401 (in_tmp: an autouse fixture)

FORCED = FORCED_NOTE.strip()
ITEM = re.compile(r"^\s+\d+\) ")
NUMBER = re.compile(r"(?:^|\s)(\d+)\) ")


def listed_counts(output: str) -> list[int]:
    """For each prompt, how many numbered actions the list just above it offered."""
    lines, counts = output.splitlines(), []
    for i, line in enumerate(lines):
        if " > " not in line or line.startswith(" "):
            continue
        j, numbers = i - 1, []
        while j >= 0 and (ITEM.match(lines[j]) or (lines[j].endswith(":") and not lines[j].startswith(" "))):
            numbers += NUMBER.findall(lines[j])
            j -= 1
        if numbers:
            counts.append(len(numbers))
    return counts


def session(game, lines, human=0, **kw):
    out: list[str] = []
    feed = iter(lines)

    def read(prompt):
        out.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    s = Session(game, human, Opponent("easy", 0), 0, settings={"seed": 0, "human": "marquise",
                "level": "easy", "think": None, "first": "marquise"}, record_path="flow.json",
                out=lambda text, nl=True: out.append(text), read=read, **kw)
    return s, out


# ---- forced decisions -----------------------------------------------------------------------

def test_forced_decisions_are_played_and_narrated_in_one_line():
    r = play("--seed", "11", "--level", "easy", input="1\n" * 60)
    forced = [l for l in r.output.splitlines() if FORCED in l]
    assert forced and all(l.lstrip().startswith("C: pass") for l in forced)
    # no prompt shows a list of a single action while auto is on
    assert all(n > 1 for n in listed_counts(r.output))


def test_no_auto_asks_for_forced_decisions_too():
    auto = play("--seed", "11", "--level", "easy", input="1\n" * 60)
    asked = play("--seed", "11", "--level", "easy", "--no-auto", input="1\n" * 60)
    assert FORCED not in asked.output
    assert 1 in listed_counts(asked.output)            # the forced pass is asked
    assert 1 not in listed_counts(auto.output)


def test_set_auto_off_and_on_at_the_prompt():
    r = play("--seed", "11", "--level", "easy", input="set auto off\nset auto on\nset auto maybe\n")
    assert "forced decisions (a single legal action) are now asked, like any other" in r.output
    assert "forced decisions (a single legal action) are now played for you" in r.output
    assert "set takes: set auto on, or set auto off" in r.output


def test_undo_skips_forced_decisions(in_tmp):
    """A forced pass is not a decision: undo takes back the person's last real choice (else it
    would undo the pass and the pass would be played again at once)."""
    r = play("--seed", "11", "--level", "easy", "--record", "u.json", input="1\n" * 11 + "undo\nquit\n")
    out = r.output
    assert out.count(FORCED) >= 1
    undone = [l for l in out.splitlines() if l.startswith("undone: ")]
    # the undo comes at the first prompt after the forced pass (Field Hospitals)
    before = out.split("undo\n")[0].rsplit(FORCED, 1)[1]
    assert before.count(" > ") == 1
    assert len(undone) == 1 and "pass" not in undone[0]
    # the record now ends right before the march: a choice with more than one legal action
    g = Game.load(in_tmp / "u.json")
    assert g.step == "marquise_march" and len(g.legal_actions()) > 1


def test_undo_n_takes_back_n_decisions(in_tmp):
    r = play("--seed", "5", "--level", "easy", "--record", "n.json",
             input="t_k->1\nb_s->1\nb_w->5\nundo 2\nundo 5\nundo 0\nquit\n")
    assert "undone: your last 2 decisions, back to b_s->1 (2 actions taken back)" in r.output
    assert "you have made 1 decision so far: undo 1-1" in r.output
    assert "undo takes a number of your decisions, 1-10,000: undo 2" in r.output
    g = Game.load(in_tmp / "n.json")
    assert g.record_lines()[-1] == "C: t_k->1"


# ---- wood payment ---------------------------------------------------------------------------

def _pay_position():
    """LoR 6.5.4: a sawmill in 5 costs 1 wood, payable from 2 or 5 (a real choice)."""
    g = cat_day(warriors={5: 1, 2: 1}, sawmills={8: 1}, wood={5: 1, 2: 1})
    act(g, "b_s->5")
    assert g.step == "marquise_pay_wood"
    return g


def test_enter_accepts_the_default_payment():
    g = _pay_position()
    s, out = session(g, [""])
    s.run()
    text = "\n".join(out)
    assert "Enter pays 1 wood from clearing" in text and "(the default)" in text
    assert "paid 1 wood from clearing" in text
    d = state(s.game)
    assert d["buildings"][0][c(5)] == 1 and d["wood"][c(2)] + d["wood"][c(5)] == 1
    assert s.game.step == "marquise_daylight"


def test_the_payment_can_be_overridden():
    g = _pay_position()
    s, out = session(g, ["t2->"])
    s.run()
    d = state(s.game)
    assert d["wood"][c(2)] == 0 and d["wood"][c(5)] == 1 and d["buildings"][0][c(5)] == 1


def test_payment_actions_say_pay_not_hit():
    g = _pay_position()
    s, out = session(g, [])
    s.run()
    text = "\n".join(out)
    assert "pay 1 wood from clearing 2" in text and "pay 1 wood from clearing 5" in text
    assert "a hit removes" not in text


def test_the_ai_paying_wood_is_told_as_a_payment():
    g = _pay_position()
    s, out = session(g, [], human=1)
    s.run()
    text = "\n".join(out)
    assert "C: t2->" in text or "C: t5->" in text
    assert "pay 1 wood from clearing" in text and "a hit removes" not in text


def test_the_ais_face_down_cards_are_not_named_in_its_action_lines():
    """The AI's card that goes where the person cannot see it (here the Alliance's Mobilize, face
    down onto its Supporters) is told as the record tells that seat: `A: #?->$`, a hidden card
    (redaction.seen); the Alliance's own player would see it named."""
    import numpy as np
    from wyrm_ai import _core
    from wyrm_ai.model.actions import decode
    g = Game(first="marquise", factions=("marquise", "alliance"))
    rng = np.random.default_rng(1)
    while not (g.current_player == 1 and any(decode(a).kind == "mobilize" for a in g.legal_actions())):
        if g.current_player == _core.CHANCE:
            g.apply(g.sample_chance(rng))
        else:
            legal = g.legal_actions()
            g.apply(legal[rng.integers(len(legal))])
    mobilize = next(a for a in g.legal_actions() if decode(a).kind == "mobilize")
    card = g.describe(mobilize).split("->")[0]
    s, _ = session(g, [], human=0)
    told = " ".join(s.action_lines(1, mobilize))
    assert told.startswith("A: #?->$") and "a hidden card" in told and card not in told
    mine, _ = session(g, [], human=1)
    assert card in " ".join(mine.action_lines(1, mobilize))


# ---- cards ----------------------------------------------------------------------------------

def test_every_card_that_is_not_an_item_has_a_text():
    """root-base-rules.md 2.1: each card's effect; items are described by their item and VP."""
    tokens = {c.token for c in CARDS}
    assert set(CARD_TEXTS) == {c.token for c in CARDS if c.kind != "item"}
    assert set(CARD_TEXTS) <= tokens
    assert all(text and text[0].islower() for text in CARD_TEXTS.values())


def test_card_about_gives_cost_and_effect():
    armorers = cards_named("armorers")
    assert [CARDS[t].token for t in armorers] == ["B#armorers"]
    text = card_about(armorers[0])
    assert "persistent" in text and "Cost 1 fox" in text and "ignore all rolled hits" in text
    assert "Effect: crafted: take the hammer and score 2 VP" in card_about(cards_named("F#anvil")[0])
    assert [CARDS[t].suit for t in cards_named("root tea")] == ["fox", "rabbit", "mouse"]
    assert cards_named("arm") == []                      # Armorers or Arms Trader
    assert cards_named("brutal")[0] == cards_named("B#brutaltactics")[0]


def test_craft_actions_name_their_cost():
    t = cards_named("tax collector")[0]
    assert explain(Action("craft", (t,)), 0).startswith("craft Tax Collector (cost 1 fox, 1 rabbit and 1 mouse): ")
    anvil = cards_named("anvil")[0]
    assert explain(Action("craft", (anvil,)), 0) == "craft Anvil (cost 1 fox): the hammer, 2 VP"


def test_card_command_at_the_prompt():
    r = play("--seed", "5", "--level", "easy", input="card brutal tactics\ncard arm\ncard zzz\ncard\n")
    out = r.output
    assert "Brutal Tactics (B#brutaltactics): bird, persistent" in out
    assert "which card: Armorers, Arms Trader?" in out
    assert "no card 'zzz'" in out
    assert "card needs a name: card NAME" in out


def test_persistent_cards_in_the_hand_say_what_they_do():
    r = play("--seed", "5", "--level", "easy", input="")
    assert "lasting effect" not in r.output
    assert "B#armorers             Armorers (bird) - craft F: in a battle" in r.output


# ---- new, resign, --load --------------------------------------------------------------------

def test_new_saves_and_starts_the_next_seed(in_tmp):
    r = play("--seed", "5", "--level", "easy", input="t_k->1\nnew\nquit\n")
    out = r.output
    assert "This game is saved in wyrm-game-5.json" in out
    assert "A new game." in out and "Seed 6." in out
    old = json.loads((in_tmp / "wyrm-game-5.json").read_text())
    assert old["record"][-1] == "C: t_k->1"
    new = json.loads((in_tmp / "wyrm-game-6.json").read_text())
    assert new["play"]["seed"] == 6 and new["play"]["level"] == "easy"
    assert "C: t_k->1" not in new["record"]


def test_resign_ends_and_saves_the_game(in_tmp):
    r = play("--seed", "5", "--level", "easy", "--record", "r.json", input="t_k->1\nresign\n1\n")
    assert r.exit_code == 0
    assert "You resign: the Wyrm wins" in r.output
    data = json.loads((in_tmp / "r.json").read_text())
    assert data["play"]["resigned"] == "marquise"
    again = play("--load", "r.json")
    assert "That game is over" in again.output and "The Marquise resigned: the Wyrm wins" in again.output
    assert " > " not in again.output


def test_load_warns_when_options_differ_and_the_save_wins(in_tmp):
    play("--seed", "5", "--level", "easy", "--record", "l.json", input="t_k->1\nquit\n")
    r = play("--load", "l.json", "--level", "hard", "--seed", "9", "--as", "marquise", input="quit\n")
    out = r.output
    assert ("warning: --level hard is ignored: the save was played with --level easy, and a loaded "
            "game keeps its save's settings") in out
    assert "warning: --seed 9 is ignored" in out
    assert "--as" not in out                             # the same as the save: no warning
    assert "the Wyrm is the AI, easy" in out
    assert json.loads((in_tmp / "l.json").read_text())["play"]["seed"] == 5


def test_load_of_a_save_without_play_settings_takes_the_options(in_tmp):
    """A save written by `wyrm watch --save` has no `play` settings: the options apply, no warning."""
    CliRunner().invoke(main, ["watch", "--seed", "2", "--quiet", "--save", "w.json"])
    r = play("--load", "w.json", "--level", "hard", "--seed", "9")
    assert "warning" not in r.output and "That game is over" in r.output


def test_undo_parses_counts():
    assert read_command("undo").kind == "undo" and read_command("undo").arg == ""
    assert read_command("undo 3").arg == "3"
    assert read_command("undo -1").kind == "error"
    assert read_command("undo 99999").kind == "error"
