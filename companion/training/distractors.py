"""Things on a table that are not card indices: text, coins, shapes, card backs, hands.

Each function draws onto a float RGB image in place. ``hand`` also returns the mask of
what it drew so the scene can count it as covering the cards below.
"""

from __future__ import annotations

import string

import cv2
import numpy as np

from companion.training.backgrounds import FloatImage, as_float

_HERSHEY = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
)
_TEXT_CHARS = string.ascii_uppercase + string.ascii_lowercase + string.digits + "  .,-"
_SKIN = [(224, 172, 140), (198, 134, 96), (160, 105, 75), (110, 70, 50), (240, 200, 175)]
_METALS = [(200, 170, 90), (180, 180, 185), (160, 110, 70)]
_BACKS = [(170, 30, 40), (30, 50, 140), (30, 100, 60), (20, 20, 20)]
LINE_AA = cv2.LINE_AA


def _random_colour(rng: np.random.Generator) -> tuple[float, float, float]:
    return (float(rng.uniform(0, 255)), float(rng.uniform(0, 255)), float(rng.uniform(0, 255)))


def _blend(image: FloatImage, layer: np.ndarray, mask: np.ndarray) -> None:
    alpha = mask[..., None]
    image *= 1.0 - alpha
    image += layer * alpha


def text(rng: np.random.Generator, image: FloatImage) -> None:
    """A line of random letters and digits at a random angle."""
    height, width = image.shape[:2]
    length = int(rng.integers(1, 14))
    words = "".join(_TEXT_CHARS[int(i)] for i in rng.integers(0, len(_TEXT_CHARS), length))
    font = _HERSHEY[int(rng.integers(0, len(_HERSHEY)))]
    scale = float(rng.uniform(0.5, 3.0))
    thickness = int(rng.integers(1, 5))
    ink = np.zeros((height, width), np.uint8)
    origin = (int(rng.integers(0, width)), int(rng.integers(0, height)))
    cv2.putText(ink, words, origin, font, scale, 255, thickness, LINE_AA)
    angle = float(rng.uniform(-180, 180))
    rotation = cv2.getRotationMatrix2D((float(origin[0]), float(origin[1])), angle, 1.0)
    mask = as_float(cv2.warpAffine(ink, rotation, (width, height))) / 255.0
    colour = np.array(_random_colour(rng), np.float32) * rng.uniform(0.2, 1.0)
    _blend(image, colour[None, None, :], mask * float(rng.uniform(0.6, 1.0)))


def coin(rng: np.random.Generator, image: FloatImage) -> None:
    height, width = image.shape[:2]
    radius = int(rng.integers(10, 45))
    centre = (int(rng.integers(0, width)), int(rng.integers(0, height)))
    mask = np.zeros((height, width), np.float32)
    cv2.circle(mask, centre, radius, 1.0, -1, LINE_AA)
    metal = np.array(_METALS[int(rng.integers(0, len(_METALS)))], np.float32)
    ys, xs = np.ogrid[0:height, 0:width]
    light = 0.7 + 0.5 * np.clip(
        1.0
        - ((xs - centre[0] + radius / 2) ** 2 + (ys - centre[1] + radius / 2) ** 2)
        / (2.0 * radius**2),
        0,
        1,
    )
    layer = metal[None, None, :] * light[..., None].astype(np.float32)
    cv2.circle(layer, centre, int(radius * 0.8), tuple(float(c) * 0.8 for c in metal), 1, LINE_AA)
    _blend(image, layer, mask)


def shape(rng: np.random.Generator, image: FloatImage) -> None:
    """A printed polygon, circle or line in a random colour."""
    height, width = image.shape[:2]
    colour = _random_colour(rng)
    mask = np.zeros((height, width), np.float32)
    centre = np.array([rng.uniform(0, width), rng.uniform(0, height)])
    size = rng.uniform(10, 120)
    kind = int(rng.integers(0, 3))
    if kind == 0:
        points = centre + rng.normal(0, size, (int(rng.integers(3, 7)), 2))
        cv2.fillPoly(mask, [points.astype(np.int32)], 1.0, LINE_AA)
    elif kind == 1:
        cv2.circle(
            mask,
            (int(centre[0]), int(centre[1])),
            int(size / 2),
            1.0,
            int(rng.choice([-1, 2, 4])),
            LINE_AA,
        )
    else:
        end = centre + rng.normal(0, size * 3, 2)
        cv2.line(
            mask,
            (int(centre[0]), int(centre[1])),
            (int(end[0]), int(end[1])),
            1.0,
            int(rng.integers(1, 6)),
            LINE_AA,
        )
    _blend(image, np.array(colour, np.float32)[None, None, :], mask)


