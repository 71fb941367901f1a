"""The games this program plays: one line per game built in, and ``register`` for more.

Each game is a ``GamePlugin`` (``companion.games.plugin``): a built-in one is the
``PLUGIN`` of the module its line names below, imported when that game is first asked
for; ``register(plugin)`` adds a game from anywhere else (a test's, a table's own), and
``unregister(game_id)`` takes it away again. Everything outside a game's folder asks for
a game here, by its id:

    plugin("oh-hell").mat          # its mat design; .screen, .words, .sheet, .film ...
    make_engine("oh-hell", {"players": "4"})
    game_ids()                     # every game, the built-in ones first, in their order

A game's place in ``game_ids()`` is also its mat's number (the corner markers' ids), so
the built-in games keep their order and a registered game comes after them.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.games.engine import GameEngine
from companion.games.errors import OptionError
from companion.games.plugin import GamePlugin

AnyEngine = GameEngine[Any, Any]

# One line per game built in: its id and the module whose PLUGIN it is.
BUILT_IN: dict[str, str] = {
    "oh-hell": "companion.games.oh_hell.plugin",
    "oczko": "companion.games.oczko.plugin",
    "ochko-21": "companion.games.ochko21.plugin",
    "ochko-bank": "companion.games.ochko_bank.plugin",
    "gwiazda": "companion.games.gwiazda.plugin",
}
# The game the commands start with when none is named (the demo's, the terminal's).
DEFAULT_GAME = "oh-hell"


class _Games:
    """The registered games by id: a module name until the game is first asked for."""

    def __init__(self) -> None:
        self.entries: dict[str, str | GamePlugin] = dict(BUILT_IN)
        self.version = 0

    def plugin(self, game_id: str) -> GamePlugin:
        try:
            entry = self.entries[game_id]
        except KeyError:
            known = ", ".join(self.entries)
            raise OptionError(f'unknown game "{game_id}" (games: {known})') from None
        if isinstance(entry, str):
            loaded = importlib.import_module(entry).PLUGIN
            if not isinstance(loaded, GamePlugin) or loaded.game_id != game_id:
                raise TypeError(f"{entry}.PLUGIN is not the GamePlugin of {game_id!r}")
            self.entries[game_id] = entry = loaded
        return entry


_GAMES = _Games()


def register(plugin: GamePlugin) -> None:
    """Play this game too (after the others); ValueError when its id is taken."""
    if plugin.game_id in _GAMES.entries:
        raise ValueError(f'a game "{plugin.game_id}" is registered already')
    _GAMES.entries[plugin.game_id] = plugin
    _GAMES.version += 1


def unregister(game_id: str) -> None:
    """No longer play this game (a registered one; the built-in games stay)."""
    if game_id in BUILT_IN:
        raise ValueError(f'"{game_id}" is built in')
    if _GAMES.entries.pop(game_id, None) is not None:
        _GAMES.version += 1


def version() -> int:
    """A number that changes whenever a game is registered or unregistered: what is
    gathered from every game (the words, the mats) is gathered again when it changes."""
    return _GAMES.version


def game_ids() -> tuple[str, ...]:
    return tuple(_GAMES.entries)


def plugin(game_id: str) -> GamePlugin:
    """The game ``game_id``; ``OptionError`` naming the games for an unknown one."""
    return _GAMES.plugin(game_id)


def plugins() -> tuple[GamePlugin, ...]:
    return tuple(_GAMES.plugin(game_id) for game_id in game_ids())


def engine_class(game_id: str) -> type[AnyEngine]:
    module_name, _, class_name = plugin(game_id).engine.partition(":")
    engine: type[AnyEngine] = getattr(importlib.import_module(module_name), class_name)
    return engine


def make_engine(game_id: str, options: dict[str, str]) -> AnyEngine:
    return engine_class(game_id).from_option_words(options)
