"""The Vagabond's character as a game option (issue 32 item 4; LoR 16.3; docs/characters.md): one
of the nine characters, kept in the state (`character_option`), is then his only choice at the
setup step `vagabond_character`; without it (None, "any") he picks any, as LoR 9.3.1 says. The
option names the Vagabond's character, so a table without him refuses it."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import VAGABOND

CHARACTER_NAMES = _core.CHARACTER_NAMES     # thief, tinker, ranger, vagrant, arbiter, ... (LoR 16.3.1-9)
ANY = "any"                                 # the option's text for no option: the Vagabond chooses


def read_character(character: int | str | None) -> int:
    """The core's character option from a character's name (any case) or index, or -1 for None,
    "any" or -1 (the Vagabond chooses): a ConfigError names the characters otherwise."""
    if character is None or character == -1:
        return -1
    if type(character) is int and 0 <= character < len(CHARACTER_NAMES):
        return character
    key = character.strip().lower() if isinstance(character, str) else None
    if key == ANY:
        return -1
    if key in CHARACTER_NAMES:
        return CHARACTER_NAMES.index(key)
    raise ConfigError(f"no character {character!r}: the characters are {', '.join(CHARACTER_NAMES)} "
                      f"(or {ANY}: the Vagabond chooses)")


def character_of(option: int) -> str | None:
    """A character option's name, None for the Vagabond's choice (-1)."""
    return None if option < 0 else CHARACTER_NAMES[option]


def character_text(option: int) -> str:
    """A character option as text: its name, or "any" for the Vagabond's choice."""
    return character_of(option) or ANY


def for_table(character: int | str | None, table) -> int:
    """read_character for a seat table (faction ids): a character named at a table without the
    Vagabond is a ConfigError, as it would change nothing."""
    option = read_character(character)
    if option >= 0 and VAGABOND not in table:
        raise ConfigError(f"character {CHARACTER_NAMES[option]!r}: no Vagabond at this table "
                          f"(it names the Vagabond's character; seat him, or leave the character to his choice)")
    return option
