"""Procedural table surfaces: wood, felt, cloth, paper, glossy and stone, as float RGB."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import cv2
import numpy as np

FloatImage = np.ndarray  # H x W x 3 float32, RGB, 0..255

FULL_TURN = 2.0 * np.pi
HUE_JITTER = 0.05
BANK_SIZE = 24
BANK_REFRESH = 0.2
BANK_MARGIN = 1.15  # bank surfaces are this much larger than the frame, for random crops


def as_float(values: object) -> FloatImage:
    """The values as a float32 array (also gives typed results from OpenCV calls)."""
    return np.asarray(values, dtype=np.float32)


class Surface(Enum):
    WOOD = "wood"
    FELT = "felt"
    CLOTH = "cloth"
    PAPER = "paper"
    GLOSSY = "glossy"
    STONE = "stone"


def smooth_noise(rng: np.random.Generator, height: int, width: int, cell: int) -> np.ndarray:
    """Noise in 0..1 that varies over about ``cell`` pixels (bicubic upscaled random grid)."""
    grid = rng.random((height // cell + 3, width // cell + 3)).astype(np.float32)
    big = cv2.resize(
        grid,
        ((width // cell + 3) * cell, (height // cell + 3) * cell),
        interpolation=cv2.INTER_CUBIC,
    )
    oy = int(rng.integers(0, cell))
    ox = int(rng.integers(0, cell))
    return np.clip(big[oy : oy + height, ox : ox + width], 0.0, 1.0)


def fractal_noise(
    rng: np.random.Generator, height: int, width: int, cell: int, octaves: int = 3
) -> np.ndarray:
    total = np.zeros((height, width), np.float32)
    weight = 1.0
    norm = 0.0
    for _ in range(octaves):
        total += weight * smooth_noise(rng, height, width, max(2, cell))
        norm += weight
        weight *= 0.5
        cell //= 2
    return total / norm


def _colour(
    rng: np.random.Generator, palette: list[tuple[int, int, int]], spread: float
) -> np.ndarray:
    """A palette colour, brighter or darker by up to ``spread``, its hue nudged a little."""
    base = np.array(palette[int(rng.integers(0, len(palette)))], np.float32)
    brightness = rng.uniform(1.0 - spread, 1.0 + spread)
    hue = rng.uniform(1.0 - HUE_JITTER, 1.0 + HUE_JITTER, 3)
    return np.clip(base * brightness * hue, 0, 255).astype(np.float32)


def _coords(rng: np.random.Generator, height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel coordinates rotated by a random angle: along and across a grain."""
    angle = rng.uniform(0, FULL_TURN)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    along = xs * np.cos(angle) + ys * np.sin(angle)
    across = -xs * np.sin(angle) + ys * np.cos(angle)
    return along, across


_WOODS = [
    (186, 140, 94),
    (150, 100, 60),
    (110, 70, 40),
    (205, 170, 120),
    (90, 55, 35),
    (170, 120, 80),
    (125, 95, 70),
]
_FELTS = [
    (30, 110, 60),
    (20, 80, 45),
    (30, 60, 120),
    (120, 30, 35),
    (60, 60, 60),
    (25, 25, 28),
    (90, 40, 90),
    (40, 100, 110),
    (140, 120, 90),
]
_CLOTHS = [
    (200, 190, 170),
    (180, 40, 40),
    (40, 60, 140),
    (230, 230, 225),
    (90, 120, 80),
    (200, 160, 60),
    (150, 150, 160),
]
_PAPERS = [(240, 238, 230), (225, 220, 205), (245, 245, 245), (210, 200, 180), (200, 215, 230)]
_GLOSSES = [
    (20, 20, 22),
    (240, 240, 238),
    (70, 45, 30),
    (200, 200, 205),
    (30, 40, 60),
    (120, 110, 100),
]
_STONES = [(220, 220, 215), (60, 60, 65), (180, 170, 150), (120, 125, 130), (30, 30, 32)]


