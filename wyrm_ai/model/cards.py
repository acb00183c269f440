"""The shared decks as Python data (from the core's table: the standard deck and Exiles &
Partisans) and card tokens like F#roottea."""
from __future__ import annotations

import re

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

SUIT_NAMES = _core.SUIT_NAMES          # fox, rabbit, mouse, bird
SUIT_LETTERS = _core.SUIT_LETTERS      # F, R, M, B
KIND_NAMES = _core.KIND_NAMES
ITEM_NAMES = _core.ITEM_NAMES
ITEM_LETTERS = _core.ITEM_LETTERS
DECK_NAMES = _core.DECK_NAMES          # standard, ep
DECK_TITLES = dict(zip(DECK_NAMES, ("Standard", "Exiles & Partisans")))   # each deck's name in words


class Card:
    __slots__ = ("id", "name", "suit", "count", "kind", "cost", "item", "vp", "decks")

    def __init__(self, id, name, suit, count, kind, cost, item, vp, decks):
        self.id, self.name, self.suit, self.count = id, name, SUIT_NAMES[suit], count
        self.kind, self.cost, self.item, self.vp = KIND_NAMES[kind], cost, item, vp
        self.decks = tuple(d for i, d in enumerate(DECK_NAMES) if (decks >> i) & 1)   # the decks holding it

    @property
    def token(self) -> str:
        """Rootlog card token: suit letter, '#', lower-case name without spaces: F#roottea."""
        return f"{SUIT_LETTERS[SUIT_NAMES.index(self.suit)]}#{re.sub(r'[^a-z0-9]', '', self.name.lower())}"

    def __repr__(self):
        return f"<Card {self.token} {self.name} ({self.suit})>"


CARDS = tuple(Card(i, *row, decks=_core.CARD_DECK_MASKS[i]) for i, row in enumerate(_core.CARDS))
BY_TOKEN = {c.token.lower(): c for c in CARDS}


def deck_counts(deck: int | str = 0) -> tuple[int, ...]:
    """The copies of each card type (by id) in a deck (an id of DECK_NAMES, or its name)."""
    name = DECK_NAMES[read_deck(deck)]
    return tuple(c.count if name in c.decks else 0 for c in CARDS)


def read_deck(deck: int | str) -> int:
    """The id of a deck given by name ("standard", "ep"; "e&p" and "exiles" too) or id: a
    ConfigError names the decks otherwise."""
    if type(deck) is int and 0 <= deck < len(DECK_NAMES):
        return deck
    key = deck.strip().lower() if isinstance(deck, str) else None
    key = {"e&p": "ep", "exiles": "ep", "exiles & partisans": "ep", "exiles and partisans": "ep"}.get(key, key)
    if key in DECK_NAMES:
        return DECK_NAMES.index(key)
    raise ConfigError(f"no deck {deck!r}: the decks are {', '.join(DECK_NAMES)} (ep: Exiles & Partisans)")


def card_name(t: int | None) -> str:
    """A card's name; None is a card the viewer cannot know (wyrm_ai/model/redaction.py)."""
    return "a hidden card" if t is None else CARDS[t].name


def card(token_or_name: str, suit: str | None = None) -> Card:
    """Look a card up by token ('F#roottea') or by name and suit ('Root Tea', 'fox')."""
    key = token_or_name.strip().lower()
    if key in BY_TOKEN:
        return BY_TOKEN[key]
    for c in CARDS:
        if c.name.lower() == key and (suit is None or c.suit == suit):
            return c
    raise KeyError(f"no card {token_or_name!r}" + (f" of suit {suit}" if suit else ""))