def card_back(rng: np.random.Generator, image: FloatImage, card_height: float) -> None:
    """A face-down card: a white-bordered rectangle with a diamond lattice."""
    height, width = image.shape[:2]
    w = card_height * 0.716
    centre = np.array([rng.uniform(0, width), rng.uniform(0, height)])
    angle = rng.uniform(0, 2 * np.pi)
    axes = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    local = np.array(
        [
            [-w / 2, -card_height / 2],
            [w / 2, -card_height / 2],
            [w / 2, card_height / 2],
            [-w / 2, card_height / 2],
        ]
    )
    quad = (centre + local @ axes).astype(np.int32)
    outer = np.zeros((height, width), np.float32)
    cv2.fillConvexPoly(outer, quad, 1.0, LINE_AA)
    _blend(image, np.array([245.0, 245.0, 240.0], np.float32)[None, None, :], outer)
    inner = np.zeros_like(outer)
    inner_quad = (centre + 0.88 * local @ axes).astype(np.int32)
    cv2.fillConvexPoly(inner, inner_quad, 1.0, LINE_AA)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    period = card_height * rng.uniform(0.03, 0.08)
    lattice = (np.sin((xs + ys) / period) * np.sin((xs - ys) / period) > 0).astype(np.float32)
    colour = np.array(_BACKS[int(rng.integers(0, len(_BACKS)))], np.float32)
    layer = colour[None, None, :] * (0.6 + 0.4 * lattice[..., None])
    _blend(image, layer, inner)


def hand(rng: np.random.Generator, image: FloatImage) -> np.ndarray:
    """A hand-like blob (palm and fingers) reaching in from an edge; returns its mask."""
    height, width = image.shape[:2]
    scale = rng.uniform(0.12, 0.3) * min(height, width)
    edge = int(rng.integers(0, 4))
    along = rng.uniform(0.1, 0.9)
    entries = [
        (along * width, 0.0),
        (width, along * height),
        (along * width, height),
        (0.0, along * height),
    ]
    start = np.array(entries[edge])
    inward = np.array([(0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0)][edge])
    inward = inward + rng.normal(0, 0.3, 2)
    inward /= np.linalg.norm(inward)
    side = np.array([-inward[1], inward[0]])
    palm = start + inward * scale * rng.uniform(0.6, 1.6)
    mask = np.zeros((height, width), np.float32)
    arm_end = palm - inward * scale * 3
    cv2.line(
        mask,
        tuple(int(v) for v in arm_end),
        tuple(int(v) for v in palm),
        1.0,
        int(scale * 0.8),
        LINE_AA,
    )
    angle = float(np.degrees(np.arctan2(inward[1], inward[0])))
    cv2.ellipse(
        mask,
        (int(palm[0]), int(palm[1])),
        (int(scale * 0.55), int(scale * 0.45)),
        angle,
        0,
        360,
        1.0,
        -1,
        LINE_AA,
    )
    for finger in range(int(rng.integers(2, 6))):
        offset = (finger - 1.5) * scale * 0.22
        base = palm + inward * scale * 0.4 + side * offset
        tip = base + (inward + rng.normal(0, 0.25, 2)) * scale * rng.uniform(0.5, 0.9)
        cv2.line(
            mask,
            tuple(int(v) for v in base),
            tuple(int(v) for v in tip),
            1.0,
            max(2, int(scale * 0.17)),
            LINE_AA,
        )
    soft = as_float(cv2.GaussianBlur(mask, (0, 0), 1.2))
    skin = np.array(_SKIN[int(rng.integers(0, len(_SKIN)))], np.float32)
    shading = 0.75 + 0.3 * as_float(cv2.GaussianBlur(soft, (0, 0), scale * 0.2))
    _blend(image, skin[None, None, :] * shading[..., None], soft)
    return soft
