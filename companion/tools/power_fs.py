"""A FUSE file system whose power can be cut: the power-cut test's disk.

It keeps every file in memory twice: what reads see, and what has been synced. ``fsync``
makes a file's content durable, ``fsync`` of the folder its names (created, renamed,
removed): the strict reading of POSIX, harder than most real file systems. When the
power goes (a ``cut`` line on standard input, or the N-th write to the watched file) it
stops answering (every call fails with EIO from then on), writes what was synced to the
``--kept`` folder and prints ``cut ...``; everything unsynced is gone, except with
``--torn``: then the last write to each file since its last sync is kept half written,
a page the power went in the middle of. The next mount starts from that folder.

The file system is flat (one folder, no subfolders), which is all the journal's state
folder needs. Usage::

    python -m companion.tools.power_fs MOUNT --disk FOLDER --kept FOLDER \
        [--watch NAME --cut-at-write N] [--torn]

Lines on standard output: ``mounted`` once it serves, ``opened SECONDS`` when the watched
file is first opened (``time.monotonic``, the system's clock shared by all processes),
``cut checkpointing=0|1 opened=0|1 torn=NAMES`` when the power went (checkpointing: the
watched file was being written beside a non-empty ``-wal``, i.e. SQLite was
checkpointing; opened: the watched file had been opened since the mount; torn: the files
whose last unsynced write was left half written, with ``--torn``, or ``-``).
"""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MOUNTED_LINE = "mounted"
OPENED_LINE = "opened"
CUT_LINE = "cut"
CUT_COMMAND = "cut"
ROOT = "/"
FILE_MODE = 0o644
FOLDER_MODE = 0o755
BLOCK_SIZE = 4096
WAL_SUFFIX = "-wal"
# what statfs reports: room enough for a journal, and a block count SQLite may read
FREE_BLOCKS = 1 << 20


