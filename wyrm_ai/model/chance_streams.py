"""Chance that undo cannot re-deal: each chance event's outcome comes from the game's seed, the
event's stream (the kind of its outcomes: a card off the deck, a roll of the dice, a ruin's item,
a quest, a stolen card, the bot's random placements) and how many outcomes of that stream the
record already holds. The n-th card drawn from the deck is the same card whatever was decided
before it, as long as the deck holds the same cards (it holds the deck less the n-1 cards drawn,
until a reshuffle), so a player who undoes and takes another path sees the same top card, as at a
real table, and a roll added along the way does not change which card comes next (issue 29
item 7). Used by the web board, which supplies the engine's chance (`setoption chance external`)."""
from __future__ import annotations

import zlib

import numpy as np

from wyrm_ai.model.actions import decode


def stream_of(action: int) -> int:
    """The stream of a chance outcome: a stable number for its kind (draw, dice, ruin, ...)."""
    return zlib.crc32(decode(action).kind.encode("ascii"))


def keyed_outcome(game, seed: int) -> int:
    """The outcome of the game's pending chance event, keyed by (seed, stream, how many outcomes
    of that stream the record holds)."""
    outcomes = game.chance_outcomes()
    if not outcomes:
        raise ValueError("no chance event is pending")
    stream = stream_of(outcomes[0][0])
    k = sum(1 for a, s in zip(game.record, game.record_seats) if s < 0 and stream_of(a) == stream)
    return game.sample_chance(np.random.default_rng([seed % 2**64, stream, k]))
