"""Loading photos safely: clear errors naming the file, huge photos decoded reduced."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from io import SEEK_CUR
from pathlib import Path
from typing import BinaryIO

import numpy as np

# Decode reduced while the longest side stays at least this; the finder works at 1280.
DECODE_TARGET_SIDE = 1280
REDUCTIONS = (
    (8, "IMREAD_REDUCED_COLOR_8"),
    (4, "IMREAD_REDUCED_COLOR_4"),
    (2, "IMREAD_REDUCED_COLOR_2"),
)
MAX_PIXELS = 400_000_000  # refuse images claiming more pixels than this
READABLE_FORMATS = "JPEG, PNG, WebP, TIFF, BMP or GIF"
ISO_MEDIA_HEAD = 12  # a box's length and type, then the file type's major brand
HEIF_BRANDS = frozenset({b"heic", b"heix", b"heim", b"heis", b"hevc", b"mif1", b"msf1", b"avif"})

JPEG_START = b"\xff\xd8"
JPEG_END = b"\xff\xd9"
JPEG_START_OF_SCAN = 0xDA
JPEG_END_OF_IMAGE = 0xD9
# markers without a length field: TEM and the restart markers RST0..RST7
JPEG_STANDALONE_MARKERS = frozenset({0x01, *range(0xD0, 0xD8)})
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
BMP_SIGNATURE = b"BM"
PNG_END_CHUNK = b"IEND"
PNG_CHUNK_HEAD = 8  # a chunk's data length and type, before its data
PNG_CHUNK_CRC = 4  # after its data
SCAN_BLOCK = 1 << 20  # bytes read at a time when looking through a JPEG's scan data


# how each readable format's file starts, for saying what a file that fails to open is
FORMAT_SIGNATURES: tuple[tuple[str, Callable[[bytes], bool]], ...] = (
    ("JPEG", lambda start: start.startswith(JPEG_START)),
    ("PNG", lambda start: start.startswith(PNG_SIGNATURE[:4])),
    ("TIFF", lambda start: start[:4] in (b"II*\0", b"MM\0*")),
    ("WebP", lambda start: start[:4] == b"RIFF" and start[8:12] == b"WEBP"),
    ("GIF", lambda start: start[:4] == b"GIF8"),
    ("BMP", lambda start: start.startswith(BMP_SIGNATURE)),
)


class ImageError(ValueError):
    """An image that cannot be read; the message names the file and the reason."""


def silence_decoder_log() -> None:
    """Stop OpenCV printing log lines of its own about images it fails to decode: the
    commands say what is wrong with each file themselves, naming it (ImageError)."""
    import cv2

    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)


def image_size(path: Path) -> tuple[int, int]:
    """Width and height from the file's header, without decoding the pixels."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # the size is checked below, without decoding
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a damaged header: said below, or by the decoder
            with Image.open(path) as image:
                width, height = image.size
    except FileNotFoundError:
        raise ImageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ImageError(f"{path}: is a folder, not an image") from None
    except PermissionError:
        raise ImageError(f"{path}: cannot be opened (permission denied)") from None
    except (UnidentifiedImageError, OSError):
        raise ImageError(f"{path}: {_why_unreadable(path)}") from None
    if width * height > MAX_PIXELS:
        raise ImageError(f"{path}: {width}x{height} is too large to be a photo")
    return width, height


def _why_unreadable(path: Path) -> str:
    """What a file that no image decoder recognises holds, as far as can be told."""
    with path.open("rb") as stream:
        start = stream.read(ISO_MEDIA_HEAD)
    if not start:
        return "the file is empty"
    if start[4:8] == b"ftyp" and start[8:12] in HEIF_BRANDS:
        return "a HEIC/HEIF/AVIF photo, which cannot be read here: save it as JPEG or PNG"
    kind = format_of(start)
    if kind is not None:
        return f"a {kind} whose headers cannot be read (the file is damaged or cut short)"
    return f"not an image in a format that can be read here ({READABLE_FORMATS})"


