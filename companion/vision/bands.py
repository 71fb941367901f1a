"""Shrinking a large image a band of rows at a time, so that the whole image is never
held (``png_bands``, ``bmp_bands``): an 8000x6000 photo is 144 MB decoded, most of the
memory budget."""

from __future__ import annotations

import numpy as np

BAND_BYTES = 8 << 20  # about this many bytes of decoded rows per band


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
