"""The `wyrm` command line."""
from __future__ import annotations

import sys

import click
import numpy as np

from wyrm_ai.errors import WyrmError
from wyrm_ai.game import Game, seat_of
from wyrm_ai.notation import FACTION_NAMES
from wyrm_ai.players import make_player, play as play_game


@click.group()
@click.version_option(package_name="wyrm-ai")
def main():
    """wyrm-ai: play Root against the Voracious Wyrm."""


@main.command()
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Seed for dice, draws and the players (random if omitted).")
@click.option("--first", type=click.Choice(["marquise", "wyrm", "random"]), default="random",
              help="Which faction takes the first turn.")
@click.option("--marquise", "marquise_kind", default="random", show_default=True, help="Marquise driver.")
@click.option("--wyrm", "wyrm_kind", default="random", show_default=True, help="Wyrm driver.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Write the finished game (state and record) to this file.")
@click.option("--quiet", is_flag=True, help="Print only the result line.")
def play(seed, first, marquise_kind, wyrm_kind, save_path, quiet):
    """Play a whole game between two drivers and print the record and the result.

    For now both seats are driven by code (random players); the interactive game against the
    Wyrm arrives with its own issue."""
    seed = int(np.random.SeedSequence().entropy % 2**63) if seed is None else seed
    rng = np.random.default_rng(seed)
    if first == "random":
        first = FACTION_NAMES[int(rng.integers(2))]
    try:
        game = Game(first=seat_of(first))
        players = {0: make_player(marquise_kind, seed + 1), 1: make_player(wyrm_kind, seed + 2)}
    except WyrmError as e:
        raise click.UsageError(str(e))
    play_game(game, players, rng)
    if not quiet:
        for line in game.record_lines():
            click.echo(line)
    m, w = game.scores
    who = FACTION_NAMES[game.winner] if game.winner is not None else "nobody"
    click.echo(f"seed {seed}: {who} wins, marquise {m} - wyrm {w}, {len(game.record)} actions")
    if save_path:
        try:
            game.save(save_path)
        except OSError as e:
            raise click.ClickException(f"cannot save to {save_path}: {e.strerror or e}")
        click.echo(f"saved to {save_path}")


if __name__ == "__main__":
    sys.exit(main())
