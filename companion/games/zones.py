"""The zones a game is played on with its options, and what the camera side is told of it."""

from __future__ import annotations

import re
from typing import Any

from companion.games.engine import GameEngine
from companion.values.watched import WatchedGame

SEAT_ZONE = re.compile(r"seat(\d+)")


def zones_in_play(engine: GameEngine[Any, Any]) -> tuple[str, ...]:
    """The engine's zones without the seats beyond its players."""
    players = str(engine.options_json().get("players", ""))
    zones = []
    for zone in engine.zones:
        seat = SEAT_ZONE.match(zone)
        if seat and players.isdigit() and int(seat.group(1)) >= int(players):
            continue
        zones.append(zone)
    return tuple(zones)


def watched_game(engine: GameEngine[Any, Any]) -> WatchedGame:
    """The game as the camera side needs it: the deck of its own options and its zones."""
    return WatchedGame(engine.game_id, engine.deck, zones_in_play(engine))
