"""The box's roster: a fold of its move lines; a move it cannot take changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.roster import (
    AddPerson,
    MovePerson,
    NewEvening,
    RemovePerson,
    Roster,
    RosterError,
    fold_roster,
    parse_box_move,
)


def test_each_move_reads_back_from_its_line() -> None:
    for move in (AddPerson("Ania"), RemovePerson("Дима"), MovePerson("Ola", 2), NewEvening()):
        assert parse_box_move(str(move)) == move


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("person add", "is not a move of the box"),
        ("person add Anna Maria", "takes add NAME"),
        ("person hug Ania", "takes add NAME"),
        ("person add Bar=tek", 'holds "="'),
        ("evening old", "is not a move of the box"),
    ],
)
def test_a_line_that_is_no_move_is_refused_saying_why(line: str, why: str) -> None:
    with pytest.raises(RosterError, match=why):
        parse_box_move(line)


def test_the_roster_is_the_fold_of_its_moves() -> None:
    lines = [
        "person add Ania",
        "person add Bartek",
        "evening new",
        "person add Celina",
        "person move Celina 0",
        "person remove Bartek",
        "person add ania",  # Ania is there already: skipped, said
        "person remove Zenon",
    ]
    fold = fold_roster(lines)
    assert fold.roster == Roster(("Celina", "Ania"))
    assert [line for line, _ in fold.skipped] == ["person add ania", "person remove Zenon"]
    assert "is on the roster already" in fold.skipped[0][1]


def test_a_refused_move_leaves_the_roster_as_it_was() -> None:
    roster = Roster(("Ania",))
    for move in (AddPerson("ANIA"), RemovePerson("Ola"), MovePerson("Ania", 1)):
        assert roster.can(move) is not None
        with pytest.raises(RosterError):
            roster.changed(move)
    assert roster == Roster(("Ania",))


@given(
    st.lists(st.sampled_from(["Ania", "Bartek", "Celina", "Dima", "Ewa"]), unique=True),
    st.data(),
)
def test_moving_a_name_keeps_every_name_once(names: list[str], data: st.DataObject) -> None:
    roster = Roster(tuple(names))
    if not names:
        return
    name = data.draw(st.sampled_from(names))
    to = data.draw(st.integers(0, len(names) - 1))
    moved = roster.changed(MovePerson(name, to))
    assert sorted(moved.names) == sorted(names) and moved.names[to] == name
