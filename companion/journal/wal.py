"""SQLite's write-ahead log read without SQLite: which frames it will keep and which it
will drop without a word.

SQLite replays a ``-wal`` only up to the last commit frame of an unbroken run of frames
whose salts match the header and whose running checksum holds; everything past the first
bad frame is ignored (and later overwritten). Reading the file ourselves lets the journal
keep a copy before SQLite drops committed transactions. The format is SQLite's documented
one: a 32-byte header, then frames of a 24-byte header and one page each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

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
    salts: tuple[int, int] = (0, 0)  # this log's, which its frames and its -shm repeat

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
    if not sane or checksum(data[:24], (0, 0), big_endian=big_endian) != (sum1, sum2):
        return WalReading(
            len(data), header_valid=False, page_size=0, kept_frames=0, dropped_commits=0
        )
    frame_bytes = FRAME_HEADER_BYTES + page_size
    count = (len(data) - HEADER_BYTES) // frame_bytes
    sums = _frame_sums(data, count, page_size, big_endian=big_endian)
    step = _step_power(1 + page_size // 8)
    running = (sum1, sum2)
    kept = 0
    broken_at = None
    for number in range(count):
        offset = HEADER_BYTES + number * frame_bytes
        _page, commit_size, frame_salt1, frame_salt2, frame_sum1, frame_sum2 = struct.unpack(
            ">6I", data[offset : offset + FRAME_HEADER_BYTES]
        )
        running = _carried(step, running, (int(sums[number, 0]), int(sums[number, 1])))
        if (frame_salt1, frame_salt2) != (salt1, salt2) or running != (frame_sum1, frame_sum2):
            broken_at = offset
            break
        if commit_size:
            kept = number + 1
    dropped = 0
    if broken_at is not None:
        dropped = _commits_of_this_log(data, broken_at, frame_bytes, (salt1, salt2))
    return WalReading(
        len(data),
        header_valid=True,
        page_size=page_size,
        kept_frames=kept,
        dropped_commits=dropped,
        salts=(salt1, salt2),
    )


@dataclass(frozen=True)
class LoggedPage:
    """A page image from a frame of the log."""

    frame: int  # 1-based
    page: int
    data: bytes


def committed_pages(data: bytes, *, page_size_hint: int = 0) -> tuple[LoggedPage, ...]:
    """Every page image of this log (its salts) that SQLite wrote as part of a committed
    transaction and that still reads, in frame order: also those past a damaged frame,
    which SQLite drops. A frame reads when its checksum holds counted on from the sums
    its predecessor stores; frames after the log's last commit frame were never
    committed and are left out. A header that does not read is done without: the
    salts most frames carry are the log's, ``page_size_hint`` (the main file's) its
    page size, and the byte order the one under which more frames read."""
    if len(data) < HEADER_BYTES:
        return ()
    magic, _version, page_size, _checkpoint, salt1, salt2, sum1, sum2 = struct.unpack(
        ">8I", data[:HEADER_BYTES]
    )
    if magic in (MAGIC_LITTLE_ENDIAN, MAGIC_BIG_ENDIAN) and _valid_page_size(page_size):
        header = (sum1, sum2)
        if checksum(data[:24], (0, 0), big_endian=magic == MAGIC_BIG_ENDIAN) == header:
            return _pages(data, page_size, (salt1, salt2), header, magic == MAGIC_BIG_ENDIAN)
    size = page_size if _valid_page_size(page_size) else page_size_hint
    if not _valid_page_size(size):
        return ()
    salts = _common_salts(data, FRAME_HEADER_BYTES + size)
    if salts is None:
        return ()
    # the first frame's checksum starts from the header's: it is taken when its salts
    # are the log's and the frame after it reads (its stored sums then hold)
    readings = [
        _pages(data, size, salts, (sum1, sum2), order, first_unchecked=True)
        for order in (False, True)
    ]
    return max(readings, key=len)


def _common_salts(data: bytes, frame_bytes: int) -> tuple[int, int] | None:
    counts: dict[tuple[int, int], int] = {}
    for offset in range(HEADER_BYTES, len(data) - frame_bytes + 1, frame_bytes):
        salts = struct.unpack(">2I", data[offset + 8 : offset + 16])
        counts[salts] = counts.get(salts, 0) + 1
    return max(counts, key=counts.__getitem__) if counts else None


def _pages(
    data: bytes,
    page_size: int,
    salts: tuple[int, int],
    start: tuple[int, int],
    big_endian: bool,
    *,
    first_unchecked: bool = False,
) -> tuple[LoggedPage, ...]:
    frame_bytes = FRAME_HEADER_BYTES + page_size
    count = (len(data) - HEADER_BYTES) // frame_bytes
    sums = _frame_sums(data, count, page_size, big_endian=big_endian)
    step = _step_power(1 + page_size // 8)
    stored = start
    found: list[LoggedPage] = []
    last_commit = 0
    for number in range(count):
        offset = HEADER_BYTES + number * frame_bytes
        page, commit_size, frame_salt1, frame_salt2, frame_sum1, frame_sum2 = struct.unpack(
            ">6I", data[offset : offset + FRAME_HEADER_BYTES]
        )
        expected = _carried(step, stored, (int(sums[number, 0]), int(sums[number, 1])))
        stored = (frame_sum1, frame_sum2)
        if (frame_salt1, frame_salt2) != salts or not page:
            continue
        if expected != stored:
            if number == 1 and first_unchecked and found and found[0].frame == 1:
                found.pop()  # the next frame does not read either: the first was not sound
            if number > 0 or not first_unchecked:
                continue
        start_of_page = offset + FRAME_HEADER_BYTES
        found.append(LoggedPage(number + 1, page, data[start_of_page : start_of_page + page_size]))
        if commit_size:
            last_commit = number + 1
    return tuple(page for page in found if page.frame <= last_commit)


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


# One step of the checksum, s0 += x0 + s1 then s1 += x1 + s0, is linear:
# (s0, s1) -> A (s0, s1) + (x0, x0 + x1) with A = [[1, 1], [1, 2]]. A frame's pairs then
# fold into A^m (the running sums carried over) plus a sum of its own, computed for all
# frames at once; numpy's unsigned 64-bit arithmetic wraps, which keeps it exact mod 2^32.
_STEP = ((1, 1), (1, 2))


def _carried(
    step: tuple[tuple[int, int], tuple[int, int]], running: tuple[int, int], own: tuple[int, int]
) -> tuple[int, int]:
    """The running sums after a frame: those before it carried over (``step``, A^m) plus
    the frame's own share."""
    return (
        (step[0][0] * running[0] + step[0][1] * running[1] + own[0]) & WORD_MASK,
        (step[1][0] * running[0] + step[1][1] * running[1] + own[1]) & WORD_MASK,
    )


