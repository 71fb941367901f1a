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
from companion.games.people import PEOPLE_OPTION, People, parse_people_option
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
    exists names a game this program plays, with options it takes), and the people in
    its seats where the game names them (``people=``: an option of every game, which the
    engines never see)."""

    game: str
    options: Any
    people: People | None = None

    @classmethod
    def of(cls, game: str, words: Mapping[str, str]) -> GameSpec:
        """The spec of ``game`` with its option ``words``; ``OptionError`` naming what is
        wrong (an unknown game, option or value, a bad name, a name too many)."""
        rest = dict(words)
        named = rest.pop(PEOPLE_OPTION, None)
        options = parse_options(engine_class(game).options_type, rest, game)
        spec = cls(game, options)
        if named is None:
            return spec
        return spec.with_people(parse_people_option(named))

    def with_people(self, people: People | None) -> GameSpec:
        """This game played by ``people`` (None: by P1..Pn); ``BadName`` unless they
        fill its seats."""
        if people is not None:
            people.check_seats(self.seats, self.game)
        return GameSpec(self.game, self.options, people)

    @property
    def seats(self) -> int:
        """How many seats the game has with these options."""
        engine = self.engine()
        return len(engine.state_json(engine.initial_state())["seats"])

    @classmethod
    def parse(cls, line: str) -> GameSpec:
        """The spec a header line names; ``OptionError`` naming what is wrong."""
        return cls.of(*parse_header(line))

    @classmethod
    def of_engine(cls, engine: AnyEngine, people: People | None = None) -> GameSpec:
        return cls(engine.game_id, engine.options, people)

    def engine(self) -> AnyEngine:
        return engine_class(self.game)(self.options)

    def header(self, *, every_option: bool = False) -> str:
        """The header line: the options that differ from their defaults, or (for the
        journal, so that a later change of a default never changes how a stored game
        replays) every one; the people last."""
        words = option_words(self.options, every_option=every_option)
        if self.people is not None:
            words[PEOPLE_OPTION] = self.people.format()
        return format_header(self.game, words)

    def __str__(self) -> str:
        return self.header()
