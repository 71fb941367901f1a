"""A table for controller tests: a real game, the controller, and an app that does what
the intents ask (apply, undo, start, change settings), as the real app will."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from companion.games.errors import RefusedEvent
from companion.games.events import parse_event
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.ui.controller import UiContext, UiState, context_for, handle, refused, render
from companion.ui.intents import (
    AnswerUnsure,
    ApplyEvent,
    ChangeSetting,
    Intent,
    Shutdown,
    StartGame,
    UndoLast,
)
from companion.ui.menus.state import UnsureReading
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings

UP = ButtonPress(Button.UP)
DOWN = ButtonPress(Button.DOWN)
OK = ButtonPress(Button.OK)
BACK = ButtonPress(Button.BACK)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
LONG_BACK = ButtonPress(Button.BACK, PressKind.LONG)
UP_HELD = ButtonPress(Button.UP, PressKind.REPEAT)
DOWN_HELD = ButtonPress(Button.DOWN, PressKind.REPEAT)


def game_from(text: str) -> Game:
    return replay_script(parse_script(text, "test")).game


@dataclass
class Table:
    game: Game | None = None
    settings: UiSettings = field(default_factory=UiSettings)
    unsure: UnsureReading | None = None
    state: UiState = field(default_factory=UiState)
    intents: list[Intent] = field(default_factory=list)
    presses: int = 0
    shut_down: bool = False

    @classmethod
    def playing(cls, text: str) -> Table:
        return cls(game=game_from(text))

    def context(self) -> UiContext:
        return context_for(self.game, self.settings, unsure=self.unsure)

    def camera(self, *lines: str) -> None:
        assert self.game is not None
        for line in lines:
            self.game.apply(parse_event(line))

    def press(self, *presses: ButtonPress) -> None:
        for press in presses:
            self.presses += 1
            self.state, intents = handle(self.state, press, self.context())
            for intent in intents:
                self.intents.append(intent)
                self.carry_out(intent)

    def carry_out(self, intent: Intent) -> None:
        if isinstance(intent, ApplyEvent):
            assert self.game is not None
            try:
                self.game.apply(intent.event)
            except RefusedEvent as refusal:
                self.state = refused(self.state, str(refusal))
        elif isinstance(intent, UndoLast):
            assert self.game is not None
            self.game.undo()
        elif isinstance(intent, StartGame):
            self.game = Game.of(intent.spec)
        elif isinstance(intent, ChangeSetting):
            self.settings = intent.settings
        elif isinstance(intent, Shutdown):
            self.shut_down = True
        elif isinstance(intent, AnswerUnsure):
            self.unsure = None

    def screen(self) -> Image.Image:
        return render(self.state, self.context())

    def events(self) -> list[str]:
        assert self.game is not None
        return [str(event) for event in self.game.events]
