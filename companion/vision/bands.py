"""Shrinking a large image a band of rows at a time, so that the whole image is never
held (``png_bands``, ``bmp_bands``): an 8000x6000 photo is 144 MB decoded, most of the
memory budget."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

BAND_BYTES = 8 << 20  # about this many bytes of decoded rows per band
EXIF_ORIENTATION = 0x0112  # the EXIF tag, the same number in a TIFF's own tags
UPRIGHT = 1


def shrink_band(band: np.ndarray, width: int, factor: int) -> list[np.ndarray]:
    """A band of a ``width``-pixel image shrunk by exactly the factor (area average); a
    last few rows short of the factor become one more row when they are at least half of
    it. Bands whose rows are a multiple of the factor shrink as the whole image would."""
    import cv2

    shrunk_width = max(1, round(width / factor))
    whole_rows = len(band) // factor * factor
    parts = [band[:whole_rows]] if whole_rows else []
    if len(band) > whole_rows and 2 * (len(band) - whole_rows) >= factor:
        parts.append(band[whole_rows:])
    return [
        cv2.resize(part, (shrunk_width, max(1, len(part) // factor)), interpolation=cv2.INTER_AREA)
        for part in parts
    ]


class RowShrinker:
    """Takes a ``width``-pixel image's rows in bands of any height, in order, and shrinks
    them by ``factor`` as ``shrink_band`` shrinks the whole image: rows short of a
    multiple of the factor wait for the next band."""

    def __init__(self, width: int, factor: int) -> None:
        self.width = width
        self.factor = factor
        self._waiting: np.ndarray | None = None
        self._shrunk: list[np.ndarray] = []

    def add(self, rows: np.ndarray) -> None:
        if self._waiting is not None:
            rows = np.concatenate([self._waiting, rows], axis=0)
        whole = len(rows) // self.factor * self.factor
        if whole:
            self._shrunk += self._shrink(rows[:whole])
        self._waiting = rows[whole:] if whole < len(rows) else None

    def image(self) -> np.ndarray:
        """The shrunk image; the last rows short of the factor become one more row when
        they are at least half of it."""
        if self._waiting is not None:
            self._shrunk += self._shrink(self._waiting)
            self._waiting = None
        return np.concatenate(self._shrunk, axis=0)

    def _shrink(self, rows: np.ndarray) -> list[np.ndarray]:
        if self.factor == 1:
            return [rows]
        return shrink_band(rows, self.width, self.factor)


def orientation_of(exif: Mapping[int, object]) -> int:
    """The orientation an image's EXIF tags give (1, upright, when they give none)."""
    value = exif.get(EXIF_ORIENTATION, UPRIGHT)
    return value if isinstance(value, int) else UPRIGHT


def upright(image: np.ndarray, orientation: int) -> np.ndarray:
    """The image turned and mirrored as its EXIF orientation says, as OpenCV does when
    it decodes a whole image."""
    import cv2

    turns: dict[int, Callable[[np.ndarray], np.ndarray]] = {
        2: lambda im: cv2.flip(im, 1),
        3: lambda im: cv2.rotate(im, cv2.ROTATE_180),
        4: lambda im: cv2.flip(im, 0),
        5: cv2.transpose,
        6: lambda im: cv2.rotate(im, cv2.ROTATE_90_CLOCKWISE),
        7: lambda im: cv2.rotate(cv2.transpose(im), cv2.ROTATE_180),
        8: lambda im: cv2.rotate(im, cv2.ROTATE_90_COUNTERCLOCKWISE),
    }
    turn = turns.get(orientation)
    return image if turn is None else np.ascontiguousarray(turn(image))
