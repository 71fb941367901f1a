"""What the camera side is told of a game: the deck of its own options and its zones."""

from __future__ import annotations

from typing import Any

from companion.games.engine import GameEngine
from companion.values.watched import WatchedGame


def watched_game(engine: GameEngine[Any, Any]) -> WatchedGame:
    """The game as the camera side needs it: the deck of its own options and the zones a
    card can be put on at its table (the engine's ``table_zones`` hook)."""
    return WatchedGame(engine.game_id, engine.deck, engine.table_zones())
