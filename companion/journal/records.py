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
class BoxRow:
    """One of the box's own moves, apart from any game: the roster's, a new evening."""

    seq: int
    at: datetime
    line: str


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
    lost: int = 0  # event rows known to have been written that could not be read
    from_pages: int = 0  # of the events, those read page by page (SQLite could not)
    box: tuple[Row, ...] = ()  # the box's own moves: (seq, at, line)

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
            if self.from_pages:
                said += f" ({self.from_pages} of them read page by page)"
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
    """A ``-wal`` (and its ``-shm``) copied aside before the journal was opened: the log
    held committed transactions SQLite would drop (past a damaged or cut frame), or its
    index named committed frames the log no longer holds (cut short or lost). What could
    be read past the damage was put back."""

    log: Path
    kept_at: Path | None  # the -wal's copy (None: no log was left to copy)
    dropped_commits: int
    index_kept_at: Path | None = None  # the -shm's copy, when it named lost frames
    index_frames: int = 0  # committed frames the -shm names
    frames_lost: int = 0  # of those, the frames the log can no longer give
    restored: int = 0  # event rows put back from the log's frames past the damage
    lost: int | None = 0  # event rows known lost (None: some, how many is unknown)
    header_read: bool = True  # False: SQLite ignores the whole log

    def __str__(self) -> str:
        if not self.header_read:
            what = "has an unreadable header, so SQLite ignores it whole"
        elif self.dropped_commits:
            what = (
                f"holds {self.dropped_commits} committed transactions past a damaged or cut "
                "frame, which SQLite leaves out"
            )
        else:
            what = (
                f"is shorter than its index (-shm) says: {self.frames_lost} of its "
                f"{self.index_frames} committed frames are gone (the log cut short or lost)"
            )
        kept = [str(path) for path in (self.kept_at, self.index_kept_at) if path is not None]
        said = f"the journal's log {self.log} {what}; the journal opens with what was "
        said += "checkpointed and the log's frames before the damage"
        if self.restored:
            said += f"; {_count(self.restored, 'event row')} read past the damage put back"
        if self.lost is None:
            said += "; some event rows are lost (how many cannot be told)"
        elif self.lost:
            said += f"; {_count(self.lost, 'event row')} lost"
        if kept:
            said += f"; the log is kept at {' and '.join(kept)}"
        return said


@dataclass(frozen=True)
class Repair:
    """What an opening repaired, in the few numbers the table is told."""

    restored: int  # event rows put back (salvaged, or read past a damaged log)
    lost: int | None  # event rows known lost; None: some, how many is unknown
    started_anew: bool = False  # a foreign file or a folder moved aside: nothing of ours

    @classmethod
    def of(cls, moved: MovedAside | None, kept: KeptLog | None) -> Repair | None:
        parts: list[Repair] = []
        if moved is not None:
            salvaged = moved.salvaged
            if salvaged is None:
                parts.append(cls(0, 0, started_anew=True))
            else:
                parts.append(cls(len(salvaged.events), salvaged.lost))
        if kept is not None and (kept.restored or kept.lost != 0):
            # a log that held nothing beyond the journal (a torn header over frames all
            # checkpointed) was kept and logged; the table has nothing to be told
            parts.append(cls(kept.restored, kept.lost))
        if not parts:
            return None
        losses = [part.lost for part in parts]
        return cls(
            sum(part.restored for part in parts),
            None if None in losses else sum(lost or 0 for lost in losses),
            started_anew=all(part.started_anew for part in parts),
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
