"""The press audit: random button presses on every game and phase, played through the
real table (its journal in memory), each press held to what the screen showed before it.

    python -m companion.tools.press_audit [--sequences 2000] [--steps 60] [--seed 1]

A sequence starts from a bundled example played some events in (the camera reading it,
or nobody: cards entered by hand), in a random language, and mixes presses of every kind
(short, long, held) with the camera seeing the example's next event and an unsure card.
Each press is checked against ``on_screen`` of the screen it was pressed on:

- a journal row (an event, an undo, a new game) only from a short OK on a screen that
  shows that very row as what OK records;
- an undo only once its question was answered yes by a press of its own (neither the one
  that asked it nor the OK that confirms it);
- an amount on a picker changes only by UP or DOWN on that picker (or when its own OK
  took it, or the game changed the range it may take);
- the menu's rows in the same order every time it is shown.

It prints the sequences, presses, rows and amounts checked and every violation, and
exits 1 on any.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from companion.app.messages import CameraState
from companion.app.table import Table
from companion.games.events import CameraEvent, Event
from companion.games.registry import plugin
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, RowKind
from companion.journal.store import Journal
from companion.table.events import UnsureReason, UnsureReport
from companion.ui.intents import ApplyEvent, Previous, StartGame
from companion.ui.menus.game_options import default_options, option_fields
from companion.ui.menus.state import Confirm, GameSetup, KeptGames, Mode, OfferKey, Question
from companion.ui.on_screen import OnScreen, ShownAmount, on_screen
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.language import Language

EXAMPLES = ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")
STEPS = 60
UNSURE_CONFIDENCE = 0.5
# How often a step is the camera's next event or an unsure card rather than a press.
CAMERA_SHARE = 0.15
UNSURE_SHARE = 0.02
KINDS = {
    Button.UP: (PressKind.SHORT, PressKind.REPEAT),
    Button.DOWN: (PressKind.SHORT, PressKind.REPEAT),
    Button.OK: (PressKind.SHORT, PressKind.LONG),
    Button.BACK: (PressKind.SHORT, PressKind.LONG),
}
CHANGERS = frozenset({Button.UP, Button.DOWN})

Step = ButtonPress | Literal["camera", "unsure"]


class Opening(Enum):
    """Where the presses start: the home screen; a new game's form on its Start row
    (a game to replace); the list of kept games (another example kept unfinished)."""

    HOME = "home"
    NEW_GAME = "new-game"
    KEPT = "kept"


@dataclass(frozen=True)
class Plan:
    game: str  # a bundled example's name
    start: int  # its events played before the first step
    by_hand: bool  # no camera: cards are entered with the buttons
    language: Language
    steps: tuple[Step, ...]
    opening: Opening = Opening.HOME


@dataclass
class Figures:
    sequences: int = 0
    presses: int = 0
    rows: int = 0  # journal rows written by a press, each checked
    undos: int = 0
    abandons: int = 0
    games: int = 0  # games started by a press
    amounts: int = 0  # pickers seen again, their amount checked
    menus: int = 0  # times the menu was shown, its rows checked
    violations: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"sequences {self.sequences}, presses {self.presses}",
            f"journal rows written by a press, checked: {self.rows} "
            f"({self.undos} undos, {self.abandons} games abandoned), {self.games} games started",
            f"amounts seen again on their picker, checked: {self.amounts}",
            f"menus shown, their rows checked: {self.menus}",
            f"violations: {len(self.violations)}",
        ]


def example(name: str) -> tuple[str, list[Event]]:
    """The example's header line and its events."""
    text = plugin(name).example_text()
    script = parse_script(text, name)
    return script.spec().header(), [line.event for line in script.lines]


def random_step(rng: random.Random) -> Step:
    roll = rng.random()
    if roll < CAMERA_SHARE:
        return "camera"
    if roll < CAMERA_SHARE + UNSURE_SHARE:
        return "unsure"
    button = rng.choice(list(Button))
    return ButtonPress(button, rng.choice(KINDS[button]))


