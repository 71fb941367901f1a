"""Shared helpers for the journal tests: a ticking clock and the example games."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.games.script import Script, parse_script
from companion.games.session import Game
from tests.examples import example_path

EXAMPLE_GAMES = ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")


class TickingClock:
    """A clock that moves ``step`` (a second) each time it is read."""

    def __init__(
        self,
        *,
        start: datetime = datetime(2026, 11, 26, 20, 0, tzinfo=UTC),
        step: timedelta = timedelta(seconds=1),
    ) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def example(game: str) -> Script:
    path = example_path(game)
    return parse_script(path.read_text("utf-8"), str(path))


def header_of(script: Script) -> str:
    return script.spec().header()


def comparable(game: Game) -> Any:
    """The game's state with its violations' line numbers dropped: a script numbers its
    lines, the journal its rows."""
    state = game.state
    return dataclasses.replace(
        state, violations=[dataclasses.replace(v, line=None) for v in state.violations]
    )
