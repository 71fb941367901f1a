"""Decoding a TIFF a band of strips at a time, shrunk as it goes, so that the whole image
is never held: an 8000x6000 TIFF is 144 MB decoded, most of the memory budget.

A TIFF's strips are compressed each on its own. OpenCV decodes each band, handed to it
as a small TIFF of its own holding the band's strips as they are in the file; an
uncompressed TIFF's rows are unpacked here, cut into bands wherever suits. The photo's
orientation tag is applied here to the shrunk image (OpenCV 5.0 refuses every TIFF whose
orientation is not upright, as corrupt)."""

from __future__ import annotations

import struct
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import BinaryIO

import numpy as np

from companion.vision import bands
from companion.vision.bands import UPRIGHT, RowShrinker, upright
from companion.vision.images import ImageError


class Tag(IntEnum):
    """The TIFF tags read here, or written into a band's own small TIFF."""

    WIDTH = 256
    HEIGHT = 257
    BITS = 258
    COMPRESSION = 259
    PHOTOMETRIC = 262
    FILL_ORDER = 266
    STRIP_OFFSETS = 273
    ORIENTATION = 274
    SAMPLES = 277
    ROWS_PER_STRIP = 278
    STRIP_BYTES = 279
    PLANAR = 284
    PREDICTOR = 317
    COLOUR_MAP = 320
    TILE_WIDTH = 322
    INK_SET = 332
    EXTRA_SAMPLES = 338
    SAMPLE_FORMAT = 339


UNCOMPRESSED = 1
SIXTEEN_TO_EIGHT_BITS = 257  # OpenCV scales 16-bit samples to 8 bits by this, rounding
# compressions OpenCV's libtiff decodes and photos are saved with: LZW, deflate, PackBits
LZW, DEFLATE, OLD_DEFLATE, PACKBITS = 5, 8, 32946, 32773
BANDED_COMPRESSIONS = frozenset({UNCOMPRESSED, LZW, DEFLATE, OLD_DEFLATE, PACKBITS})
# photometric interpretations: grey, colour, palette, inks (CMYK)
MIN_IS_BLACK, RGB, PALETTE, SEPARATED = 1, 2, 3, 5
PALETTE_ENTRIES = 256
EIGHT_BIT_MAP = 256  # a colour map whose values are all under this holds 8-bit values
BANDED_KINDS = frozenset({(MIN_IS_BLACK, 1), (RGB, 3), (RGB, 4), (PALETTE, 1), (SEPARATED, 4)})
CMYK_INKS = 1  # the ink set of a separated image that names its inks CMYK
CHUNKY = 1
UNSIGNED = 1
ALL_ROWS = 2**32 - 1  # the rows per strip when the tag is absent: one strip
SHORT, LONG = 3, 4  # TIFF field types
TIFF_HEAD_BYTES = 8
IFD_ENTRY_BYTES = 12


@dataclass(frozen=True)
class TiffLayout:
    """What of a TIFF's first image is needed to read it in bands."""

    width: int
    height: int
    byte_order: str  # "<" or ">", as struct writes it
    bits: tuple[int, ...]
    samples: int
    photometric: int
    compression: int
    predictor: int | None
    extra_samples: tuple[int, ...]
    colour_map: tuple[int, ...]  # a palette image's red, green and blue values, 16-bit
    rows_per_strip: int
    strip_offsets: tuple[int, ...]
    strip_bytes: tuple[int, ...]
    orientation: int

    @property
    def row_bytes(self) -> int:
        return self.width * self.samples * self.bits[0] // 8

    @property
    def decoded_row_bytes(self) -> int:
        """A row's bytes as the stored rows or decoded to colour, whichever is more."""
        return max(self.row_bytes, 3 * self.width)

    def palette_bgr(self) -> np.ndarray:
        """A palette image's colours as libtiff gives them: 256 x 3, BGR, 8 bits (a map
        of 8-bit values, as some writers store, is taken as it is)."""
        colours: np.ndarray = np.asarray(self.colour_map, np.uint16).reshape(3, -1).T
        if colours.max() >= EIGHT_BIT_MAP:
            colours = np.right_shift(colours, 8)
        return np.ascontiguousarray(colours[:, ::-1].astype(np.uint8))

    def strip_rows(self, strip: int) -> int:
        return min(self.rows_per_strip, self.height - strip * self.rows_per_strip)


