"""What the app's threads tell the main loop, through one queue (the inbox).

The camera thread sends what the tracker saw and how the camera is; the buttons thread
sends presses; a scripted feed (the demo's button steps, the crash test's session) sends
its steps. Only the main loop acts on them: it alone touches the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards import Card
from companion.ui.presses import ButtonPress


@dataclass(frozen=True)
class Press:
    """``at``: when the press was taken from the buttons (monotonic seconds; 0: not
    timed), for the press -> screen figure."""

    press: ButtonPress
    at: float = 0.0


@dataclass(frozen=True)
class Unsure:
    """A card the tracker saw but is not sure of: its best reading and how sure."""

    zone: str
    card: Card
    confidence: float


@dataclass(frozen=True)
class TableNews:
    """One frame's worth from the tracker: event lines with their settle times (source
    seconds), unsure cards, and the frame's own time and wall-clock arrival."""

    frame_time: float
    arrived: float  # monotonic seconds when the frame came from the source
    events: tuple[tuple[float, str], ...] = ()
    unsure: tuple[Unsure, ...] = ()


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
class ScriptedLine:
    """A step of a scripted session: an action line, given as if from the buttons'
    menus (the demo's bids and stakes; the crash test's actions)."""

    line: str


@dataclass(frozen=True)
class ScriptRestart:
    """The scripted session ended: finish the game and start it again from its header."""

    header: str


Message = Press | TableNews | CameraNews | PartNews | ScriptedLine | ScriptRestart
