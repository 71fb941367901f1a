"""Films of a bare table (no mat) as a camera straight above films it at 1920x1080 and
10 frames a second, each of one kind of trouble the reader meets on real frames, with the
event lines ``companion watch --mat none`` should print and when each card settled.

The cards are drawn (``DrawnArt``: the font-drawn faces the tracker's sessions use) or
cut from real photos (``PhotoArt``: the flattened photos of a real deck in
../shared/photos, read in place, never copied), and so is the table (drawn wood, or the
wood of a real table photo). Hands bring each card in blurred by their motion, let go
over it and leave; what a kind adds is in ``FilmKind``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import overload

import numpy as np

from companion.cards import Card, Rank
from companion.demo.film.session import ScriptStep
from companion.tools.synthetic.film_drawing import (
    CARD_ASPECT,
    FRAME_SIZE,
    CardArt,
    Hand,
    Laid,
    drawn_wood,
    glared,
    put_card,
    put_hand,
)
from companion.values.frame import Frame

FPS = 10.0
ZONE = "table"  # the one zone of a frame without a mat
CARD_WIDTH_PX = (150, 185)  # a poker card 0.55-0.7 m under a 1920 px camera
APPROACH_FRAMES = 4
WITHDRAW_FRAMES = 3
QUIET_FRAMES = 10  # still after a card settled: the tracker's window and its delay
# Short films (tests) are as many cards as show the kind on a smaller table, still only
# as long as the tracker needs; the cards keep their size in pixels.
SHORT_FRAME_SIZE = (1280, 720)
SHORT_QUIET_FRAMES = 6
JPEG_QUALITY = 90  # a camera's frames as files
NOISE_LEVEL = 1.5  # grey levels, a sensor's own noise
NOISY_LEVEL = 6.0  # a small sensor in a dim room
# Fans and overlapping tricks: each card lands this share of a card's width along from
# the one before, and slides on for SLIDE_FRAMES frames after the hand lets go.
FAN_STEP = (0.22, 0.4)
SLIDE_FRAMES = 3
SLIDE_PX = (2.0, 5.0)  # a frame
# Before letting go, the hand (its heel on the table) holds the card still this many
# frames over the cards before it: back by the fan's step and this share of a card's
# width more, its edge over the last card's index, nearer the camera and tilted,
# shaking by up to SHAKE_PX between frames and smeared by up to TREMOR_PX within one.
HOVER_FRAMES = (4, 7)
HOVER_BACK = (-0.05, 0.15)
HOVER_GROW = (1.03, 1.1)
HOVER_SQUASH = (0.6, 0.95)
SHAKE_PX = 0.25
TREMOR_PX = 2.0
# A trick's cards, then the table cleared; the next trick's first card lands where the
# last one's did, the hand lingering over its far half (still) this many frames.
TRICK_CARDS = 4
LINGER_FRAMES = (5, 9)
# A lamp's glare: a white, saturated spot this many index heights across.
GLARE_SIZE = (1.4, 2.0)
GLARE_OFFSET = (0.0, 1.0)  # its centre this many index heights from the index's centre
# A card pushed in from the frame's edge: this many pixels a frame, slowing to a stop.
PUSH_SPEED = (45.0, 90.0)
PUSH_FRAMES = 5
CRAWL_PX = (1.5, 0.6)  # its last frames' steps: slowing to a stop
PUSH_LINGER_FRAMES = (0, 5)  # the fingers resting on it after the push
# Out of focus: a Gaussian blur of the whole frame, sigma in pixels.
DEFOCUS_SIGMA = (1.0, 4.0)
# Pips under a card: a number card, then a card over its lower half, its upper pips and
# upper index in sight.
PIP_RANKS = (Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)


class FilmKind(Enum):
    """What happens on the table of a film."""

    OVERLAP = "overlap"  # cards laid over the ones before (a fan), still sliding a moment
    RETRICK = "retrick"  # tricks cleared, the next first card where the last one lay
    GLARE = "glare"  # a lamp's glare washing out cards' upper index
    PUSHED = "pushed"  # cards pushed in from the edge of the frame, blurred, then still
    DEFOCUS = "defocus"  # the whole frame out of focus
    PIPS = "pips"  # a card over the lower half of a number card, its pips in sight

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Shot:
    """What one frame shows."""

    resting: tuple[Laid, ...]
    hand: Hand | None = None
    moving: Laid | None = None  # a card sliding on the table (not in a hand)
    moving_motion: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Look:
    """How the whole film looks: glare spots (centre, radius px), defocus, noise."""

    glare: tuple[tuple[tuple[float, float], float], ...] = ()
    defocus: float = 0.0
    noise: float = NOISE_LEVEL


@dataclass(frozen=True)
class Film:
    kind: FilmKind
    art: str
    seed: int
    shots: tuple[Shot, ...]
    script: tuple[ScriptStep, ...]
    faces: tuple[np.ndarray, ...] = field(repr=False)
    table: np.ndarray = field(repr=False)
    look: Look = Look()

    @property
    def frames(self) -> FilmFrames:
        return FilmFrames(self)

    @property
    def placed(self) -> tuple[Card, ...]:
        return tuple(
            Card.parse(step.line.split()[-1])
            for step in self.script
            if step.line.startswith("card")
        )


class FilmFrames(Sequence[Frame]):
    """A film's frames, each drawn when asked for."""

    def __init__(self, film: Film) -> None:
        self._film = film
        self._cache: tuple[tuple[Laid, ...], np.ndarray] | None = None

    def __len__(self) -> int:
        return len(self._film.shots)

    @overload
    def __getitem__(self, index: int) -> Frame: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Frame]: ...

    def __getitem__(self, index: int | slice) -> Frame | Sequence[Frame]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return Frame(self._render(index), index / FPS, index)

    def __iter__(self) -> Iterator[Frame]:
        for i in range(len(self)):
            yield self[i]

    def _resting(self, resting: tuple[Laid, ...]) -> np.ndarray:
        if self._cache is not None and self._cache[0] == resting:
            return self._cache[1]
        picture = self._film.table.copy()
        for laid in resting:
            put_card(picture, self._film.faces[laid.face_id], laid, (0.0, 0.0))
        self._cache = (resting, picture)
        return picture

    def _render(self, number: int) -> np.ndarray:
        import cv2

        film, shot = self._film, self._film.shots[number]
        picture = self._resting(shot.resting).copy()
        if shot.moving is not None:
            put_card(picture, film.faces[shot.moving.face_id], shot.moving, shot.moving_motion)
        if shot.hand is not None:
            if shot.hand.carried is not None:
                carried = shot.hand.carried
                put_card(picture, film.faces[carried.face_id], carried, shot.hand.carried_motion)
            put_hand(picture, shot.hand)
        look = film.look
        if look.glare:
            picture = glared(picture, look.glare)
        if look.defocus > 0.0:
            picture = cv2.GaussianBlur(picture, (0, 0), look.defocus)
        rng = np.random.default_rng([film.seed, number])
        noise = rng.standard_normal(picture.shape, dtype=np.float32) * look.noise
        noisy = np.clip(picture.astype(np.float32) + noise, 0, 255).astype(np.uint8)
        _, encoded = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR), np.uint8)


