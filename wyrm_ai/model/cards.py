"""The base deck as Python data (from the core's table) and card tokens like F#roottea."""
from __future__ import annotations

import re

from wyrm_ai import _core

SUIT_NAMES = _core.SUIT_NAMES          # fox, rabbit, mouse, bird
SUIT_LETTERS = _core.SUIT_LETTERS      # F, R, M, B
KIND_NAMES = _core.KIND_NAMES
ITEM_NAMES = _core.ITEM_NAMES
ITEM_LETTERS = _core.ITEM_LETTERS


class Card:
    __slots__ = ("id", "name", "suit", "count", "kind", "cost", "item", "vp")

    def __init__(self, id, name, suit, count, kind, cost, item, vp):
        self.id, self.name, self.suit, self.count = id, name, SUIT_NAMES[suit], count
        self.kind, self.cost, self.item, self.vp = KIND_NAMES[kind], cost, item, vp

    @property
    def token(self) -> str:
        """Rootlog card token: suit letter, '#', lower-case name without spaces: F#roottea."""
        return f"{SUIT_LETTERS[SUIT_NAMES.index(self.suit)]}#{re.sub(r'[^a-z0-9]', '', self.name.lower())}"

    def __repr__(self):
        return f"<Card {self.token} {self.name} ({self.suit})>"


CARDS = tuple(Card(i, *row) for i, row in enumerate(_core.CARDS))
BY_TOKEN = {c.token.lower(): c for c in CARDS}


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
