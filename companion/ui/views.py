"""The typed view of whichever game is at the table: what every screen draws from.

Each engine builds its own view (its ``view`` hook); the view names the ui module that
draws it, so nothing here knows the games one by one.
"""

from __future__ import annotations

from companion.games.engine import GameView, NoView
from companion.games.session import Game

__all__ = ["GameView", "NoView", "game_view"]


def game_view(game: Game) -> GameView:
    """The view of the game's current state, from its own engine (``NoView`` when the
    engine has none)."""
    return game.engine.view(game.state)