def corner_index(laid: Laid, face_size: tuple[int, int]) -> tuple[float, float]:
    """Where the upper-left index of a laid card lies in the frame."""
    width, height = face_size
    x, y = -width / 2 + 0.1 * width, -height / 2 + 0.12 * height
    turn = math.radians(laid.angle)
    return (
        laid.centre[0] + x * math.cos(turn) + y * math.sin(turn),
        laid.centre[1] - x * math.sin(turn) + y * math.cos(turn),
    )


class _Builder:
    """Shots and script lines as hands make them."""

    def __init__(self, rng: random.Random, grip: float, size: tuple[int, int], quiet: int) -> None:
        self.rng = rng
        self.grip = grip  # from a held card's centre to the palm
        self.size = size  # the frame's width and height
        self.quiet = quiet  # still frames after each card
        self.shots: list[Shot] = []
        self.steps: list[ScriptStep] = []
        self.resting: list[Laid] = []

    @property
    def now(self) -> float:
        return len(self.shots) / FPS

    def still(self, frames: int) -> None:
        self.shots.extend(Shot(tuple(self.resting)) for _ in range(frames))

    def _entry(self, point: tuple[float, float]) -> tuple[float, float]:
        """Off the nearest edge of the frame (the side a player sits)."""
        width, height = self.size
        x, y = point
        sides = {"left": x, "right": width - x, "top": y, "bottom": height - y}
        side = min(sides, key=lambda k: sides[k])
        return {
            "left": (-400.0, y),
            "right": (width + 400.0, y),
            "top": (x, -400.0),
            "bottom": (x, height + 400.0),
        }[side]

    def lay(
        self,
        laid: Laid,
        *,
        slide: tuple[float, float] = (0.0, 0.0),
        hover: tuple[Laid, int] | None = None,
        linger: int = 0,
    ) -> None:
        """A hand brings the card in and lets go, the card sliding on ``slide`` a frame for
        SLIDE_FRAMES frames when given; with ``hover`` (a pose and a count of frames) the
        hand first holds it still at that pose, trembling, then lets it fall and slide
        into place. The hand stays still over the card's far half ``linger`` frames, and
        leaves; the card's line settles when nothing moves over it any more."""
        entry = self._entry(laid.centre)
        sliding = slide != (0.0, 0.0) or hover is not None
        release = (
            hover[0]
            if hover is not None
            else replace(
                laid, centre=(laid.centre[0] - 3 * slide[0], laid.centre[1] - 3 * slide[1])
            )
        )
        drop = release.centre if sliding else laid.centre
        previous = entry
        for i in range(1, APPROACH_FRAMES + 1):
            t = i / APPROACH_FRAMES
            held = _toward(entry, drop, t)
            motion = (held[0] - previous[0], held[1] - previous[1])
            carried = replace(release, centre=held, angle=release.angle + 8.0 * (1 - t))
            palm = _gripping(held, entry, self.grip)
            self.shots.append(Shot(tuple(self.resting), Hand(palm, entry, motion, carried, motion)))
            previous = held
        if hover is not None:
            for _ in range(hover[1]):
                # a hand holding a card is never quite still: a pixel's tremor, and the
                # card smeared by it within the exposure
                shake = (
                    self.rng.uniform(-SHAKE_PX, SHAKE_PX),
                    self.rng.uniform(-SHAKE_PX, SHAKE_PX),
                )
                smear = (
                    self.rng.uniform(-TREMOR_PX, TREMOR_PX),
                    self.rng.uniform(-TREMOR_PX, TREMOR_PX),
                )
                held = (drop[0] + shake[0], drop[1] + shake[1])
                carried = replace(release, centre=held)
                palm = _gripping(held, entry, self.grip)
                self.shots.append(
                    Shot(tuple(self.resting), Hand(palm, entry, smear, carried, smear))
                )
        over = _gripping(drop, entry, 1.1 * self.grip)
        moving_frames = SLIDE_FRAMES if sliding else 0
        for i in range(max(1, linger) + moving_frames):
            t = min(i + 1, moving_frames) / max(1, moving_frames)
            card = _between(release, laid, t)
            step = _between(release, laid, min(i, moving_frames) / max(1, moving_frames))
            motion = (card.centre[0] - step.centre[0], card.centre[1] - step.centre[1])
            jitter = (
                (self.rng.uniform(-0.6, 0.6), self.rng.uniform(-0.6, 0.6)) if linger else (0, 0)
            )
            hand = Hand((over[0] + jitter[0], over[1] + jitter[1]), entry)
            settled_card = i >= moving_frames
            if settled_card:
                self.shots.append(Shot((*self.resting, laid), hand))
            else:
                self.shots.append(Shot(tuple(self.resting), hand, card, motion))
        self.resting.append(laid)
        for i in range(1, WITHDRAW_FRAMES + 1):
            palm = _toward(over, entry, i / WITHDRAW_FRAMES * 0.7)
            self.shots.append(Shot(tuple(self.resting), Hand(palm, entry, (40.0, 40.0))))
        self.steps.append(ScriptStep(self.now, f"card {ZONE} {laid.card}", "camera"))
        self.still(self.quiet)

    def push(self, laid: Laid, *, speed: float, linger: int = 0) -> None:
        """A hand pushes the card in from the frame's edge along a straight line, fast then
        slowing to a crawl, keeps its fingers on it ``linger`` frames, and leaves it
        still."""
        entry = self._entry(laid.centre)
        direction = _unit(laid.centre[0] - entry[0], laid.centre[1] - entry[1])
        steps = [speed * (1.0 - i / (PUSH_FRAMES + 1)) for i in range(PUSH_FRAMES)]
        steps.extend(CRAWL_PX)
        travel = sum(steps)
        position = (laid.centre[0] - direction[0] * travel, laid.centre[1] - direction[1] * travel)
        for step in steps:
            position = (position[0] + direction[0] * step, position[1] + direction[1] * step)
            motion = (direction[0] * step, direction[1] * step)
            card = replace(laid, centre=position)
            behind = (position[0] - direction[0] * 260.0, position[1] - direction[1] * 260.0)
            self.shots.append(Shot(tuple(self.resting), Hand(behind, entry, motion), card, motion))
        self.resting.append(laid)
        behind = (laid.centre[0] - direction[0] * 260.0, laid.centre[1] - direction[1] * 260.0)
        for _ in range(linger):
            shake = (self.rng.uniform(-0.5, 0.5), self.rng.uniform(-0.5, 0.5))
            palm = (behind[0] + shake[0], behind[1] + shake[1])
            self.shots.append(Shot(tuple(self.resting), Hand(palm, entry)))
        for i in range(1, WITHDRAW_FRAMES + 1):
            palm = _toward(behind, entry, i / WITHDRAW_FRAMES * 0.7)
            self.shots.append(Shot(tuple(self.resting), Hand(palm, entry, (40.0, 40.0))))
        self.steps.append(ScriptStep(self.now, f"card {ZONE} {laid.card}", "camera"))
        self.still(self.quiet)

    def sweep(self) -> None:
        """A hand takes every card: the zone is cleared."""
        centre = tuple(np.mean([laid.centre for laid in self.resting], axis=0))
        entry = self._entry((float(centre[0]), float(centre[1])))
        previous = entry
        for i in range(1, APPROACH_FRAMES + 1):
            palm = _toward(entry, (float(centre[0]), float(centre[1])), i / APPROACH_FRAMES)
            motion = (palm[0] - previous[0], palm[1] - previous[1])
            self.shots.append(Shot(tuple(self.resting), Hand(palm, entry, motion)))
            previous = palm
        self.resting.clear()
        for i in range(1, WITHDRAW_FRAMES + 1):
            palm = _toward(previous, entry, i / WITHDRAW_FRAMES * 0.7)
            self.shots.append(Shot((), Hand(palm, entry, (40.0, 40.0))))
        self.steps.append(ScriptStep(self.now, f"clear {ZONE}", "camera"))
        self.still(self.quiet)


