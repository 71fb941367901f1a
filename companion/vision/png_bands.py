"""Decoding a large PNG a band of rows at a time, reduced as it goes, so that the whole
image is never held: an 8000x6000 PNG is 144 MB decoded, most of the memory budget.

The zlib stream is inflated here; the rows' filters are undone by OpenCV, one band at a
time, by handing it each band as a small PNG of its own. A band's first row may be
filtered against the row above it, so that row (already decoded) goes first in the
band's PNG, unfiltered, and is dropped again after decoding."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

from companion.vision import bands
from companion.vision.bands import UPRIGHT, orientation_of, shrink_band, upright
from companion.vision.images import (
    PNG_CHUNK_HEAD,
    PNG_END_CHUNK,
    PNG_SIGNATURE,
    ImageError,
    png_chunks,
)

INFLATE_STEP = 1 << 20  # decompressed bytes taken from zlib at a time
IHDR_BYTES = 13
IHDR_HEAD = struct.pack(">I4s", IHDR_BYTES, b"IHDR")
FILTER_NONE = b"\x00"
EXIF_CHUNK = b"eXIf"
IMAGE_DATA_CHUNK = b"IDAT"
GREY, TRUECOLOUR, TRUECOLOUR_ALPHA = 0, 2, 6
CHANNELS = {GREY: 1, TRUECOLOUR: 3, TRUECOLOUR_ALPHA: 4}
# OpenCV hands colour samples over in BGR(A) order; the PNG holds RGB(A)
PNG_ORDER = {GREY: [0], TRUECOLOUR: [2, 1, 0], TRUECOLOUR_ALPHA: [2, 1, 0, 3]}


@dataclass(frozen=True)
class PngHeader:
    width: int
    height: int
    bit_depth: int
    colour_type: int
    interlaced: bool

    @property
    def banded(self) -> bool:
        """Whether this kind of PNG can be read in bands: grey, RGB or RGBA samples of 8
        or 16 bits, not interlaced (palette images and small bit depths are rare for
        photos and are decoded whole)."""
        return self.colour_type in CHANNELS and self.bit_depth in (8, 16) and not self.interlaced

    @property
    def row_bytes(self) -> int:
        return self.width * CHANNELS[self.colour_type] * self.bit_depth // 8

    def ihdr(self, height: int) -> bytes:
        """The header's data for ``height`` rows of this image: deflate, adaptive row
        filters and no interlacing, the only methods PNG defines (all 0)."""
        return struct.pack(
            ">IIBBBBB", self.width, height, self.bit_depth, self.colour_type, 0, 0, 0
        )


def read_header(stream: BinaryIO) -> PngHeader | None:
    """The PNG's header, or None when the stream is not a PNG."""
    stream.seek(0)
    if stream.read(len(PNG_SIGNATURE)) != PNG_SIGNATURE:
        return None
    head = stream.read(PNG_CHUNK_HEAD + IHDR_BYTES)
    if len(head) < PNG_CHUNK_HEAD + IHDR_BYTES or head[:PNG_CHUNK_HEAD] != IHDR_HEAD:
        return None
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", head[PNG_CHUNK_HEAD:])
    if width == 0 or height == 0:
        return None  # not a valid PNG: the whole decoder refuses it
    return PngHeader(width, height, depth, colour, interlaced=interlace != 0)


