"""The evening and a person's record as the phone pages show them, every label in the
page's language: what the page draws and what its JSON and CSV say.

Everything here is read from the journal's games (their summaries): a person's name as a
game's options line or the roster gave it, never anything typed on a phone.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any
from urllib.parse import quote

from companion.games.evening import (
    Evening,
    Person,
    money_transfers,
    running_totals,
    seat_person,
    totals,
)
from companion.games.record import PersonRecord
from companion.games.standing import Counted
from companion.games.summary import Ending, GameSummary
from companion.sheet.evening_texts import evening_template, evening_text
from companion.values.language import Language
from companion.words.labels import game_name

HUNDREDTHS = 100


def amount_text(value: Fraction | None, *, signed: bool = False) -> str:
    """Points or money as the page says them: whole, with a half as .5, else to the cent
    (Gwiazda's bank shared out in equal parts); "" for none."""
    if value is None:
        return ""
    sign = "+" if signed and value > 0 else ""
    if value.denominator == 1:
        return f"{sign}{value.numerator}"
    if value.denominator == 2:
        return f"{sign}{float(value):.1f}"
    return f"{sign}{float(value):.2f}"


def amount_json(value: Fraction | None) -> float | int | None:
    if value is None:
        return None
    if value.denominator == 1:
        return value.numerator
    return round(float(value), 2)


def person_link(person: Person, language: Language) -> str | None:
    """The page of a named person (None: an unnamed seat has none)."""
    if not person.named:
        return None
    return f"/person/{quote(person.name, safe='')}?lang={language.value}"


def _time(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class EveningSheet:
    """``json`` is the page's whole content (the page and its live updates draw it)."""

    json: dict[str, Any]


def evening_sheet(
    evening: Evening | None,
    language: Language,
    *,
    earlier: int | None = None,
    later: int | None = None,
) -> EveningSheet:
    """The evening's page: each person's total (points, money), who pays whom, its games
    in order, the running totals for the chart; the evenings before and after it."""
    texts = {
        key: evening_template(key, language)  # the page fills in {names}
        for key in (
            "title",
            "person",
            "games",
            "wins",
            "points",
            "money",
            "settle",
            "settled",
            "played",
            "chart-points",
            "chart-money",
            "game",
            "none",
            "earlier",
            "later",
            "abandoned",
            "unfinished",
            "won-by",
        )
    }
    if evening is None:
        return EveningSheet({"number": None, "texts": texts, "earlier": earlier, "later": later})
    people = []
    for total in totals(evening):
        people.append(
            {
                "name": total.person.name,
                "link": person_link(total.person, language),
                "games": total.games,
                "wins": total.wins,
                "points": amount_json(total.points),
                "points_text": amount_text(total.points),
                "money": amount_json(total.money),
                "money_text": amount_text(total.money, signed=True),
            }
        )
    transfers = [
        {"payer": t.payer, "payee": t.payee, "amount": amount_text(t.amount)}
        for t in money_transfers(evening)
    ]
    return EveningSheet(
        {
            "number": evening.number,
            "started": _time(evening.started),
            "last_move": _time(evening.last_move),
            "people": people,
            "has_points": any(game.counted is Counted.POINTS for game in evening.games),
            "has_money": any(game.counted is Counted.MONEY for game in evening.games),
            "transfers": transfers,
            "games": [_game(game, language) for game in evening.games],
            "charts": [
                chart
                for chart in (
                    _chart(evening, Counted.POINTS, texts["chart-points"], language),
                    _chart(evening, Counted.MONEY, texts["chart-money"], language),
                )
                if chart is not None
            ],
            "texts": texts,
            "earlier": earlier,
            "later": later,
        }
    )


def _game(game: GameSummary, language: Language) -> dict[str, Any]:
    winners = [seat_person(game, seat).name for seat in game.winners]
    return {
        "number": game.number,
        "name": game_name(game.game, language),
        "link": f"/game/{game.number}?lang={language.value}",
        "started": _time(game.started),
        "ending": game.ending.value,
        "people": [seat_person(game, seat).name for seat in range(game.seats)],
        "won_by": ", ".join(winners),
        "counted": game.counted.value,
    }


def _chart(
    evening: Evening, counted: Counted, title: str, language: Language
) -> dict[str, Any] | None:
    numbers, lines = running_totals(evening, counted)
    if not numbers:
        return None
    names = {game.number: game_name(game.game, language) for game in evening.games}
    return {
        "title": title,
        "x": ["", *(f"#{number}" for number in numbers)],  # "": the evening's start, at 0
        "games": ["", *(names[number] for number in numbers)],
        "lines": [
            {"name": line.person.name, "values": [amount_json(value) for value in line.values]}
            for line in lines
        ],
    }


# -- a person's record -------------------------------------------------------------------


def record_json(record: PersonRecord) -> dict[str, Any]:
    """The record as data (for programs: numbers, no words)."""
    oh_hell, money = record.oh_hell, record.money
    return {
        "name": record.person.name,
        "games": record.games,
        "wins": record.wins,
        "evenings": [
            {
                "evening": line.evening,
                "started": _time(line.started),
                "games": line.games,
                "wins": line.wins,
                "points": amount_json(line.points),
                "money": amount_json(line.money),
            }
            for line in record.evenings
        ],
        "oh_hell": {
            "games": oh_hell.games,
            "hands": oh_hell.hands,
            "bids_made": oh_hell.exact,
            "hit_rate": None if oh_hell.hit_rate is None else round(oh_hell.hit_rate, 4),
            "points": amount_json(oh_hell.points),
            "points_a_hand": amount_json(oh_hell.points_a_hand),
            "zero_bids": oh_hell.zero_bids,
            "zero_bids_made": oh_hell.zero_made,
        },
        "banking": {
            "games": money.games,
            "net": amount_json(money.net),
            "rounds_as_banker": money.banker_rounds,
            "banker_result": amount_json(money.banker_result),
        },
    }


RECORD_COLUMNS = ("evening", "started", "games", "wins", "points", "money")


def record_csv(record: PersonRecord) -> str:
    """One row per evening the person played: its number (its first game's), when it
    began, the games played and won, the Oh Hell points and the money taken home."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RECORD_COLUMNS)
    for line in record.evenings:
        writer.writerow(
            (
                line.evening,
                _time(line.started),
                line.games,
                line.wins,
                amount_text(line.points),
                amount_text(line.money),
            )
        )
    return out.getvalue()


@dataclass(frozen=True)
class Figures:
    """A part of the person's page: its heading ("" for the first) and its lines."""

    heading: str
    lines: tuple[tuple[str, str], ...]


def record_figures(record: PersonRecord, language: Language) -> tuple[Figures, ...]:
    """The record's figures in words, label and value, for the person's page: all games,
    then Oh Hell, then the banking games (each where the person played it)."""
    games, wins = evening_text("games", language), evening_text("wins", language)
    parts = [Figures("", ((games, str(record.games)), (wins, str(record.wins))))]
    oh_hell = record.oh_hell
    if oh_hell.games:
        rate = "" if oh_hell.hit_rate is None else f"{oh_hell.hit_rate:.0%}"
        made = evening_text("of", language, count=oh_hell.exact, total=oh_hell.hands, share=rate)
        zeros = evening_text("of-bare", language, count=oh_hell.zero_made, total=oh_hell.zero_bids)
        parts.append(
            Figures(
                game_name("oh-hell", language),
                (
                    (games, str(oh_hell.games)),
                    (evening_text("hands", language), str(oh_hell.hands)),
                    (evening_text("bids-made", language), made),
                    (
                        evening_text("points-a-hand", language),
                        amount_text(_cents(oh_hell.points_a_hand)),
                    ),
                    (evening_text("zero-made", language), zeros),
                ),
            )
        )
    money = record.money
    if money.games:
        parts.append(
            Figures(
                evening_text("banking", language),
                (
                    (games, str(money.games)),
                    (evening_text("net", language), amount_text(money.net, signed=True)),
                    (evening_text("banker-rounds", language), str(money.banker_rounds)),
                    (
                        evening_text("banker-result", language),
                        amount_text(money.banker_result, signed=True),
                    ),
                ),
            )
        )
    return tuple(parts)


def _cents(value: Fraction | None) -> Fraction | None:
    return None if value is None else Fraction(round(value * HUNDREDTHS), HUNDREDTHS)


def evening_list(evenings: Sequence[Evening], language: Language) -> list[dict[str, Any]]:
    """The journal's evenings, latest first, each with its people and games."""
    return [
        {
            "number": evening.number,
            "started": _time(evening.started),
            "link": f"/evening/{evening.number}?lang={language.value}",
            "people": [person.name for person in evening.people()],
            "games": [game_name(game.game, language) for game in evening.games],
            "unfinished": any(game.ending is Ending.UNFINISHED for game in evening.games),
        }
        for evening in reversed(evenings)
    ]
