"""Evenings: the games of one sitting, and what each person made of them.

A sitting is a time of play at the table: the moves of every game, without a pause of
``EVENING_GAP`` or a press on "new evening" in it. An evening is the games started in one
sitting (a game kept and resumed on another day counts in the evening it began). An evening adds
up, per person, the points scored at Oh Hell and the money taken home at the banking
games (and the fewest transfers that settle that money); a person's record adds up the
evenings. A person is a name (letter case aside); the seats of a game that names nobody
are P1..Pn of that evening only, and have no record across evenings.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from companion.games.settling import Transfer, settle
from companion.games.standing import Counted
from companion.games.summary import GameSummary

EVENING_GAP = timedelta(hours=3)


@dataclass(frozen=True)
class Person:
    """A person by name, or an unnamed seat of an evening (``named`` False: "P3")."""

    name: str
    named: bool = True

    @property
    def key(self) -> tuple[str, bool]:
        return (self.name.casefold(), self.named)


def seat_person(game: GameSummary, seat: int) -> Person:
    name = game.who(seat)
    return Person(f"P{seat + 1}", named=False) if name is None else Person(name)


@dataclass(frozen=True)
class Evening:
    """``number``: its first game's number in the journal (an evening never changes its
    first game: marks and gaps only ever open later ones)."""

    games: tuple[GameSummary, ...]

    @property
    def number(self) -> int:
        return self.games[0].number

    @property
    def started(self) -> datetime:
        return self.games[0].started

    @property
    def last_move(self) -> datetime:
        return max(game.last_move for game in self.games)

    def people(self) -> tuple[Person, ...]:
        """Everyone who sat at one of its games, in the order they first sat down."""
        found: dict[tuple[str, bool], Person] = {}
        for game in self.games:
            for seat in range(game.seats):
                person = seat_person(game, seat)
                found.setdefault(person.key, person)
        return tuple(found.values())


def sittings(
    spans: Iterable[tuple[datetime, datetime]],
    new_evenings: Iterable[datetime] = (),
    *,
    gap: timedelta = EVENING_GAP,
) -> list[tuple[datetime, datetime]]:
    """The times of play: the spans of the games' moves joined where less than ``gap``
    apart, and cut where "new evening" was pressed."""
    joined: list[list[datetime]] = []
    for start, end in sorted(spans):
        if joined and start - joined[-1][1] < gap:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    found: list[tuple[datetime, datetime]] = []
    marks = sorted(new_evenings)
    for start, end in joined:
        for mark in marks:
            if start < mark <= end:
                found.append((start, mark))
                start = mark
        found.append((start, end))
    return found


def group_evenings(
    games: Iterable[GameSummary],
    new_evenings: Iterable[datetime] = (),
    *,
    gap: timedelta = EVENING_GAP,
) -> tuple[Evening, ...]:
    """The games (in the order they started) grouped into evenings: those started in one
    sitting (see ``sittings``)."""
    ordered = sorted(games, key=lambda game: (game.started, game.number))
    marks = list(new_evenings)
    times = sittings((span for game in ordered for span in game.active), marks, gap=gap)
    starts = [start for start, _ in times]
    evenings: dict[int, list[GameSummary]] = {}
    for game in ordered:
        at = max(bisect.bisect_right(starts, game.started) - 1, 0)
        evenings.setdefault(at, []).append(game)
    return tuple(Evening(tuple(found)) for _, found in sorted(evenings.items()))


@dataclass(frozen=True)
class PersonTotal:
    """A person's evening: the games played and won, the points scored at Oh Hell and the
    money taken home at the banking games (None: played none of that kind)."""

    person: Person
    games: int
    wins: int
    points: Fraction | None
    money: Fraction | None


def totals(evening: Evening) -> tuple[PersonTotal, ...]:
    """Each person's total over the evening's games, in the order they first sat down."""
    return tuple(person_total(evening, person) for person in evening.people())


def person_total(evening: Evening, person: Person) -> PersonTotal:
    games = wins = 0
    points: Fraction | None = None
    money: Fraction | None = None
    for game in evening.games:
        seat = seat_of(game, person)
        if seat is None:
            continue
        games += 1
        wins += seat in game.winners
        amount = game.amounts[seat]
        if game.counted is Counted.POINTS:
            points = (points or Fraction(0)) + amount
        else:
            money = (money or Fraction(0)) + amount
    return PersonTotal(person, games, wins, points, money)


def seat_of(game: GameSummary, person: Person) -> int | None:
    for seat in range(game.seats):
        if seat_person(game, seat).key == person.key:
            return seat
    return None


def money_transfers(evening: Evening) -> tuple[Transfer, ...]:
    """Who pays whom, the fewest transfers settling the evening's money (each banking
    game's takings add up to zero, so the evening's do)."""
    owed = {
        total.person.name: total.money
        for total in totals(evening)
        if total.money is not None and total.money != 0
    }
    return settle(owed)


@dataclass(frozen=True)
class Running:
    """A person's running total over the evening's games of one kind (for the evening's
    chart): ``values[0]`` at the evening's start (0), ``values[i]`` after its ``i``-th
    game of the kind (a game the person sat out leaves it as it was)."""

    person: Person
    values: tuple[Fraction, ...]


def running_totals(
    evening: Evening, counted: Counted
) -> tuple[tuple[int, ...], tuple[Running, ...]]:
    """The evening's games of one kind (their numbers) and the running total of each
    person who played one of them."""
    games = [game for game in evening.games if game.counted is counted]
    lines: list[Running] = []
    for person in evening.people():
        seats = [seat_of(game, person) for game in games]
        if all(seat is None for seat in seats):
            continue
        total = Fraction(0)
        values = [total]
        for game, seat in zip(games, seats, strict=True):
            if seat is not None:
                total += game.amounts[seat]
            values.append(total)
        lines.append(Running(person, tuple(values)))
    return tuple(game.number for game in games), tuple(lines)
