"""A command run in a pseudo-terminal of a given size, as a person runs it."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable

ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")


def start_in_terminal(
    arguments: list[str], columns: int, rows: int
) -> tuple[subprocess.Popen[bytes], int, int]:
    """``companion ARGUMENTS`` with a pseudo-terminal of this size as its stdin, stdout and
    stderr; the process and the terminal's two ends."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", *arguments],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        start_new_session=True,
        env={**os.environ, "COLUMNS": "", "LINES": ""},
    )
    return process, leader, follower


def read_until(leader: int, wanted: bytes, seconds: float) -> bytes:
    """What the terminal shows until ``wanted`` appears (or it closes, or time is up)."""
    return _read(leader, lambda data: wanted in data, seconds)


def read_to_exit(leader: int, process: subprocess.Popen[bytes], seconds: float) -> bytes:
    """What the terminal shows until the process has ended and all it wrote is read (read
    all along: a full terminal would block the process's writes)."""
    return _read(leader, lambda data: process.poll() is not None, seconds, drain=True)


def _read(
    leader: int, done: Callable[[bytes], bool], seconds: float, *, drain: bool = False
) -> bytes:
    """Read until ``done(data)``; with ``drain``, then on until nothing more is there."""
    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        finished = done(data)
        if finished and not drain:
            break
        ready, _, _ = select.select([leader], [], [], 0.0 if finished else 0.2)
        if not ready:
            if finished:
                break
            continue
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is gone
            break
        if not chunk:
            break
        data += chunk
    return data
