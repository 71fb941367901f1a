"""The reader trainer's photometric augmentation, against the plain arithmetic it stands for."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.training.needs_torch import TORCH_MISSING

pytest.importorskip("torch", reason=TORCH_MISSING)

from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from training import train_reader


def _plainly(crops: np.ndarray, generator: np.random.Generator, bank: np.ndarray) -> np.ndarray:
    """The augmentation written with copies, drawing the same random numbers in order."""
    values = crops.astype(np.float32)
    count = len(crops)
    for row in np.nonzero(generator.random(count) < train_reader.BLUR_CHANCE)[0]:
        sigma = float(generator.uniform(*train_reader.BLUR_SIGMA))
        values[row] = cv2.GaussianBlur(values[row], (0, 0), sigma)
    flat = generator.random(count) < train_reader.FLAT_CHANCE
    if flat.any():
        kept = generator.uniform(*train_reader.FLAT_RANGE, (int(flat.sum()), 1, 1, 1))
        bright = values[flat].max(axis=(1, 2), keepdims=True)
        values[flat] = bright - (bright - values[flat]) * kept.astype(np.float32)
    gain = generator.uniform(*train_reader.GAIN_RANGE, (count, 1, 1, 3)).astype(np.float32)
    spread = generator.uniform(*train_reader.NOISE_SIGMA, (count, 1, 1, 1)).astype(np.float32)
    noise = bank[generator.integers(0, len(bank), count)] * spread
    augmented: np.ndarray = np.clip(values * gain + noise, 0, 255).astype(np.uint8)
    return augmented


def test_augmented_crops_are_the_plain_arithmetics_pixels() -> None:
    crops = np.random.default_rng(3).integers(0, 256, (64, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)
    bank = np.random.default_rng(4).standard_normal((8, CROP_HEIGHT, CROP_WIDTH, 3), np.float32)
    augmented = train_reader._augment(crops, np.random.default_rng(5), bank)
    expected = _plainly(crops, np.random.default_rng(5), bank)
    assert augmented.dtype == np.uint8 and augmented.shape == crops.shape
    assert np.array_equal(augmented, expected)
    assert not np.array_equal(augmented, crops)
