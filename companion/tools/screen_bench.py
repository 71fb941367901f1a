"""How long a screen takes to draw: ``python -m companion.tools.screen_bench``.

Every game screen of the gallery is drawn ``--repeat`` times from its view (the replay that
builds the view is not timed); it prints the median and the slowest screen in
milliseconds. The budget is 5 ms a screen on this machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.tools.gallery import GAME_POINTS
from companion.ui.screens import compose_game
from companion.ui.views import GameView
from companion.values.language import Language

BUDGET_MS = 5.0


@dataclass(frozen=True)
class Timing:
    name: str
    median_ms: float
    worst_ms: float


@dataclass(frozen=True)
class Case:
    name: str
    view: GameView
    page: int
    chosen: int | None


def cases() -> list[Case]:
    from companion.ui.views import game_view

    return [
        Case(name, game_view(point.game()), page, chosen)
        for name, point, page, chosen in GAME_POINTS
    ]


def time_case(
    case: Case, language: Language, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> Timing:
    samples = []
    for _ in range(repeat):
        start = clock()
        compose_game(case.view, language, page=case.page, chosen=case.chosen)
        samples.append((clock() - start) * 1000)
    return Timing(f"{case.name}-{language.value}", statistics.median(samples), max(samples))


def report(timings: Sequence[Timing]) -> list[str]:
    slowest = max(timings, key=lambda timing: timing.median_ms)
    overall = statistics.median(timing.median_ms for timing in timings)
    verdict = "within" if slowest.median_ms < BUDGET_MS else "OVER"
    return [
        f"screens drawn: {len(timings)}",
        f"median of the screens' medians: {overall:.2f} ms",
        f"slowest screen: {slowest.name} {slowest.median_ms:.2f} ms median, "
        f"{slowest.worst_ms:.2f} ms worst",
        f"{verdict} the {BUDGET_MS:.0f} ms budget",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.screen_bench",
        description="Time the drawing of every screen.",
    )
    parser.add_argument("--repeat", type=int, default=50, help="draws of each screen")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: give a whole number from 1")
    prepared = cases()
    for case in prepared:  # the first draw loads the fonts; it is not what is measured
        compose_game(case.view, Language.EN, page=case.page, chosen=case.chosen)
    timings = [time_case(case, language, args.repeat) for case in prepared for language in Language]
    print("\n".join(report(timings)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
