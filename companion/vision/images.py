"""Loading photos safely: clear errors naming the file, huge photos decoded reduced."""

from __future__ import annotations

from pathlib import Path

import numpy as np

# Decode reduced while the longest side stays at least this; the finder works at 1280.
DECODE_TARGET_SIDE = 1280
REDUCTIONS = (
    (8, "IMREAD_REDUCED_COLOR_8"),
    (4, "IMREAD_REDUCED_COLOR_4"),
    (2, "IMREAD_REDUCED_COLOR_2"),
)
MAX_PIXELS = 400_000_000  # refuse images claiming more pixels than this


class ImageError(ValueError):
    """An image that cannot be read; the message names the file and the reason."""


def image_size(path: Path) -> tuple[int, int]:
    """Width and height from the file's header, without decoding the pixels."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # the size is checked below, without decoding
    try:
        with Image.open(path) as image:
            width, height = image.size
    except FileNotFoundError:
        raise ImageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ImageError(f"{path}: is a folder, not an image") from None
    except (UnidentifiedImageError, OSError) as error:
        raise ImageError(f"{path}: not a readable image ({error.__class__.__name__})") from None
    if width * height > MAX_PIXELS:
        raise ImageError(f"{path}: {width}x{height} is too large to be a photo")
    return width, height


def load_image(path: Path) -> np.ndarray:
    """The image as BGR uint8, decoded reduced when it is much larger than needed."""
    return load_image_scaled(path)[0]


def load_image_scaled(path: Path) -> tuple[np.ndarray, float]:
    """The image (BGR uint8, maybe decoded reduced) and the factor from its pixels to the
    file's own pixels (1, 2, 4 or 8)."""
    import cv2

    width, height = image_size(path)
    flag, reduction = cv2.IMREAD_COLOR, 1
    for factor, name in REDUCTIONS:
        if max(width, height) // factor >= DECODE_TARGET_SIDE:
            flag, reduction = getattr(cv2, name), factor
            break
    image = cv2.imread(str(path), flag)
    if image is None or image.size == 0:
        raise ImageError(f"{path}: the image data is corrupt or in an unsupported format")
    result: np.ndarray = image
    return result, width / image.shape[1] if reduction > 1 else 1.0
