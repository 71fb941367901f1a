"""Loading photos with Pillow: clear errors naming the file, large photos decoded reduced."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

# Decode reduced while the longest side stays at least this; the finder works at 1280.
DECODE_TARGET_SIDE = 1280
REDUCTIONS = (8, 4, 2)  # the factors a JPEG decoder scales by for free (DCT scaling)
# A camera frame is 1-12 megapixels; anything far past that is not a photo of a table,
# and decoding it whole would break the memory budget.
MAX_PIXELS = 50_000_000
READABLE_FORMATS = "JPEG, PNG, WebP, TIFF, BMP or GIF"
ISO_MEDIA_HEAD = 12  # a box's length and type, then the file type's major brand
SHRINKABLE_MODES = frozenset({"RGB", "L"})  # modes Pillow's reduce averages as colours
HEIF_BRANDS = frozenset({b"heic", b"heix", b"heim", b"hevc", b"mif1", b"msf1", b"avif"})

# how each readable format's file starts, to say what a file Pillow cannot open claims to be
FORMAT_SIGNATURES: tuple[tuple[str, Callable[[bytes], bool]], ...] = (
    ("JPEG", lambda head: head.startswith(b"\xff\xd8")),
    ("PNG", lambda head: head.startswith(b"\x89PNG")),
    ("TIFF", lambda head: head[:4] in (b"II*\0", b"MM\0*")),
    ("WebP", lambda head: head[:4] == b"RIFF" and head[8:12] == b"WEBP"),
    ("GIF", lambda head: head[:4] == b"GIF8"),
    ("BMP", lambda head: head.startswith(b"BM")),
)


class ImageError(ValueError):
    """An image that cannot be read; the message names the file and the reason."""


def load_image(path: Path) -> np.ndarray:
    """The image as BGR uint8, decoded reduced when it is much larger than needed."""
    return load_image_scaled(path)[0]


def load_image_scaled(path: Path) -> tuple[np.ndarray, float]:
    """The image (BGR uint8, upright as its EXIF orientation says, maybe decoded reduced)
    and the factor from its pixels to the full-size photo's (1, 2, 4 or 8)."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    _check_is_a_file(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's own warnings say less than our errors
            with Image.open(path) as opened:
                width, height = opened.size
                _check_size(path, width, height)
                reduction = reduction_for(max(width, height))
                if opened.format == "WEBP":
                    return _webp_by_opencv(path, reduction), float(reduction)
                if reduction > 1 and opened.format == "JPEG":
                    opened.draft("RGB", (width // reduction, height // reduction))
                opened.load()
                loaded: Image.Image = opened
                if loaded.mode not in SHRINKABLE_MODES:
                    loaded = loaded.convert("RGB")  # palette, 1-bit, 16-bit, CMYK...
                if reduction > 1 and max(loaded.size) == max(width, height):
                    loaded = loaded.reduce(reduction)  # formats without DCT scaling
                rgb = ImageOps.exif_transpose(loaded).convert("RGB")
    except UnidentifiedImageError:
        raise ImageError(f"{path}: {_not_an_image(path)}") from None
    except (OSError, ValueError, SyntaxError) as error:
        raise ImageError(f"{path}: {_why_not_decoded(error)}") from None
    bgr = np.ascontiguousarray(np.asarray(rgb)[:, :, ::-1])
    return bgr, max(width, height) / max(bgr.shape[:2])


def _webp_by_opencv(path: Path, reduction: int) -> np.ndarray:
    """A WebP decoded by OpenCV and shrunk: Pillow's decoder holds several full-size
    RGBA copies of the picture (200 MB for 12 megapixels), OpenCV's one."""
    import cv2

    flags = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4}
    image = cv2.imread(str(path), flags.get(reduction, cv2.IMREAD_REDUCED_COLOR_8))
    if image is None:
        raise OSError("OpenCV cannot decode it")
    return np.asarray(image)


def reduction_for(longest_side: int) -> int:
    """The largest factor that keeps the longest side at least DECODE_TARGET_SIDE."""
    for factor in REDUCTIONS:
        if longest_side // factor >= DECODE_TARGET_SIDE:
            return factor
    return 1


def _check_is_a_file(path: Path) -> None:
    if path.is_dir():
        raise ImageError(f"{path}: is a folder, not an image")
    if not path.exists():
        raise ImageError(f"{path}: no such file")
    if path.stat().st_size == 0:
        raise ImageError(f"{path}: the file is empty")


def _check_size(path: Path, width: int, height: int) -> None:
    if width * height > MAX_PIXELS:
        raise ImageError(
            f"{path}: {width}x{height} is {width * height / 1e6:.0f} megapixels, over the "
            f"limit of {MAX_PIXELS / 1e6:.0f} (shrink the photo first)"
        )


def _not_an_image(path: Path) -> str:
    with path.open("rb") as stream:
        head = stream.read(ISO_MEDIA_HEAD)
    if head[4:8] == b"ftyp" and head[8:12] in HEIF_BRANDS:
        return f"a HEIC/HEIF/AVIF photo, which is not read: save it as {READABLE_FORMATS}"
    for name, starts in FORMAT_SIGNATURES:
        if starts(head):
            return f"a {name} whose headers cannot be read (the file is damaged or cut short)"
    return f"not an image in a format that is read ({READABLE_FORMATS})"


def _why_not_decoded(error: Exception) -> str:
    if "truncated" in str(error):
        return "the image data ends early (the file is cut short)"
    return f"the image data is corrupt ({error})"
