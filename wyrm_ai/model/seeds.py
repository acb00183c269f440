"""Seeds: the range every command takes, and the one rule for seeds derived from a seed (per
game, per player, per decision, per record position), so a game, its searches and a reloaded
save draw the same numbers."""

MAX_SEED = 2**64 - 1      # every command takes a seed from 0 to MAX_SEED


def derive_seed(seed: int, offset: int = 0, scale: int = 1_000_003) -> int:
    """The one rule for seeds derived from a seed (per game, per player, per decision, per record
    position): seed * scale + offset, reduced mod 2**64 so it always fits the core's uint64."""
    return (seed * scale + offset) % 2**64
