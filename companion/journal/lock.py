"""One writer per state folder: an exclusive ``flock`` on a lock file beside the journal.

The kernel holds the lock for the open file, so it dies with its holder: a process
killed with SIGKILL never blocks the next start. The holder writes who it is into the
file (its pid, its command line, since when, its systemd unit) for the one refused; the
kernel's own table of locks (``/proc/locks``) names the pid when the file is still empty.
Readers (the phone sheet, ``export``) never take it.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

LOCK_FILE = "writer.lock"
PROC_LOCKS = Path("/proc/locks")
# the holder writes its lines just after it took the lock: wait this long for them
HOLDER_WRITES_WITHIN_S = 0.5
HOLDER_POLL_S = 0.02
COMMAND_SHOWN_CHARS = 160


@dataclass(frozen=True)
class Holder:
    """Who holds a state folder's lock, as far as it can be told."""

    pid: int | None
    command: str = ""
    since: str = ""
    unit: str = ""

    def __str__(self) -> str:
        said = "an unknown process" if self.pid is None else f"pid {self.pid}"
        if self.command:
            said += f" ({self.command})"
        if self.unit:
            said += f", the systemd service {self.unit}"
        if self.since:
            said += f", since {self.since}"
        return said


class FolderInUse(Exception):
    """Another process holds the folder's writer lock."""

    def __init__(self, folder: Path, holder: Holder) -> None:
        super().__init__(f"{folder} is in use by {holder}")
        self.folder = folder
        self.holder = holder


class WriterLock:
    """The writer lock of one state folder, held until ``release`` (or the process ends)."""

    def __init__(self, path: Path, descriptor: int) -> None:
        self.path = path
        self._descriptor: int | None = descriptor

    @classmethod
    def take(cls, folder: Path) -> WriterLock:
        """Take the folder's lock at once or raise ``FolderInUse`` naming the holder.
        Nothing is written when it is refused (an existing lock file is only read)."""
        path = folder / LOCK_FILE
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            os.close(descriptor)
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise FolderInUse(folder, _holder(path)) from None
        try:
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, _describe_self().encode("utf-8"), 0)
        except OSError:
            pass  # the lock holds all the same; the one refused reads /proc/locks instead
        return cls(path, descriptor)

    @property
    def held(self) -> bool:
        return self._descriptor is not None

    def release(self) -> None:
        if self._descriptor is None:
            return
        descriptor, self._descriptor = self._descriptor, None
        with contextlib.suppress(OSError):  # an empty file says plainly: nobody holds it
            os.ftruncate(descriptor, 0)
        os.close(descriptor)  # closing the only descriptor drops the flock


def _describe_self() -> str:
    since = datetime.now(UTC).astimezone().isoformat(timespec="seconds")
    lines = [
        f"pid {os.getpid()}",
        f"command {_process_command(os.getpid()) or _command_line(sys.argv)}",
        f"since {since}",
    ]
    unit = _own_unit()
    if unit:
        lines.append(f"unit {unit}")
    return "\n".join(lines) + "\n"


def _command_line(argv: list[str]) -> str:
    """A command line as a person typed it: ``companion run ...`` for the companion
    however started (``python -m companion``, the venv's script)."""
    words = list(argv)
    for at in range(min(len(words), 2)):  # the interpreter, then its script or -m
        if words[at : at + 2] == ["-m", "companion"]:
            words = ["companion", *words[at + 2 :]]
            break
        if Path(words[at]).name in ("__main__.py", "companion"):
            words = ["companion", *words[at + 1 :]]
            break
    text = " ".join(words)
    return text if len(text) <= COMMAND_SHOWN_CHARS else text[: COMMAND_SHOWN_CHARS - 1] + "…"


def _own_unit() -> str:
    """The systemd service this process runs in, read from its cgroup ('' if none)."""
    if "INVOCATION_ID" not in os.environ:
        return ""
    try:
        cgroup = Path("/proc/self/cgroup").read_text("utf-8")
    except OSError:
        return ""
    for part in cgroup.replace("\n", "/").split("/"):
        if part.endswith(".service"):
            return part
    return ""


def _holder(path: Path) -> Holder:
    """What the lock file says of its holder, waiting briefly for a holder that has only
    just taken it; else the pid from the kernel's table of locks."""
    deadline = time.monotonic() + HOLDER_WRITES_WITHIN_S
    while True:
        described = _read_description(path)
        if described is not None and _alive(described.pid):
            return described
        if time.monotonic() >= deadline:
            break
        time.sleep(HOLDER_POLL_S)
    pid = _pid_from_kernel(path)
    return Holder(pid, _process_command(pid) if pid is not None else "")


def _read_description(path: Path) -> Holder | None:
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return None
    fields = dict(line.split(" ", 1) for line in text.splitlines() if " " in line)
    try:
        pid = int(fields.get("pid", ""))
    except ValueError:
        return None
    return Holder(pid, fields.get("command", ""), fields.get("since", ""), fields.get("unit", ""))


def _alive(pid: int | None) -> bool:
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: alive
    return True


def _pid_from_kernel(path: Path) -> int | None:
    """The pid of the FLOCK on the file's inode in ``/proc/locks``."""
    try:
        info = path.stat()
        table = PROC_LOCKS.read_text("utf-8")
    except OSError:
        return None
    for line in table.splitlines():
        words = line.split()
        if len(words) < 6 or words[1] != "FLOCK" or "->" in words:
            continue
        inode = words[5].rsplit(":", 1)[-1]
        if inode == str(info.st_ino):
            try:
                return int(words[4])
            except ValueError:
                return None
    return None


def _process_command(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return _command_line([word.decode("utf-8", "replace") for word in raw.split(b"\0") if word])
