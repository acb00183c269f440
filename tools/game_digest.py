"""One SHA-256 over the records of 2,000 seeded games: a core change that must not change the
game (issue 30: pieces by seat, the map in the state) shows the same digest before and after.

    python tools/game_digest.py                 # 2,000 games over every table the tests play
    python tools/game_digest.py --games 200     # a quicker look (a different digest, of course)
    python tools/game_digest.py --games 2000 --workers 2 --by-driver

Game i seats table i of every table the tests play (tests/mixes.py: MIXES and BOT_MIXES, in
order, cycling; the bot's options change with i as the tests' have them), the first seat i
modulo the table's size, and its seats are played by one driver: random decisions (7 games of
10), the heuristic (1 of 5) or the planner at 8 simulations (1 of 10), each seeded by i; its
chance comes from numpy's generator seeded by i. A game's digest is SHA-256 over its record in
notation (each entry's seat, step and text: action numbers may change, the game may not), its final
scores and its winners; the total hashes the games' digests in order. The count, the tables and
the drivers are printed with it, so two runs are comparable only with the same options."""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import pathlib
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]     # this checkout, and the tests' tables

from mixes import BOT_MIXES, MIXES, new_game  # noqa: E402
from wyrm_ai import _core  # noqa: E402
from wyrm_ai.ai.players import make_player, play  # noqa: E402

TABLES = MIXES + BOT_MIXES


def driver_of(i: int) -> str:
    if i % 10 == 9:
        return "mcts:sims=8"
    if i % 5 == 2:
        return "heuristic"
    return "random"


def game_digest(i: int) -> tuple[int, str, str, int]:
    """(i, driver, the hex digest of game i, its record length)."""
    mix = TABLES[i % len(TABLES)]
    game = new_game(mix, i % len(mix), i)
    driver = driver_of(i)
    players = {seat: make_player(driver, seed=i * 8 + seat + 1) for seat in range(len(mix))
               if game.faction_ids[seat] not in _core.BOT_FACTIONS}
    play(game, players, np.random.default_rng(i))
    h = hashlib.sha256()
    for seat, step, text in zip(game.record_seats, game.record_steps, game.record_lines()):
        h.update(f"{seat}:{step}:{text}\n".encode())
    h.update(f"scores {list(game.scores)} winners {list(game.winners)} over {game.is_terminal()}".encode())
    return i, driver, h.hexdigest(), len(game.record)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=max(1, (multiprocessing.cpu_count() or 1)))
    ap.add_argument("--by-driver", action="store_true", help="also a digest per driver")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    total = hashlib.sha256()
    per = {}
    actions = 0
    with multiprocessing.Pool(args.workers) as pool:
        for i, driver, digest, n in pool.imap(game_digest, range(args.games), chunksize=4):
            total.update(digest.encode())
            per.setdefault(driver, hashlib.sha256()).update(digest.encode())
            actions += n
    print(f"games {args.games} over {len(TABLES)} tables, {actions} record entries, "
          f"{time.monotonic() - t0:.0f} s")
    if args.by_driver:
        for driver, h in sorted(per.items()):
            print(f"  {driver:12} {h.hexdigest()}")
    print(f"digest {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
