"""The ``-shm`` (SQLite's wal-index) read without SQLite: how many frames the log held
when its writer last committed, how many of them were already copied into the main
file, and which page each frame wrote.

SQLite rebuilds the index from the ``-wal`` whenever the first connection opens, so a
log cut short or lost is forgotten without a word; read before any connection opens, the
index still says how much there was. The format is SQLite's documented one, in the
byte order of the machine that wrote it: two copies of a 48-byte header, then the
checkpoint's 40 bytes, then per frame its page number (4062 in the first 32 KiB block,
4096 in each block after).
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass
from pathlib import Path

from companion.journal.wal import checksum

HEADER_BYTES = 48
CHECKSUMMED_BYTES = 40  # the header up to its own checksum
CHECKPOINT_INFO_BYTES = 40
INDEX_HEADER_BYTES = 2 * HEADER_BYTES + CHECKPOINT_INFO_BYTES
INDEX_VERSION = 3007000
BLOCK_BYTES = 32768
FRAMES_PER_BLOCK = 4096
FRAMES_IN_FIRST_BLOCK = FRAMES_PER_BLOCK - INDEX_HEADER_BYTES // 4
PAGE_SIZE_64K = 1  # a 65536-byte page is written as 1 in the 16-bit field


@dataclass(frozen=True)
class IndexReading:
    """What a sound ``-shm`` says of its log."""

    frames: int  # mxFrame: the frames of the last commit
    backfilled: int  # frames already copied into the main file by a checkpoint
    page_size: int
    salts: tuple[int, int]
    page_numbers: tuple[int, ...]  # the page each frame 1..frames wrote (0: unreadable)

    def pages_of(self, first: int, last: int) -> tuple[int, ...]:
        """The page numbers of frames ``first``..``last`` (1-based, inclusive)."""
        return self.page_numbers[first - 1 : last]


def read_index(path: Path) -> IndexReading | None:
    """The ``-shm`` at ``path``; None when it is missing, empty or not sound (a torn or
    foreign header), in which case it says nothing."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return read_index_bytes(data)


def read_index_bytes(data: bytes) -> IndexReading | None:
    if len(data) < INDEX_HEADER_BYTES:
        return None
    order = "<" if sys.byteorder == "little" else ">"
    first, second = data[:HEADER_BYTES], data[HEADER_BYTES : 2 * HEADER_BYTES]
    if first != second:
        return None  # a writer was interrupted mid-header: SQLite would rebuild it too
    (version, _unused, _change, is_init, _big_end, page_field, frames, _pages) = struct.unpack(
        f"{order}3I2BH2I", first[:24]
    )
    # the salts are the log header's bytes copied as they are: read them as the log does
    salt1, salt2 = struct.unpack(">2I", first[32:40])
    sum1, sum2 = struct.unpack(f"{order}2I", first[40:48])
    big_endian = order == ">"
    if version != INDEX_VERSION or is_init != 1:
        return None
    if checksum(first[:CHECKSUMMED_BYTES], (0, 0), big_endian=big_endian) != (sum1, sum2):
        return None
    (backfilled,) = struct.unpack(f"{order}I", data[2 * HEADER_BYTES : 2 * HEADER_BYTES + 4])
    page_size = 65536 if page_field == PAGE_SIZE_64K else page_field
    numbers = tuple(_page_number(data, frame, order) for frame in range(1, frames + 1))
    return IndexReading(frames, min(backfilled, frames), page_size, (salt1, salt2), numbers)


def _page_number(data: bytes, frame: int, order: str) -> int:
    if frame <= FRAMES_IN_FIRST_BLOCK:
        offset = INDEX_HEADER_BYTES + (frame - 1) * 4
    else:
        later = frame - FRAMES_IN_FIRST_BLOCK - 1
        offset = (1 + later // FRAMES_PER_BLOCK) * BLOCK_BYTES + (later % FRAMES_PER_BLOCK) * 4
    if offset + 4 > len(data):
        return 0
    number: int = struct.unpack(f"{order}I", data[offset : offset + 4])[0]
    return number
