"""A person's record across evenings: games and wins; at Oh Hell the hands played, the
bids made exactly, the points a hand and the zero bids made; at the banking games the
money taken home each evening, the rounds dealt as banker and what they brought him.

Only named people have a record: the seats of a game that names nobody are that
evening's P1..Pn, no one in particular.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from companion.games.evening import Evening, Person, person_total, seat_of
from companion.games.standing import Counted, HandScore


@dataclass(frozen=True)
class EveningLine:
    """The person's part in one evening."""

    evening: int
    started: datetime
    games: int
    wins: int
    points: Fraction | None
    money: Fraction | None


@dataclass(frozen=True)
class OhHellRecord:
    games: int = 0
    hands: int = 0
    exact: int = 0  # hands whose bid was made exactly
    points: Fraction = Fraction(0)
    zero_bids: int = 0
    zero_made: int = 0  # zero bids that took no trick

    @property
    def hit_rate(self) -> float | None:
        return None if not self.hands else self.exact / self.hands

    @property
    def points_a_hand(self) -> Fraction | None:
        return None if not self.hands else self.points / self.hands


@dataclass(frozen=True)
class MoneyRecord:
    games: int = 0
    net: Fraction = Fraction(0)
    banker_rounds: int = 0
    banker_result: Fraction = Fraction(0)


@dataclass(frozen=True)
class PersonRecord:
    person: Person
    evenings: tuple[EveningLine, ...]
    games: int
    wins: int
    oh_hell: OhHellRecord
    money: MoneyRecord


def people_of(evenings: Sequence[Evening]) -> tuple[Person, ...]:
    """Every named person of the evenings, by the name they last played under."""
    found: dict[tuple[str, bool], Person] = {}
    for evening in evenings:
        for person in evening.people():
            if person.named:
                found.pop(person.key, None)
                found[person.key] = person
    return tuple(sorted(found.values(), key=lambda person: person.name.casefold()))


def person_record(person: Person, evenings: Sequence[Evening]) -> PersonRecord:
    lines: list[EveningLine] = []
    oh_hell = OhHellRecord()
    money = MoneyRecord()
    for evening in evenings:
        total = person_total(evening, person)
        if not total.games:
            continue
        lines.append(
            EveningLine(
                evening.number, evening.started, total.games, total.wins, total.points, total.money
            )
        )
        for game in evening.games:
            seat = seat_of(game, person)
            if seat is None:
                continue
            if game.counted is Counted.POINTS:
                oh_hell = _with_hands(oh_hell, game.hands, seat)
            else:
                mine = [row.result for row in game.banker_rounds if row.banker == seat]
                money = MoneyRecord(
                    money.games + 1,
                    money.net + game.amounts[seat],
                    money.banker_rounds + len(mine),
                    money.banker_result + sum(mine, Fraction(0)),
                )
    return PersonRecord(
        person,
        tuple(lines),
        sum(line.games for line in lines),
        sum(line.wins for line in lines),
        oh_hell,
        money,
    )


def _with_hands(record: OhHellRecord, scored: Sequence[HandScore], seat: int) -> OhHellRecord:
    return OhHellRecord(
        record.games + 1,
        record.hands + len(scored),
        record.exact + sum(hand.bids[seat] == hand.tricks[seat] for hand in scored),
        record.points + sum(hand.points[seat] for hand in scored),
        record.zero_bids + sum(hand.bids[seat] == 0 for hand in scored),
        record.zero_made + sum(hand.bids[seat] == 0 == hand.tricks[seat] for hand in scored),
    )
