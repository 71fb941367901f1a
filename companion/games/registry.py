"""Game ids and their engines, imported only when a game is asked for."""

from __future__ import annotations

import importlib
from typing import Any

from companion.games.engine import GameEngine
from companion.games.errors import OptionError

# One line per game: its id and where its engine class is (imported when first asked for).
ENGINES: dict[str, str] = {
    "oh-hell": "companion.games.oh_hell.engine:OhHell",
    "oczko": "companion.games.oczko.engine:Oczko",
    "ochko-21": "companion.games.ochko21.engine:Ochko21",
    "ochko-bank": "companion.games.ochko_bank.engine:OchkoBank",
    "gwiazda": "companion.games.gwiazda.engine:Gwiazda",
}

GAME_IDS: tuple[str, ...] = tuple(ENGINES)

AnyEngine = GameEngine[Any, Any]


def engine_class(game_id: str) -> type[AnyEngine]:
    try:
        target = ENGINES[game_id]
    except KeyError:
        known = ", ".join(GAME_IDS)
        raise OptionError(f'unknown game "{game_id}" (games: {known})') from None
    module_name, _, class_name = target.partition(":")
    engine: type[AnyEngine] = getattr(importlib.import_module(module_name), class_name)
    return engine


def make_engine(game_id: str, options: dict[str, str]) -> AnyEngine:
    return engine_class(game_id).from_option_words(options)
