"""Moves laid out in time: what is on the mat, where the hand is, the light and the camera
in every frame, and when each camera event's card settled.

A card is *settled* at the first frame where it lies in its place and no hand or arm is
over its zone; a sweep or a pick-up settles likewise once the hand has left the zone.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from companion.demo.film.choreography import LaidCard, Move, MoveKind
from companion.table.layouts import MatLayout
from companion.values.mat import Zone

APPROACH_FRAMES = 4  # the hand coming in with a card (moving: blurred)
WITHDRAW_FRAMES = 3
QUIET_FRAMES = 8  # still frames after a camera event: the tracker's window and its delay
BUTTON_FRAMES = 2
PASS_FRAMES = 6  # a hand passing across the mat
ARM_REACH_MM = 160.0  # how far off the paper the arm comes from
PALM_MM = (85.0, 100.0)  # the palm's ellipse (width, height)
ARM_WIDTH_MM = 70.0
LIGHT_RAMP_FRAMES = 5
DIMMER_LIGHT = 0.78
PASS_CHANCE = 0.15
GLANCE_FRAMES = 3  # a hand sweeping across one zone without stopping


@dataclass(frozen=True)
class HandAt:
    palm: tuple[float, float]  # mat mm
    entry: tuple[float, float]  # where the arm comes in, off the paper
    carried: LaidCard | None = None  # a card held under the palm
    motion: tuple[float, float] = (0.0, 0.0)  # mm moved since the last frame


@dataclass(frozen=True)
class Scene:
    number: int
    time: float
    resting: tuple[LaidCard, ...]
    hand: HandAt | None
    light: float
    bumped: bool


@dataclass(frozen=True)
class TimedStep:
    time: float
    line: str
    source: str  # "camera" or "button"


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _entry_for(layout: MatLayout, point: tuple[float, float]) -> tuple[float, float]:
    """Off the nearest paper edge: players reach in from their side."""
    width, height = layout.size
    x, y = point
    distances = {"left": x, "right": width - x, "top": y, "bottom": height - y}
    side = min(distances, key=lambda k: distances[k])
    if side == "left":
        return (-ARM_REACH_MM, y)
    if side == "right":
        return (width + ARM_REACH_MM, y)
    if side == "top":
        return (x, -ARM_REACH_MM)
    return (x, height + ARM_REACH_MM)


def hand_covers(hand: HandAt, zone: Zone, *, margin: float = 8.0) -> bool:
    """Whether the palm or the arm reaches over the zone (grown by ``margin``)."""
    left, top = zone.x - margin, zone.y - margin
    right, bottom = zone.x + zone.width + margin, zone.y + zone.height + margin
    reach = max(PALM_MM) / 2 + ARM_WIDTH_MM / 2
    for t in (i / 20 for i in range(21)):
        x, y = _lerp(hand.entry, hand.palm, t)
        radius = reach if t > 0.8 else ARM_WIDTH_MM / 2
        if left - radius <= x <= right + radius and top - radius <= y <= bottom + radius:
            return True
    return False


class TimelineBuilder:
    def __init__(self, layout: MatLayout, *, fps: float, rng: random.Random) -> None:
        self.layout = layout
        self.fps = fps
        self.rng = rng
        self.scenes: list[Scene] = []
        self.steps: list[TimedStep] = []
        self.resting: list[LaidCard] = []
        self.light = 1.0
        self.bumped = False
        self._light_target = 1.0
        self._light_step = (DIMMER_LIGHT - 1.0) / LIGHT_RAMP_FRAMES

    @property
    def now(self) -> float:
        return len(self.scenes) / self.fps

    def _frame(self, hand: HandAt | None) -> None:
        if self.light != self._light_target:
            self.light = max(self._light_target, self.light + self._light_step)
        self.scenes.append(
            Scene(len(self.scenes), self.now, tuple(self.resting), hand, self.light, self.bumped)
        )

    def still(self, frames: int) -> None:
        for _ in range(frames):
            self._frame(None)

    def dim_the_light(
        self, level: float = DIMMER_LIGHT, *, frames: int = LIGHT_RAMP_FRAMES
    ) -> None:
        """The light goes down to ``level`` over the next ``frames`` frames and stays."""
        self._light_target = level
        self._light_step = (level - self.light) / max(1, frames)

    def bump_the_camera(self) -> None:
        self.bumped = True

    def _travel(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        entry: tuple[float, float],
        frames: int,
        carried: LaidCard | None,
    ) -> None:
        previous = start
        for i in range(1, frames + 1):
            palm = _lerp(start, end, i / frames)
            held = None
            if carried is not None:
                held = LaidCard(
                    carried.card, carried.zone, palm, carried.angle + 10 * (1 - i / frames)
                )
            motion = (palm[0] - previous[0], palm[1] - previous[1])
            self._frame(HandAt(palm, entry, held, motion))
            previous = palm

    def _until_clear(
        self, zone: Zone, entry: tuple[float, float], start: tuple[float, float]
    ) -> float:
        """Withdraw the hand; the time of the first frame with the zone uncovered."""
        settled: float | None = None
        for i in range(1, WITHDRAW_FRAMES + 1):
            palm = _lerp(start, entry, i / WITHDRAW_FRAMES)
            hand = HandAt(palm, entry, None, ((palm[0] - start[0]) / i, (palm[1] - start[1]) / i))
            at = self.now
            self._frame(hand)
            if settled is None and not hand_covers(hand, zone):
                settled = at
        if settled is None:
            settled = self.now
        return settled

    def perform(
        self, move: Move, *, quiet: int = QUIET_FRAMES, approach: int = APPROACH_FRAMES
    ) -> float:
        """Play a move, its hand coming in over ``approach`` frames, then ``quiet`` still
        frames; the time its camera line settled (a button's: when it was pressed)."""
        if move.kind is MoveKind.BUTTON:
            pressed = self.now
            self.steps.append(TimedStep(pressed, move.line, "button"))
            self.still(BUTTON_FRAMES)
            return pressed
        zone = self.layout.zone(move.zone)
        if move.kind is MoveKind.PLACE:
            assert move.laid is not None
            entry = self._lay_down(move.laid, approach)
            settled = self._until_clear(zone, entry, _lerp(move.laid.centre, entry, 0.25))
        else:
            taken = (move.laid,) if move.kind is MoveKind.TAKE else move.taken
            target = move.laid.centre if move.laid is not None else zone.centre
            entry = _entry_for(self.layout, target)
            self._travel(entry, target, entry, approach, None)
            self.resting = [c for c in self.resting if c not in taken]
            self._frame(HandAt(target, entry))
            settled = self._until_clear(zone, entry, target)
        self.steps.append(TimedStep(settled, move.line, "camera"))
        self.still(quiet)
        return settled

    def _lay_down(self, laid: LaidCard, approach: int = APPROACH_FRAMES) -> tuple[float, float]:
        """A hand brings the card in over ``approach`` frames and lets go of it, still
        over it; where its arm comes from."""
        target = laid.centre
        entry = _entry_for(self.layout, target)
        self._travel(entry, target, entry, approach, laid)
        self.resting.append(laid)
        self._frame(HandAt(_lerp(target, entry, 0.25), entry))  # let go, still over it
        return entry

    def perform_together(self, moves: list[Move]) -> float:
        """Cards put down on one zone one straight after another (several players at
        once), so the zone never stands still between them: every line settles when the
        last hand has left. The time they settled."""
        assert moves and all(m.kind is MoveKind.PLACE and m.laid for m in moves)
        zone = self.layout.zone(moves[0].zone)
        entry = (0.0, 0.0)
        for move in moves:
            assert move.laid is not None
            entry = self._lay_down(move.laid)
        last = moves[-1].laid
        assert last is not None
        settled = self._until_clear(zone, entry, _lerp(last.centre, entry, 0.25))
        self.steps.extend(TimedStep(settled, move.line, "camera") for move in moves)
        self.still(QUIET_FRAMES)
        return settled

    def hand_over(self, zone_name: str) -> None:
        """A hand sweeping across one zone and away without stopping."""
        zone = self.layout.zone(zone_name)
        entry = _entry_for(self.layout, zone.centre)
        across = (2 * zone.centre[0] - entry[0], 2 * zone.centre[1] - entry[1])
        far = _lerp(zone.centre, across, 0.1)
        self._travel(_lerp(entry, zone.centre, 0.6), far, entry, GLANCE_FRAMES, None)

    def hand_passes(self) -> None:
        """A hand crossing the mat and leaving: nothing on the mat changes."""
        width, height = self.layout.size
        y = self.rng.uniform(0.3, 0.7) * height
        entry = (-ARM_REACH_MM, y)
        far = (width * self.rng.uniform(0.5, 0.8), y + self.rng.uniform(-40, 40))
        self._travel(entry, far, entry, PASS_FRAMES // 2, None)
        self._travel(far, entry, entry, PASS_FRAMES - PASS_FRAMES // 2, None)
        self.still(QUIET_FRAMES // 2)


def blur_length(hand: HandAt, px_per_mm: float) -> float:
    """Pixels the hand smears over during an exposure of about half the frame time."""
    return 0.5 * math.hypot(*hand.motion) * px_per_mm
