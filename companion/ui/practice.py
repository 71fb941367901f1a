"""A table without a camera, for the terminal demo: the game is played from the buttons
and the camera's events come from a script (a bundled example).

After each button action the script's camera events are fed up to its next button
action, which the player then enters from the buttons. An action other than the
script's leaves the script: from then on no more camera events come.
"""

from __future__ import annotations

import dataclasses
from collections import deque

from companion.games.errors import OptionError, RefusedEvent
from companion.games.events import Action, Event
from companion.games.registry import make_engine
from companion.games.script import Script, ScriptError, parse_script
from companion.games.session import Game
from companion.ui.controller import UiContext, UiState, context_for, handle, refused
from companion.ui.intents import (
    AnswerUnsure,
    ApplyEvent,
    ChangeSetting,
    Intent,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.presses import ButtonPress
from companion.ui.settings import UiSettings


class PracticeTable:
    def __init__(self, script: Script, settings: UiSettings | None = None) -> None:
        self.game: Game | None = Game(make_engine(script.game, script.options))
        self.settings = settings or UiSettings()
        self.state = UiState()
        self.stopped = False
        self._camera: deque[Event] = deque(line.event for line in script.lines)
        self.feed_camera()

    @classmethod
    def from_text(cls, text: str, source: str, settings: UiSettings | None = None) -> PracticeTable:
        return cls(parse_script(text, source), settings)

    @property
    def following_script(self) -> bool:
        return bool(self._camera)

    def context(self) -> UiContext:
        return context_for(self.game, self.settings)

    def press(self, press: ButtonPress) -> tuple[Intent, ...]:
        self.state, intents = handle(self.state, press, self.context())
        for intent in intents:
            self._carry_out(intent)
        return intents

    def feed_camera(self) -> None:
        """Apply the script's camera events up to its next button action."""
        while self._camera and self.game is not None:
            event = self._camera[0]
            if isinstance(event, Action):
                return
            self._camera.popleft()
            try:
                self.game.apply(event)
            except RefusedEvent:
                self._camera.clear()  # the table went its own way

    def _carry_out(self, intent: Intent) -> None:
        if isinstance(intent, ApplyEvent):
            self._apply(intent.event)
        elif isinstance(intent, UndoLast) and self.game is not None:
            self.game.undo()
            self._camera.clear()
        elif isinstance(intent, StartGame):
            self._start(intent.header_line)
        elif isinstance(intent, ChangeSetting):
            self.settings = intent.settings
        elif isinstance(intent, Shutdown):
            self.stopped = True
        elif isinstance(intent, AnswerUnsure):
            pass  # the practice table has no camera to be unsure

    def _apply(self, event: Action) -> None:
        if self.game is None:
            return
        try:
            self.game.apply(event)
        except RefusedEvent as refusal:
            self.state = refused(self.state, str(refusal))
            return
        if self._camera and self._camera[0] == event:
            self._camera.popleft()
            self.feed_camera()
        else:
            self._camera.clear()

    def _start(self, header_line: str) -> None:
        try:
            script = parse_script(header_line + "\n", "menu")
            self.game = Game(make_engine(script.game, script.options))
        except (ScriptError, OptionError) as error:
            self.state = dataclasses.replace(self.state, notice=str(error))
            return
        self._camera.clear()
