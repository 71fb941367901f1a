"""The built-in games' example scripts, as the tests read them (through the registry)."""

from __future__ import annotations

from pathlib import Path

from companion.games.registry import game_ids, plugin


def example_scripts() -> list[tuple[str, str]]:
    """Each game's example as (``GAME.txt``, its text), in the registry's order."""
    return [(f"{game}.txt", plugin(game).example_text()) for game in game_ids()]


def example_path(game: str) -> Path:
    """Where the example of a built-in game is (a file in its folder)."""
    return Path(str(plugin(game).example))
