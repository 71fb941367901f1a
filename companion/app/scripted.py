"""``companion run --scripted SCRIPT --report-shown``: a scripted session fed to the running
app beside its real inputs (a game's script played for ever, undos pressed now and then),
and a listener that says on stdout when each journal row's effect is on the screen. The
crash and power-cut tests kill the app under it; the booted system's test plays it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.app.assembly import Listener
from companion.app.feeds import Inbox
from companion.app.kiosk import Kiosk
from companion.app.messages import Intended, Message, Press, TableNews
from companion.games.events import Action, parse_event
from companion.games.script import Script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow
from companion.table.events import TableEvent
from companion.ui.intents import ApplyEvent, StartGame
from companion.ui.presses import Button, ButtonPress, PressKind

# The session's step that undoes the last event (a long BACK, then OK).
UNDO_STEP = "undo"
SHOWN = "shown"  # the child's line "shown GAME SEQ": the event's effect is on screen
READY = "ready"
# A scripted feed waits while the inbox holds this many messages, so a feed that never
# ends cannot fill memory ahead of the main loop.
SCRIPT_BACKLOG = 32
# An undo as a player presses it: BACK twice puts away whatever lies over the screen (a
# refusal or a violation, then a round's outcome; with none, the pages and back), a long
# BACK asks, DOWN moves to yes, OK answers.
UNDO_PRESSES = (
    ButtonPress(Button.BACK),
    ButtonPress(Button.BACK),
    ButtonPress(Button.BACK, PressKind.LONG),
    ButtonPress(Button.DOWN),
    ButtonPress(Button.OK),
)


def session_steps(script: Script, *, undo_every: int = 5) -> tuple[str, ...]:
    """The script's events, with every ``undo_every``-th one taken back and made again."""
    steps: list[str] = []
    for number, line in enumerate(script.lines, start=1):
        steps.append(str(line.event))
        if number % undo_every == 0:
            steps += [UNDO_STEP, str(line.event)]
    return tuple(steps)


class ScriptFeed:
    """A scripted session played for ever: camera lines as the tracker would send them,
    action lines as the menus would, ``undo`` as the presses that undo
    (``UNDO_PRESSES``); at the end, a new game of the same spec (the last one is finished).
    ``start_at``: the steps the journal already holds (a resumed game carries on);
    ``gap_s``: the seconds between two steps (0: as fast as the kiosk takes them)."""

    def __init__(
        self,
        spec: GameSpec,
        steps: Sequence[str],
        inbox: Inbox,
        stop: threading.Event,
        *,
        start_at: int = 0,
        gap_s: float = 0.0,
    ) -> None:
        self.spec = spec
        self.steps = tuple(steps)
        self.inbox = inbox
        self.stop = stop
        self.start_at = start_at
        self.gap_s = gap_s
        self.thread = threading.Thread(target=self.run, name="script", daemon=True)

    def messages(self, step: str) -> tuple[Message, ...]:
        if step == UNDO_STEP:
            return tuple(Press(press) for press in UNDO_PRESSES)
        event = parse_event(step)
        if isinstance(event, Action):
            return (Intended(ApplyEvent(event)),)
        return (TableNews(0.0, time.monotonic(), (TableEvent(0.0, event),)),)

    def run(self) -> None:
        position = self.start_at
        while not self.stop.is_set():
            if self.inbox.qsize() >= SCRIPT_BACKLOG:
                self.stop.wait(0.002)
                continue
            if position >= len(self.steps):
                self.inbox.put(Intended(StartGame(self.spec)))
                position = 0
                continue
            for message in self.messages(self.steps[position]):
                self.inbox.put(message)
            position += 1
            if self.gap_s:
                self.stop.wait(self.gap_s)


class ScriptedSession:
    """The side feed of ``run --scripted``: the script's session, carried on from the rows
    the resumed game holds (the kiosk resumes it as it starts, before threads start)."""

    def __init__(self, path: Path, *, gap_s: float = 0.0) -> None:
        from companion.games.script import parse_script

        self.gap_s = gap_s

        script = parse_script(path.read_text("utf-8"), str(path))
        self.spec, self.steps = script.spec(), session_steps(script)

    def thread(self, kiosk: Kiosk, inbox: Inbox, stop: threading.Event) -> threading.Thread:
        def run() -> None:
            played = kiosk.table.played
            start_at = len(self.steps) if played is None else played.rows
            ScriptFeed(
                self.spec, self.steps, inbox, stop, start_at=start_at, gap_s=self.gap_s
            ).run()

        return threading.Thread(target=run, name="script", daemon=True)


def shown_reporter(out: Callable[[str], None]) -> Listener:
    """``ready`` after the first screen, ``shown GAME SEQ`` once a row's effect is shown."""

    def shown(row: EventRow) -> None:
        out(f"{SHOWN} {row.game} {row.seq}")

    return Listener(on_ready=lambda: out(READY), on_shown=shown)
