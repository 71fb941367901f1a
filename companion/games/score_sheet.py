"""A game's score sheet for export: one row per hand or round, one column per seat.

Each engine builds its own sheet in its ``score_sheet`` hook, so the journal's export
holds no per-game knowledge. The money games cut their rows with ``settlement_sheet``:
the events are replayed and the balances taken each time a key of the state changes.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.games.events import Event

StateJson = Mapping[str, Any]


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


class JsonStates(Protocol):
    """The part of an engine a settlement sheet needs (any ``GameEngine``)."""

    def initial_state(self) -> Any: ...

    def next_state(self, state: Any, event: Event) -> Any: ...

    def state_json(self, state: Any) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Settlement:
    """How a money game's sheet is cut: the name of a row, and a key of the state (its
    ``--json`` form) that changes exactly when one is settled."""

    unit: str
    settled: Callable[[StateJson], Hashable]


def settlement_sheet(
    engine: JsonStates, events: Iterable[Event], settlement: Settlement
) -> ScoreSheet:
    """A row of balances (and the bank, where the game has one) at each settlement."""
    state = engine.initial_state()
    start = engine.state_json(state)
    has_bank = "bank" in start
    columns = (
        settlement.unit,
        "settled by",
        *seat_columns(len(start["seats"])),
        *(("bank",) if has_bank else ()),
    )
    rows: list[tuple[str, ...]] = []
    last = settlement.settled(start)
    for event in events:
        state = engine.next_state(state, event)
        now = engine.state_json(state)
        key = settlement.settled(now)
        if key != last:
            balances = [cell(seat["balance"]) for seat in now["seats"]]
            bank = (cell(now["bank"]),) if has_bank else ()
            rows.append((str(len(rows) + 1), str(event), *balances, *bank))
            last = key
    return ScoreSheet(columns, tuple(rows))


def seat_column(seat: int) -> str:
    """A seat's column as people count seats: P1 is the script's seat 0."""
    return f"P{seat + 1}"


def is_seat_column(column: str) -> bool:
    return column.startswith("P") and column[1:].isdigit()


def seat_columns(seats: int) -> tuple[str, ...]:
    return tuple(seat_column(seat) for seat in range(seats))


def cell(value: object) -> str:
    return "" if value is None else str(value)
