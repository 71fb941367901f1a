"""Camera and lighting effects applied to a whole composed scene."""

from __future__ import annotations

import cv2
import numpy as np

from training.backgrounds import FloatImage, as_float, smooth_noise

JPEG_QUALITY_RANGE = (35, 95)
MAX_VALUE = 255.0
NOISE_MARGIN = 64
NOISE_TILE = 257
MAX_BLUR = 1.6  # Gaussian sigma, pixels
MIN_BLUR_LIMIT = 0.6
BLUR_PER_INDEX_PIXEL = 18.0  # index height / this = the largest blur sigma for the scene
COLOUR_NOISE = np.float32(0.3)  # share of the sensor noise that differs between channels
GAUSSIAN_FWHM = 2.3548  # a Gaussian's full width at half maximum, in sigmas


def uneven_light(rng: np.random.Generator, image: FloatImage) -> None:
    """Multiply by a smooth illumination field (a gradient, a vignette, soft blotches)
    and by white-balance gains and an exposure."""
    height, width = image.shape[:2]
    ys, xs = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    gx, gy = rng.normal(0, 0.25, 2)
    field = 1.0 + gx * (xs / width - 0.5) + gy * (ys / height - 0.5)
    radius = ((xs / width - 0.5) ** 2 + (ys / height - 0.5) ** 2) * 4
    field -= rng.uniform(0.0, 0.35) * radius
    rows, columns = field.shape
    field += rng.uniform(0.0, 0.25) * (smooth_noise(rng, rows, columns, 10) - 0.5)
    full = as_float(cv2.resize(as_float(field), (width, height), interpolation=cv2.INTER_LINEAR))
    gains = rng.uniform(0.8, 1.2, 3).astype(np.float32) * np.float32(rng.uniform(0.7, 1.3))
    image *= full[..., None] * gains


