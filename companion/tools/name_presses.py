"""How many button presses a name takes on the letter picker, and starting a new game
with the same people: the fewest presses, found by trying every press on the real
picker (a breadth-first search over its states), letter by letter.

    python -m companion.tools.name_presses [--roster Ania,Bartek,...] [NAME ...]

A press is a button going down once: a short press, a long one, or a hold (its repeats
are that one press); the search here uses no holds, so a player who holds UP or DOWN
needs no more.
"""

from __future__ import annotations

import argparse
import statistics
from collections import deque
from collections.abc import Sequence

from companion.ui.letters import LetterPicker, Outcome, press, start
from companion.ui.presses import Button, ButtonPress, PressKind

PRESSES = (
    ButtonPress(Button.UP),
    ButtonPress(Button.DOWN),
    ButtonPress(Button.OK),
    ButtonPress(Button.BACK),
    ButtonPress(Button.OK, PressKind.LONG),
)
# Five-letter names of the table's languages, and a roster of a regular table.
NAMES = ("Kasia", "Tomek", "Marta", "Łucja", "Zośka", "Piotr", "Настя", "Антон", "Игорь", "Ольга")
ROSTER = ("Ania", "Bartek", "Celina", "Dima", "Ewa", "Marek")
MOST_STATES = 20_000  # a search that finds no way within this many states gives up


class NoWay(RuntimeError):
    """The picker cannot type the name (a letter it does not offer)."""


def _shortest(
    picker: LetterPicker, reached: object
) -> tuple[tuple[ButtonPress, ...], LetterPicker]:
    """The fewest presses from ``picker`` to a picker where ``reached`` says so."""
    queue: deque[tuple[LetterPicker, tuple[ButtonPress, ...]]] = deque([(picker, ())])
    seen = {picker}
    while queue and len(seen) < MOST_STATES:
        current, path = queue.popleft()
        for pressed in PRESSES:
            after, outcome = press(current, pressed)
            if outcome is Outcome.LEFT:
                continue
            if reached(after, outcome):  # type: ignore[operator]
                return (*path, pressed), after
            if outcome is Outcome.TYPING and after not in seen:
                seen.add(after)
                queue.append((after, (*path, pressed)))
    raise NoWay(f"no presses lead from {picker.text!r} on")


def presses_for(name: str, roster: Sequence[str] = ()) -> tuple[ButtonPress, ...]:
    """The fewest presses typing ``name`` and saving it, on a picker opened on a box
    whose roster is ``roster`` (its letters on top)."""
    picker = start(list(reversed(roster)))
    presses: list[ButtonPress] = []
    for length in range(1, len(name) + 1):
        wanted = name[:length]
        path, picker = _shortest(picker, lambda p, _o, w=wanted: p.text == w and p.letter is None)
        presses += path
    path, picker = _shortest(picker, lambda p, o: o is Outcome.SAVED)
    return (*presses, *path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", default=list(NAMES))
    parser.add_argument("--roster", default=",".join(ROSTER), help="names on the box already")
    args = parser.parse_args(argv)
    roster = [name for name in args.roster.split(",") if name]
    for label, box in (("a new box", []), (f"a roster of {len(roster)}", roster)):
        counts = {name: len(presses_for(name, box)) for name in args.names}
        said = ", ".join(f"{name} {count}" for name, count in counts.items())
        print(
            f"{label}: {said}; mean {statistics.mean(counts.values()):.1f}, "
            f"most {max(counts.values())}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
