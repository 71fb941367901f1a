"""The tracker run over a synthetic session: its events with when they were printed, the
cost of each frame, and the tally of its events against the session's own."""

from __future__ import annotations

import itertools
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from companion.cards import DeckProfile
from companion.demo.film.session import ScriptStep, SyntheticSession
from companion.table.calibration import Calibrator
from companion.table.events import UnsureReport
from companion.table.tracker import CardsReader, TableTracker
from companion.table.tracker_settings import TrackerSettings

# Times equal to this many decimals are one instant (frame times are floats).
SAME_INSTANT_DIGITS = 6


@dataclass(frozen=True)
class TrackedEvent:
    settled: float  # the event's own time: when its zone settled
    printed: float  # the time of the frame that gave it
    line: str


@dataclass(frozen=True)
class FrameCost:
    """Milliseconds one frame took: finding the mat, and the tracker's step."""

    calibration_ms: float
    tracker_ms: float
    read: bool  # the reader ran on this frame


@dataclass(frozen=True)
class TrackedSession:
    events: tuple[TrackedEvent, ...]
    unsure: tuple[UnsureReport, ...]
    costs: tuple[FrameCost, ...]
    mat_lost_frames: int


def track_session(
    session: SyntheticSession,
    reader: CardsReader,
    *,
    deck: DeckProfile,
    settings: TrackerSettings | None = None,
) -> TrackedSession:
    """Run the calibration and the tracker over every frame of the session."""
    calibrator = Calibrator(game=session.game)
    tracker = TableTracker(reader, deck=deck, settings=settings)
    events: list[TrackedEvent] = []
    unsure: list[UnsureReport] = []
    costs: list[FrameCost] = []
    lost = 0
    for frame in session.frames:
        start = time.perf_counter()
        view = calibrator.update(frame)
        found = time.perf_counter()
        output = tracker.step(frame, view)
        done = time.perf_counter()
        costs.append(
            FrameCost((found - start) * 1000.0, (done - found) * 1000.0, bool(output.read))
        )
        lost += view is None
        events.extend(TrackedEvent(e.time, output.time, e.line) for e in output.events)
        unsure.extend(output.unsure)
    return TrackedSession(tuple(events), tuple(unsure), tuple(costs), lost)


def merged_script(session: SyntheticSession, events: Sequence[TrackedEvent]) -> str:
    """The session's header, then the tracker's events and the session's button steps in
    the order they happened (an event at the time its zone settled)."""
    timed = [(event.settled, 0, event.line) for event in events]
    timed += [(step.time, 1, step.line) for step in session.script if step.source == "button"]
    return "\n".join([session.header, *(line for *_, line in sorted(timed))]) + "\n"


@dataclass(frozen=True)
class Tally:
    """The tracker's camera events against the session's: matched in order."""

    expected: int
    placed: int  # expected "card" lines
    right: int
    wrong: int  # printed, matching no expected line
    missed: int  # expected, never printed
    doubled: int  # printed again: an extra copy of an expected line
    delays: tuple[float, ...]  # printed - settled (the session's time), matched events

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.expected + other.expected,
            self.placed + other.placed,
            self.right + other.right,
            self.wrong + other.wrong,
            self.missed + other.missed,
            self.doubled + other.doubled,
            self.delays + other.delays,
        )


def in_settling_order(timed: Iterable[tuple[float, str]]) -> list[tuple[float, str]]:
    """(time, line) pairs in their order, except that each run of lines that settled at
    one instant (cards landing together) is in the order of their text, since no order
    among them is the right one."""
    runs = itertools.groupby(timed, key=lambda pair: round(pair[0], SAME_INSTANT_DIGITS))
    return [pair for _, run in runs for pair in sorted(run, key=lambda pair: pair[1])]


def tally(expected: Sequence[ScriptStep], events: Sequence[TrackedEvent]) -> Tally:
    """Match the printed lines to the expected camera lines in order (longest common
    subsequence); the rest are missed, doubled (a line the session has) or wrong. Lines
    that settled together are taken in one order on both sides (in_settling_order)."""
    camera = in_settling_order((s.time, s.line) for s in expected if s.source == "camera")
    want = [line for _, line in camera]
    settled = [time for time, _ in camera]
    runs = itertools.groupby(events, key=lambda event: round(event.settled, SAME_INSTANT_DIGITS))
    events = [event for _, run in runs for event in sorted(run, key=lambda event: event.line)]
    got = [event.line for event in events]
    matcher = SequenceMatcher(a=want, b=got, autojunk=False)
    matched_want: set[int] = set()
    matched_got: set[int] = set()
    delays: list[float] = []
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            matched_want.add(block.a + k)
            matched_got.add(block.b + k)
            delays.append(events[block.b + k].printed - settled[block.a + k])
    known = Counter(want)
    extra = [got[i] for i in range(len(got)) if i not in matched_got]
    doubled = sum(1 for line in extra if known[line])
    return Tally(
        expected=len(want),
        placed=sum(1 for line in want if line.startswith("card ")),
        right=len(matched_want),
        wrong=len(extra) - doubled,
        missed=len(want) - len(matched_want),
        doubled=doubled,
        delays=tuple(delays),
    )
