"""SQLite's table pages read without SQLite: the rows of one b-tree leaf page.

For what SQLite itself cannot read: a file whose first page (the header and the schema)
is gone, or the page images in a ``-wal`` past a damaged frame. Every page is read on
its own, so a damaged page costs only its own rows. The formats are SQLite's
documented ones: a leaf page's header, its cell pointers, each cell's payload size,
rowid and record (a header of serial types, then the values). A row too long for its
page (spilled to overflow pages) is counted, not read: the journal's rows are short.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

FILE_HEADER_BYTES = 100  # page 1 starts with the database header
TABLE_LEAF = 0x0D
LEAF_HEADER_BYTES = 8
MAX_VARINT_BYTES = 9
RESERVED_BYTES_OFFSET = 20
PAGE_SIZE_OFFSET = 16
PAGE_SIZE_64K = 1
MIN_PAGE_SIZE = 512
MAX_PAGE_SIZE = 65536
# serial types: 0 NULL, 1-6 big-endian integers of these sizes, 7 a double, 8 and 9 the
# constants 0 and 1, 10 and 11 reserved, then blobs (even) and texts (odd) from 12 on
INTEGER_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
FLOAT_TYPE = 7
ZERO_TYPE, ONE_TYPE = 8, 9
FIRST_SIZED_TYPE = 12

Value = int | float | str | bytes | None


@dataclass(frozen=True)
class Cell:
    rowid: int
    values: tuple[Value, ...]


@dataclass(frozen=True)
class LeafRead:
    """A table leaf page's rows, and how many of its cells did not read."""

    cells: tuple[Cell, ...]
    unread: int


class BadPage(ValueError):
    """Not a table leaf page, or one whose header does not hold together."""


def page_size_of(header: bytes) -> int | None:
    """The page size a database header names (None: not a sane one)."""
    if len(header) < PAGE_SIZE_OFFSET + 2:
        return None
    (field,) = struct.unpack(">H", header[PAGE_SIZE_OFFSET : PAGE_SIZE_OFFSET + 2])
    size = MAX_PAGE_SIZE if field == PAGE_SIZE_64K else field
    return size if MIN_PAGE_SIZE <= size <= MAX_PAGE_SIZE and size & (size - 1) == 0 else None


def read_leaf(page: bytes, *, first: bool = False, reserved: int = 0) -> LeafRead:
    """The rows of a table leaf page (``first``: page 1, after the database header);
    ``BadPage`` when it is no such page."""
    start = FILE_HEADER_BYTES if first else 0
    if len(page) < start + LEAF_HEADER_BYTES or page[start] != TABLE_LEAF:
        raise BadPage("not a table leaf page")
    count, content = struct.unpack(">HH", page[start + 3 : start + 7])
    usable = len(page) - reserved
    pointers_end = start + LEAF_HEADER_BYTES + 2 * count
    if pointers_end > usable or (content or MAX_PAGE_SIZE) < pointers_end:
        raise BadPage("its cell count overruns the page")
    cells: list[Cell] = []
    unread = 0
    for index in range(count):
        at = start + LEAF_HEADER_BYTES + 2 * index
        (offset,) = struct.unpack(">H", page[at : at + 2])
        try:
            cells.append(_cell(page, offset, usable, pointers_end))
        except (ValueError, IndexError, struct.error):
            unread += 1
    return LeafRead(tuple(cells), unread)


def _cell(page: bytes, offset: int, usable: int, pointers_end: int) -> Cell:
    if not pointers_end <= offset < usable:
        raise ValueError("a cell pointer outside the cell area")
    size, at = varint(page, offset)
    rowid, at = varint(page, at)
    if size > usable - 35:  # the local limit of a table leaf: the rest would overflow
        raise ValueError("the row spills to overflow pages")
    if at + size > usable:
        raise ValueError("a cell runs past the page")
    return Cell(_signed(rowid), record(page[at : at + size]))


def record(payload: bytes) -> tuple[Value, ...]:
    """A record's values; ``ValueError`` when its header and body do not agree."""
    header_size, at = varint(payload, 0)
    if not 0 < header_size <= len(payload):
        raise ValueError("a record header of impossible size")
    types: list[int] = []
    while at < header_size:
        kind, at = varint(payload, at)
        types.append(kind)
    if at != header_size:
        raise ValueError("serial types run past the record header")
    values: list[Value] = []
    body = header_size
    for kind in types:
        value, body = _value(payload, kind, body)
        values.append(value)
    if body != len(payload):
        raise ValueError("the record's values do not fill its payload")
    return tuple(values)


def _value(payload: bytes, kind: int, at: int) -> tuple[Value, int]:
    if kind == 0:
        return None, at
    if kind in INTEGER_SIZES:
        size = INTEGER_SIZES[kind]
        if at + size > len(payload):
            raise ValueError("an integer past the payload")
        return int.from_bytes(payload[at : at + size], "big", signed=True), at + size
    if kind == FLOAT_TYPE:
        if at + 8 > len(payload):
            raise ValueError("a real past the payload")
        return struct.unpack(">d", payload[at : at + 8])[0], at + 8
    if kind in (ZERO_TYPE, ONE_TYPE):
        return kind - ZERO_TYPE, at
    if kind < FIRST_SIZED_TYPE:
        raise ValueError(f"reserved serial type {kind}")
    size = (kind - FIRST_SIZED_TYPE) // 2
    if at + size > len(payload):
        raise ValueError("a text or blob past the payload")
    data = payload[at : at + size]
    if kind % 2 == 0:
        return bytes(data), at + size
    return data.decode("utf-8"), at + size  # UnicodeDecodeError is a ValueError


def varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's big-endian varint at ``at``: its value and the offset after it."""
    value = 0
    for index in range(MAX_VARINT_BYTES):
        byte = data[at + index]
        if index == MAX_VARINT_BYTES - 1:
            return (value << 8) | byte, at + MAX_VARINT_BYTES
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + index + 1
    raise AssertionError("unreachable")  # the loop returns at its last byte


def _signed(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value