def wood(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    _, across = _coords(rng, height, width)
    warp = fractal_noise(rng, height, width, 160) * rng.uniform(20, 80)
    frequency = rng.uniform(0.04, 0.15)
    rings = 0.5 + 0.5 * np.sin((across + warp) * frequency)
    streak_count = int(max(height, width) * 1.5)
    raw = rng.random(streak_count).astype(np.float32)
    streaks = as_float(cv2.GaussianBlur(raw.reshape(1, -1), (0, 0), 1.5)).ravel()
    bands = as_float(cv2.GaussianBlur(raw.reshape(1, -1), (0, 0), 12.0)).ravel()
    bands = (bands - bands.mean()) / max(float(bands.std()), 1e-6)
    index = np.clip((across - across.min() + warp * 0.3).astype(np.int32), 0, streak_count - 1)
    fine = streaks[index] + 0.08 * bands[index]
    plank = rng.uniform(120, 400)
    seams = (np.abs(((across + plank * 10) % plank) - plank / 2) > plank / 2 - 1.5).astype(
        np.float32
    )
    grain = rng.uniform(0.1, 0.35)
    shade = 0.8 + grain * rings + 0.25 * (fine - 0.5) - 0.35 * seams * rng.uniform(0, 1)
    return as_float(_colour(rng, _WOODS, 0.25)[None, None, :] * shade[..., None])


def felt(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    colour = _colour(rng, _FELTS, 0.2)
    shade = 0.9 + 0.2 * fractal_noise(rng, height, width, 200)
    grain = rng.normal(0.0, rng.uniform(0.02, 0.06), (height, width)).astype(np.float32)
    return colour[None, None, :] * (shade + grain)[..., None]


def cloth(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    along, across = _coords(rng, height, width)
    colour = _colour(rng, _CLOTHS, 0.15)
    weave = rng.uniform(0.6, 2.0)
    texture = 0.5 + 0.25 * (np.sin(along * weave) + np.sin(across * weave))
    shade = 0.85 + 0.1 * texture
    if rng.random() < 0.5:
        stripe = rng.uniform(20, 90)
        check = ((along // stripe) % 2 + (across // stripe) % 2).astype(np.float32)
        second = _colour(rng, _CLOTHS, 0.15)
        mix = (check / 2.0)[..., None]
        base = colour[None, None, :] * (1 - mix) + second[None, None, :] * mix
    else:
        base = np.broadcast_to(colour, (height, width, 3))
    folds = 0.9 + 0.2 * fractal_noise(rng, height, width, 240, 2)
    return as_float(base * (shade * folds)[..., None])


def paper(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    colour = _colour(rng, _PAPERS, 0.05)
    shade = 0.93 + 0.07 * fractal_noise(rng, height, width, 120)
    image = colour[None, None, :] * shade[..., None]
    if rng.random() < 0.4:
        _, across = _coords(rng, height, width)
        spacing = rng.uniform(20, 45)
        lines = (np.abs(across % spacing) < 1.2).astype(np.float32)
        ink = np.array([120, 150, 200], np.float32)
        image = image * (1 - 0.6 * lines[..., None]) + ink * 0.6 * lines[..., None]
    return image


def glossy(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    colour = _colour(rng, _GLOSSES, 0.1)
    along, _ = _coords(rng, height, width)
    gradient = 0.85 + 0.3 * (along - along.min()) / max(1.0, float(np.ptp(along)))
    image = colour[None, None, :] * gradient[..., None]
    reflections = np.zeros((height, width), np.float32)
    for _ in range(int(rng.integers(1, 4))):
        x0 = int(rng.integers(-width // 4, width))
        y0 = int(rng.integers(-height // 4, height))
        w = int(rng.integers(width // 10, width // 2))
        h = int(rng.integers(height // 10, height // 2))
        cv2.rectangle(reflections, (x0, y0), (x0 + w, y0 + h), float(rng.uniform(0.3, 1.0)), -1)
    soft = as_float(cv2.GaussianBlur(reflections, (0, 0), rng.uniform(8, 40)))
    return as_float(image + soft[..., None] * rng.uniform(40, 140))


def stone(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    colour = _colour(rng, _STONES, 0.1)
    along, _ = _coords(rng, height, width)
    turbulence = fractal_noise(rng, height, width, 96, 4)
    frequency = rng.uniform(0.005, 0.02)
    veins = np.abs(np.sin(along * frequency + turbulence * rng.uniform(4, 10)))
    vein_strength = rng.uniform(0.1, 0.4)
    shade = 0.8 + 0.15 * turbulence - vein_strength * (1.0 - veins) ** 8
    grit = rng.uniform(0.0, 0.06)
    speckle = rng.normal(0.0, grit, (height, width)).astype(np.float32)
    return as_float(colour[None, None, :] * (shade + speckle)[..., None])


_MAKERS: dict[Surface, Callable[[np.random.Generator, int, int], FloatImage]] = {
    Surface.WOOD: wood,
    Surface.FELT: felt,
    Surface.CLOTH: cloth,
    Surface.PAPER: paper,
    Surface.GLOSSY: glossy,
    Surface.STONE: stone,
}


def make_background(rng: np.random.Generator, height: int, width: int) -> FloatImage:
    """A random surface, float32 RGB 0..255, made at a reduced size and scaled up."""
    surface = list(Surface)[int(rng.integers(0, len(Surface)))]
    scale = rng.uniform(1.0, 2.0)
    small_h = max(8, round(height / scale))
    small_w = max(8, round(width / scale))
    image = _MAKERS[surface](rng, small_h, small_w)
    image = cv2.resize(
        np.ascontiguousarray(image, np.float32), (width, height), interpolation=cv2.INTER_LINEAR
    )
    return np.clip(image, 0, 255).astype(np.float32)


class BackgroundBank:
    """Reuses recently made surfaces (cropped, flipped, tinted) so most scenes cost little.

    A new surface is made while the bank fills and then with ``refresh`` probability.
    """

    def __init__(self, size: int = BANK_SIZE, refresh: float = BANK_REFRESH) -> None:
        self.size = size
        self.refresh = refresh
        self._bank: dict[tuple[int, int], list[np.ndarray]] = {}

    def draw(self, rng: np.random.Generator, height: int, width: int) -> FloatImage:
        """A float32 RGB surface of the given size."""
        stored = self._bank.setdefault((height, width), [])
        big_h, big_w = round(height * BANK_MARGIN), round(width * BANK_MARGIN)
        if len(stored) < self.size or rng.random() < self.refresh:
            fresh = np.clip(make_background(rng, big_h, big_w), 0, 255).astype(np.uint8)
            if len(stored) < self.size:
                stored.append(fresh)
            else:
                stored[int(rng.integers(0, self.size))] = fresh
            surface = fresh
        else:
            surface = stored[int(rng.integers(0, len(stored)))]
        y = int(rng.integers(0, big_h - height + 1))
        x = int(rng.integers(0, big_w - width + 1))
        crop = surface[y : y + height, x : x + width]
        if rng.random() < 0.5:
            crop = crop[::-1, ::-1]
        tint = rng.uniform(0.85, 1.15, 3).astype(np.float32)
        return as_float(crop) * tint
