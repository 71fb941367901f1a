"""The journal's values: a game's row, an event's row, a row a resume had to skip."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path

Row = tuple[object, ...]  # a table row as SQLite returned it


class Source(Enum):
    """Where an event came from."""

    CAMERA = "camera"
    BUTTON = "button"


class RowKind(Enum):
    EVENT = "event"
    UNDO = "undo"  # takes back the event whose sequence number it names
    ABANDON = "abandon"  # the game was left unfinished on purpose (it ends the game)


@dataclass(frozen=True)
class GameRecord:
    """``finished``: when the game ended (played out, or abandoned); ``abandoned``: it
    was left unfinished on purpose (its journal holds an abandon row)."""

    id: int
    header: str
    started: datetime
    finished: datetime | None
    abandoned: bool = False

    @property
    def is_finished(self) -> bool:
        return self.finished is not None

    @property
    def state(self) -> str:
        """ "finished", "abandoned" or "unfinished": what ``export --list`` says."""
        if self.abandoned:
            return "abandoned"
        return "finished" if self.is_finished else "unfinished"


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
class Salvaged:
    """The rows read back from a damaged journal, and what could not be read."""

    games: tuple[Row, ...]  # (id, header, started, finished)
    events: tuple[Row, ...]  # (seq, game, at, source, kind, line, undoes)
    unread: tuple[str, ...]  # what was not salvaged, each in a few words

    @property
    def unfinished(self) -> int:
        return sum(game[3] is None for game in self.games)

    def __str__(self) -> str:
        if not self.games:
            said = "nothing could be salvaged"
        else:
            said = (
                f"salvaged into the new journal: {_count(len(self.games), 'game')} "
                f"({self.unfinished} unfinished) and {_count(len(self.events), 'event row')}"
            )
        if self.unread:
            said += "; not salvaged: " + "; ".join(self.unread)
        return said


@dataclass(frozen=True)
class MovedAside:
    """A damaged or foreign file found where the journal should be, renamed with its
    ``-wal`` and ``-shm`` so that nothing is lost; a new journal was started in its place,
    holding what could be salvaged from the old one."""

    original: Path
    moved_to: Path
    reason: str
    salvaged: Salvaged | None = None

    def __str__(self) -> str:
        said = (
            f"the journal {self.original} could not be used ({self.reason}); "
            f"moved aside with its -wal and -shm to {self.moved_to} and a new journal started"
        )
        return said if self.salvaged is None else f"{said}; {self.salvaged}"


@dataclass(frozen=True)
class KeptLog:
    """A copy of a ``-wal`` whose committed transactions SQLite would drop (a damaged or
    cut frame before them), kept before the journal was opened."""

    log: Path
    kept_at: Path
    dropped_commits: int

    def __str__(self) -> str:
        what = (
            f"holds {self.dropped_commits} committed transactions past a damaged or cut "
            "frame, which SQLite leaves out"
            if self.dropped_commits
            else "has an unreadable header, so SQLite ignores it whole"
        )
        return (
            f"the journal's log {self.log} {what}; the journal opens with what was "
            f"checkpointed and the log's frames before the damage; the log is kept at "
            f"{self.kept_at}"
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
