"""Drawing a table film's frames: card faces (drawn, or cut from real photos of a real
deck), the table's wood, cards laid and carried, hands smeared by their motion, a lamp's
glare."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np

from companion.cards import Card, IndexScript, Rank, Suit
from companion.demo.film.rendering import motion_blurred

FRAME_SIZE = (1920, 1080)
CARD_ASPECT = 88.0 / 63.0
SKIN = (140, 172, 224)  # BGR
ARM_SHADE = (118, 146, 196)
PALM_PX = (150, 175)  # the palm's ellipse, its half axes
ARM_PX = 120  # the forearm's width
MAX_BLUR_PX = 41  # the longest smear of a moving hand or card, pixels


@dataclass(frozen=True)
class Laid:
    """A card on the table or in a hand: its centre (frame px), turn (degrees,
    counter-clockwise) and face."""

    card: Card
    centre: tuple[float, float]
    angle: float
    face_id: int  # which face picture (Film.faces)
    # Held above the table: nearer the camera (``grow`` times as large) and tilted, its
    # length seen foreshortened (``squash`` of it); a card lying flat is (1.0, 1.0).
    held: tuple[float, float] = (1.0, 1.0)


@dataclass(frozen=True)
class Hand:
    palm: tuple[float, float]
    entry: tuple[float, float]  # off the frame, where the arm comes from
    motion: tuple[float, float] = (0.0, 0.0)  # px since the last frame
    carried: Laid | None = None
    carried_motion: tuple[float, float] = (0.0, 0.0)


class CardArt(Protocol):
    """Card faces, BGRA, upright, ``width`` pixels wide."""

    name: str

    def cards(self) -> tuple[Card, ...]: ...

    def face(self, card: Card, width: int, rng: random.Random) -> np.ndarray: ...


class DrawnArt:
    """The font-drawn faces of the tracker's sessions (English indices)."""

    name = "drawn"

    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(rank, suit) for suit in Suit for rank in Rank)

    def face(self, card: Card, width: int, rng: random.Random) -> np.ndarray:
        import cv2

        from companion.demo.film.card_faces import card_face

        del rng
        picture = card_face(card, IndexScript.ENGLISH, 3.0)
        bgra = cv2.cvtColor(np.asarray(picture), cv2.COLOR_RGBA2BGRA)
        height = round(width * CARD_ASPECT)
        resized: np.ndarray = cv2.resize(bgra, (width, height), interpolation=cv2.INTER_AREA)
        return resized


