"""Decoding a large uncompressed BMP a band of rows at a time, shrunk as it goes, so that
the whole image is never held. The rows are stored as they are shown, bottom row first
unless the height is negative; each band is read from where its rows lie, top band first,
so that the bands meet the factor's row boundaries as the whole image would."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from io import SEEK_END
from pathlib import Path
from typing import BinaryIO

import numpy as np

from companion.vision import bands
from companion.vision.bands import shrink_band
from companion.vision.images import BMP_SIGNATURE, ImageError

FILE_HEADER_BYTES = 14
INFO_HEADER_BYTES = 40  # BITMAPINFOHEADER; the later headers extend it
UNCOMPRESSED = 0  # BI_RGB
BANDED_BITS = {24: 3, 32: 4}  # bits per pixel read in bands, and bytes per pixel


@dataclass(frozen=True)
class BmpHeader:
    width: int
    height: int
    bottom_up: bool
    bits: int
    compression: int
    data_offset: int

    @property
    def banded(self) -> bool:
        """Whether this kind of BMP can be read in bands: 24- or 32-bit pixels stored
        uncompressed (palette, 16-bit, bit-field and compressed BMPs are rare for photos
        and are decoded whole)."""
        return self.bits in BANDED_BITS and self.compression == UNCOMPRESSED

    @property
    def row_bytes(self) -> int:
        return (self.width * self.bits + 31) // 32 * 4  # rows are padded to 4 bytes


def read_bmp_header(stream: BinaryIO) -> BmpHeader | None:
    """The header of a Windows BMP, or None when the stream holds no such BMP."""
    head = stream.read(FILE_HEADER_BYTES + INFO_HEADER_BYTES)
    if len(head) < FILE_HEADER_BYTES + INFO_HEADER_BYTES or not head.startswith(BMP_SIGNATURE):
        return None
    (data_offset,) = struct.unpack_from("<I", head, 10)
    info_bytes, width, height, _planes, bits, compression = struct.unpack_from(
        "<IiiHHI", head, FILE_HEADER_BYTES
    )
    if info_bytes < INFO_HEADER_BYTES or width <= 0 or height == 0:
        return None  # an OS/2 header, or sizes OpenCV is left to refuse
    return BmpHeader(width, abs(height), height > 0, bits, compression, data_offset)


def bmp_is_complete(stream: BinaryIO) -> bool:
    """Whether an uncompressed BMP's file holds all the rows its header declares (a
    compressed one, or a stream that is no BMP, is left to the decoder to judge)."""
    stream.seek(0)
    header = read_bmp_header(stream)
    if header is None or header.compression != UNCOMPRESSED:
        return True
    size = stream.seek(0, SEEK_END)
    return size >= header.data_offset + header.height * header.row_bytes


def load_bmp_reduced(path: Path, factor: int) -> np.ndarray | None:
    """The BMP at ``path`` as BGR uint8, shrunk by ``factor`` (area average), read in
    bands; None when it is not a BMP of a kind read in bands (the caller decodes it
    whole). Raises ImageError, naming the file, when its pixel data ends early."""
    with path.open("rb") as stream:
        header = read_bmp_header(stream)
        if header is None or not header.banded:
            return None
        pixel_bytes = BANDED_BITS[header.bits]
        band_rows = max(factor, bands.BAND_BYTES // header.row_bytes // factor * factor)
        shrunk: list[np.ndarray] = []
        for top in range(0, header.height, band_rows):
            rows = min(band_rows, header.height - top)
            first_stored = header.height - top - rows if header.bottom_up else top
            stream.seek(header.data_offset + first_stored * header.row_bytes)
            data = stream.read(rows * header.row_bytes)
            if len(data) < rows * header.row_bytes:
                raise ImageError(
                    f"{path}: the BMP pixel data ends early (rows {top} to "
                    f"{top + rows - 1} of {header.height} are cut short)"
                )
            stored = np.frombuffer(data, np.uint8).reshape(rows, header.row_bytes)
            pixels = stored[:, : header.width * pixel_bytes].reshape(rows, header.width, -1)
            band = pixels[::-1] if header.bottom_up else pixels
            shrunk += shrink_band(np.ascontiguousarray(band[:, :, :3]), header.width, factor)
        return np.concatenate(shrunk, axis=0)