def random_plan(rng: random.Random, steps: int = STEPS) -> Plan:
    name = rng.choice(EXAMPLES)
    _, events = example(name)
    return Plan(
        name,
        rng.randint(0, len(events)),
        rng.random() < 0.5,
        rng.choice(list(Language)),
        tuple(random_step(rng) for _ in range(steps)),
        rng.choice(list(Opening)),
    )


class _Sequence:
    """One plan played, with what has to be remembered between presses."""

    def __init__(self, plan: Plan, figures: Figures) -> None:
        self.plan = plan
        self.figures = figures
        self.journal = Journal.in_memory()
        self.table = Table(
            self.journal,
            settings=UiSettings(language=plan.language),
            camera=None if plan.by_hand else CameraState.READING,
            log=lambda line: None,
        )
        header, events = example(plan.game)
        if plan.opening is Opening.KEPT:
            self._kept_game(plan)
            self.table.carry_out(StartGame(GameSpec.parse(header), Previous.KEPT))
        else:
            self.table.carry_out(StartGame(GameSpec.parse(header)))
        self.upcoming = list(events)
        for _ in range(plan.start):
            self.camera()
        if plan.opening is Opening.KEPT:
            self.table.ui = dataclasses.replace(self.table.ui, mode=KeptGames())
        elif plan.opening is Opening.NEW_GAME:
            options = default_options(plan.game)
            start = len(option_fields(type(options)))
            self.table.ui = dataclasses.replace(
                self.table.ui, mode=GameSetup(plan.game, options, start)
            )
        self.table.picture()
        self.seen_rows = self._row_count()
        self.seen_games = len(self.journal.games())
        self.amounts: dict[OfferKey, ShownAmount] = {}
        self.menu: tuple[str, ...] | None = None
        self.asked_at: int | None = None  # the press that put the undo question
        self.yes_at: int | None = None  # the press that put the cursor on yes
        self.index = 0

    def _kept_game(self, plan: Plan) -> None:
        """Another example, played half way, left at the table to be kept."""
        other = EXAMPLES[(EXAMPLES.index(plan.game) + 1) % len(EXAMPLES)]
        header, events = example(other)
        self.table.carry_out(StartGame(GameSpec.parse(header)))
        for event in events[: len(events) // 2]:
            self._feed(event)

    def violation(self, text: str) -> None:
        steps = " ".join(str(step) for step in self.plan.steps[: self.index + 1])
        self.figures.violations.append(
            f"{self.plan.game} from event {self.plan.start}"
            f"{' by hand' if self.plan.by_hand else ''} ({self.plan.language.value}), "
            f"step {self.index}: {text}\n    steps: {steps}"
        )

    def camera(self) -> None:
        if not self.upcoming or self.table.game is None:
            return
        self._feed(self.upcoming.pop(0))

    def _feed(self, event: Event) -> None:
        if isinstance(event, CameraEvent):
            self.table.seen(event)  # a refusal is the table's to show
        else:
            self.table.carry_out(ApplyEvent(event))  # a button action of the script

    def unsure(self) -> None:
        game = self.table.game
        if game is None:
            return
        zone = game.engine.table_zones()[0]
        card = game.engine.deck.distinct_cards[0]
        self.table.ask(UnsureReport(zone, (card,), 0.0, UnsureReason.FLICKER, UNSURE_CONFIDENCE))

    def _rows(self) -> list[EventRow]:
        found: list[EventRow] = []
        for record in self.journal.games():
            found.extend(row for row in self.journal.rows(record.id) if isinstance(row, EventRow))
        return sorted(found, key=lambda row: row.seq)

    def _row_count(self) -> int:
        return len(self._rows())

    def play(self) -> None:
        self.figures.sequences += 1
        for index, step in enumerate(self.plan.steps):
            self.index = index
            if step == "camera":
                self.camera()
            elif step == "unsure":
                self.unsure()
            else:
                self.press(step)
            self.table.picture()  # the kiosk draws after every message
            self._amounts(None, on_screen(self.table.ui, self.table.context()))
            self.seen_rows = self._row_count()
            self.seen_games = len(self.journal.games())

    def press(self, press: ButtonPress) -> None:
        self.figures.presses += 1
        before = on_screen(self.table.ui, self.table.context())
        mode_before = self.table.ui.mode
        self.table.press(press)
        rows = self._rows()[self.seen_rows :]
        games = self.journal.games()[self.seen_games :]
        for row in rows:
            self._row(row, press, before)
        for record in games:
            self.figures.games += 1
            shown = [line for line in before.confirms if line.startswith("game ")]
            if not _is_ok(press) or not shown:
                self.violation(f"a new game ({record.header}) from {press} on {before}")
            elif shown[0] != record.header:
                self.violation(f"a new game {record.header}, the screen said {shown[0]}")
        after = on_screen(self.table.ui, self.table.context())
        self._question(mode_before, self.table.ui.mode)
        self._amounts(press, after, before)
        self._menu(after)

    def _row(self, row: EventRow, press: ButtonPress, before: OnScreen) -> None:
        self.figures.rows += 1
        self.figures.abandons += row.kind is RowKind.ABANDON
        if row.kind is RowKind.UNDO:
            self.figures.undos += 1
            answered = (
                self.asked_at is not None
                and self.yes_at is not None
                and self.asked_at < self.yes_at < self.index
            )
            if not (_is_ok(press) and before.question is Question.UNDO and before.answer_yes):
                self.violation(f"an undo from {press} on {before}")
            elif not answered:
                self.violation(f"an undo not answered yes by a press of its own ({press})")
            return
        if not _is_ok(press) or row.line not in before.confirms:
            self.violation(f'the row "{row.line}" from {press} on {before}')
        key = _key_of(row.line, before)
        if key is not None:
            self.amounts.pop(key, None)

    def _question(self, before: Mode, after: Mode) -> None:
        """When the undo question was put, and when its cursor went to yes (followed in
        the controller's mode: something over it, such as an unsure card's question,
        hides it for a while, and it is still the same question)."""
        if not _undo_question(after):
            self.asked_at = self.yes_at = None
            return
        if not _undo_question(before):
            self.asked_at, self.yes_at = self.index, None
        assert isinstance(after, Confirm)
        if not after.yes:
            self.yes_at = None
        elif self.yes_at is None:
            self.yes_at = self.index

    def _amounts(
        self, press: ButtonPress | None, after: OnScreen, before: OnScreen | None = None
    ) -> None:
        shown = after.amount
        if shown is None:
            return
        known = self.amounts.get(shown.offer)
        stepped = (
            press is not None
            and press.button in CHANGERS
            and before is not None
            and before.amount is not None
            and before.amount.offer == shown.offer
        )
        if known is not None and not stepped and known.choice == shown.choice:
            self.figures.amounts += 1
            if known.value != shown.value:
                self.violation(
                    f"the amount of {shown.offer} went from {known.value} to {shown.value} "
                    f"without UP or DOWN on its picker ({press or 'no press'})"
                )
        self.amounts[shown.offer] = shown

    def _menu(self, after: OnScreen) -> None:
        if after.menu is None:
            return
        self.figures.menus += 1
        if self.menu is None:
            self.menu = after.menu
        elif after.menu != self.menu:
            self.violation(f"the menu's rows moved: {self.menu} then {after.menu}")
            self.menu = after.menu


def _undo_question(mode: Mode) -> bool:
    return isinstance(mode, Confirm) and mode.question is Question.UNDO


def _is_ok(press: ButtonPress) -> bool:
    return press.button is Button.OK and press.kind is PressKind.SHORT


def _key_of(line: str, before: OnScreen) -> OfferKey | None:
    """The picker whose own OK recorded ``line`` (its amount starts afresh)."""
    if before.amount is not None and line in before.confirms:
        return before.amount.offer
    return None


def audit(plans: Sequence[Plan]) -> Figures:
    figures = Figures()
    for plan in plans:
        _Sequence(plan, figures).play()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.tools.press_audit")
    parser.add_argument("--sequences", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    figures = audit([random_plan(rng, args.steps) for _ in range(args.sequences)])
    for violation in figures.violations[:20]:
        print(violation)
    for line in figures.lines():
        print(line)
    return 1 if figures.violations else 0


if __name__ == "__main__":
    sys.exit(main())
