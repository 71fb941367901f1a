"""People in a game's seats: the ``people=`` option, checked once for every game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.people import MAX_NAME_LENGTH, BadName, People, name_problem
from companion.games.registry import game_ids
from companion.games.script import ScriptError, parse_script
from companion.games.session import Game, replay_script
from companion.games.spec import GameSpec


@pytest.mark.parametrize(
    "name", ["Ania", "Łucja", "Żaneta", "Дима", "Ёжик", "Jean-Luc", "O'Neil", "St.John", "Ola2"]
)
def test_names_of_the_table_are_taken(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "a name is empty"),
        ("A" * (MAX_NAME_LENGTH + 1), f"longer than {MAX_NAME_LENGTH} characters"),
        ("Anna Maria", "holds a space"),
        ("Bar#tek", 'holds "#"'),
        ("x=y", 'holds "="'),
        ("-Ola", 'starts with "-"'),
        ("Ὀδυσσεύς", "Latin or Cyrillic letters"),
        ("Ania😀", "Latin or Cyrillic"),
    ],
)
def test_a_bad_name_is_refused_saying_why(name: str, why: str) -> None:
    problem = name_problem(name)
    assert problem is not None and why in problem


def test_two_people_of_a_game_never_share_a_name() -> None:
    with pytest.raises(BadName, match='"ania" is named twice'):
        People.parse("Ania,Bartek,ania")


@pytest.mark.parametrize("game", game_ids())
def test_every_game_takes_people_as_many_as_its_seats(game: str) -> None:
    seats = GameSpec.of(game, {}).seats
    names = ",".join(f"N{seat}" for seat in range(seats))
    spec = GameSpec.parse(f"game {game} people={names}")
    assert spec.people == People.parse(names)
    assert GameSpec.parse(spec.header(every_option=True)) == spec
    assert spec.header().endswith(f" people={names}")
    with pytest.raises(BadName, match=f"{seats + 1} names for the {seats} seats of {game}"):
        GameSpec.parse(f"game {game} people={names},Extra")


def test_names_never_change_the_other_options() -> None:
    named = GameSpec.parse("game oh-hell people=Ania,Bartek,Celina,Dima,Ewa players=5 hook=on")
    plain = GameSpec.parse("game oh-hell players=5 hook=on")
    assert named.options == plain.options and plain.people is None
    assert named.header() == "game oh-hell players=5 hook=on people=Ania,Bartek,Celina,Dima,Ewa"


def test_a_bad_name_in_a_script_names_its_line() -> None:
    script = parse_script("# evening\ngame oh-hell players=3 people=Ania,Bartek,Ce_lina\n", "e.txt")
    with pytest.raises(ScriptError, match=r'e\.txt, line 2: option "people": "Ce_lina" holds'):
        script.spec()


def test_the_json_of_a_named_game_carries_its_people_by_seat() -> None:
    script = parse_script("game oczko players=3 people=Ania,Bartek,Celina\n")
    state = replay_script(script).to_json()
    assert state["people"] == ["Ania", "Bartek", "Celina"]
    assert [(seat["seat"], seat["name"]) for seat in state["seats"]] == [
        (0, "Ania"),
        (1, "Bartek"),
        (2, "Celina"),
    ]
    json.dumps(state)
    plain = Game.of(GameSpec.parse("game oczko players=3")).to_json()
    assert "people" not in plain and "name" not in plain["seats"][0]


@given(st.lists(st.sampled_from("abcdefgh"), min_size=3, max_size=3, unique=True))
def test_rotating_seats_moves_each_person_one_seat_on(letters: list[str]) -> None:
    people = People.of(letter.upper() for letter in letters)
    rotated = people.rotated()
    assert rotated.names == (people.names[-1], *people.names[:-1])
    assert people.rotated(len(people)) == people