def _gripping(
    card: tuple[float, float], entry: tuple[float, float], reach: float
) -> tuple[float, float]:
    """The palm holding a card by its near end: ``reach`` from its centre toward the arm."""
    direction = _unit(entry[0] - card[0], entry[1] - card[1])
    return (card[0] + direction[0] * reach, card[1] + direction[1] * reach)


def _between(first: Laid, last: Laid, t: float) -> Laid:
    """A card on its way from one pose to another (t from 0 to 1)."""
    grow = first.held[0] + (last.held[0] - first.held[0]) * t
    squash = first.held[1] + (last.held[1] - first.held[1]) * t
    return replace(
        last,
        centre=_toward(first.centre, last.centre, t),
        angle=first.angle + (last.angle - first.angle) * t,
        held=(grow, squash),
    )


def _toward(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _unit(x: float, y: float) -> tuple[float, float]:
    length = math.hypot(x, y) or 1.0
    return (x / length, y / length)


def make_film(
    kind: FilmKind,
    *,
    seed: int,
    art: CardArt,
    table: np.ndarray | None = None,
    noise: float = NOISE_LEVEL,
    short: bool = False,
) -> Film:
    """A film of ``kind``, seeded: its shots, the lines a tracker should print, its look
    (``short``: the least that shows the kind, for tests)."""
    rng = random.Random(f"{kind}:{art.name}:{seed}")
    cards = list(art.cards())
    rng.shuffle(cards)
    width = rng.randint(*CARD_WIDTH_PX)
    height = round(width * CARD_ASPECT)
    faces: list[np.ndarray] = []
    face_of: dict[Card, int] = {}

    def laid(card: Card, centre: tuple[float, float], angle: float) -> Laid:
        if card not in face_of:
            face_of[card] = len(faces)
            faces.append(art.face(card, width, rng))
        return Laid(card, centre, angle, face_of[card])

    size = SHORT_FRAME_SIZE if short else FRAME_SIZE
    quiet = SHORT_QUIET_FRAMES if short else QUIET_FRAMES
    builder = _Builder(rng, grip=0.62 * height, size=size, quiet=quiet)
    builder.still(quiet)
    look = Look(noise=noise)
    frame_w, frame_h = size
    middle = (frame_w * rng.uniform(0.4, 0.6), frame_h * rng.uniform(0.39, 0.61))
    if kind is FilmKind.OVERLAP:
        count = 2 if short else rng.randint(5, 7)
        step = rng.uniform(*FAN_STEP) * width
        turn = rng.uniform(-12.0, 12.0)
        x0 = middle[0] - step * (count - 1) / 2
        for number, card in enumerate(cards[:count]):
            angle = turn + rng.uniform(-4.0, 4.0)
            centre = (x0 + number * step, middle[1] + rng.uniform(-12.0, 12.0))
            speed = rng.uniform(*SLIDE_PX)
            landing = laid(card, centre, angle)
            if number == 0:
                builder.lay(landing, slide=(speed, rng.uniform(-1.0, 1.0)))
                continue
            # held a moment over the cards before it, over the last one's index
            back = step + rng.uniform(*HOVER_BACK) * width
            held = replace(
                landing,
                centre=(centre[0] - back, centre[1] + rng.uniform(-0.1, 0.1) * height),
                angle=angle + rng.uniform(-6.0, 6.0),
                held=(rng.uniform(*HOVER_GROW), rng.uniform(*HOVER_SQUASH)),
            )
            builder.lay(landing, hover=(held, rng.randint(*HOVER_FRAMES)))
    elif kind is FilmKind.RETRICK:
        spots = [
            (middle[0] + dx * width * 0.62, middle[1] + dy * height * 0.5)
            for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1))
        ]
        pool = iter(cards)
        lead: tuple[tuple[float, float], float] | None = None  # the first trick's lead
        for trick in range(2 if short else 3):
            for number, spot in enumerate(spots[: 1 if short else TRICK_CARDS]):
                card = next(pool)
                centre = (spot[0] + rng.uniform(-6, 6), spot[1] + rng.uniform(-6, 6))
                angle = rng.uniform(-8, 8)
                if number == 0 and lead is not None:
                    centre, angle = lead  # exactly where the last trick's lead lay
                elif number == 0:
                    lead = (centre, angle)
                linger = rng.randint(*LINGER_FRAMES) if number == 0 and trick else 0
                builder.lay(laid(card, centre, angle), linger=linger)
            builder.sweep()
    elif kind is FilmKind.GLARE:
        count = 2 if short else 6
        centres = [
            (middle[0] + (i - (count - 1) / 2) * width * 1.25, middle[1] + rng.uniform(-40, 40))
            for i in range(count)
        ]
        placed = [
            laid(card, centre, rng.uniform(-8, 8))
            for card, centre in zip(cards, centres, strict=False)
        ]
        index_height = 0.17 * width
        glare_spots: list[tuple[tuple[float, float], float]] = []
        for target in placed[1::2]:
            radius = index_height * rng.uniform(*GLARE_SIZE) / 2
            # over the index, or beside it: then the index fades into the glare, its ink
            # part washed out, part still there
            x, y = corner_index(target, (width, height))
            off = rng.uniform(*GLARE_OFFSET) * index_height
            turn = rng.uniform(0.0, 2.0 * math.pi)
            glare_spots.append(((x + off * math.cos(turn), y + off * math.sin(turn)), radius))
        look = replace(look, glare=tuple(glare_spots))
        for card_laid in placed:
            builder.lay(card_laid)
    elif kind is FilmKind.PUSHED:
        count = 2 if short else 5
        for number, card in enumerate(cards[:count]):
            along = number - (count - 1) / 2
            centre = (middle[0] + along * width * 1.25, middle[1] + rng.uniform(-60, 60))
            builder.push(
                laid(card, centre, rng.uniform(-10, 10)),
                speed=rng.uniform(*PUSH_SPEED),
                linger=rng.randint(*PUSH_LINGER_FRAMES),
            )
    elif kind is FilmKind.DEFOCUS:
        look = replace(look, defocus=rng.uniform(*DEFOCUS_SIGMA))
        count = 2 if short else 6
        for number, card in enumerate(cards[:count]):
            along = number - (count - 1) / 2
            centre = (middle[0] + along * width * 1.2, middle[1] + rng.uniform(-60, 60))
            builder.lay(laid(card, centre, rng.uniform(-8, 8)))
    else:
        numbers = [card for card in cards if card.rank in PIP_RANKS]
        others = [card for card in cards if card not in numbers]
        for pair in range(1 if short else 2):
            under, over = numbers[pair], others[pair]
            angle = rng.uniform(-6.0, 6.0)
            base = (middle[0] + (pair - 0.5) * width * 2.6, middle[1] - height * 0.25)
            builder.lay(laid(under, base, angle))
            # over the lower half: its bottom index and lower pips hidden
            shift = (rng.uniform(-0.15, 0.25) * width, rng.uniform(0.5, 0.6) * height)
            turn = math.radians(angle)
            centre = (
                base[0] + shift[0] * math.cos(turn) + shift[1] * math.sin(turn),
                base[1] - shift[0] * math.sin(turn) + shift[1] * math.cos(turn),
            )
            builder.lay(laid(over, centre, angle + rng.uniform(-10.0, 10.0)))
    builder.still(quiet)
    return Film(
        kind=kind,
        art=art.name,
        seed=seed,
        shots=tuple(builder.shots),
        script=tuple(builder.steps),
        faces=tuple(faces),
        table=table if table is not None else drawn_wood(rng, size),
        look=look,
    )