@dataclass
class Node:
    data: bytearray
    synced: bytes
    mode: int = FILE_MODE
    times_ns: int = field(default_factory=time.time_ns)
    last_write: tuple[int, bytes] | None = None  # the last write since the last sync

    def kept(self, *, torn: bool) -> bytes:
        """What the disk holds after a cut: what was synced, and with ``torn`` the first
        half of the last unsynced write over it (a page half written as the power went)."""
        if not torn or self.last_write is None:
            return self.synced
        offset, data = self.last_write
        half = data[: max(1, len(data) // 2)]
        content = bytearray(self.synced)
        if len(content) < offset:
            content.extend(bytes(offset - len(content)))
        content[offset : offset + len(half)] = half
        return bytes(content)

    @property
    def dirty(self) -> bool:
        return bytes(self.data) != self.synced


def _error(number: int) -> OSError:
    """What a FUSE call raises to answer with ``-number``."""
    return OSError(number, os.strerror(number))


class PowerCutFs:
    """The file system's calls, as mfusepy makes them (paths from the mount's root)."""

    use_ns = True  # times in nanoseconds

    def __init__(
        self, disk: Path, kept: Path, *, watch: str | None, cut_at_write: int, torn: bool = False
    ) -> None:
        self.kept = kept
        self.torn = torn  # a cut leaves each file's last unsynced write half written
        self.watch = watch
        self.cut_at_write = cut_at_write  # 0: never by writes
        self.watched_writes = 0
        self.watched_opened = False  # the watched file was opened (the app reached it)
        self.nodes: dict[int, Node] = {}
        self.names: dict[str, int] = {}  # what the folder lists now
        self.synced_names: dict[str, int] = {}  # what a cut leaves it listing
        self.handles: dict[int, int] = {}
        self._guard = threading.Lock()
        self.dead = False
        self._next = 1
        for path in sorted(disk.iterdir()) if disk.is_dir() else []:
            content = path.read_bytes()
            number = self._new_node(Node(bytearray(content), content))
            self.names[path.name] = self.synced_names[path.name] = number

    # -- the power ---------------------------------------------------------------------------

    def cut(self) -> None:
        """The power goes: keep what was synced, answer nothing more."""
        with self._guard:
            self._cut_locked()

    def _cut_locked(self, *, writing_watched: bool = False) -> None:
        if self.dead:
            return
        self.dead = True
        checkpointing = self._checkpointing(writing_watched=writing_watched)
        staging = self.kept.with_name(self.kept.name + ".partial")
        staging.mkdir(parents=True)
        torn = []
        for name, number in self.synced_names.items():
            node = self.nodes[number]
            (staging / name).write_bytes(node.kept(torn=self.torn))
            if self.torn and node.last_write is not None:
                torn.append(name)
        staging.rename(self.kept)
        print(
            f"{CUT_LINE} checkpointing={int(checkpointing)} opened={int(self.watched_opened)} "
            f"torn={','.join(torn) or '-'}",
            flush=True,
        )

    def _checkpointing(self, *, writing_watched: bool) -> bool:
        """Was the watched file (the journal) being written from its -wal? In WAL mode
        only a checkpoint writes it."""
        if self.watch is None or self.watch not in self.names:
            return False
        wal = self.names.get(self.watch + WAL_SUFFIX)
        written = writing_watched or self.nodes[self.names[self.watch]].dirty
        return written and wal is not None and len(self.nodes[wal].data) > 0

    # -- helpers -----------------------------------------------------------------------------

    def _new_node(self, node: Node) -> int:
        number = self._next
        self._next += 1
        self.nodes[number] = node
        return number

    def _alive(self) -> None:
        if self.dead:
            raise _error(errno.EIO)

    def _name(self, path: str) -> str:
        name = path.lstrip("/")
        if "/" in name:
            raise _error(errno.ENOENT)
        return name

    def _node(self, path: str, fh: int | None = None) -> Node:
        if fh is not None and fh in self.handles:
            return self.nodes[self.handles[fh]]
        number = self.names.get(self._name(path))
        if number is None:
            raise _error(errno.ENOENT)
        return self.nodes[number]

    def _note_opened(self, name: str) -> None:
        if name == self.watch and not self.watched_opened:
            self.watched_opened = True
            print(f"{OPENED_LINE} {time.monotonic()}", flush=True)

    def _handle(self, number: int) -> int:
        handle = self._next
        self._next += 1
        self.handles[handle] = number
        return handle

    # -- FUSE calls --------------------------------------------------------------------------

    def init(self, path: str) -> None:
        print(MOUNTED_LINE, flush=True)

    def getattr(self, path: str, fh: int | None = None) -> dict[str, Any]:
        with self._guard:
            self._alive()
            now = time.time_ns()
            owner = {"st_uid": os.getuid(), "st_gid": os.getgid()}
            if path == ROOT:
                return {
                    "st_mode": stat.S_IFDIR | FOLDER_MODE,
                    "st_nlink": 2,
                    "st_mtime": now,
                    "st_ctime": now,
                    "st_atime": now,
                    **owner,
                }
            node = self._node(path, fh)
            return {
                "st_mode": stat.S_IFREG | node.mode,
                "st_nlink": 1,
                "st_size": len(node.data),
                "st_mtime": node.times_ns,
                "st_ctime": node.times_ns,
                "st_atime": node.times_ns,
                "st_blksize": BLOCK_SIZE,
                **owner,
            }

    def readdir(self, path: str, fh: int) -> list[str]:
        with self._guard:
            self._alive()
            return [".", "..", *self.names]

    def statfs(self, path: str) -> dict[str, int]:
        return {
            "f_bsize": BLOCK_SIZE,
            "f_frsize": BLOCK_SIZE,
            "f_blocks": FREE_BLOCKS,
            "f_bfree": FREE_BLOCKS,
            "f_bavail": FREE_BLOCKS,
            "f_namemax": 255,
        }

    def create(self, path: str, mode: int, fi: Any = None) -> int:
        with self._guard:
            self._alive()
            number = self._new_node(Node(bytearray(), b"", stat.S_IMODE(mode)))
            self.names[self._name(path)] = number
            self._note_opened(self._name(path))
            return self._handle(number)

    def open(self, path: str, flags: int) -> int:
        with self._guard:
            self._alive()
            name = self._name(path)
            if name not in self.names:
                raise _error(errno.ENOENT)
            if flags & os.O_TRUNC:
                self.nodes[self.names[name]].data.clear()
            self._note_opened(name)
            return self._handle(self.names[name])

    def read(self, path: str, size: int, offset: int, fh: int) -> bytes:
        with self._guard:
            self._alive()
            return bytes(self._node(path, fh).data[offset : offset + size])

    def write(self, path: str, data: bytes, offset: int, fh: int) -> int:
        with self._guard:
            self._alive()
            if self.watch is not None and self.cut_at_write and path.lstrip("/") == self.watch:
                self.watched_writes += 1
                if self.watched_writes >= self.cut_at_write:
                    self._cut_locked(writing_watched=True)
                    raise _error(errno.EIO)
            node = self._node(path, fh)
            end = offset + len(data)
            if len(node.data) < end:
                node.data.extend(bytes(end - len(node.data)))
            node.data[offset:end] = data
            node.last_write = (offset, bytes(data))
            node.times_ns = time.time_ns()
            return len(data)

    def truncate(self, path: str, length: int, fh: int | None = None) -> int:
        with self._guard:
            self._alive()
            node = self._node(path, fh)
            if length < len(node.data):
                del node.data[length:]
            else:
                node.data.extend(bytes(length - len(node.data)))
            return 0

    def fsync(self, path: str, datasync: int, fh: int) -> int:
        with self._guard:
            self._alive()
            node = self._node(path, fh)
            node.synced = bytes(node.data)
            node.last_write = None
            return 0

    def fsyncdir(self, path: str, datasync: int, fh: int) -> int:
        with self._guard:
            self._alive()
            self.synced_names = dict(self.names)
            return 0

    def unlink(self, path: str) -> int:
        with self._guard:
            self._alive()
            if self.names.pop(self._name(path), None) is None:
                raise _error(errno.ENOENT)
            return 0

    def rename(self, old: str, new: str) -> int:
        with self._guard:
            self._alive()
            number = self.names.pop(self._name(old), None)
            if number is None:
                raise _error(errno.ENOENT)
            self.names[self._name(new)] = number
            return 0

    def release(self, path: str, fh: int) -> int:
        with self._guard:
            self.handles.pop(fh, None)
            return 0

    def flush(self, path: str, fh: int) -> int:
        with self._guard:
            self._alive()
            return 0

    def utimens(self, path: str, times: tuple[int, int] | None = None) -> int:
        with self._guard:
            self._alive()
            self._node(path).times_ns = times[1] if times else time.time_ns()
            return 0

    def chmod(self, path: str, mode: int) -> int:
        with self._guard:
            self._alive()
            self._node(path).mode = stat.S_IMODE(mode)
            return 0

    def chown(self, path: str, uid: int, gid: int) -> int:
        with self._guard:
            self._alive()
            return 0


def _listen(fs: PowerCutFs) -> None:
    """Cut the power when a ``cut`` line comes on standard input."""
    for line in sys.stdin:
        if line.strip() == CUT_COMMAND:
            fs.cut()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="power_fs", description=__doc__)
    parser.add_argument("mount", type=Path)
    parser.add_argument("--disk", type=Path, required=True, help="the files it starts with")
    parser.add_argument("--kept", type=Path, required=True, help="where a cut leaves its files")
    parser.add_argument("--watch", default=None, help="the file whose writes are counted")
    parser.add_argument("--cut-at-write", type=int, default=0, help="cut at this write to it")
    parser.add_argument(
        "--torn", action="store_true", help="a cut leaves each file's last write half written"
    )
    args = parser.parse_args(argv)
    import mfusepy  # the dev extra's: only this harness needs FUSE

    fs = PowerCutFs(
        args.disk, args.kept, watch=args.watch, cut_at_write=args.cut_at_write, torn=args.torn
    )
    threading.Thread(target=_listen, args=(fs,), daemon=True).start()
    mfusepy.FUSE(fs, str(args.mount), foreground=True, nothreads=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
