"""A journaled game written out: its event script, or its score sheet as CSV.

The script is the game's header and its standing events (undone ones left out), each
with its time and source as a comment, so ``companion simulate`` replays it. The score
sheet has one row per hand or round and one column per seat: Oh Hell's comes from its
own sheet; for the money games the events are replayed and the balances taken each time
a duel, game, round or deal is settled.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.games.events import Event
from companion.journal.records import EventRow
from companion.journal.replay import Replayed, new_game

StateJson = Mapping[str, Any]


def event_script(replayed: Replayed, *, source: str) -> str:
    record = replayed.record
    lines = [
        f"# game {record.id} from {source}, started {_time(record.started)}"
        + ("" if record.finished is None else f", finished {_time(record.finished)}"),
        record.header,
    ]
    width = max((len(row.line) for row in replayed.live), default=0)
    lines.extend(_event_line(row, width) for row in replayed.live)
    lines.extend(f"# {bad}" for bad in replayed.bad)
    return "\n".join(lines) + "\n"


def _event_line(row: EventRow, width: int) -> str:
    return f"{row.line.ljust(width)}  # {_time(row.at)} {row.source.value}"


def _time(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


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


@dataclass(frozen=True)
class MoneySheet:
    """How a money game's sheet is cut: the name of a row, and a key of the state that
    changes exactly when one is settled."""

    unit: str
    settled: Callable[[StateJson], Hashable]


MONEY_SHEETS: dict[str, MoneySheet] = {
    # A duel settled, or the bank taken (the banker changes).
    "oczko": MoneySheet("duel", lambda s: (len(s["results"]), s["banker"])),
    # A player's game against the bank settled, or a bank ended.
    "ochko-21": MoneySheet(
        "game", lambda s: (sum(p["games"] for p in s["seats"]), len(s["banks"]))
    ),
    "ochko-bank": MoneySheet("round", lambda s: s["round"] - (s["phase"] != "settled")),
    "gwiazda": MoneySheet("deal", lambda s: s["deal"] - (s["phase"] != "over")),
}


def score_sheet(header: str, events: Sequence[Event]) -> ScoreSheet:
    game = new_game(header)
    game_id = game.engine.game_id
    if game_id == "oh-hell":
        for event in events:
            game.apply(event)
        return _oh_hell_sheet(game.engine.state_json(game.state))
    cut = MONEY_SHEETS[game_id]
    start = game.engine.state_json(game.state)
    seats = len(start["seats"])
    has_bank = "bank" in start
    columns = (cut.unit, "settled by", *_seat_columns(seats), *(("bank",) if has_bank else ()))
    rows: list[tuple[str, ...]] = []
    last = cut.settled(start)
    for event in events:
        game.apply(event)
        state = game.engine.state_json(game.state)
        key = cut.settled(state)
        if key != last:
            balances = [_cell(seat["balance"]) for seat in state["seats"]]
            bank = (_cell(state["bank"]),) if has_bank else ()
            rows.append((str(len(rows) + 1), str(event), *balances, *bank))
            last = key
    return ScoreSheet(columns, tuple(rows))


def _oh_hell_sheet(state: StateJson) -> ScoreSheet:
    sheet = state["score_sheet"]
    seats = len(state["seats"])
    columns = ("hand", "cards", "trump", *_seat_columns(seats))
    rows = tuple(
        (
            str(record["hand"]),
            str(record["size"]),
            record["trump"] or "",
            *(str(score) for score in record["scores"]),
        )
        for record in sheet
    )
    return ScoreSheet(columns, rows)


def _seat_columns(seats: int) -> tuple[str, ...]:
    return tuple(f"seat {seat}" for seat in range(seats))


def _cell(value: object) -> str:
    return "" if value is None else str(value)
