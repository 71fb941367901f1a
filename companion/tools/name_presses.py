"""How many button presses a name takes on the letter picker, and starting a new game
with the same people: the fewest presses, found by trying every press on the real
picker (a breadth-first search over its states), letter by letter, and on the real
controller from the game's home screen (once the game is over, and while it is played).

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

from companion.games.people import People
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.ui.controller import UiContext, UiState, context_for, handle
from companion.ui.intents import StartGame
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
MOST_MENU_PRESSES = 8  # the controller's search gives up past this many presses
# A game of three named people, over (its winners named) and half-way through its hands.
OVER_SCRIPT = """game oh-hell players=3 schedule=down hand=15 dealer=0 people=Ania,Bartek,Celina
bid 1 1
bid 2 0
bid 0 0
card trick AS
card trick 2S
card trick 3H
clear trick
"""
PLAYED_SCRIPT = """game oh-hell players=3 dealer=0 people=Ania,Bartek,Celina
card trump 7C
bid 1 1
"""


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


def presses_to_play_again(context: UiContext) -> tuple[ButtonPress, ...]:
    """The fewest presses from the game's home screen that start a new game with the
    same people in their seats (a breadth-first search over the controller's states)."""
    assert context.spec is not None and context.spec.people is not None
    people: People = context.spec.people
    level: list[tuple[UiState, tuple[ButtonPress, ...]]] = [(UiState(), ())]
    seen: set[str] = {repr(UiState())}
    for _ in range(MOST_MENU_PRESSES):
        following: list[tuple[UiState, tuple[ButtonPress, ...]]] = []
        for state, path in level:
            for pressed in PRESSES:
                after, intents = handle(state, pressed, context)
                if any(isinstance(i, StartGame) and i.spec.people == people for i in intents):
                    return (*path, pressed)
                if not intents and repr(after) not in seen:
                    seen.add(repr(after))
                    following.append((after, (*path, pressed)))
        level = following
    raise NoWay(f"no way to the same people's next game within {MOST_MENU_PRESSES} presses")


def game_of(script: str) -> Game:
    return replay_script(parse_script(script, "name_presses")).game


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
    for label, script in (("over", OVER_SCRIPT), ("being played", PLAYED_SCRIPT)):
        found = presses_to_play_again(context_for(game_of(script)))
        said = " ".join(
            f"{p.button.value}{'(long)' if p.kind is PressKind.LONG else ''}" for p in found
        )
        print(f"the same people's next game, the game {label}: {len(found)} presses ({said})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