def cast_shadow(rng: np.random.Generator, image: FloatImage) -> None:
    """A large soft shadow, as of a person or a lamp arm."""
    height, width = image.shape[:2]
    small = np.zeros((height // 8, width // 8), np.float32)
    points = rng.uniform(0, 1, (int(rng.integers(3, 6)), 2)) * [width // 8, height // 8]
    points = points * 1.6 - [width // 16, height // 16]
    cv2.fillPoly(small, [points.astype(np.int32)], 1.0)
    soft = cv2.GaussianBlur(small, (0, 0), rng.uniform(2, 8))
    mask = as_float(cv2.resize(soft, (width, height), interpolation=cv2.INTER_LINEAR))
    image *= (1.0 - rng.uniform(0.2, 0.55) * mask)[..., None]


def glare(rng: np.random.Generator, image: FloatImage) -> None:
    """Bright soft spots and streaks, as of a lamp reflected by glossy cards."""
    height, width = image.shape[:2]
    small = np.zeros((height // 4, width // 4), np.float32)
    for _ in range(int(rng.integers(1, 3))):
        centre = (int(rng.integers(0, width // 4)), int(rng.integers(0, height // 4)))
        axes = (int(rng.integers(3, width // 16)), int(rng.integers(2, height // 24)))
        cv2.ellipse(small, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    soft = cv2.GaussianBlur(small, (0, 0), rng.uniform(1.5, 6))
    mask = as_float(cv2.resize(soft, (width, height), interpolation=cv2.INTER_LINEAR))
    # strong enough to wash out ink partly, rarely wholly (the labels stay as drawn)
    image += (rng.uniform(40, 130) * mask)[..., None]


def to_bytes_with_gamma(rng: np.random.Generator, image: FloatImage) -> np.ndarray:
    """Saturate to uint8 and apply a random gamma curve."""
    clipped = np.asarray(cv2.convertScaleAbs(image), np.uint8)
    gamma = rng.uniform(0.75, 1.35)
    curve = (MAX_VALUE * (np.arange(256, dtype=np.float32) / MAX_VALUE) ** gamma).astype(np.uint8)
    return np.asarray(cv2.LUT(clipped, curve), np.uint8)


def blur(
    rng: np.random.Generator, image: np.ndarray, *, index_pixels: float
) -> tuple[np.ndarray, float]:
    """Defocus or motion blur, at most about as much as still leaves indices of the scene's
    size readable (``index_pixels``: their typical height). Returns the blurred image and
    how wide the blur smears a point, in pixels (a motion's length, a defocus's full width
    at half maximum)."""
    limit = float(np.clip(index_pixels / BLUR_PER_INDEX_PIXEL, MIN_BLUR_LIMIT, MAX_BLUR))
    if rng.random() < 0.3:
        length = int(rng.integers(3, max(4, round(2 * limit) + 4)))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rotation = cv2.getRotationMatrix2D(
            (length / 2 - 0.5, length / 2 - 0.5), float(rng.uniform(0, 180)), 1.0
        )
        turned = as_float(cv2.warpAffine(kernel, rotation, (length, length)))
        turned /= max(float(turned.sum()), 1e-6)
        return np.asarray(cv2.filter2D(image, -1, turned), np.uint8), float(length)
    sigma = float(rng.uniform(0.3, limit))
    return np.asarray(cv2.GaussianBlur(image, (0, 0), sigma), np.uint8), sigma * GAUSSIAN_FWHM


def sharpen(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """An unsharp mask, as phone cameras apply."""
    soft = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.8, 2.0))
    amount = float(rng.uniform(0.3, 1.0))
    return np.asarray(cv2.addWeighted(image, 1.0 + amount, soft, -amount, 0), np.uint8)


def jpeg(rng: np.random.Generator, image_bgr: np.ndarray) -> np.ndarray:
    quality = int(rng.integers(*JPEG_QUALITY_RANGE))
    ok, encoded = cv2.imencode(".jpg", image_bgr, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return image_bgr
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return np.asarray(decoded, np.uint8) if decoded is not None else image_bgr


class Camera:
    """Lighting and camera effects; keeps a bank of sensor noise per frame size."""

    def __init__(self, seed: int) -> None:
        self._noise_rng = np.random.default_rng(seed)
        self._noise: dict[tuple[int, int], np.ndarray] = {}

    def _noise_bank(self, height: int, width: int) -> np.ndarray:
        """Noise a little larger than the frame, partly shared by the three channels.

        A small random tile is repeated: cheap to make, and the repeat does not show.
        """
        bank = self._noise.get((height, width))
        if bank is None:
            shape = (NOISE_TILE, NOISE_TILE, 3)
            colour = self._noise_rng.standard_normal(shape, dtype=np.float32)
            tile = colour[..., :1] * np.float32(1.0 - COLOUR_NOISE) + colour * COLOUR_NOISE
            rows = -(-(height + NOISE_MARGIN) // NOISE_TILE)
            columns = -(-(width + NOISE_MARGIN) // NOISE_TILE)
            bank = np.tile(tile, (rows, columns, 1))
            self._noise[(height, width)] = bank
        return bank

    def noise(self, rng: np.random.Generator, image: FloatImage) -> None:
        """Add sensor noise in place: a random window of the bank at a random strength."""
        height, width = image.shape[:2]
        bank = self._noise_bank(height, width)
        oy, ox = (int(value) for value in rng.integers(0, NOISE_MARGIN, 2))
        window = bank[oy : oy + height, ox : ox + width]
        cv2.scaleAdd(window, float(rng.uniform(1.0, 8.0)), image, dst=image)

    def finish(
        self, rng: np.random.Generator, image: FloatImage, *, index_pixels: float
    ) -> tuple[np.ndarray, float]:
        """Apply the lighting and camera effects; returns the BGR uint8 picture and the
        width of its blur in pixels (0 when sharp, see ``blur``).

        ``index_pixels``: the typical index height in the scene, which bounds the blur.
        """
        uneven_light(rng, image)
        if rng.random() < 0.3:
            cast_shadow(rng, image)
        if rng.random() < 0.35:
            glare(rng, image)
        self.noise(rng, image)
        rgb = to_bytes_with_gamma(rng, image)
        smear = 0.0
        if rng.random() < 0.6:
            rgb, smear = blur(rng, rgb, index_pixels=index_pixels)
        elif rng.random() < 0.5:
            rgb = sharpen(rng, rgb)
        bgr = np.ascontiguousarray(rgb[..., ::-1])
        if rng.random() < 0.8:
            bgr = jpeg(rng, bgr)
        return bgr, smear