def format_of(start: bytes) -> str | None:
    """The readable format a file starting with these bytes (at least 12) is in, by its
    signature: "JPEG", "PNG", "TIFF", "WebP", "GIF" or "BMP"; None for any other."""
    for kind, signature in FORMAT_SIGNATURES:
        if signature(start):
            return kind
    return None


def jpeg_is_complete(stream: BinaryIO) -> bool:
    """Whether a JPEG's data runs to its end-of-image marker. The segments before the
    first scan are skipped by their lengths (an EXIF thumbnail carries markers of its
    own); inside scan data a 0xFF byte is followed only by 0x00 or a restart marker, so
    the first FF D9 after the scan starts is the image's end. Bytes after it (a phone's
    motion-photo trailer) do not matter."""
    stream.seek(len(JPEG_START))
    while True:
        head = stream.read(2)
        if len(head) < 2 or head[0] != 0xFF:
            return False
        marker = head[1]
        if marker == 0xFF:  # fill byte before a marker
            stream.seek(-1, SEEK_CUR)
        elif marker == JPEG_START_OF_SCAN:
            return _contains(stream, JPEG_END)
        elif marker == JPEG_END_OF_IMAGE:
            return False  # ends before any image data
        elif marker not in JPEG_STANDALONE_MARKERS:
            length = stream.read(2)
            if len(length) < 2:
                return False
            stream.seek(int.from_bytes(length, "big") - len(length), SEEK_CUR)


def png_chunks(stream: BinaryIO) -> Iterator[tuple[bytes, int]]:
    """Each chunk's type and data length in turn, followed by their lengths. When one is
    yielded the stream is at its data, which the caller may read; the walk goes on from
    the chunk's end either way, and stops where a chunk's head is cut short."""
    stream.seek(len(PNG_SIGNATURE))
    while len(head := stream.read(PNG_CHUNK_HEAD)) == PNG_CHUNK_HEAD:
        length = int.from_bytes(head[:4], "big")
        data_start = stream.tell()
        yield head[4:], length
        stream.seek(data_start + length + PNG_CHUNK_CRC)


def png_is_complete(stream: BinaryIO) -> bool:
    """Whether a PNG's chunks, followed by their lengths, reach the IEND chunk whole."""
    for kind, length in png_chunks(stream):
        if kind == PNG_END_CHUNK:
            stream.seek(length, SEEK_CUR)
            return len(stream.read(PNG_CHUNK_CRC)) == PNG_CHUNK_CRC
    return False


def _contains(stream: BinaryIO, pattern: bytes) -> bool:
    """Whether the rest of the stream holds ``pattern``, read a block at a time."""
    tail = b""
    while block := stream.read(SCAN_BLOCK):
        if pattern in tail + block:
            return True
        tail = block[1 - len(pattern) :]
    return False


def check_complete(path: Path) -> None:
    """Refuse a JPEG, PNG or uncompressed BMP whose data ends early (a copy cut short).
    OpenCV decodes the part of a JPEG it has with no error (a grey rest); a PNG or BMP cut
    short it fails to decode, and saying why is clearer than "corrupt". The file is
    followed, not held: a large one would otherwise add its size to the decoder's peak
    memory."""
    with path.open("rb") as stream:
        start = stream.read(len(PNG_SIGNATURE))
        if start.startswith(JPEG_START) and not jpeg_is_complete(stream):
            raise ImageError(f"{path}: the JPEG data ends early (the file is cut short)")
        if start.startswith(PNG_SIGNATURE) and not png_is_complete(stream):
            raise ImageError(f"{path}: the PNG data ends early (the file is cut short)")
        if start.startswith(BMP_SIGNATURE):
            from companion.vision.bmp_bands import bmp_is_complete

            if not bmp_is_complete(stream):
                raise ImageError(f"{path}: the BMP data ends early (the file is cut short)")


