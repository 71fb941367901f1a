"""SQLite's write-ahead log read without SQLite: which frames it will keep and which it
will drop without a word.

SQLite replays a ``-wal`` only up to the last commit frame of an unbroken run of frames
whose salts match the header and whose running checksum holds; everything past the first
bad frame is ignored (and later overwritten). Reading the file ourselves lets the journal
keep a copy before SQLite drops committed transactions. The format is SQLite's documented
one: a 32-byte header, then frames of a 24-byte header and one page each.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

HEADER_BYTES = 32
FRAME_HEADER_BYTES = 24
MAGIC_LITTLE_ENDIAN = 0x377F0682
MAGIC_BIG_ENDIAN = 0x377F0683  # the low bit says which byte order the checksums use
MIN_PAGE_SIZE = 512
MAX_PAGE_SIZE = 65536
WORD_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class WalReading:
    """What SQLite will make of a ``-wal``."""

    size: int
    header_valid: bool
    page_size: int  # 0 when the header is unreadable
    kept_frames: int  # frames up to the last valid commit: what SQLite replays
    dropped_commits: int  # commit frames of this log past the break: committed, then lost

    @property
    def loses_commits(self) -> bool:
        """True when SQLite would drop transactions that had been committed: a damaged
        or cut log (an unfinished transaction at the end is not such a loss)."""
        return self.dropped_commits > 0 or (self.size > 0 and not self.header_valid)


def read_wal(path: Path) -> WalReading:
    """Read the log at ``path`` (a missing file reads as empty)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    return read_wal_bytes(data)


def read_wal_bytes(data: bytes) -> WalReading:
    if len(data) < HEADER_BYTES:
        return WalReading(
            len(data), header_valid=not data, page_size=0, kept_frames=0, dropped_commits=0
        )
    magic, _version, page_size, _checkpoint, salt1, salt2, sum1, sum2 = struct.unpack(
        ">8I", data[:HEADER_BYTES]
    )
    big_endian = magic == MAGIC_BIG_ENDIAN
    sane = magic in (MAGIC_LITTLE_ENDIAN, MAGIC_BIG_ENDIAN) and _valid_page_size(page_size)
    if not sane or _checksum(data[:24], (0, 0), big_endian=big_endian) != (sum1, sum2):
        return WalReading(
            len(data), header_valid=False, page_size=0, kept_frames=0, dropped_commits=0
        )
    frame_bytes = FRAME_HEADER_BYTES + page_size
    running = (sum1, sum2)
    kept = frames = 0
    offset = HEADER_BYTES
    broken_at = None
    while offset + frame_bytes <= len(data):
        header = data[offset : offset + FRAME_HEADER_BYTES]
        _page, commit_size, frame_salt1, frame_salt2, frame_sum1, frame_sum2 = struct.unpack(
            ">6I", header
        )
        page = data[offset + FRAME_HEADER_BYTES : offset + frame_bytes]
        running = _checksum(header[:8], running, big_endian=big_endian)
        running = _checksum(page, running, big_endian=big_endian)
        if (frame_salt1, frame_salt2) != (salt1, salt2) or running != (frame_sum1, frame_sum2):
            broken_at = offset
            break
        frames += 1
        if commit_size:
            kept = frames
        offset += frame_bytes
    dropped = 0
    if broken_at is not None:
        dropped = _commits_of_this_log(data, broken_at, frame_bytes, (salt1, salt2))
    return WalReading(
        len(data), header_valid=True, page_size=page_size, kept_frames=kept, dropped_commits=dropped
    )


def _commits_of_this_log(data: bytes, start: int, frame_bytes: int, salts: tuple[int, int]) -> int:
    """Commit frames from ``start`` on that carry this log's salts: transactions written
    in this log's lifetime that SQLite will not replay. Frames of an earlier log (other
    salts) are leftovers SQLite rightly ignores."""
    commits = 0
    for offset in range(start, len(data) - frame_bytes + 1, frame_bytes):
        _page, commit_size, salt1, salt2 = struct.unpack(">4I", data[offset : offset + 16])
        if (salt1, salt2) == salts and commit_size:
            commits += 1
    return commits


def _valid_page_size(size: int) -> bool:
    return MIN_PAGE_SIZE <= size <= MAX_PAGE_SIZE and size & (size - 1) == 0


def _checksum(data: bytes, start: tuple[int, int], *, big_endian: bool) -> tuple[int, int]:
    """SQLite's WAL checksum: two running sums over the data as pairs of 32-bit words."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    s0, s1 = start
    for index in range(0, len(words), 2):
        s0 = (s0 + words[index] + s1) & WORD_MASK
        s1 = (s1 + words[index + 1] + s0) & WORD_MASK
    return s0, s1