def read_tiff_layout(path: Path) -> TiffLayout | None:
    """The layout of the TIFF at ``path``, or None when it is no TIFF or one of a kind
    decoded whole (tiled, planar, palettes of under 8 bits, floating-point,
    JPEG-compressed, 16-bit CMYK and other rare kinds for photos)."""
    from PIL import Image, TiffImagePlugin, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            if not isinstance(image, TiffImagePlugin.TiffImageFile):
                return None
            tags = dict(image.tag_v2)
            byte_order = image.tag_v2._endian
    except (UnidentifiedImageError, OSError):
        return None
    return _layout(tags, byte_order)


def _layout(tags: Mapping[int, object], byte_order: str) -> TiffLayout | None:
    width, height = _int(tags, Tag.WIDTH), _int(tags, Tag.HEIGHT)
    samples, photometric = _int(tags, Tag.SAMPLES, 1), _int(tags, Tag.PHOTOMETRIC)
    compression = _int(tags, Tag.COMPRESSION, UNCOMPRESSED)
    rows_per_strip = _int(tags, Tag.ROWS_PER_STRIP, ALL_ROWS)
    bits = _ints(tags.get(Tag.BITS, (1,)))
    colour_map = _ints(tags.get(Tag.COLOUR_MAP, ()))
    offsets, counts = _ints(tags.get(Tag.STRIP_OFFSETS, ())), _ints(tags.get(Tag.STRIP_BYTES, ()))
    if (
        width is None
        or height is None
        or samples is None
        or rows_per_strip is None
        or photometric is None
        or compression is None
        or compression not in BANDED_COMPRESSIONS
        or (photometric, samples) not in BANDED_KINDS
        or min(width, height, rows_per_strip) <= 0
    ):
        return None
    rows_per_strip = min(rows_per_strip, height)
    if not (
        len(set(bits)) == 1
        and len(bits) == samples
        and bits[0] in (8, 16)
        and (
            photometric != SEPARATED
            or (bits[0] == 8 and _int(tags, Tag.INK_SET, CMYK_INKS) == CMYK_INKS)
        )
        and (photometric != PALETTE or (bits[0] == 8 and len(colour_map) == 3 * PALETTE_ENTRIES))
        and set(_ints(tags.get(Tag.SAMPLE_FORMAT, (UNSIGNED,)))) == {UNSIGNED}
        and _int(tags, Tag.PLANAR, CHUNKY) == CHUNKY
        and _int(tags, Tag.FILL_ORDER, 1) == 1
        and Tag.TILE_WIDTH not in tags
        and len(offsets) == len(counts) == -(-height // rows_per_strip)
    ):
        return None
    return TiffLayout(
        width=width,
        height=height,
        byte_order=byte_order,
        bits=bits,
        samples=samples,
        photometric=photometric,
        compression=compression,
        predictor=_int(tags, Tag.PREDICTOR),
        extra_samples=_ints(tags.get(Tag.EXTRA_SAMPLES, ())),
        colour_map=colour_map,
        rows_per_strip=rows_per_strip,
        strip_offsets=offsets,
        strip_bytes=counts,
        orientation=_int(tags, Tag.ORIENTATION, UPRIGHT) or UPRIGHT,
    )


def _int(tags: Mapping[int, object], tag: int, default: int | None = None) -> int | None:
    """A tag holding one whole number, or the default when it is absent or not one."""
    value = tags.get(tag, default)
    return value if isinstance(value, int) else None


def _ints(value: object) -> tuple[int, ...]:
    """A tag's value as a tuple of ints (Pillow gives one value bare)."""
    values = value if isinstance(value, tuple) else (value,)
    return tuple(item for item in values if isinstance(item, int))


def load_tiff_reduced(path: Path, factor: int) -> np.ndarray | None:
    """The TIFF at ``path`` as BGR uint8, shrunk by ``factor`` (area average; 1 keeps
    its size) and turned upright, decoded in bands; None when it is no TIFF of a kind
    read in bands (the caller decodes it whole). Raises ImageError, naming the file, when
    its data is cut short or damaged."""
    layout = read_tiff_layout(path)
    if layout is None:
        return None
    shrinker = RowShrinker(layout.width, factor)
    with path.open("rb") as stream:
        for top, rows, strips in _bands(layout, stream, path):
            if layout.compression == UNCOMPRESSED:
                decoded: np.ndarray | None = _unpacked(layout, b"".join(strips), rows)
            else:
                decoded = _decode(_tiff(layout, rows, strips))
            if decoded is None or decoded.shape[:2] != (rows, layout.width):
                raise ImageError(
                    f"{path}: the TIFF data is corrupt (rows {top} to {top + rows - 1} "
                    "would not decode)"
                )
            shrinker.add(decoded)
    return upright(shrinker.image(), layout.orientation)


def _unpacked(layout: TiffLayout, data: bytes, rows: int) -> np.ndarray:
    """Uncompressed rows as OpenCV decodes them: BGR, 8 bits, alpha dropped, palette
    indices and inks (CMYK) turned to colour."""
    sample = np.dtype(np.uint8) if layout.bits[0] == 8 else np.dtype(f"{layout.byte_order}u2")
    samples = np.frombuffer(data, sample).reshape(rows, layout.width, layout.samples)
    if layout.bits[0] != 8:
        half = SIXTEEN_TO_EIGHT_BITS // 2
        samples = ((samples.astype(np.uint32) + half) // SIXTEEN_TO_EIGHT_BITS).astype(np.uint8)
    if layout.photometric == PALETTE:
        return layout.palette_bgr()[samples[:, :, 0]]
    if layout.samples == 1:
        return np.repeat(samples, 3, axis=2)
    if layout.photometric == SEPARATED:  # libtiff's conversion: each ink darkens, rounded down
        paper = 255 - samples.astype(np.uint16)
        return (paper[:, :, 2::-1] * paper[:, :, 3:] // 255).astype(np.uint8)
    return np.ascontiguousarray(samples[:, :, 2::-1])


def _decode(band_tiff: bytes) -> np.ndarray | None:
    import cv2

    decoded = cv2.imdecode(np.frombuffer(band_tiff, np.uint8), cv2.IMREAD_COLOR)
    return None if decoded is None else np.asarray(decoded)


def _bands(
    layout: TiffLayout, stream: BinaryIO, path: Path
) -> Iterator[tuple[int, int, list[bytes]]]:
    """Each band's first row, its rows and its strips' data, read from the file: whole
    strips of about ``bands.BAND_BYTES`` decoded bytes together, or, uncompressed, the
    spans holding that many rows."""
    for top, rows, spans in _band_spans(layout):
        strips = []
        for offset, length in spans:
            stream.seek(offset)
            data = stream.read(length)
            if len(data) < length:
                raise ImageError(
                    f"{path}: the TIFF data ends early (rows {top} to {top + rows - 1} of "
                    f"{layout.height} are cut short)"
                )
            strips.append(data)
        yield top, rows, strips


def _band_spans(layout: TiffLayout) -> Iterator[tuple[int, int, list[tuple[int, int]]]]:
    """Each band's first row, its rows and the file spans holding them."""
    band_rows = max(1, bands.BAND_BYTES // layout.decoded_row_bytes)
    if layout.compression == UNCOMPRESSED:
        for top in range(0, layout.height, band_rows):
            rows = min(band_rows, layout.height - top)
            yield top, rows, list(_uncompressed_spans(layout, top, rows))
        return
    top, rows = 0, 0
    spans: list[tuple[int, int]] = []
    for strip, (offset, length) in enumerate(
        zip(layout.strip_offsets, layout.strip_bytes, strict=True)
    ):
        strip_rows = layout.strip_rows(strip)
        if spans and rows + strip_rows > band_rows:
            yield top, rows, spans
            top, rows, spans = top + rows, 0, []
        rows += strip_rows
        spans.append((offset, length))
    yield top, rows, spans


def _uncompressed_spans(layout: TiffLayout, top: int, rows: int) -> Iterator[tuple[int, int]]:
    """The file spans holding rows ``top`` to ``top + rows - 1`` of an uncompressed TIFF."""
    row = top
    while row < top + rows:
        strip, row_in_strip = divmod(row, layout.rows_per_strip)
        taken = min(top + rows - row, layout.strip_rows(strip) - row_in_strip)
        start = layout.strip_offsets[strip] + row_in_strip * layout.row_bytes
        yield start, taken * layout.row_bytes
        row += taken


def _tiff(layout: TiffLayout, rows: int, strips: list[bytes]) -> bytes:
    """A minimal TIFF of ``rows`` rows holding the given strips, in the photo's own
    byte order (16-bit samples are stored in it)."""
    order = layout.byte_order
    rows_per_strip = rows if layout.compression == UNCOMPRESSED else layout.rows_per_strip
    entries: list[tuple[int, int, tuple[int, ...]]] = [
        (Tag.WIDTH, LONG, (layout.width,)),
        (Tag.HEIGHT, LONG, (rows,)),
        (Tag.BITS, SHORT, layout.bits),
        (Tag.COMPRESSION, SHORT, (layout.compression,)),
        (Tag.PHOTOMETRIC, SHORT, (layout.photometric,)),
        (Tag.STRIP_OFFSETS, LONG, (0,) * len(strips)),  # filled in below
        (Tag.SAMPLES, SHORT, (layout.samples,)),
        (Tag.ROWS_PER_STRIP, LONG, (rows_per_strip,)),
        (Tag.STRIP_BYTES, LONG, tuple(len(strip) for strip in strips)),
        (Tag.PLANAR, SHORT, (CHUNKY,)),
    ]
    if layout.predictor is not None:
        entries.append((Tag.PREDICTOR, SHORT, (layout.predictor,)))
    if layout.colour_map:
        entries.append((Tag.COLOUR_MAP, SHORT, layout.colour_map))
    if layout.extra_samples:
        entries.append((Tag.EXTRA_SAMPLES, SHORT, layout.extra_samples))
    values_start = TIFF_HEAD_BYTES + 2 + IFD_ENTRY_BYTES * len(entries) + 4
    spilled_bytes = sum(
        len(packed) for _, kind, items in entries if len(packed := _packed(order, kind, items)) > 4
    )
    data_start = values_start + spilled_bytes
    starts = np.cumsum([data_start, *(len(strip) for strip in strips[:-1])]).tolist()
    entries[5] = (Tag.STRIP_OFFSETS, LONG, tuple(starts))
    head = (b"II" if order == "<" else b"MM") + struct.pack(f"{order}HI", 42, TIFF_HEAD_BYTES)
    ifd = struct.pack(f"{order}H", len(entries))
    spilled = b""
    for tag, kind, items in entries:
        packed = _packed(order, kind, items)
        if len(packed) <= 4:
            ifd += struct.pack(f"{order}HHI", tag, kind, len(items)) + packed.ljust(4, b"\0")
        else:
            ifd += struct.pack(f"{order}HHII", tag, kind, len(items), values_start + len(spilled))
            spilled += packed
    ifd += struct.pack(f"{order}I", 0)  # no next image
    return head + ifd + spilled + b"".join(strips)


def _packed(order: str, kind: int, items: tuple[int, ...]) -> bytes:
    return struct.pack(f"{order}{len(items)}{'H' if kind == SHORT else 'I'}", *items)