def load_image(path: Path) -> np.ndarray:
    """The image as BGR uint8, decoded reduced when it is much larger than needed."""
    return load_image_scaled(path)[0]


def load_image_scaled(path: Path) -> tuple[np.ndarray, float]:
    """The image (BGR uint8, maybe decoded reduced, turned upright as its EXIF orientation
    says) and the factor from its pixels to the full-size photo's (1, 2, 4 or 8)."""
    import cv2

    width, height = image_size(path)
    check_complete(path)
    flag, reduction = cv2.IMREAD_COLOR, 1
    for factor, name in REDUCTIONS:
        if max(width, height) // factor >= DECODE_TARGET_SIDE:
            flag, reduction = getattr(cv2, name), factor
            break
    with path.open("rb") as stream:
        kind = format_of(stream.read(ISO_MEDIA_HEAD))
    reduced = _load_in_bands(path, kind, reduction)
    if reduced is not None:
        return reduced, max(width, height) / max(reduced.shape[:2])
    image = cv2.imread(str(path), flag)
    if image is None or image.size == 0:
        image = _decoded_by_pillow(path, reduction)
    if image is None:
        raise ImageError(f"{path}: the image data is corrupt or in an unsupported format")
    result: np.ndarray = image
    # OpenCV turns the image as its EXIF orientation says, so compare the longer sides
    return result, max(width, height) / max(image.shape[:2]) if reduction > 1 else 1.0


def _decoded_by_pillow(path: Path, reduction: int) -> np.ndarray | None:
    """The image decoded whole by Pillow, upright and shrunk by ``reduction``, or None
    when Pillow cannot decode it either. OpenCV 5.0 refuses every TIFF that carries an
    orientation other than upright, and those not read in bands come here."""
    import cv2
    from PIL import Image

    from companion.vision.bands import orientation_of, upright

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(path) as opened:
                opened.load()
                # Pillow turns a TIFF itself as it loads it, and then drops the tag
                orientation = orientation_of(opened.getexif())
                rgb = np.asarray(opened.convert("RGB"))
    except (OSError, ValueError, SyntaxError):
        return None
    bgr = np.ascontiguousarray(rgb[:, :, ::-1])
    if reduction > 1:
        size = (max(1, bgr.shape[1] // reduction), max(1, bgr.shape[0] // reduction))
        bgr = np.asarray(cv2.resize(bgr, size, interpolation=cv2.INTER_AREA))
    return upright(bgr, orientation)


def _load_in_bands(path: Path, kind: str | None, reduction: int) -> np.ndarray | None:
    """The image shrunk by ``reduction`` and upright, decoded a band at a time, or None
    when it is of a kind decoded whole. A TIFF is read in bands at any size: OpenCV
    refuses those that carry an orientation."""
    if kind == "TIFF":
        from companion.vision.tiff_bands import load_tiff_reduced

        in_strips = load_tiff_reduced(path, reduction)
        if in_strips is not None:
            return in_strips
    if reduction == 1:
        return None
    from companion.vision.bmp_bands import load_bmp_reduced
    from companion.vision.palette_bands import load_palette_reduced
    from companion.vision.png_bands import load_png_reduced
    from companion.vision.webp_scaled import load_webp_reduced

    loaders: dict[str, tuple[Callable[[Path, int], np.ndarray | None], ...]] = {
        "PNG": (load_png_reduced, load_palette_reduced),
        "BMP": (load_bmp_reduced, load_palette_reduced),
        "WebP": (load_webp_reduced,),
        "GIF": (load_palette_reduced,),
        "TIFF": (load_palette_reduced,),  # tiled or 1-bit ones, which are not read in strips
    }
    for load_reduced in loaders.get(kind or "", ()):
        reduced = load_reduced(path, reduction)
        if reduced is not None:
            return reduced
    return None
