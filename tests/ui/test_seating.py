"""Who sits where in a new game: one press keeps the last game's people, one rotates them;
names chosen seat by seat from the roster start on who sat there last."""

from __future__ import annotations

import pytest

from companion.games.people import People
from companion.games.roster import Roster
from companion.tools.name_presses import (
    OVER_SCRIPT,
    PLAYED_SCRIPT,
    game_of,
    presses_to_play_again,
)
from companion.ui.controller import context_for
from companion.ui.presses import Button, ButtonPress
from companion.ui.seating import Choice, Outcome, Seated, Seating, compose, press, start
from companion.values.language import Language
from tests.ui.test_fit import problems

OK, UP, DOWN, BACK = (ButtonPress(b) for b in (Button.OK, Button.UP, Button.DOWN, Button.BACK))
LAST = People.parse("Ania,Bartek,Celina,Dima")
ROSTER = Roster(("Ewa", "Dima", "Celina", "Bartek", "Ania"))


def _play(seating: Seating, presses: list[ButtonPress]) -> Seated:
    seated = Seated(seating)
    for pressed in presses:
        seated = press(seated.seating, pressed)
    return seated


def test_one_press_keeps_the_last_games_people_in_their_seats() -> None:
    seated = _play(start(4, LAST, ROSTER), [OK])
    assert (seated.outcome, seated.people) == (Outcome.SEATED, LAST)


def test_one_more_rotates_them_a_seat_on() -> None:
    seated = _play(start(4, LAST, ROSTER), [DOWN, OK])
    assert seated.people == People.parse("Dima,Ania,Bartek,Celina")


def test_agame_of_another_size_chooses_from_the_roster_starting_on_last_seats() -> None:
    seating = start(3, LAST, ROSTER)
    assert seating.choices() == (Choice.CHOOSE, Choice.UNNAMED)
    seated = _play(seating, [OK, OK, OK, UP, OK])  # Ania, Bartek, then Dima before Celina
    assert seated.people == People.parse("Ania,Bartek,Dima")


def test_back_takes_back_a_seat_then_the_choice() -> None:
    seated = _play(start(3, None, ROSTER), [OK, OK, BACK])
    assert seated.seating.chosen == ()
    assert _play(seated.seating, [BACK]).seating.chosen is None
    assert _play(start(3, None, ROSTER), [BACK]).outcome is Outcome.LEFT


def test_no_names_is_always_offered() -> None:
    seated = _play(start(4, None, Roster()), [OK])
    assert (seated.outcome, seated.people) == (Outcome.SEATED, None)


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_every_picture_fits(language: Language) -> None:
    long = People.parse("Małgorzata,Александра,Bartłomiej,Przemysław")
    roster = Roster(long.names)
    for seating in (
        start(4, long, roster),
        Seating(4, long, roster, cursor=3),
        Seating(4, long, roster, chosen=("Małgorzata",), pick=1),
    ):
        assert problems(compose(seating, language)) == [], seating


def test_the_same_peoples_next_game_is_two_presses_once_a_game_is_over() -> None:
    over = presses_to_play_again(context_for(game_of(OVER_SCRIPT)))
    assert len(over) == 2
    # while the game is played it waits after "new game", never one stray press away
    assert len(presses_to_play_again(context_for(game_of(PLAYED_SCRIPT)))) > 2


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_the_kept_people_show_every_seat_cut_to_fit(language: Language) -> None:
    many = People.parse("Bartłomiej,Małgorzata,Konstantyn,Aleksandra,Przemysław")
    sheet = compose(start(5, many, ROSTER), language)
    assert problems(sheet) == []
    keep = next(mark.drawn for mark in sheet.marks if mark.drawn.startswith("="))
    assert "…" not in keep
    assert [name[0] for name in keep[2:].split(", ")] == ["B", "M", "K", "A", "P"]
