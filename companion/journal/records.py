"""The journal's values: a game's row, an event's row, a row a resume had to skip."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path


class Source(Enum):
    """Where an event came from."""

    CAMERA = "camera"
    BUTTON = "button"


class RowKind(Enum):
    EVENT = "event"
    UNDO = "undo"  # takes back the event whose sequence number it names


@dataclass(frozen=True)
class GameRecord:
    id: int
    header: str
    started: datetime
    finished: datetime | None

    @property
    def is_finished(self) -> bool:
        return self.finished is not None


@dataclass(frozen=True)
class EventRow:
    """One appended row: an event line, or an undo naming the event it takes back."""

    seq: int
    game: int
    at: datetime
    source: Source
    kind: RowKind
    line: str
    undoes: int | None = None


@dataclass(frozen=True)
class BadRow:
    """A row a resume skipped, and why (the rest of the game is still replayed)."""

    seq: int
    line: str
    reason: str

    def __str__(self) -> str:
        return f'journal row {self.seq} "{self.line}" skipped: {self.reason}'


@dataclass(frozen=True)
class MovedAside:
    """A damaged or foreign file found where the journal should be, renamed so that
    nothing is lost; a new journal was started in its place."""

    original: Path
    moved_to: Path
    reason: str

    def __str__(self) -> str:
        return (
            f"the journal {self.original} could not be used ({self.reason}); "
            f"moved aside to {self.moved_to} and a new journal started"
        )
