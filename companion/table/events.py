"""What the tracker says about a frame: table events, unsure reports, and its output value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards import Card
from companion.values.camera_events import CameraEvent


@dataclass(frozen=True)
class TableEvent:
    """One camera event (a card seen, gone, or a zone cleared) and when it happened.

    ``time`` is when the zone settled with the change (the first frame of its still
    window), so events sort with button presses by when things happened on the table."""

    time: float
    event: CameraEvent

    @property
    def zone(self) -> str:
        return self.event.zone

    @property
    def line(self) -> str:
        """The event's line in the event script (for text output)."""
        return str(self.event)


class UnsureReason(Enum):
    FLICKER = "flicker"  # the reads of a still zone disagreed about the card
    LOW_CONFIDENCE = "low-confidence"  # read, but under the threshold in every read
    EXTRA_COPY = "extra-copy"  # more copies of the card than the deck holds
    DOUBTED = "doubted"  # read sure, but the reader's second look disagrees

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class UnsureReport:
    """A change the tracker saw but will not turn into an event: for the screen to ask.
    ``confidence``: how sure the reader was of the first candidate (0 when unread)."""

    zone: str
    candidates: tuple[Card, ...]
    time: float
    reason: UnsureReason
    confidence: float

    @property
    def text(self) -> str:
        cards = " ".join(str(card) for card in self.candidates) or "-"
        return f"unsure {self.zone} {cards} ({self.reason})"


@dataclass(frozen=True)
class TrackerOutput:
    """The tracker's answer to one frame. ``time`` is the frame's; an event's delay after
    its card settled is ``time - event.time``."""

    time: float
    events: tuple[TableEvent, ...] = ()
    unsure: tuple[UnsureReport, ...] = ()
    mat_found: bool = True
    moving: tuple[str, ...] = ()  # zones with motion in this frame
    read: tuple[str, ...] = ()  # zones the reader looked at in this frame
