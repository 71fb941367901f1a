"""A game's score sheet for export: one row per hand or round, one column per seat.

Each engine builds its own sheet in its ``score_sheet`` hook, so the journal's export
holds no per-game knowledge. The money games cut their rows with ``settlement_sheet``:
the events are replayed and the balances taken each time a key of the state changes.
A ``SheetCut`` makes the same sheet event by event, for a reader that follows a game.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.games.events import Action, Event, leading_seat, seat_zone
from companion.games.people import People

SETTLED_BY = "settled by"  # the money sheets' column of the move that settled each row
_SEAT_WORD = re.compile(r"P(\d+)([a-d]?)")

StateJson = Mapping[str, Any]
Stakes = tuple[int | None, ...]  # per seat: its stake, None where it has none
# A seat's money on the table in the money games' views: a stake, or a bet.
STAKE_KEYS = ("stake", "bet")


@dataclass(frozen=True)
class ScoreSheet:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def csv_text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        writer.writerows(self.rows)
        return out.getvalue()

    def named(self, people: People | None) -> ScoreSheet:
        """The sheet with its seats called by their people's names (the seat columns, and
        the seats in the moves that settled the rows: "stake Celina 5", a second hand as
        "Celina(b)"); as it is where the game names nobody."""
        if people is None:
            return self
        names = {seat_column(seat): name for seat, name in enumerate(people.names)}
        columns = tuple(names.get(column, column) for column in self.columns)
        if SETTLED_BY not in self.columns:
            return ScoreSheet(columns, self.rows)
        at = self.columns.index(SETTLED_BY)
        rows = tuple(
            (*row[:at], _named_words(row[at], people), *row[at + 1 :]) for row in self.rows
        )
        return ScoreSheet(columns, rows)


def _named_words(text: str, people: People) -> str:
    """``text`` with each whole word that is a seat (P3, P3b) called by its person."""

    def named(word: str) -> str:
        found = _SEAT_WORD.fullmatch(word)
        if found is None or not 1 <= int(found.group(1)) <= len(people):
            return word
        name = people.name(int(found.group(1)) - 1)
        return f"{name}({found.group(2)})" if found.group(2) else name

    return " ".join(named(word) for word in text.split(" "))


class JsonStates(Protocol):
    """The part of an engine a settlement sheet needs (any ``GameEngine``)."""

    def initial_state(self) -> Any: ...

    def next_state(self, state: Any, event: Event) -> Any: ...

    def state_json(self, state: Any) -> dict[str, Any]: ...

    @property
    def seat_led_actions(self) -> frozenset[str]: ...


@dataclass(frozen=True)
class Settlement:
    """How a money game's sheet is cut: the name of a row, and a key of the state (its
    ``--json`` form) that changes exactly when one is settled. ``bank_column``: False
    where the view's bank is a seat's own balance (a permanent dealer's), which that
    seat's column already holds."""

    unit: str
    settled: Callable[[StateJson], Hashable]
    bank_column: bool = True


class SheetCut(Protocol):
    """A game's score sheet cut as its events come, one at a time, so that a reader
    following a long game does not replay it whole for each new event: after taking a
    game's events in order (each with the state it led to), ``sheet()`` is the sheet
    ``score_sheet`` makes of the same events. ``drop`` undoes the last ``take``."""

    def take(self, event: Event, state: Any) -> None: ...

    def drop(self, state: Any) -> None:
        """The last event taken was undone; ``state`` is the game's state now."""
        ...

    def sheet(self) -> ScoreSheet: ...

    def stakes(self) -> tuple[Stakes, ...]:
        """Per row of the sheet, each seat's stake when the row was settled; empty for a
        game whose rows have none."""
        ...

    def settling_events(self) -> tuple[Event, ...]:
        """Per row of the sheet, the event that settled it; empty for a game whose rows
        are not cut at an event."""
        ...


def cut_sheet(engine: JsonStates, cut: SheetCut, events: Iterable[Event]) -> SheetCut:
    """``cut`` after the game ``engine`` plays with ``events`` (refused events raise)."""
    state = engine.initial_state()
    for event in events:
        state = engine.next_state(state, event)
        cut.take(event, state)
    return cut


class SettlementCut:
    """A row of balances (and the bank, where the game has one) at each settlement: each
    event whose state changes the settlement's key; with each row, the stakes that were on
    the table just before it."""

    def __init__(self, engine: JsonStates, settlement: Settlement) -> None:
        self.engine = engine
        self.settlement = settlement
        start = engine.state_json(engine.initial_state())
        self.has_bank = "bank" in start and settlement.bank_column
        self.columns = (
            settlement.unit,
            SETTLED_BY,
            *seat_columns(len(start["seats"])),
            *(("bank",) if self.has_bank else ()),
        )
        self.rows: list[tuple[str, ...]] = []
        self.row_stakes: list[Stakes] = []
        self.row_events: list[Event] = []
        self.last = settlement.settled(start)
        self.staked = seat_stakes(start)  # the stakes in the state last taken
        # per event taken: the rows, the key and the stakes before it, for ``drop``
        self.before: list[tuple[int, Hashable, Stakes]] = []

    def take(self, event: Event, state: Any) -> None:
        now = self.engine.state_json(state)
        key = self.settlement.settled(now)
        self.before.append((len(self.rows), self.last, self.staked))
        if key != self.last:
            balances = [cell(seat["balance"]) for seat in now["seats"]]
            bank = (cell(now["bank"]),) if self.has_bank else ()
            settled_by = people_event(event, self.engine.seat_led_actions)
            self.rows.append((str(len(self.rows) + 1), settled_by, *balances, *bank))
            self.row_stakes.append(self.staked)
            self.row_events.append(event)
            self.last = key
        self.staked = seat_stakes(now)

    def drop(self, state: Any) -> None:
        rows, self.last, self.staked = self.before.pop()
        del self.rows[rows:]
        del self.row_stakes[rows:]
        del self.row_events[rows:]

    def sheet(self) -> ScoreSheet:
        return ScoreSheet(self.columns, tuple(self.rows))

    def stakes(self) -> tuple[Stakes, ...]:
        return tuple(self.row_stakes)

    def settling_events(self) -> tuple[Event, ...]:
        return tuple(self.row_events)


class StateCut:
    """A sheet that the game's state holds whole (Oh Hell keeps every hand's record): made
    from the last state taken."""

    def __init__(self, initial: Any, sheet_of: Callable[[Any], ScoreSheet]) -> None:
        self.state = initial
        self.sheet_of = sheet_of

    def take(self, event: Event, state: Any) -> None:
        self.state = state

    def drop(self, state: Any) -> None:
        self.state = state

    def sheet(self) -> ScoreSheet:
        return self.sheet_of(self.state)

    def stakes(self) -> tuple[Stakes, ...]:
        return ()

    def settling_events(self) -> tuple[Event, ...]:
        return ()


class ReplayCut:
    """Any engine's sheet by replaying its events whole each time: always right, never
    saves work (for a game without a cut of its own)."""

    def __init__(self, score_sheet: Callable[[Sequence[Event]], ScoreSheet]) -> None:
        self.events: list[Event] = []
        self.score_sheet = score_sheet

    def take(self, event: Event, state: Any) -> None:
        self.events.append(event)

    def drop(self, state: Any) -> None:
        self.events.pop()

    def sheet(self) -> ScoreSheet:
        return self.score_sheet(self.events)

    def stakes(self) -> tuple[Stakes, ...]:
        return ()

    def settling_events(self) -> tuple[Event, ...]:
        return ()


def settlement_sheet(
    engine: JsonStates, events: Iterable[Event], settlement: Settlement
) -> ScoreSheet:
    """A row of balances (and the bank, where the game has one) at each settlement."""
    return cut_sheet(engine, SettlementCut(engine, settlement), events).sheet()


def seat_stake(seat: StateJson) -> int | None:
    """A seat's money on the table in a money game's ``--json`` view: its stake or bet."""
    for key in STAKE_KEYS:
        amount = seat.get(key)
        if isinstance(amount, int) and not isinstance(amount, bool):
            return amount
    return None


def seat_stakes(state: StateJson) -> Stakes:
    return tuple(seat_stake(seat) for seat in state["seats"])


def seat_column(seat: int) -> str:
    """A seat's column as people count seats: P1 is the script's seat 0."""
    return f"P{seat + 1}"


def people_event(event: Event, seat_led: frozenset[str]) -> str:
    """An event's script line with its seats counted from 1 as people count them: "stake P3
    5" for "stake 2 5", "card P2 KC" for "card seat1 KC"; a leading amount stays a number."""
    if isinstance(event, Action):
        first = leading_seat(event, seat_led)
        if first is None:
            return str(event)
        return " ".join((event.name, seat_column(first), *event.args[1:]))
    seat_hand = seat_zone(event.zone)
    if seat_hand is None:
        return str(event)
    number, hand = seat_hand
    return str(dataclasses.replace(event, zone=seat_column(number) + hand))


def is_seat_column(column: str) -> bool:
    return column.startswith("P") and column[1:].isdigit()


def seat_columns(seats: int) -> tuple[str, ...]:
    return tuple(seat_column(seat) for seat in range(seats))


def cell(value: object) -> str:
    return "" if value is None else str(value)
