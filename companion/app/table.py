"""The table: the journaled game and whatever carries out the UI's intents, used alike by
``run``, ``demo`` and ``terminal`` (the terminal's journal lives in memory).

A press goes to the UI controller and its intents are carried out here; a camera event
is journaled and applied (``JournaledGame.record_event``: worked out once, written, then
taken); an unsure card becomes a question. What the controller needs to draw the table
(the game, the question, hand entry, a violation, the status line) comes from
``context``. The journal is used from one thread only: SQLite connections must not cross
threads.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable

from PIL import Image

from companion.app.hand_entry import placed_already
from companion.app.messages import CameraState, Part
from companion.app.people_desk import PeopleDesk
from companion.games.engine import Violation
from companion.games.errors import RefusedEvent
from companion.games.evening import Evening
from companion.games.events import CameraEvent, CardSeen, Event, ZoneCleared
from companion.games.people import People
from companion.games.roster import MAX_ROSTER, AddPerson, RosterChange, RosterError
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, Repair, Source
from companion.journal.replay import replay
from companion.journal.session import JournaledGame, kept_games
from companion.journal.store import Journal, JournalError, JournalFull
from companion.table.events import UnsureReport
from companion.ui.canvas import Sheet
from companion.ui.controller import UiContext, UiState, compose, context_for, handle, refused
from companion.ui.goodbye import compose_goodbye
from companion.ui.intents import (
    AnswerUnsure,
    ApplyEvent,
    ChangeRoster,
    ChangeSetting,
    EnterCard,
    Intent,
    LookUpSheet,
    MarkNewEvening,
    Previous,
    ResumeGame,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.menus.home import pinned
from companion.ui.menus.state import EveningPage, UnsureReading
from companion.ui.presses import ButtonPress
from companion.ui.settings import UiSettings
from companion.ui.summary import GameSummary, summarise
from companion.values.language import Language
from companion.values.sheet_address import SheetLink
from companion.words import say
from companion.words.reasons import entered_text, event_text, refusal_text, violation_text

VIOLATION_S = 6.0
# The log is read by whoever looks after the box: in English, with seats counted from 1.
LOG_LANGUAGE = Language.EN
# The camera states in which cards are entered by hand: none configured, lost, ended.
BY_HAND = (None, CameraState.LOST, CameraState.ENDED)
ROLLED_BACK = (
    "SQLite rolled back the journal's first write, interrupted at an earlier start "
    "(its -journal): nothing had been recorded in it"
)


def repair_words(repair: Repair, language: Language) -> str:
    """What the journal's opening repaired, as the table is told it."""
    if repair.started_anew:
        return say("journal.moved", language)
    if repair.lost is None:
        return say("journal.repaired-some", language)
    if repair.lost == 1:
        return say("journal.repaired-one", language)
    if repair.lost:
        return say("journal.repaired-lost", language, lost=repair.lost)
    return say("journal.repaired", language)


