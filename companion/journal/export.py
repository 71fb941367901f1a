"""A journaled game written out: its event script, or its score sheet as CSV.

The script is the game's header and its standing events (undone ones left out), each
with its time and source as a comment, so ``companion simulate`` replays it. The score
sheet has one row per hand or round and one column per seat; each game's engine builds
its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from companion.games.events import Event
from companion.games.score_sheet import ScoreSheet
from companion.journal.records import EventRow
from companion.journal.replay import Replayed, new_game

__all__ = ["ScoreSheet", "event_script", "score_sheet"]


def event_script(replayed: Replayed, *, source: str) -> str:
    record = replayed.record
    ended = "abandoned" if record.abandoned else "finished"
    lines = [
        f"# game {record.id} from {source}, started {_time(record.started)}"
        + ("" if record.finished is None else f", {ended} {_time(record.finished)}"),
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


def score_sheet(header: str, events: Sequence[Event]) -> ScoreSheet:
    """The score sheet of the game ``header`` names, played with ``events``: the game's
    engine cuts its rows (its ``score_sheet`` hook); its seats P1..Pn."""
    return new_game(header).engine.score_sheet(events)