def load_png_reduced(path: Path, factor: int) -> np.ndarray | None:
    """The PNG at ``path`` as BGR uint8, shrunk by ``factor`` (area average), decoded in
    bands; None when it is not a PNG of a kind read in bands (the caller decodes it whole).
    Raises ImageError, naming the file, when its data is damaged."""
    with path.open("rb") as stream:
        header = read_header(stream)
        if header is None or not header.banded:
            return None
        band_rows = max(factor, bands.BAND_BYTES // (header.row_bytes + 1) // factor * factor)
        reducer = _BandReducer(header, factor)
        pending = bytearray()
        inflater = zlib.decompressobj()
        try:
            for data in _idat_chunks(stream):
                tail = data
                while tail and reducer.rows_done < header.height:  # data past the rows: ignored
                    pending += inflater.decompress(tail, INFLATE_STEP)
                    tail = inflater.unconsumed_tail
                    reducer.take_bands(pending, band_rows)
            pending += inflater.flush()
            reducer.take_bands(pending, band_rows, last=True)
        except (zlib.error, _BandError) as error:
            raise ImageError(f"{path}: the PNG data is corrupt ({error})") from None
        if reducer.rows_done != header.height:
            raise ImageError(
                f"{path}: the PNG data holds {reducer.rows_done} of its "
                f"{header.height} rows (the file is damaged)"
            )
        return upright(reducer.image(), _exif_orientation(stream))


def _exif_orientation(stream: BinaryIO) -> int:
    """The orientation in the PNG's eXIf chunk (1, upright, when there is none). Read
    from the chunk itself: Pillow's ``getexif`` decodes the whole image to look for one
    after the image data."""
    from PIL import Image

    for kind, length in png_chunks(stream):
        if kind == EXIF_CHUNK:
            exif = Image.Exif()
            exif.load(stream.read(length))
            return orientation_of(exif)
    return UPRIGHT


def _idat_chunks(stream: BinaryIO) -> Iterator[bytes]:
    """The data of each IDAT chunk in turn, up to IEND (or the end of the file)."""
    for kind, length in png_chunks(stream):
        if kind == PNG_END_CHUNK:
            return
        if kind == IMAGE_DATA_CHUNK:
            yield stream.read(length)


class _BandError(ValueError):
    """A band of rows that OpenCV would not decode."""


class _BandReducer:
    """Takes whole filtered rows off the front of the inflated data, a band at a time,
    decodes and shrinks each band and keeps the shrunk bands."""

    def __init__(self, header: PngHeader, factor: int) -> None:
        self.header = header
        self.factor = factor
        self.rows_done = 0
        self._previous_row: bytes | None = None
        self._bands: list[np.ndarray] = []

    def take_bands(self, pending: bytearray, band_rows: int, *, last: bool = False) -> None:
        stride = self.header.row_bytes + 1  # each row starts with its filter type
        while True:
            rows = min(band_rows, len(pending) // stride, self.header.height - self.rows_done)
            if rows <= 0 or (rows < band_rows and not last):
                return
            self._decode_band(bytes(pending[: rows * stride]), rows)
            del pending[: rows * stride]

    def _decode_band(self, filtered: bytes, rows: int) -> None:
        import cv2

        above = b"" if self._previous_row is None else FILTER_NONE + self._previous_row
        band_png = _png(self.header, above + filtered, rows + (1 if above else 0))
        samples = cv2.imdecode(np.frombuffer(band_png, np.uint8), cv2.IMREAD_UNCHANGED)
        if samples is None:
            raise _BandError(f"rows {self.rows_done} and on would not decode")
        if above:
            samples = samples[1:]
        self._previous_row = self._raw_row(samples[-1])
        self.rows_done += rows
        self._bands += shrink_band(
            _to_bgr8(samples, self.header.bit_depth), self.header.width, self.factor
        )

    def _raw_row(self, row: np.ndarray) -> bytes:
        """A decoded row back in the PNG's own sample order and byte order."""
        ordered = row.reshape(self.header.width, -1)[:, PNG_ORDER[self.header.colour_type]]
        if self.header.bit_depth == 16:
            return ordered.astype(">u2").tobytes()
        return ordered.tobytes()

    def image(self) -> np.ndarray:
        return np.concatenate(self._bands, axis=0)


def _to_bgr8(samples: np.ndarray, bit_depth: int) -> np.ndarray:
    """Samples as OpenCV's IMREAD_COLOR gives them: three 8-bit channels, alpha dropped."""
    import cv2

    if bit_depth == 16:
        samples = (samples >> 8).astype(np.uint8)
    if samples.ndim == 2:
        return np.asarray(cv2.cvtColor(samples, cv2.COLOR_GRAY2BGR))
    return np.ascontiguousarray(samples[:, :, :3])


def _png(header: PngHeader, filtered_rows: bytes, rows: int) -> bytes:
    """A minimal PNG holding the given filtered rows, stored without compression."""
    return (
        PNG_SIGNATURE
        + _chunk(b"IHDR", header.ihdr(rows))
        + _chunk(IMAGE_DATA_CHUNK, zlib.compress(filtered_rows, 0))
        + _chunk(PNG_END_CHUNK, b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
