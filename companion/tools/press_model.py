"""The press model: for each task of a player's evening, the fewest presses from the
home screen, found by a breadth-first search over every short and long press (a held
button's repeats are not counted as a way round), and a sequence that reaches it.

    python -m companion.tools.press_model [--quick]

(``--quick`` leaves out the search of the new game's form, minutes long, and only plays
its sequence.)

The search plays the real controller over a real game (its rules, its offers, hand
entry's refusals) exactly as the table does, so the figure is what the buttons cost,
not what a plan hoped. Each task starts from the home screen of its own starting
table, with the menu opened for the first time.
"""

from __future__ import annotations

import argparse
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from companion.app.hand_entry import placed_already
from companion.games.errors import RefusedEvent
from companion.games.events import CardSeen, Event, parse_event
from companion.games.session import Game
from companion.journal.replay import new_game
from companion.ui.controller import context_for, handle, refused
from companion.ui.intents import (
    ApplyEvent,
    ChangeSetting,
    EnterCard,
    Intent,
    Previous,
    ResumeGame,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.menus.game_options import default_options
from companion.ui.menus.home import pinned
from companion.ui.menus.state import GameSetup, UiContext, UiState
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.ui.summary import GameSummary, summarise
from companion.values.language import Language
from companion.words.reasons import entered_text, refusal_text

HOLD_STEPS = 40  # a hold long enough to reach the end of any list or range on the box


@dataclass(frozen=True)
class Hold:
    """UP or DOWN held until it stops at the end (one press: the rule of every list and
    value is that a held button stops there)."""

    button: Button

    def __str__(self) -> str:
        return f"{self.button.value}:held"


Press = ButtonPress | Hold
PRESSES: tuple[Press, ...] = (
    ButtonPress(Button.UP),
    ButtonPress(Button.DOWN),
    ButtonPress(Button.OK),
    ButtonPress(Button.BACK),
    ButtonPress(Button.OK, PressKind.LONG),
    ButtonPress(Button.BACK, PressKind.LONG),
    Hold(Button.UP),
    Hold(Button.DOWN),
)
MAX_PRESSES = 18
KEPT_ID = 1  # the journal number of the game kept for later, in the tasks that have one


@dataclass(frozen=True)
class Table:
    """A table as the search sees it: the controller's state, the game at the table (its
    header and events), the settings, the kept game (header and events) if any, and
    whether it was shut down. ``by_hand``: no camera (cards are entered by hand)."""

    ui: UiState
    header: str | None
    events: tuple[Event, ...]
    settings: UiSettings = field(default_factory=UiSettings)
    kept: tuple[str, tuple[Event, ...]] | None = None
    by_hand: bool = False
    shut: bool = False
    previous: Previous | None = None  # what became of the game the last new one replaced

    def game(self) -> Game | None:
        return _game(self.header, self.events)

    def context(self) -> UiContext:
        return _context(self.header, self.events, self.settings, self.kept, self.by_hand)

    def press(self, press: Press) -> Table:
        if isinstance(press, Hold):
            table = self
            for _ in range(HOLD_STEPS):
                held = table.press(ButtonPress(press.button, PressKind.REPEAT))
                if replace(held.ui, repeats=0) == replace(table.ui, repeats=0):
                    break  # it stopped at the end
                table = held
            return replace(table, ui=replace(table.ui, repeats=0))
        game = self.game()
        ui, intents = handle(self.ui, press, self.context())
        table = replace(self, ui=ui)
        for intent in intents:
            table = table._carry_out(intent, game)
        return replace(table, ui=pinned(table.ui, table.context()))

    def _carry_out(self, intent: Intent, game: Game | None) -> Table:
        if isinstance(intent, ApplyEvent | EnterCard) and game is not None:
            event = intent.event
            placed = (
                placed_already(game, event)
                if isinstance(intent, EnterCard) and isinstance(event, CardSeen)
                else None
            )
            refusal = game.can_apply(event)
            language = self.settings.language
            if placed is not None:
                return replace(self, ui=refused(self.ui, entered_text(placed, language)))
            if refusal is not None:
                return replace(self, ui=refused(self.ui, refusal_text(refusal, language)))
            return replace(self, events=(*self.events, event))
        if isinstance(intent, UndoLast) and self.events:
            return replace(self, events=self.events[:-1])
        if isinstance(intent, StartGame):
            return replace(
                self,
                header=intent.spec.header(),
                events=(),
                kept=self._kept_now(intent.previous),
                previous=intent.previous,
                ui=self.ui.at_a_new_table(),
            )
        if isinstance(intent, ResumeGame) and self.kept is not None:
            header, events = self.kept
            kept = self._kept_now(intent.previous)
            kept = None if kept == self.kept else kept
            return replace(
                self,
                header=header,
                events=events,
                kept=kept,
                previous=intent.previous,
                ui=self.ui.at_a_new_table(),
            )
        if isinstance(intent, ChangeSetting):
            return replace(self, settings=intent.settings)
        if isinstance(intent, Shutdown):
            return replace(self, shut=True)
        return self

    def _kept_now(self, previous: Previous) -> tuple[str, tuple[Event, ...]] | None:
        """The game kept for later once the one at the table gives way (one is kept)."""
        if previous is Previous.KEPT and self.header is not None:
            return (self.header, self.events)
        return self.kept


@lru_cache(maxsize=4096)
def _game(header: str | None, events: tuple[Event, ...]) -> Game | None:
    """The game (not to be changed: the search shares it between tables)."""
    if header is None:
        return None
    game = new_game(header)
    for event in events:
        game.apply(event)
    return game


@lru_cache(maxsize=4096)
def _context(
    header: str | None,
    events: tuple[Event, ...],
    settings: UiSettings,
    kept: tuple[str, tuple[Event, ...]] | None,
    by_hand: bool,
) -> UiContext:
    summaries: tuple[GameSummary, ...] = ()
    if kept is not None:
        other = _game(*kept)
        assert other is not None
        summaries = (summarise(other, KEPT_ID),)
    return context_for(
        _game(header, events), settings, by_hand=by_hand, journal_id=2, kept=summaries
    )


@dataclass(frozen=True)
class Task:
    name: str
    start: Table
    done: Callable[[Table], bool]
    # a sequence a player would press, which the search's figure must equal
    presses: tuple[Press, ...]
    # the game the goal has at the table, where it is another than the start's
    goal_header: str | None = None
    wide: bool = False  # a search of minutes (the new game's form), left to the tool

    def lost(self, table: Table) -> bool:
        """A table the search goes no further from: shut down, or a game at the table
        that is neither the start's nor the goal's (coming back from it takes a new game
        or a resume again, more presses than going straight)."""
        return table.shut or table.header not in (self.start.header, self.goal_header)


def fewest(task: Task, limit: int = MAX_PRESSES) -> tuple[Press, ...] | None:
    """The shortest press sequence from the task's start to a table it calls done."""
    start = task.start
    seen = {_key(start)}
    queue: deque[tuple[Table, tuple[Press, ...]]] = deque([(start, ())])
    while queue:
        table, path = queue.popleft()
        if task.done(table):
            return path
        if len(path) >= limit or task.lost(table):
            continue
        for press in PRESSES:
            try:
                after = table.press(press)
            except RefusedEvent:
                continue
            key = _key(after)
            if key not in seen:
                seen.add(key)
                queue.append((after, (*path, press)))
    return None


def _key(table: Table) -> Table:
    return replace(table, ui=replace(table.ui, repeats=0, before_send=None))


def play(task: Task) -> Table:
    """The task's own sequence, pressed."""
    table = task.start
    for press in task.presses:
        table = table.press(press)
    return table


# -- the walk ----------------------------------------------------------------------

U, D, K, B = (ButtonPress(button) for button in (Button.UP, Button.DOWN, Button.OK, Button.BACK))
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
LONG_BACK = ButtonPress(Button.BACK, PressKind.LONG)
HOLD_DOWN = Hold(Button.DOWN)

OH_HELL_FIVE = "game oh-hell players=5 hook=on"
OCZKO = "game oczko"


def _events(*lines: str) -> tuple[Event, ...]:
    return tuple(parse_event(line) for line in lines)


TRUMP = _events("card trump QH")
BIDS = _events("bid 1 1", "bid 2 0", "bid 3 1", "bid 4 0")
OCZKO_BANK = _events("bank 10")
OCZKO_STAKE = _events("bank 10", "stake 4", "card punter 10H", "card punter 9H")
OCZKO_SHOWDOWN = (*OCZKO_STAKE, *_events("stand", "card banker 7S", "card banker 10S"))


def _at(header: str, events: tuple[Event, ...] = (), **changes: object) -> Table:
    return replace(Table(UiState(), header, events), **changes)  # type: ignore[arg-type]


def _last(line: str) -> Callable[[Table], bool]:
    return lambda table: bool(table.events) and str(table.events[-1]) == line


TASKS: tuple[Task, ...] = (
    # A new Oh Hell game for five with the hook, from a box with no game: its form (every
    # way there passes the menu, its new game row and the game's row), then the form.
    Task(
        "a new game: Oh Hell's form (no game yet)",
        Table(UiState(), None, ()),
        lambda table: isinstance(table.ui.mode, GameSetup) and table.ui.mode.game == "oh-hell",
        (K, K, K),  # the menu (on a new game), the games (on Oh Hell), its form
    ),
    Task(
        "the form: Oh Hell for five with the hook, started",
        Table(UiState(GameSetup("oh-hell", default_options("oh-hell"))), None, ()),
        lambda table: table.header == OH_HELL_FIVE and not table.events,
        # players: open, 5, keep; down to the hook: open, on, keep; held down to Start, start
        (K, U, K, *[D] * 6, K, U, K, HOLD_DOWN, K),
        goal_header=OH_HELL_FIVE,
        wide=True,
    ),
    Task(
        "the trump Q♥ entered by hand",
        _at(OH_HELL_FIVE, by_hand=True),
        _last("card trump QH"),
        # the table menu (on "card on trump"), rank 2 -> A -> K -> Q, suit ♠ -> ♥
        (LONG_OK, K, D, D, D, K, U, K),
    ),
    Task(
        "a bid of 1 (the picker at 0)",
        _at(OH_HELL_FIVE, TRUMP, by_hand=True),
        _last("bid 1 1"),
        (U, K),
    ),
    Task(
        "the dealer's bid under the hook (only 0 left)",
        _at(OH_HELL_FIVE, (*TRUMP, *_events("bid 1 0", "bid 2 0", "bid 3 0", "bid 4 0"))),
        _last("bid 0 0"),
        (K,),
    ),
    Task(
        "a trick card K♠ entered by hand",
        _at(OH_HELL_FIVE, (*TRUMP, *BIDS, *_events("bid 0 0")), by_hand=True),
        _last("card trick KS"),
        (LONG_OK, D, K, D, D, K, K),
    ),
    Task(
        "the trump Q♥ entered again as a trick card: refused",
        _at(OH_HELL_FIVE, (*TRUMP, *BIDS, *_events("bid 0 0")), by_hand=True),
        lambda table: table.ui.notice == "Q♥ is the trump card",
        (LONG_OK, D, K, D, D, D, K, U, K),
    ),
    Task(
        "undo the last event",
        _at(OH_HELL_FIVE, (*TRUMP, *_events("bid 1 1"))),
        lambda table: table.events == TRUMP,
        (LONG_BACK, D, K),
    ),
    Task(
        "the language to Polish (a bid due)",
        _at(OH_HELL_FIVE, TRUMP),
        lambda table: table.settings.language is Language.PL,
        # the menu (on the game's actions), up round to the settings; the language:
        # open, the next one, keep
        (LONG_OK, U, U, U, K, K, U, K),
    ),
    Task(
        "a new Oczko game, the Oh Hell game kept for later",
        _at(OH_HELL_FIVE, (*TRUMP, *BIDS)),
        lambda table: (
            table.header == OCZKO and table.previous is Previous.KEPT and table.kept is not None
        ),
        # the menu, up round past shut down, the sheet, settings and the kept games to a new
        # game, down to Oczko, up round to Start, start, keep it
        (LONG_OK, U, U, U, U, U, K, D, K, U, K, K),
        goal_header=OCZKO,
    ),
    Task(
        "Oczko: the banker puts up a bank of 10 (the picker at 1)",
        _at(OCZKO),
        _last("bank 10"),
        (D, K),
    ),
    Task(
        "Oczko: a stake of 4 (the bank of 10 just entered)",
        _at(OCZKO, OCZKO_BANK, ui=UiState(remembered=(("bank", 10),), last_amount=10)),
        _last("stake 4"),
        (U, U, U, U, K),  # from 10 round to 1, then 2, 3, 4
    ),
    Task(
        "Oczko: the punter stands",
        _at(OCZKO, OCZKO_STAKE),
        _last("stand"),
        (K, K, K),
    ),
    Task(
        "Oczko: the showdown",
        _at(OCZKO, OCZKO_SHOWDOWN),
        _last("showdown"),
        (K, K, K),
    ),
    Task(
        "the brightness up a step",
        _at(OCZKO, OCZKO_STAKE),
        lambda table: table.settings.brightness == UiSettings().brightness + 1,
        (K, U, U, U, K, D, K, U, K),
    ),
    Task(
        "back to the kept Oh Hell game (Oczko kept)",
        _at(OCZKO, OCZKO_STAKE, kept=(OH_HELL_FIVE, (*TRUMP, *BIDS))),
        lambda table: table.header == OH_HELL_FIVE and table.kept is not None,
        # the menu, up round past shut down, the sheet and settings to the kept games
        (K, U, U, U, U, K, K, K),
        goal_header=OH_HELL_FIVE,
    ),
    Task(
        "shut down",
        _at(OCZKO, OCZKO_STAKE),
        lambda table: table.shut,
        (K, U, K, D, K),
    ),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.tools.press_model")
    parser.add_argument(
        "--quick", action="store_true", help="leave out the wide searches (the new game's form)"
    )
    args = parser.parse_args(argv)
    worse = 0
    print(f"{'task':58} {'pressed':>7} {'fewest':>6} {'seconds':>7}")
    for task in TASKS:
        reached = task.done(play(task))
        if task.wide and args.quick:
            print(f"{task.name:58} {len(task.presses):>7} {'-':>6} {'-':>7}")
            continue
        started = time.monotonic()
        found = fewest(task, limit=len(task.presses))
        count = "none" if found is None else str(len(found))
        good = reached and found is not None and len(found) == len(task.presses)
        worse += not good
        seconds = time.monotonic() - started
        print(
            f"{task.name:58} {len(task.presses):>7} {count:>6} {seconds:>7.1f}"
            + ("" if good else "  !")
        )
    return 1 if worse else 0


if __name__ == "__main__":
    raise SystemExit(main())
