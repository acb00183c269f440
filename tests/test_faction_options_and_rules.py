"""The expansion factions at the command line, one row each (issues 31-35): `--factions` seats a
faction by its name, an alias or its letter (model/factions.py), `--ai` names its driver by the same,
and `rules <faction>` gives its rules in a player's words, every line citing its Law chapter, in
lines of 78 columns (model/rules_texts.py). The faction's own front-end tests
(tests/test_<faction>_fronts.py) hold what is its alone."""
from __future__ import annotations

import pytest

from wyrm_ai.model import factions
from wyrm_ai.model.rules_texts import rules_answer
from wyrm_ai.seat_options import driver_reader, read_factions

# faction: (an alias, its letter, a table naming it in full and the factions read from it, the alias
# --ai reads, or None where the row does not check --ai)
SEATING = {
    "lizards": ("cult", "L", ("lizard-cult,wyrm", ("lizards", "wyrm")), None),
    "riverfolk": ("otters", "O", ("riverfolk-company,wyrm", ("riverfolk", "wyrm")), None),
    "duchy": ("moles", "D", ("underground-duchy,wyrm", ("duchy", "wyrm")), "moles"),
    "corvids": ("crows", "P", ("corvid-conspiracy,duchy,wyrm", ("corvids", "duchy", "wyrm")), "crows"),
    "hundreds": ("rats", "H", ("lord-of-the-hundreds,corvids,wyrm", ("hundreds", "corvids", "wyrm")), "warlord"),
    "keepers": ("badgers", "K", ("keepers-in-iron,hundreds,wyrm", ("keepers", "hundreds", "wyrm")), "iron"),
}


@pytest.mark.parametrize("faction", SEATING)
def test_seat_options_read_the_faction(faction):
    """--factions seats the faction by name, alias or letter; --ai names its driver by the same."""
    alias, letter, (full, read), driver_alias = SEATING[faction]
    table = ("marquise", faction, "wyrm")
    assert read_factions(None, None, f"marquise,{faction},wyrm") == table
    assert read_factions(None, None, f"cat,{alias},wyrm") == table
    assert read_factions(None, None, f"C,{letter},W") == table
    assert sorted(read_factions(None, None, full)) == sorted(read)
    if driver_alias is not None:
        assert driver_reader()(None, None, f"{faction}=heuristic,wyrm=random") == {faction: "heuristic", "wyrm": "random"}
        assert driver_reader()(None, None, f"{driver_alias}=heuristic") == {faction: "heuristic"}


def test_the_riverfolk_read_by_a_short_alias_beside_the_cult():
    """--factions reads `river` as the Riverfolk beside the Cult (LoR 11, 10)."""
    assert read_factions(None, None, "river,lizards") == ("riverfolk", "lizards")


# faction: (the text's first words, its Law chapter, the sections cited, words it must hold, the
# other names `rules` answers with the same text)
RULES = {
    "lizards": ("The Lizard Cult's rules", 10, ("2.1", "4.1", "4.3", "5", "6"), (), ("L",)),
    "riverfolk": ("The Riverfolk's rules", 11,
                  ("2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7.I", "2.7.II", "2.7.III", "4.1", "4.2", "4.3",
                   "5.5", "5.6", "6"), (), ("otters",)),
    "duchy": ("The Duchy's rules", 12,
              ("2.1", "2.2", "2.3", "2.4", "3.3", "4", "5.1", "5.1.I", "5.1.II", "5.1.V", "5.2", "5.3", "6.1",
               "6.2", "6.3"),
              ("the Burrow", "Price of Failure", "Foremole", "Mayor", "Duchess of Mud", "Earl of Stone", "crown"),
              ("moles", "underground-duchy")),
    "corvids": ("The Corvids' rules", 13,
                ("2.1", "2.2", "2.3", "2.4", "2.5", "3.1-2", "4.1", "4.2", "4.3", "5.1", "5.2", "5.3", "5.4", "6.1",
                 "6.2", "7.1", "7.2", "7.3", "7.4"),
                ("Nimble", "Exposure", "Embedded Agents", "Flip", "Recruit", "Plot", "Trick", "Exert", "bomb",
                 "snare", "extortion", "raid", "face down"),
                ("crows", "conspiracy")),
    "hundreds": ("The Hundreds' rules", 14, ("2.2", "4.1", "4.2", "4.3", "5.2", "5.3", "6.1", "7.1", "7.7", "7.8"),
                 ("Warlord", "Hoard", "Raze", "Anoint", "Command", "Prowess", "Incite", "Bitter", "Stubborn",
                  "Wrathful", "mob"),
                 ("rats",)),
    "keepers": ("The Keepers' rules", 15, ("2.1", "2.3", "2.4", "2.5", "3", "4.1", "4.2", "4.3", "5.1", "5.2", "6.1",
                                          "6.2", "6.3"),
                ("relics", "figures", "tablets", "jewelry", "waystation", "Devout Knights", "Prized Trophies",
                 "Encamp", "Decamp", "Retinue", "Battle then Delve", "Move or Recover", "Live Off the Land",
                 "Gather Retinue", "Faithful Retainer"),
                ("badgers", "iron", "keepers-in-iron")),
}


@pytest.mark.parametrize("faction", RULES)
def test_rules_text_names_the_factions_rules(faction):
    """`rules <faction>`: the faction's rules in a player's words, each line citing its chapter of the
    Law (LoR 10 the Cult, 11 the Riverfolk, 12 the Duchy, 13 the Corvids, 14 the Hundreds, 15 the
    Keepers), in lines
    of 78 columns; its other names give the same text."""
    title, chapter, sections, words, names = RULES[faction]
    table = factions.table_of(("marquise", faction, "wyrm"))
    found, text = rules_answer(faction, table, factions.MARQUISE, 78)
    assert found and text.startswith(title) and f"rules {faction}" in text
    for n in sections:
        assert f"LoR {chapter}.{n}:" in text, n
    flat = " ".join(text.split())
    for w in words:
        assert w in flat, w
    for name in names:
        assert rules_answer(name, table, factions.MARQUISE)[1] == text, name
    assert all(len(line) <= 78 for line in text.split("\n"))
