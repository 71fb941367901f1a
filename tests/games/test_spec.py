"""``GameSpec``: a game and its options as a value, and its one text form, the header."""

from __future__ import annotations

import pytest

from companion.games.errors import OptionError
from companion.games.registry import engine_class, game_ids
from companion.games.script import ScriptError, parse_script
from companion.games.spec import GameSpec, format_header, parse_header


def test_a_header_names_the_options_that_differ_or_every_one() -> None:
    spec = GameSpec.parse("game oh-hell players=5 hook=on dealer=0")
    assert spec.header() == "game oh-hell players=5 hook=on"
    assert str(spec) == spec.header()
    every = spec.header(every_option=True)
    assert every.startswith("game oh-hell players=5 dealer=0 hand=1 ")
    assert GameSpec.parse(every) == spec
    assert GameSpec.parse("game oczko").header() == "game oczko"


def test_the_header_is_formatted_and_read_once() -> None:
    assert format_header("oczko", {"version": "2"}) == "game oczko version=2"
    assert parse_header("game oczko version=2") == ("oczko", {"version": "2"})


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("poker", 'the first line must be "game ID options"'),
        ("game", 'the first line must be "game ID options"'),
        ("game poker", 'unknown game "poker"'),
        ("game oh-hell players", '"players" is not an option'),
        ("game oh-hell players=banana", 'option "players": "banana" is not a whole number'),
        ("game oh-hell trumps=on", 'unknown option "trumps" for oh-hell'),
    ],
)
def test_a_line_that_names_no_playable_game_is_refused_saying_why(line: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GameSpec.parse(line)


def test_a_scripts_spec_names_its_first_line_when_refused() -> None:
    script = parse_script("# a game\n\ngame oh-hell players=9\ncard trump 9H\n", "my.txt")
    with pytest.raises(ScriptError, match=r"my\.txt, line 3: option \"players\""):
        script.spec()


@pytest.mark.parametrize("game", game_ids())
def test_each_games_spec_reads_back_from_its_header_and_makes_its_engine(game: str) -> None:
    spec = GameSpec(game, engine_class(game).options_type())
    for every_option in (False, True):
        assert GameSpec.parse(spec.header(every_option=every_option)) == spec
    engine = spec.engine()
    assert isinstance(engine, engine_class(game)) and engine.options == spec.options
    assert GameSpec.of_engine(engine) == spec
