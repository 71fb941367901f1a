"""A game to start, as a value: its id and its options (``GameSpec``), and the one text
form of it, ``game ID key=value ...``: the first line of an event script and the header
the journal keeps for each game.

Layers pass the value (the new-game menu's intent, a script's game, the journal's start);
the text is written and read only where it is stored or typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.errors import OptionError
from companion.games.options import option_words, parse_options, split_option_words
from companion.games.registry import AnyEngine, engine_class

HEADER_WORD = "game"


def format_header(game: str, words: Mapping[str, str]) -> str:
    """``game ID key=value ...``: the header line of ``game`` with option ``words``."""
    return " ".join([HEADER_WORD, game, *(f"{key}={value}" for key, value in words.items())])


def parse_header(line: str) -> tuple[str, dict[str, str]]:
    """The game id and the option words of a header line; ``OptionError`` when it is not
    one, or its words are not options."""
    words = line.split()
    if len(words) < 2 or words[0] != HEADER_WORD:
        raise OptionError(
            f'"{line}": the first line must be "game ID options", like "game oh-hell players=4"'
        )
    return words[1], split_option_words(words[2:])


@dataclass(frozen=True)
class GameSpec:
    """A game id and its options, as the game's own options value (checked: a spec that
    exists names a game this program plays, with options it takes)."""

    game: str
    options: Any

    @classmethod
    def of(cls, game: str, words: Mapping[str, str]) -> GameSpec:
        """The spec of ``game`` with its option ``words``; ``OptionError`` naming what is
        wrong (an unknown game, option or value)."""
        return cls(game, parse_options(engine_class(game).options_type, words, game))

    @classmethod
    def parse(cls, line: str) -> GameSpec:
        """The spec a header line names; ``OptionError`` naming what is wrong."""
        return cls.of(*parse_header(line))

    @classmethod
    def of_engine(cls, engine: AnyEngine) -> GameSpec:
        return cls(engine.game_id, engine.options)

    def engine(self) -> AnyEngine:
        return engine_class(self.game)(self.options)

    def header(self, *, every_option: bool = False) -> str:
        """The header line: the options that differ from their defaults, or (for the
        journal, so that a later change of a default never changes how a stored game
        replays) every one."""
        return format_header(self.game, option_words(self.options, every_option=every_option))

    def __str__(self) -> str:
        return self.header()
