"""The typed view of whichever game is at the table: what every screen draws from."""

from __future__ import annotations

from companion.games.gwiazda.engine import Gwiazda
from companion.games.gwiazda.view import GwiazdaView
from companion.games.ochko21.engine import Ochko21
from companion.games.ochko21.view import Ochko21View
from companion.games.ochko_bank.engine import OchkoBank
from companion.games.ochko_bank.view import OchkoBankView
from companion.games.oczko.engine import Oczko
from companion.games.oczko.view import OczkoView
from companion.games.oh_hell.engine import OhHell
from companion.games.oh_hell.view import OhHellView
from companion.games.session import Game

GameView = OhHellView | OczkoView | Ochko21View | OchkoBankView | GwiazdaView


class NoView(TypeError):
    """A game whose engine has no screen view (a test engine, say)."""


def game_view(game: Game) -> GameView:
    """The view of the game's current state, from its own engine."""
    engine = game.engine
    if isinstance(engine, OhHell):
        return engine.view(game.state)
    if isinstance(engine, Oczko):
        return engine.view(game.state)
    if isinstance(engine, Ochko21):
        return engine.view(game.state)
    if isinstance(engine, OchkoBank):
        return engine.view(game.state)
    if isinstance(engine, Gwiazda):
        return engine.view(game.state)
    raise NoView(f"no screen view for the game {engine.game_id!r}")