class Table:
    def __init__(
        self,
        journal: Journal,
        *,
        settings: UiSettings,
        camera: CameraState | None,
        log: Callable[[str], None],
        on_settings: Callable[[UiSettings, UiSettings], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        find_sheet: Callable[[], SheetLink] | None = None,
    ) -> None:
        """``camera`` None: no camera (cards are entered by hand); ``on_settings(before,
        after)``: told of each change made in the settings menu; ``find_sheet``: where the
        phone sheet is now (None: there is none for this table)."""
        self.journal = journal
        self.settings = settings
        self._camera = camera
        self.log = log
        self.on_settings = on_settings
        self.clock = clock
        self.find_sheet = find_sheet
        self.sheet_link: SheetLink | None = None  # as found when its page was last opened
        self.played: JournaledGame | None = None
        self.ui = UiState()
        self.questions: deque[UnsureReading] = deque()
        self.problem: str | None = None  # a journal trouble, shown until an append works
        self.trouble: type[JournalError] | None = None  # its kind: logged once an episode
        self.failed_writes = 0  # in this episode of trouble
        self.repaired: str | None = None  # what the journal's opening repaired (for STATUS)
        self._missing: dict[Part, str] = {}  # parts that could not be opened, and why
        self.stopped = False
        self.shutdown_asked = False
        # flagged by the rules: shown until the next press or for VIOLATION_S
        self.violation: Violation | None = None
        self.violation_until = 0.0
        self._kept: tuple[GameSummary, ...] | None = None  # None: to be worked out
        self._rows_written: list[EventRow] = []  # since the caller last took them
        self.people = PeopleDesk(journal)  # the roster, the last game's people, the evening
        self.last_people = self.people.last_people()

    @property
    def game(self) -> Game | None:
        return None if self.played is None else self.played.game

    @property
    def camera(self) -> CameraState | None:
        """The camera's state as last told (None: no camera, cards entered by hand)."""
        return self._camera

    @property
    def missing(self) -> dict[Part, str]:
        """The parts that could not be opened, and why (a copy)."""
        return dict(self._missing)

    # -- starting ---------------------------------------------------------------------------

    def resume(self) -> None:
        """Resume the last unfinished game exactly (a game already begun is kept)."""
        for notice in self.journal.notices:
            self.log(notice)
        if self.journal.rolled_back:
            self.log(ROLLED_BACK)
        repair = self.journal.repair
        if repair is not None and self.repaired is None:
            self.repaired = repair_words(repair, LOG_LANGUAGE)
            self._notice(repair_words(repair, self.settings.language), logged=True)
        if self.played is not None:
            return
        resumed = JournaledGame.resume_last(self.journal)
        if resumed is not None:
            self.played, bad = resumed
            for row in bad:
                self.log(str(row))
            self.log(f"resumed game {self.played.record.id}: {self.played.record.header}")

    # -- what comes in ----------------------------------------------------------------------

    def press(self, press: ButtonPress) -> None:
        context = self.context()
        self.violation = None  # a press on a violation only puts it away
        self.ui, intents = handle(self.ui, press, context)
        for intent in intents:
            self.carry_out(intent)

    def seen(self, event: CameraEvent) -> bool:
        """A camera event; True when it was recorded."""
        return self._record(event, Source.CAMERA)

    def ask(self, report: UnsureReport) -> None:
        """An unsure card: asked about until it is answered or its zone changes."""
        if self.played is None or not report.candidates:
            return
        self._forget_questions(report.zone)
        card, confidence = report.candidates[0], report.confidence
        self.log(f"unsure card on {report.zone}: {card}? ({confidence:.0%})")
        ranks = self.played.game.engine.deck.ranks
        self.questions.append(UnsureReading(report.zone, card, confidence, ranks))

    def camera_is(self, state: CameraState) -> None:
        """What the camera reports of itself."""
        self._camera = state

    def part_opened(self, part: Part, problem: str | None) -> None:
        """A part of the box (the sheet's server, say) opened, or ``problem``: why not."""
        if problem is None:
            self._missing.pop(part, None)
        else:
            self._missing[part] = problem

    def take_written(self) -> list[EventRow]:
        """The rows written since this was last asked, oldest first."""
        rows, self._rows_written = self._rows_written, []
        return rows

    def tick(self) -> bool:
        """Time passing: a violation shown long enough is put away; True when it was."""
        if self.violation is not None and self.clock() >= self.violation_until:
            self.violation = None
            return True
        return False

    def carry_out(self, intent: Intent) -> None:
        if isinstance(intent, ApplyEvent):
            self._record(intent.event, Source.BUTTON, from_menu=True)
        elif isinstance(intent, EnterCard):
            self._enter(intent.event)
        elif isinstance(intent, UndoLast):
            self._undo()
        elif isinstance(intent, StartGame):
            self._start_game(intent.spec, intent.previous)
        elif isinstance(intent, ResumeGame):
            self._resume_game(intent.game_id, intent.previous)
        elif isinstance(intent, ChangeSetting):
            before, self.settings = self.settings, intent.settings
            if self.on_settings is not None:
                self.on_settings(before, intent.settings)
        elif isinstance(intent, Shutdown):
            self.stopped = self.shutdown_asked = True
        elif isinstance(intent, LookUpSheet):
            self.sheet_link = None if self.find_sheet is None else self.find_sheet()
        elif isinstance(intent, AnswerUnsure):
            self._forget_questions(intent.zone)
            if intent.card is not None:
                self._record(CardSeen(intent.zone, intent.card), Source.BUTTON)
        elif isinstance(intent, ChangeRoster):
            self._change_roster(intent.change)
        elif isinstance(intent, MarkNewEvening):
            self._new_evening()

    # -- what it shows ------------------------------------------------------------------------

    def context(self) -> UiContext:
        question = self.questions[0] if self.questions else None
        context = context_for(
            self.game,
            self.settings,
            unsure=question,
            by_hand=self._camera in BY_HAND,
            violation=self.violation,
            status=self.status_line(),
            sheet_link=self.sheet_link,
            journal_id=None if self.played is None else self.played.record.id,
            kept=self.kept(),
        )
        # the evening is summed up only while its page is shown
        evening = self._evening() if isinstance(self.ui.mode, EveningPage) else None
        return dataclasses.replace(
            context, roster=self.people.roster, last_people=self.last_people, evening=evening
        )

    def kept(self) -> tuple[GameSummary, ...]:
        """The unfinished games kept for later, summed up (worked out once per change)."""
        if self._kept is None:
            playing = None if self.played is None else self.played.record.id
            found = []
            for record in kept_games(self.journal, playing):
                try:
                    found.append(summarise(replay(self.journal, record.id).game, record.id))
                except JournalError as error:  # a game this program cannot replay
                    self.log(f"kept game {record.id} left out: {error}")
            self._kept = tuple(found)
        return self._kept

    def picture(self) -> Image.Image:
        return self.sheet().image

    def sheet(self) -> Sheet:
        """The screen as drawn, with the marks of its texts (its transcript); an amount
        it shows on a picker is kept from here on (only UP/DOWN on that picker, or its own
        OK, moves it)."""
        if self.shutdown_asked:
            return compose_goodbye(self.settings.language)
        context = self.context()
        self.ui = pinned(self.ui, context)
        return compose(self.ui, context)

    def status_line(self) -> str | None:
        """The line kept at the bottom of the screen while something is wrong."""
        if self.problem is not None:
            return self.problem
        if self._camera is CameraState.LOST:
            return say("camera.lost", self.settings.language)
        missing = next(iter(self._missing), None)
        if missing is not None:
            return say(f"{missing.value}.lost", self.settings.language)
        return None

    # -- doing ---------------------------------------------------------------------------------

    def _record(self, event: Event, source: Source, *, from_menu: bool = False) -> bool:
        # The log and the screens name the event and the reasons in people's words (seats
        # from 1); the journal keeps the script's line.
        seat_led = frozenset() if self.played is None else self.played.game.engine.seat_led_actions
        people = self._people()
        said = event_text(event, LOG_LANGUAGE, seat_led=seat_led, people=people)
        if self.played is None:
            self.log(f"no game started: {said} ignored")
            return False
        flagged = len(self.played.game.state.violations)
        try:
            row = self.played.record_event(event, source=source)
        except RefusedEvent as refusal:
            reason = refusal_text(refusal, LOG_LANGUAGE, people=people)
            self.log(f"refused {said} ({source.value}): {reason}")
            language = self.settings.language
            if from_menu:
                self.ui = refused(self.ui, refusal_text(refusal, language, people=people))
            else:
                self._notice(
                    say(
                        "refused.table",
                        language,
                        line=event_text(event, language, seat_led=seat_led, people=people),
                        reason=refusal_text(refusal, language, people=people),
                    ),
                    logged=True,
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
            flagged_text = violation_text(self.violation, LOG_LANGUAGE, people=people)
            self.log(f"violation after {said}: {flagged_text}")
        if isinstance(event, CameraEvent):
            self._forget_questions(event.zone)
        return True

    def _undo(self) -> None:
        if self.played is None:
            return
        try:
            row = self.played.undo(source=Source.BUTTON)
        except RefusedEvent as refusal:
            language = self.settings.language
            self.ui = refused(self.ui, refusal_text(refusal, language, people=self._people()))
        except JournalError as error:
            self._journal_trouble(error)
        else:
            self._written(row)

    def _enter(self, event: CardSeen | ZoneCleared) -> None:
        """A card (or a clearing) entered by hand: a card already placed is refused in
        hand-entry words, before anything is written."""
        if isinstance(event, CardSeen) and self.played is not None:
            reason = placed_already(self.played.game, event)
            if reason is not None:
                people = self._people()
                said = entered_text(reason, LOG_LANGUAGE, people=people)
                self.log(f"refused {event} (entered by hand): {said}")
                language = self.settings.language
                self.ui = refused(self.ui, entered_text(reason, language, people=people))
                return
        self._record(event, Source.BUTTON, from_menu=True)

    def _people(self) -> People | None:
        """The names in the game's seats (None: P1..Pn, or no game)."""
        return None if self.played is None else self.played.game.people

    def _start_game(self, spec: GameSpec, previous: Previous = Previous.FINISHED) -> None:
        try:
            self._leave(previous)
            self.played = JournaledGame.start(self.journal, spec)
        except JournalError as error:
            self._journal_trouble(error)
            return
        self._fresh_table()
        self.last_people = spec.people
        self.log(f"new game {self.played.record.id}: {self.played.record.header}")

    def _resume_game(self, game_id: int, previous: Previous) -> None:
        try:
            self._leave(previous)
            self.played, bad = JournaledGame.resume(self.journal, game_id)
        except JournalError as error:
            self._journal_trouble(error)
            return
        for row in bad:
            self.log(str(row))
        self._fresh_table()
        self.last_people = self.played.game.people
        self.log(f"resumed game {game_id}: {self.played.record.header}")

    def _leave(self, previous: Previous) -> None:
        """The game at the table gives way: finished, kept for later or abandoned."""
        played = self.played
        if played is None:
            return
        if previous is Previous.FINISHED:
            played.finish()
        elif previous is Previous.ABANDONED:
            self._written(played.abandon(source=Source.BUTTON))
            self.log(f"game {played.record.id} abandoned")
        else:
            self.log(f"game {played.record.id} kept for later")
        self.played = None
        self._kept = None

    def _fresh_table(self) -> None:
        self._recording_again()
        self.questions.clear()
        self.violation = None
        self._kept = None
        self.ui = self.ui.at_a_new_table()

    def _change_roster(self, change: RosterChange) -> None:
        try:
            self.people.change(change)
        except RosterError as error:
            self.log(f"roster: {change} refused: {error}")
            language = self.settings.language
            if isinstance(change, AddPerson):
                said = say("roster.full", language, most=MAX_ROSTER)
            else:
                said = say("roster.refused", language, name=change.name)
            self.ui = refused(self.ui, said)
        except JournalError as error:
            self._journal_trouble(error)
            self.ui = refused(self.ui, self.problem or str(error))
        else:
            self._recording_again()
            self.log(f"roster: {change}")

    def _evening(self) -> Evening | None:
        """The evening now; none (the page says no game yet) where the journal cannot be
        read, which the log says."""
        try:
            return self.people.evening()
        except JournalError as error:
            self.log(f"the evening could not be read: {error}")
            return None

    def _new_evening(self) -> None:
        try:
            self.people.new_evening()
        except JournalError as error:
            self._journal_trouble(error)
            return
        self._recording_again()
        self.log("a new evening begins with the next game")
        self._notice(say("evening.marked", self.settings.language), logged=True)

    def _forget_questions(self, zone: str) -> None:
        self.questions = deque(question for question in self.questions if question.zone != zone)

    def _written(self, row: EventRow) -> None:
        self._recording_again()
        self._rows_written.append(row)

    def _journal_trouble(self, error: JournalError) -> None:
        """Said on the screen at every failed write, logged once an episode (a full disk
        fails every event until there is room again)."""
        if type(error) is not self.trouble:
            self.log(str(error))
            self.trouble = type(error)
        self.failed_writes += 1
        language = self.settings.language
        if isinstance(error, JournalFull):
            self.problem = say("journal.full", language)
        else:
            self.problem = say("journal.failed", language, reason=error)

    def _recording_again(self) -> None:
        if self.trouble is not None:
            what = "the disk has room again" if self.trouble is JournalFull else "it writes"
            self.log(f"the journal records again ({what}) after {self.failed_writes} failed writes")
        self.problem = None
        self.trouble = None
        self.failed_writes = 0

    def _notice(self, text: str, *, logged: bool = False) -> None:
        if not logged:
            self.log(text)
        self.ui = dataclasses.replace(self.ui, notice=" ".join(text.split()))