class PhotoArt:
    """Real photos of a real deck (9 to A), flattened, from ``folder`` (its files are
    named ``<rank><suit>_<shot>.jpg``); each face a shot chosen by the film's seed."""

    name = "photos"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._shots: dict[Card, list[Path]] = {}
        for path in sorted(folder.glob("*.jpg")):
            try:
                card = Card.parse(path.stem.split("_")[0])
            except ValueError:
                continue
            self._shots.setdefault(card, []).append(path)
        if not self._shots:
            raise FileNotFoundError(f"{folder}: no card photos (<rank><suit>_<shot>.jpg)")

    def cards(self) -> tuple[Card, ...]:
        return tuple(self._shots)

    def face(self, card: Card, width: int, rng: random.Random) -> np.ndarray:
        import cv2

        picture = _photo(rng.choice(self._shots[card]))
        height = round(width * CARD_ASPECT)
        bgr = cv2.resize(picture, (width, height), interpolation=cv2.INTER_AREA)
        alpha = np.zeros((height, width), np.uint8)
        radius = max(2, round(width * 0.05))
        cv2.rectangle(alpha, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
        cv2.rectangle(alpha, (0, radius), (width - 1, height - 1 - radius), 255, -1)
        for x in (radius, width - 1 - radius):
            for y in (radius, height - 1 - radius):
                cv2.circle(alpha, (x, y), radius, 255, -1, cv2.LINE_AA)
        return np.dstack([bgr, alpha])


@cache
def _photo(path: Path) -> np.ndarray:
    import cv2

    picture = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if picture is None:
        raise FileNotFoundError(f"{path}: not a readable image")
    return np.asarray(picture)


def drawn_wood(rng: random.Random, size: tuple[int, int] = FRAME_SIZE) -> np.ndarray:
    """A wooden table top (BGR, ``size``): planks of grain in browns."""
    import cv2

    width, height = size
    noise = np.random.default_rng(rng.randrange(2**32))
    y = np.arange(height, dtype=np.float32)[:, None]
    x = np.arange(width, dtype=np.float32)[None, :]
    wobble = cv2.resize(noise.standard_normal((8, 16)).astype(np.float32), (width, height))
    grain = np.sin((y + 18.0 * wobble) / rng.uniform(3.0, 6.0)) * 0.5 + 0.5
    fine = cv2.GaussianBlur(noise.standard_normal((height, width)).astype(np.float32), (0, 0), 2)
    plank = rng.uniform(160.0, 260.0)
    shade = 0.85 + 0.15 * np.sin(np.floor(y / plank) * 2.1 + x * 0.0)
    level = (0.55 + 0.25 * grain + 0.05 * fine) * shade
    base = np.array([rng.uniform(40, 70), rng.uniform(80, 110), rng.uniform(130, 170)])
    table = np.clip(level[:, :, None] * base[None, None, :] * 1.3, 0, 255).astype(np.uint8)
    seams = (np.mod(y, plank) < 2.0).repeat(width, axis=1)
    table[seams] = (table[seams] * 0.6).astype(np.uint8)
    return np.asarray(table, np.uint8)


def photo_wood(path: Path, rng: random.Random, size: tuple[int, int] = FRAME_SIZE) -> np.ndarray:
    """The bare wood of a real table photo (its left third, where no card lies), mirrored
    and stretched over ``size``."""
    import cv2

    picture = _photo(path)
    strip = picture[:, : picture.shape[1] // 3]
    if rng.random() < 0.5:
        strip = strip[:, ::-1]
    tiled = np.hstack([strip, strip[:, ::-1], strip])
    table: np.ndarray = cv2.resize(tiled, size, interpolation=cv2.INTER_AREA)
    return table


def put_card(
    picture: np.ndarray, face: np.ndarray, laid: Laid, motion: tuple[float, float]
) -> None:
    """Lay a BGRA face onto ``picture`` turned and centred as ``laid`` says, smeared along
    ``motion`` (pixels moved in the frame's time; half of it is the exposure)."""
    import cv2

    grow, squash = laid.held
    if (grow, squash) != (1.0, 1.0):
        size = (round(face.shape[1] * grow), round(face.shape[0] * grow * squash))
        face = cv2.resize(face, size, interpolation=cv2.INTER_AREA)
    height, width = face.shape[:2]
    turn = cv2.getRotationMatrix2D((width / 2, height / 2), laid.angle, 1.0)
    side = math.ceil(math.hypot(width, height)) + 2 * MAX_BLUR_PX
    turn[:, 2] += (side / 2 - width / 2, side / 2 - height / 2)
    tile = cv2.warpAffine(face, turn, (side, side), flags=cv2.INTER_LINEAR)
    tile = smeared(tile, motion)
    left = round(laid.centre[0] - side / 2)
    top = round(laid.centre[1] - side / 2)
    blend(picture, tile, left, top)


def smeared(tile: np.ndarray, motion: tuple[float, float]) -> np.ndarray:
    """A BGRA tile blurred along ``motion`` over half its length (premultiplied)."""
    length = min(MAX_BLUR_PX, round(0.5 * math.hypot(*motion)))
    if length < 2:
        return tile
    return motion_blurred(tile, math.atan2(motion[1], motion[0]), length)


def blend(picture: np.ndarray, tile: np.ndarray, left: int, top: int) -> None:
    """Alpha-blend a BGRA tile onto ``picture`` at (left, top), clipped to the frame."""
    height, width = picture.shape[:2]
    x0, y0 = max(0, left), max(0, top)
    x1 = min(width, left + tile.shape[1])
    y1 = min(height, top + tile.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    part = tile[y0 - top : y1 - top, x0 - left : x1 - left].astype(np.float32)
    cover = part[:, :, 3:] / 255.0
    under = picture[y0:y1, x0:x1].astype(np.float32)
    picture[y0:y1, x0:x1] = (part[:, :, :3] * cover + under * (1.0 - cover)).astype(np.uint8)


def put_hand(picture: np.ndarray, hand: Hand) -> None:
    """A forearm from ``entry`` and a palm, smeared along the hand's motion."""
    import cv2

    xs = (hand.palm[0], hand.entry[0])
    ys = (hand.palm[1], hand.entry[1])
    pad = max(PALM_PX) + MAX_BLUR_PX
    left, top = round(min(xs) - pad), round(min(ys) - pad)
    right, bottom = round(max(xs) + pad), round(max(ys) + pad)
    tile = np.zeros((bottom - top, right - left, 4), np.uint8)
    palm = (round(hand.palm[0] - left), round(hand.palm[1] - top))
    entry = (round(hand.entry[0] - left), round(hand.entry[1] - top))
    cv2.line(tile, entry, palm, (*ARM_SHADE, 255), ARM_PX, cv2.LINE_AA)
    toward = math.atan2(entry[1] - palm[1], entry[0] - palm[0])
    cv2.ellipse(tile, palm, PALM_PX, math.degrees(toward), 0, 360, (*SKIN, 255), -1, cv2.LINE_AA)
    blend(picture, smeared(tile, hand.motion), left, top)


def glared(picture: np.ndarray, spots: Sequence[tuple[tuple[float, float], float]]) -> np.ndarray:
    """A lamp's reflection: light added round each spot, saturating at its middle."""
    height, width = picture.shape[:2]
    light = np.zeros((height, width), np.float32)
    for (x, y), radius in spots:
        x0, x1 = max(0, int(x - 2 * radius)), min(width, int(x + 2 * radius))
        y0, y1 = max(0, int(y - 2 * radius)), min(height, int(y + 2 * radius))
        ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        distance = np.hypot(xs - x, ys - y) / radius
        light[y0:y1, x0:x1] += 400.0 * np.exp(-(distance**4))
    out = picture.astype(np.float32) + light[:, :, None]
    return np.asarray(np.clip(out, 0, 255), np.uint8)
