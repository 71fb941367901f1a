"""What the app's threads tell the main loop, through one queue (the inbox).

The camera thread sends what the tracker saw and how the camera is; the buttons thread
sends presses; a feed beside them (the demo's button steps, a scripted session) sends
intents as the menus would. Only the main loop acts on them: it alone touches the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.table.events import TableEvent, UnsureReport
from companion.ui.intents import Intent
from companion.ui.presses import ButtonPress


@dataclass(frozen=True)
class Press:
    """``at``: when the press was taken from the buttons (monotonic seconds; 0: not
    timed), for the press -> screen figure."""

    press: ButtonPress
    at: float = 0.0


@dataclass(frozen=True)
class TableNews:
    """One frame's worth from the tracker: its events (each with its settle time, source
    seconds), the cards it is unsure of, and the frame's own time and wall-clock arrival."""

    frame_time: float
    arrived: float  # monotonic seconds when the frame came from the source
    events: tuple[TableEvent, ...] = ()
    unsure: tuple[UnsureReport, ...] = ()


class CameraState(Enum):
    STARTING = "starting"  # opening the camera and loading the reader
    READING = "reading"
    LOST = "lost"  # missing or unplugged: the thread is retrying
    ENDED = "ended"  # a finite source (a file, the demo's session) has no more frames


@dataclass(frozen=True)
class CameraNews:
    state: CameraState
    detail: str = ""


class Part(Enum):
    """A part the app opens itself and opens again while it is missing."""

    BUTTONS = "buttons"
    DISPLAY = "display"


@dataclass(frozen=True)
class PartNews:
    """A part could not be opened (``problem``: why, in one line) or is back (None)."""

    part: Part
    problem: str | None


@dataclass(frozen=True)
class Intended:
    """What the menus would ask for, sent by a feed beside the buttons: the demo's
    session's bids and stakes, a scripted session's actions and its restart."""

    intent: Intent


Message = Press | TableNews | CameraNews | PartNews | Intended
