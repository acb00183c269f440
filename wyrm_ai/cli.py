"""The `wyrm` command line."""
from __future__ import annotations

import sys

import click
import numpy as np

from wyrm_ai.errors import WyrmError
from wyrm_ai.game import Game, seat_of
from wyrm_ai.notation import FACTION_NAMES
from wyrm_ai.players import MAX_SEED, derive_seed, make_player, play as play_game


@click.group()
@click.version_option(package_name="wyrm-ai")
def main():
    """wyrm-ai: play Root against the Voracious Wyrm."""


@main.command()
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed for dice, draws and the players, 0 to 2**64-1 (random if omitted).")
@click.option("--first", type=click.Choice(["marquise", "wyrm", "random"]), default="random",
              help="Which faction takes the first turn.")
@click.option("--marquise", "marquise_kind", default="random", show_default=True, help="Marquise driver.")
@click.option("--wyrm", "wyrm_kind", default="random", show_default=True, help="Wyrm driver.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Write the finished game (state and record) to this file.")
@click.option("--quiet", is_flag=True, help="Print only the result line.")
def watch(seed, first, marquise_kind, wyrm_kind, save_path, quiet):
    """Watch a whole game between two drivers (random, heuristic, mcts): print the record and
    the result."""
    seed = int(np.random.SeedSequence().entropy % 2**63) if seed is None else seed
    rng = np.random.default_rng(seed)
    if first == "random":
        first = FACTION_NAMES[int(rng.integers(2))]
    try:
        game = Game(first=seat_of(first))
        players = {seat: make_player(kind, derive_seed(seed, seat + 1, scale=1))
                   for seat, kind in enumerate((marquise_kind, wyrm_kind))}
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
        except WyrmError as e:
            raise click.ClickException(str(e))
        click.echo(f"saved to {save_path}")



@main.command()
@click.option("--wyrm", "wyrm_kind", default="mcts", show_default=True, help="Wyrm driver: random, heuristic, mcts.")
@click.option("--marquise", "marquise_kind", default="heuristic", show_default=True, help="Marquise driver.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True)
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the run, 0 to 2**64-1: the same seed plays the same games.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes in parallel.")
@click.option("--sims", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Simulations per decision for mcts drivers.")
@click.option("--seconds", type=click.FloatRange(min=0.001), default=None,
              help="Seconds per decision for mcts drivers (instead of --sims).")
@click.option("--records", type=click.Path(dir_okay=False), default=None,
              help="Write every game's record to this JSON-lines file.")
def arena(wyrm_kind, marquise_kind, games, seed, jobs, sims, seconds, records):
    """Play seeded games between two drivers and report wins with 95% confidence intervals."""
    from wyrm_ai.arena import run_arena
    try:
        result = run_arena(wyrm=wyrm_kind, marquise=marquise_kind, games=games, seed=seed, jobs=jobs,
                           sims=sims, seconds=seconds, records=records,
                           progress=lambda done, n: click.echo(f"\r{done}/{n} games", nl=False, err=True))
    except WyrmError as e:
        raise click.UsageError(str(e))
    except OSError as e:
        raise click.ClickException(f"cannot write {records}: {e.strerror or e}")
    click.echo("", err=True)
    click.echo(result.format())
    if records:
        click.echo(f"records written to {records}")


# commands that live in their own packages
from wyrm_ai.terminal import play_command  # noqa: E402
from wyrm_ai.protocol import engine_command  # noqa: E402

main.add_command(play_command, "play")
main.add_command(engine_command, "engine")


if __name__ == "__main__":
    sys.exit(main())
