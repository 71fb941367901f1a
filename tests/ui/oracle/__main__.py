"""The oracle's figures: ``python -m tests.ui.oracle [--games N] [--steps N] [GAME...]``
plays N random lawful games of each game and prints, per game, the screens and numbers
read and the mismatches found (the first few of them in full)."""

from __future__ import annotations

import argparse
import sys

from tests.ui.oracle.games import PLANS
from tests.ui.oracle.play import play
from tests.ui.oracle.reading import Tally

SHOWN_MISMATCHES = 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.ui.oracle")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of {', '.join(PLANS)} (all)")
    parser.add_argument("--games-each", type=int, default=50, dest="count")
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in PLANS]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (games: {', '.join(PLANS)})")
    print(f"{'game':<11} {'games':>5} {'screens':>8} {'numbers':>8} {'mismatches':>10}")
    failed = False
    for game_id in args.games or list(PLANS):
        tally = Tally()
        for seed in range(args.seed, args.seed + args.count):
            tally.add(play(game_id, PLANS[game_id], seed, args.steps, languages=True))
        print(
            f"{game_id:<11} {args.count:>5} {tally.screens:>8} {tally.numbers:>8} "
            f"{len(tally.mismatches):>10}"
        )
        for problem in tally.mismatches[:SHOWN_MISMATCHES]:
            print(f"    {problem}")
        failed = failed or bool(tally.mismatches)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
