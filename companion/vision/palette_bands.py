"""Large palette and grey images (GIF, palette PNG, TIFF or BMP, low-bit grey PNG) held as
Pillow decodes them, one byte a pixel, and expanded to colour a band of rows at a time,
shrunk as it goes: an 8000x6000 GIF is 48 MB so, against 144 MB in colour (and more in
OpenCV's decoder, which took `recognize` to 472 MB)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from companion.vision import bands
from companion.vision.bands import RowShrinker, orientation_of, upright
from companion.vision.images import ImageError

if TYPE_CHECKING:
    from PIL import Image

# formats whose palette or grey images are read here; a grey JPEG is left to libjpeg,
# which decodes it reduced
PALETTE_FORMATS = frozenset({"GIF", "PNG", "TIFF", "BMP"})
ONE_BYTE_MODES = frozenset({"P", "L", "1"})
PALETTE_ENTRIES = 256


def load_palette_reduced(path: Path, factor: int) -> np.ndarray | None:
    """The palette or grey image at ``path`` as BGR uint8, shrunk by ``factor`` (area
    average) and turned upright; None when it is of another kind (the caller decodes it
    whole). Raises ImageError, naming the file, when its data is damaged."""
    from PIL import Image, UnidentifiedImageError

    try:
        image = Image.open(path)
    except (UnidentifiedImageError, OSError):
        return None
    with image:
        if image.format not in PALETTE_FORMATS or image.mode not in ONE_BYTE_MODES:
            return None
        try:
            image.load()
        except (OSError, ValueError, SyntaxError) as error:
            raise ImageError(
                f"{path}: the {image.format} data is damaged or cut short ({error})"
            ) from None
        to_bgr = _bgr_lookup(image)
        shrinker = RowShrinker(image.width, factor)
        band_rows = max(factor, bands.BAND_BYTES // (3 * image.width) // factor * factor)
        for top in range(0, image.height, band_rows):
            band = image.crop((0, top, image.width, min(top + band_rows, image.height)))
            if band.mode == "1":
                band = band.convert("L")
            shrinker.add(to_bgr[np.asarray(band)])
        orientation = orientation_of(image.getexif())
    return upright(shrinker.image(), orientation)


def _bgr_lookup(image: Image.Image) -> np.ndarray:
    """The BGR colour of each of the 256 byte values of the image's pixels."""
    palette = image.getpalette("RGB") if image.mode == "P" else None
    if palette is None:  # grey, or a palette image without one
        grey = np.arange(PALETTE_ENTRIES, dtype=np.uint8)
        return np.stack([grey, grey, grey], axis=1)
    entries = np.zeros((PALETTE_ENTRIES, 3), np.uint8)
    rgb = np.asarray(palette, np.uint8).reshape(-1, 3)[:PALETTE_ENTRIES]
    entries[: len(rgb)] = rgb
    return np.ascontiguousarray(entries[:, ::-1])
