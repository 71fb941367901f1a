"""Images and references shared by the tests of the band-at-a-time decoders."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def noise_texture(height: int, width: int, channels: int = 3, seed: int = 5) -> np.ndarray:
    """Blurred noise, 8 bits: every pixel differs, as a photo's do."""
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (height, width, channels), dtype=np.uint8)
    return np.asarray(cv2.GaussianBlur(image, (5, 5), 1.0)).reshape(height, width, channels)


def shrunk_exactly(image: np.ndarray, factor: int) -> np.ndarray:
    """The image's whole ``factor`` x ``factor`` blocks averaged (rows and columns left
    over are dropped): what shrinking it whole gives."""
    height, width = image.shape[0] // factor, image.shape[1] // factor
    return np.asarray(
        cv2.resize(
            image[: height * factor, : width * factor],
            (width, height),
            interpolation=cv2.INTER_AREA,
        )
    )


def decoded_whole(path: Path) -> np.ndarray:
    """The image as OpenCV decodes it whole, in colour."""
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    assert image is not None, path
    return np.asarray(image)
