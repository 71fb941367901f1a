"""How long the menus take: ``python -m companion.tools.menu_bench``.

Two figures: each menu sample screen drawn from its state and context (the context is
built once, untimed), and a press to its picture on the practice table (the controller's
step, the event applied to the game, the new context and the picture), the path the
"press shown within 100 ms" budget is about, without the display's transfer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from companion.app.script_camera import practice_table
from companion.games.registry import plugin
from companion.tools.menu_samples import SAMPLES
from companion.ui.controller import compose, context_for
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.language import Language

SCREEN_BUDGET_MS = 5.0
PRESS_BUDGET_MS = 100.0

# Oh Hell's first hand: four bids, then the menu opened and closed, then the trick cards
# the example's camera brings.
PRESSES = (
    ButtonPress(Button.UP),
    ButtonPress(Button.OK),
    ButtonPress(Button.OK),
    ButtonPress(Button.DOWN),
    ButtonPress(Button.OK),
    ButtonPress(Button.OK),
    ButtonPress(Button.OK, PressKind.LONG),
    ButtonPress(Button.DOWN),
    ButtonPress(Button.BACK),
    ButtonPress(Button.UP),
    ButtonPress(Button.UP),
)


def screen_times(repeat: int) -> list[tuple[str, float]]:
    """(name, median ms) of each sample screen in each language."""
    found = []
    for sample in SAMPLES:
        for language in Language:
            context = context_for(
                sample.game(), UiSettings(language=language), unsure=sample.unsure
            )
            samples = []
            for _ in range(repeat):
                start = time.perf_counter()
                compose(sample.state, context)
                samples.append((time.perf_counter() - start) * 1000)
            found.append((f"{sample.name}-{language.value}", statistics.median(samples)))
    return found


def press_times(repeat: int) -> list[float]:
    """Milliseconds from each press to its picture, over ``repeat`` runs of PRESSES."""
    text = plugin("oh-hell").example_text()
    found = []
    for _ in range(repeat):
        table, camera = practice_table(text, "oh-hell")
        for press in PRESSES:
            start = time.perf_counter()
            table.press(press)
            camera.feed(table)
            table.picture()
            found.append((time.perf_counter() - start) * 1000)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.menu_bench",
        description="Time the menu screens and a press to its picture.",
    )
    parser.add_argument("--repeat", type=int, default=20, help="times each case is run")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: give a whole number from 1")
    screens = screen_times(args.repeat)
    medians = [ms for _, ms in screens]
    worst_name, worst = max(screens, key=lambda item: item[1])
    print(
        f"menu screens: {len(screens)}, median {statistics.median(medians):.2f} ms, "
        f"slowest {worst:.2f} ms ({worst_name}); budget {SCREEN_BUDGET_MS:.0f} ms"
    )
    presses = press_times(args.repeat)
    print(
        f"press to picture: {len(presses)} presses, median {statistics.median(presses):.2f} ms, "
        f"slowest {max(presses):.2f} ms; budget {PRESS_BUDGET_MS:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