def _step_power(exponent: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """A^exponent mod 2^32."""
    result = ((1, 0), (0, 1))
    base = _STEP
    while exponent:
        if exponent & 1:
            result = _multiply(result, base)
        base = _multiply(base, base)
        exponent >>= 1
    return result


def _multiply(
    left: tuple[tuple[int, int], tuple[int, int]], right: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[tuple[int, int], tuple[int, int]]:
    return (
        (
            (left[0][0] * right[0][0] + left[0][1] * right[1][0]) & WORD_MASK,
            (left[0][0] * right[0][1] + left[0][1] * right[1][1]) & WORD_MASK,
        ),
        (
            (left[1][0] * right[0][0] + left[1][1] * right[1][0]) & WORD_MASK,
            (left[1][0] * right[0][1] + left[1][1] * right[1][1]) & WORD_MASK,
        ),
    )


def _frame_sums(data: bytes, count: int, page_size: int, *, big_endian: bool) -> np.ndarray:
    """Each frame's own share of the checksum (its first 8 header bytes and its page, from
    sums of zero), for ``count`` whole frames: an array of shape (count, 2)."""
    # Imported here: a reader of the journal that never checks a -wal (the phone sheet)
    # stays without numpy.
    import numpy as np

    frame_bytes = FRAME_HEADER_BYTES + page_size
    if count == 0:
        return np.zeros((0, 2), dtype=np.uint64)
    frames = np.frombuffer(data, dtype=np.uint8, count=count * frame_bytes, offset=HEADER_BYTES)
    frames = frames.reshape(count, frame_bytes)
    summed = np.concatenate((frames[:, :8], frames[:, FRAME_HEADER_BYTES:]), axis=1)
    words = summed.view(">u4" if big_endian else "<u4").astype(np.uint64)
    pairs = words.reshape(count, -1, 2)
    steps = pairs.shape[1]
    addend = np.stack((pairs[:, :, 0], pairs[:, :, 0] + pairs[:, :, 1]), axis=2)
    # A^(steps - k) for k = 1..steps: the power that carries pair k to the frame's end
    powers = np.empty((steps, 2, 2), dtype=np.uint64)
    power = np.eye(2, dtype=np.uint64)
    step = np.array(_STEP, dtype=np.uint64)
    for index in range(steps - 1, -1, -1):
        powers[index] = power
        power = (step @ power) & np.uint64(WORD_MASK)
    sums = np.stack(
        [
            (addend[:, :, 0] * powers[:, row, 0] + addend[:, :, 1] * powers[:, row, 1]).sum(axis=1)
            for row in (0, 1)
        ],
        axis=1,
    )
    return sums & np.uint64(WORD_MASK)


def checksum(data: bytes, start: tuple[int, int], *, big_endian: bool) -> tuple[int, int]:
    """SQLite's WAL checksum: two running sums over the data as pairs of 32-bit words."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    s0, s1 = start
    for index in range(0, len(words), 2):
        s0 = (s0 + words[index] + s1) & WORD_MASK
        s1 = (s1 + words[index + 1] + s0) & WORD_MASK
    return s0, s1
