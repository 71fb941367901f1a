"""Readings made by hand, for the tests of what the reader does with them."""

from __future__ import annotations

import numpy as np

from companion.vision.model import Readings

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)


def readings(rank_rows: list[list[float]], suit_rows: list[list[float]]) -> Readings:
    return Readings(np.array(rank_rows, dtype=np.float32), np.array(suit_rows, dtype=np.float32))


def no_features(rows: np.ndarray) -> np.ndarray:
    raise AssertionError("features asked for without a deck file")


def one_hot(size: int, hot: int, value: float) -> list[float]:
    """A probability row: ``value`` at ``hot``, the rest shared evenly."""
    row = [(1.0 - value) / (size - 1)] * size
    row[hot] = value
    return row
