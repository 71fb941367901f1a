"""The kiosk's heart, on the main thread: presses, table events and scripted steps in;
journal rows, the controller's state and pictures on the display out.

Every event is committed to the journal (``JournaledGame.record_event``) before the
screen that shows its effect is drawn; ``on_shown`` is told of each row once that screen
is out (the crash test's witness). The journal is used from this class alone, which
lives on one thread: SQLite connections must not cross threads.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable

from PIL import Image

from companion.app.app_texts import app_say
from companion.app.card_entry import (
    EnterLine,
    EntryMode,
    OpenMenu,
    TableChoices,
    ZoneChoice,
    compose_entry,
    handle_entry,
    table_choices,
)
from companion.app.messages import (
    CameraNews,
    CameraState,
    Message,
    Part,
    PartNews,
    Press,
    ScriptedLine,
    ScriptRestart,
    TableNews,
    Unsure,
)
from companion.device.display import PowerSettings, Screen
from companion.games.engine import Violation
from companion.games.errors import RefusedEvent
from companion.games.events import (
    Action,
    CardGone,
    CardSeen,
    EventSyntaxError,
    ZoneCleared,
    parse_event,
)
from companion.journal.records import EventRow, Source
from companion.journal.replay import UnreadableGame
from companion.journal.session import JournaledGame
from companion.journal.store import Journal, JournalError, JournalFull
from companion.ui.canvas import HEIGHT, PAPER, WIDTH, Sheet
from companion.ui.controller import UiContext, UiState, compose, context_for, handle, refused
from companion.ui.intents import (
    AnswerUnsure,
    ApplyEvent,
    ChangeSetting,
    Intent,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.menus.state import Home, MainMenu, UnsureReading, is_long
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens.layout import SMALL
from companion.ui.screens.violation import compose_violation
from companion.ui.settings import UiSettings

STATUS_TOP = HEIGHT - 10
LATENCIES_KEPT = 1000
VIOLATION_S = 6.0


def power_settings(settings: UiSettings) -> PowerSettings:
    return PowerSettings(
        brightness=settings.brightness,
        dim_after=None if settings.dim_after is None else float(settings.dim_after),
        dark_after=None if settings.dark_after is None else float(settings.dark_after),
    )


class Kiosk:
    def __init__(
        self,
        journal: Journal,
        screen: Screen,
        *,
        settings: UiSettings,
        camera: CameraState | None,
        log: Callable[[str], None],
        on_shown: Callable[[EventRow], None] | None = None,
        keep_settings: Callable[[UiSettings, UiSettings], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``camera`` None: no camera configured (cards are entered by hand);
        ``keep_settings(before, after)``: told of each change made in the settings menu."""
        self.journal = journal
        self.screen = screen
        self.settings = settings
        self.camera = camera
        self.camera_detail = ""
        self.log = log
        self.on_shown = on_shown
        self.keep_settings = keep_settings
        self.clock = clock
        self.played: JournaledGame | None = None
        self.ui = UiState()
        self.entry: EntryMode | None = None
        self.questions: deque[UnsureReading] = deque()
        self.problem: str | None = None  # a journal trouble, shown until an append works
        self.stopped = False
        self.shutdown_asked = False
        self.screens_shown = 0
        # card settled -> its screen out, in seconds (the benchmark's figure)
        self.latencies: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self._unshown: list[EventRow] = []
        # flagged by the rules: shown until the next press or for VIOLATION_S
        self.violation: Violation | None = None
        self.violation_until = 0.0
        self.press_latencies: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self.resumed_rows: int | None = None  # the resumed game's rows, undos too
        self.missing: dict[Part, str] = {}  # parts that could not be opened, and why

    # -- starting ---------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the last unfinished game exactly (or stay on the new-game menu) and
        draw the first screen; a game already begun (the demo's) is kept."""
        if self.journal.moved_aside is not None:
            self.log(str(self.journal.moved_aside))
        resumed = None if self.played is not None else JournaledGame.resume_last(self.journal)
        if resumed is not None:
            self.played, bad = resumed
            self.resumed_rows = len(self.journal.rows(self.played.record.id))
            for row in bad:
                self.log(str(row))
            self.log(f"resumed game {self.played.record.id}: {self.played.record.header}")
        self.show()

    # -- what comes in ----------------------------------------------------------------------

    def take(self, message: Message) -> None:
        """Act on one message from the inbox and show the result."""
        if isinstance(message, Press):
            self.press(message.press)
            if message.at:
                self.press_latencies.append(self.clock() - message.at)
        elif isinstance(message, TableNews):
            self.table_news(message)
        elif isinstance(message, CameraNews):
            self.camera_news(message)
        elif isinstance(message, PartNews):
            self.part_news(message)
        elif isinstance(message, ScriptedLine):
            self.scripted_line(message.line)
        elif isinstance(message, ScriptRestart):
            self.restart_script(message.header)

    def press(self, press: ButtonPress) -> None:
        if self.screen.touch():
            self.show()  # the press only woke the screen
            return
        self.violation = None  # a press puts a violation away and acts as usual
        choices = self._choices()
        if self.entry is not None and choices is not None:
            self.entry, outcome = handle_entry(self.entry, press, choices)
            if isinstance(outcome, EnterLine):
                self._record(outcome.line, Source.BUTTON)
            elif isinstance(outcome, OpenMenu):
                self.ui = dataclasses.replace(self.ui, mode=MainMenu(), notice=None)
        elif choices is not None and self._opens_entry(press):
            self.entry = ZoneChoice()
        else:
            self.entry = None
            self.ui, intents = handle(self.ui, press, self.context())
            for intent in intents:
                self._carry_out(intent)
        self.show()

    def table_news(self, news: TableNews) -> None:
        if self.camera is not None and self.camera is not CameraState.READING:
            self.camera, self.camera_detail = CameraState.READING, ""
        if not news.events and not news.unsure:
            return
        recorded = [settled for settled, line in news.events if self._record(line, Source.CAMERA)]
        for unsure in news.unsure:
            self._ask(unsure)
        self.show()
        shown_at = self.clock()
        for settled in recorded:
            self.latencies.append((news.frame_time - settled) + (shown_at - news.arrived))

    def camera_news(self, news: CameraNews) -> None:
        if news.state is not self.camera or news.detail != self.camera_detail:
            self.log(f"camera {news.state.value}" + (f": {news.detail}" if news.detail else ""))
        self.camera, self.camera_detail = news.state, news.detail
        self.show()

    def part_news(self, news: PartNews) -> None:
        """Logged where the part is opened; kept here for the status lines."""
        if news.problem is None:
            self.missing.pop(news.part, None)
        else:
            self.missing[news.part] = news.problem
        self.show()

    def scripted_line(self, line: str) -> None:
        """An action as the menus would send it (the demo's and crash test's steps)."""
        try:
            event = parse_event(line)
        except EventSyntaxError as error:
            self._notice(f"{line}: {error}")
        else:
            if isinstance(event, Action):
                self._carry_out(ApplyEvent(event))
            else:
                self._record(line, Source.CAMERA)
        self.show()

    def begin(self, header: str) -> None:
        """Start a game from its header line, as the new-game menu does."""
        self._carry_out(StartGame(header))
        self.show()

    def restart_script(self, header: str) -> None:
        if self.played is not None:
            self._journal_call(self.played.finish)
        self._carry_out(StartGame(header))
        self.show()

    def tick(self) -> None:
        """Time passing: a violation shown long enough is put away."""
        if self.violation is not None and self.clock() >= self.violation_until:
            self.violation = None
            self.show()

    # -- what it shows ------------------------------------------------------------------------

    def context(self) -> UiContext:
        game = self.played.game if self.played is not None else None
        question = self.questions[0] if self.questions else None
        return context_for(game, self.settings, unsure=question)

    def picture(self) -> Image.Image:
        choices = self._choices()
        if self.violation is not None:
            sheet = compose_violation(self.violation, self.settings.language)
        elif self.entry is not None and choices is not None:
            sheet = compose_entry(self.entry, choices, self.settings.language)
        else:
            sheet = compose(self.ui, self.context())
        status = self.status_line()
        if status is not None and self.ui.notice is None:
            _status_bar(sheet, status)
        return sheet.image

    def show(self) -> None:
        self.screen.show(self.picture())
        self.screens_shown += 1
        if self.on_shown is not None:
            for row in self._unshown:
                self.on_shown(row)
        self._unshown.clear()

    def status_line(self) -> str | None:
        """The line kept at the bottom of the screen while something is wrong."""
        language = self.settings.language
        if self.problem is not None:
            return self.problem
        if self.camera is CameraState.LOST:
            return app_say("camera.lost", language)
        missing = next(iter(self.missing), None)
        if missing is not None:
            return app_say(f"{missing.value}.lost", language)
        return None

    def status_text(self) -> str:
        """One line for systemd's STATUS."""
        if self.played is None:
            game = "no game"
        else:
            record = self.played.record
            game = f"game {record.id} ({record.header.split()[1]}), {len(self.played.live)} events"
        camera = "no camera" if self.camera is None else f"camera {self.camera.value}"
        trouble = "".join(f"; {text}" for text in (self.problem, *self.missing.values()) if text)
        return f"{game}; {camera}{trouble}"

    # -- doing ---------------------------------------------------------------------------------

    def _carry_out(self, intent: Intent) -> None:
        if isinstance(intent, ApplyEvent):
            self._record(str(intent.event), Source.BUTTON, from_menu=True)
        elif isinstance(intent, UndoLast):
            self._undo()
        elif isinstance(intent, StartGame):
            self._start_game(intent.header_line)
        elif isinstance(intent, ChangeSetting):
            before, self.settings = self.settings, intent.settings
            self.screen.configure(power_settings(intent.settings))
            if self.keep_settings is not None:
                self.keep_settings(before, intent.settings)
        elif isinstance(intent, Shutdown):
            self.stopped = self.shutdown_asked = True
        elif isinstance(intent, AnswerUnsure):
            self._answer(intent)

    def _record(self, line: str, source: Source, *, from_menu: bool = False) -> bool:
        """Journal and apply one event line; True when it was recorded."""
        if self.played is None:
            self.log(f"no game started: {line} ignored")
            return False
        flagged = len(self.played.game.state.violations)
        try:
            event = parse_event(line)
            row = self.played.record_event(event, source=source)
        except EventSyntaxError as error:
            self._notice(f"{line}: {error}")
            return False
        except RefusedEvent as refusal:
            self.log(f"refused {line} ({source.value}): {refusal}")
            if from_menu:
                self.ui = refused(self.ui, str(refusal))
            else:
                self._notice(
                    app_say("refused.table", self.settings.language, line=line, reason=refusal)
                )
            return False
        except JournalError as error:
            self._journal_trouble(error)
            return False
        self._written(row)
        violations = self.played.game.state.violations
        if len(violations) > flagged:
            self.violation = violations[-1]
            self.violation_until = self.clock() + VIOLATION_S
            self.log(f"violation after {line}: {self.violation.message}")
        if isinstance(event, CardSeen | CardGone | ZoneCleared):
            self._forget_questions(event.zone)
        return True

    def _undo(self) -> None:
        if self.played is None:
            return
        try:
            row = self.played.undo(source=Source.BUTTON)
        except RefusedEvent as refusal:
            self.ui = refused(self.ui, str(refusal))
        except JournalError as error:
            self._journal_trouble(error)
        else:
            self._written(row)

    def _start_game(self, header: str) -> None:
        previous = self.played
        try:
            if previous is not None and not self._journal_call(previous.finish):
                return
            self.played = JournaledGame.start(self.journal, header)
        except UnreadableGame as error:
            self._notice(str(error))
            return
        except JournalError as error:
            self._journal_trouble(error)
            return
        self.problem = None
        self.questions.clear()
        self.entry = None
        self.violation = None
        self.ui = UiState(remembered=self.ui.remembered)
        self.log(f"new game {self.played.record.id}: {self.played.record.header}")

    def _journal_call(self, call: Callable[[], None]) -> bool:
        try:
            call()
        except JournalError as error:
            self._journal_trouble(error)
            return False
        return True

    def _answer(self, answer: AnswerUnsure) -> None:
        self._forget_questions(answer.zone)
        if answer.card is not None:
            self._record(f"card {answer.zone} {answer.card}", Source.BUTTON)

    def _ask(self, unsure: Unsure) -> None:
        if self.played is None:
            return
        self._forget_questions(unsure.zone)
        self.log(f"unsure card on {unsure.zone}: {unsure.card}? ({unsure.confidence:.0%})")
        ranks = self.played.game.engine.deck.ranks
        self.questions.append(UnsureReading(unsure.zone, unsure.card, unsure.confidence, ranks))

    def _forget_questions(self, zone: str) -> None:
        self.questions = deque(question for question in self.questions if question.zone != zone)

    def _written(self, row: EventRow) -> None:
        self.problem = None
        self._unshown.append(row)

    def _journal_trouble(self, error: JournalError) -> None:
        self.log(str(error))
        language = self.settings.language
        if isinstance(error, JournalFull):
            self.problem = app_say("journal.full", language)
        else:
            self.problem = app_say("journal.failed", language, reason=error)

    def _notice(self, text: str) -> None:
        self.log(text)
        self.ui = dataclasses.replace(self.ui, notice=" ".join(text.split()))

    def _choices(self) -> TableChoices | None:
        """What can be entered by hand: only with a game and no camera reading."""
        if self.played is None or self.camera in (CameraState.READING, CameraState.STARTING):
            return None
        return table_choices(self.played.game)

    def _opens_entry(self, press: ButtonPress) -> bool:
        return is_long(press, Button.OK) and isinstance(self.ui.mode, Home) and not self.questions


def _status_bar(sheet: Sheet, text: str) -> None:
    sheet.box(0, STATUS_TOP, WIDTH - 1, HEIGHT - 1, filled=True)
    sheet.text((1, HEIGHT - 2), text, SMALL, max_width=WIDTH - 2, may_shorten=True, fill=PAPER)
