"""Shared helpers of the Oczko tests: build a table and feed it event lines."""

from __future__ import annotations

import pytest

from companion.games.errors import RefusedEvent
from companion.games.events import parse_event
from companion.games.oczko.engine import Oczko
from companion.games.session import Game


def table(**options: str) -> Game:
    return Game(Oczko.from_option_words(dict(options)))


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game.apply(parse_event(line))
    return game


def refused(game: Game, line: str, kind: type[RefusedEvent] = RefusedEvent) -> str:
    """Apply a line that must be refused; returns the reason and checks nothing changed."""
    before = game.to_json()
    with pytest.raises(kind) as caught:
        game.apply(parse_event(line))
    assert game.to_json() == before
    return str(caught.value)


def balances(game: Game) -> list[int | float]:
    return [seat["balance"] for seat in game.to_json()["seats"]]
