"""Things on a table that are not card indices: text, coins, shapes, card backs, hands.

Each function draws onto a float RGB image in place. ``hand`` also returns the mask of
what it drew so the scene can count it as covering the cards below.
"""

from __future__ import annotations

import string

import cv2
import numpy as np

from training.backgrounds import FloatImage, as_float
from training.layout import CARD_ASPECT

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
    """Paint the layer (full size or one colour) where the mask is, within its bounding box."""
    rows = np.flatnonzero(mask.max(axis=1) > 0)
    columns = np.flatnonzero(mask.max(axis=0) > 0)
    if len(rows) == 0:
        return
    y0, y1, x0, x1 = rows[0], rows[-1] + 1, columns[0], columns[-1] + 1
    alpha = mask[y0:y1, x0:x1, None]
    region = image[y0:y1, x0:x1]
    paint = layer[y0:y1, x0:x1] if layer.shape[0] > 1 else layer
    region *= 1.0 - alpha
    region += paint * alpha


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


def _paint_local(
    image: FloatImage, corner: tuple[int, int], layer: np.ndarray, mask: np.ndarray
) -> None:
    """Blend a small patch whose top-left sits at ``corner`` (may hang over the frame)."""
    height, width = image.shape[:2]
    x, y = corner
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(width, x + mask.shape[1]), min(height, y + mask.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    alpha = mask[y0 - y : y1 - y, x0 - x : x1 - x, None]
    region = image[y0:y1, x0:x1]
    region *= 1.0 - alpha
    region += layer[y0 - y : y1 - y, x0 - x : x1 - x] * alpha


def coin(rng: np.random.Generator, image: FloatImage) -> None:
    height, width = image.shape[:2]
    radius = int(rng.integers(10, 45))
    size = 2 * radius + 4
    centre = (size // 2, size // 2)
    mask = np.zeros((size, size), np.float32)
    cv2.circle(mask, centre, radius, 1.0, -1, LINE_AA)
    metal = np.array(_METALS[int(rng.integers(0, len(_METALS)))], np.float32)
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    distance = (xs - centre[0] + radius / 2) ** 2 + (ys - centre[1] + radius / 2) ** 2
    light = 0.7 + 0.5 * np.clip(1.0 - distance / (2.0 * radius**2), 0, 1)
    layer = np.ascontiguousarray(metal[None, None, :] * light[..., None])
    rim = tuple(float(c) * 0.8 for c in metal)
    cv2.circle(layer, centre, int(radius * 0.8), rim, 1, LINE_AA)
    corner = (int(rng.integers(0, width)) - size // 2, int(rng.integers(0, height)) - size // 2)
    _paint_local(image, corner, layer, mask)


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
    w = card_height * CARD_ASPECT
    angle = rng.uniform(0, 2 * np.pi)
    axes = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    half = np.array([[-w, -card_height], [w, -card_height], [w, card_height], [-w, card_height]])
    local = half / 2 @ axes
    size = int(np.ceil(np.abs(local).max() * 2)) + 4
    middle = np.array([size / 2, size / 2])
    outer = np.zeros((size, size), np.float32)
    cv2.fillConvexPoly(outer, (middle + local).astype(np.int32), 1.0, LINE_AA)
    inner = np.zeros_like(outer)
    cv2.fillConvexPoly(inner, (middle + 0.88 * local).astype(np.int32), 1.0, LINE_AA)
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    period = card_height * rng.uniform(0.03, 0.08)
    lattice = (np.sin((xs + ys) / period) * np.sin((xs - ys) / period) > 0).astype(np.float32)
    colour = np.array(_BACKS[int(rng.integers(0, len(_BACKS)))], np.float32)
    white = np.array([245.0, 245.0, 240.0], np.float32)
    pattern = colour[None, None, :] * (0.6 + 0.4 * lattice[..., None])
    layer = white * (1.0 - inner[..., None]) + pattern * inner[..., None]
    corner = (int(rng.integers(0, width)) - size // 2, int(rng.integers(0, height)) - size // 2)
    _paint_local(image, corner, layer, outer)


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
    splay = rng.uniform(0.0, 0.25)
    for finger in range(int(rng.integers(2, 6))):
        spread = finger - 1.5
        base = palm + inward * scale * 0.4 + side * spread * scale * 0.22
        direction = inward + side * spread * splay + rng.normal(0, 0.05, 2)
        tip = base + direction * scale * rng.uniform(0.5, 0.9)
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
    # rounded shading: darker towards the outline, as a lit, curved surface
    depth = as_float(cv2.distanceTransform((mask > 0.5).astype(np.uint8), cv2.DIST_L2, 3))
    roundness = np.sqrt(np.clip(depth / max(1.0, scale * 0.25), 0.0, 1.0))
    _blend(image, skin[None, None, :] * (0.55 + 0.5 * roundness[..., None]), soft)
    return soft
