"""Evenings: games grouped by a gap of hours or a press on "new evening"; each person's
total over them and the transfers that settle the money."""

from __future__ import annotations

import dataclasses
import itertools
from datetime import UTC, datetime, timedelta
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from companion.games.evening import (
    EVENING_GAP,
    Person,
    group_evenings,
    money_transfers,
    running_totals,
    totals,
)
from companion.games.people import People
from companion.games.settling import Transfer
from companion.games.standing import Counted
from companion.games.summary import Ending, GameSummary

EIGHT = datetime(2026, 3, 6, 20, 0, tzinfo=UTC)


def _game(
    number: int,
    start_minutes: int,
    names: str | None,
    amounts: tuple[int, ...],
    *,
    game: str = "oczko",
    length: int = 60,
    winners: tuple[int, ...] = (),
) -> GameSummary:
    started = EIGHT + timedelta(minutes=start_minutes)
    counted = Counted.POINTS if game == "oh-hell" else Counted.MONEY
    return GameSummary(
        number=number,
        game=game,
        people=None if names is None else People.parse(names),
        started=started,
        last_move=started + timedelta(minutes=length),
        ending=Ending.FINISHED,
        counted=counted,
        amounts=tuple(Fraction(amount) for amount in amounts),
        winners=winners,
    )


def test_games_within_hours_of_each_other_are_one_evening() -> None:
    games = [
        _game(1, 0, "Ania,Bartek,Celina", (5, -2, -3)),
        _game(2, 90, "Ania,Bartek,Celina", (1, 1, -2)),
        # the next day
        _game(3, 24 * 60, "Ania,Bartek,Celina", (0, 0, 0)),
    ]
    evenings = group_evenings(games)
    assert [[game.number for game in evening.games] for evening in evenings] == [[1, 2], [3]]
    assert evenings[1].number == 3


def test_the_gap_counts_from_the_last_move_not_the_start() -> None:
    hours = int(EVENING_GAP / timedelta(minutes=1))
    games = [
        _game(1, 0, None, (1, -1, 0), length=hours),  # a long game
        _game(2, hours + 30, None, (1, -1, 0)),  # 30 minutes after its last move
        _game(3, 2 * hours + 60 + hours, None, (1, -1, 0)),  # hours after that one
    ]
    assert [len(evening.games) for evening in group_evenings(games)] == [2, 1]


def test_a_press_on_new_evening_opens_one_at_the_next_game() -> None:
    games = [_game(n, 30 * n, None, (0, 0, 0)) for n in range(1, 5)]
    pressed = EIGHT + timedelta(minutes=75)  # during game 2
    evenings = group_evenings(games, [pressed])
    assert [[game.number for game in evening.games] for evening in evenings] == [[1, 2], [3, 4]]


def test_each_person_is_totalled_over_the_evening_by_name() -> None:
    games = [
        _game(1, 0, "Ania,Bartek,Celina", (10, -4, -6), winners=(0,)),
        _game(2, 60, "Celina,ania,Dima", (3, 2, -5), winners=(0,)),  # seats changed
        _game(3, 120, "Ania,Bartek,Celina,Dima", (30, 12, 8, -5), game="oh-hell", winners=(0,)),
    ]
    (evening,) = group_evenings(games)
    by_name = {total.person.name: total for total in totals(evening)}
    assert list(by_name) == ["Ania", "Bartek", "Celina", "Dima"]
    assert by_name["Ania"].money == 12 and by_name["Ania"].points == 30
    assert (by_name["Ania"].games, by_name["Ania"].wins) == (3, 2)
    assert by_name["Celina"].money == -3 and by_name["Celina"].wins == 1
    assert by_name["Dima"].money == -5
    assert money_transfers(evening) == (
        Transfer("Dima", "Ania", Fraction(5)),
        Transfer("Bartek", "Ania", Fraction(4)),
        Transfer("Celina", "Ania", Fraction(3)),
    )
    numbers, lines = running_totals(evening, Counted.MONEY)
    assert numbers == (1, 2)
    assert {line.person.name: line.values for line in lines}["Dima"] == (
        Fraction(0),
        Fraction(0),
        Fraction(-5),
    )


def test_unnamed_seats_are_that_evenings_p1_to_pn() -> None:
    (evening,) = group_evenings([_game(1, 0, None, (2, -2, 0)), _game(2, 60, None, (1, 0, -1))])
    assert evening.people() == tuple(Person(f"P{n}", named=False) for n in (1, 2, 3))
    assert [total.money for total in totals(evening)] == [3, -2, -1]


@given(st.lists(st.integers(0, 600), min_size=1, max_size=12))
def test_every_game_is_in_exactly_one_evening_in_order(starts: list[int]) -> None:
    games = [_game(number, start, None, (0, 0)) for number, start in enumerate(starts, 1)]
    evenings = group_evenings(games)
    ordered = sorted(games, key=lambda game: (game.started, game.number))
    assert [game for evening in evenings for game in evening.games] == ordered
    for before, after in itertools.pairwise(evenings):
        assert after.started - before.last_move >= EVENING_GAP


def test_a_game_kept_and_resumed_days_later_stays_in_the_evening_it_began() -> None:
    kept = _game(1, 0, None, (1, -1, 0), length=30)
    day = 24 * 60
    kept = dataclasses.replace(
        kept,
        last_move=kept.started + timedelta(minutes=4 * day),  # resumed on Friday
        spans=(
            (kept.started, kept.started + timedelta(minutes=30)),
            (
                kept.started + timedelta(minutes=4 * day),
                kept.started + timedelta(minutes=4 * day + 60),
            ),
        ),
    )
    tuesday = _game(2, day, None, (0, 0, 0))
    evenings = group_evenings([kept, tuesday])
    assert [[game.number for game in evening.games] for evening in evenings] == [[1], [2]]
