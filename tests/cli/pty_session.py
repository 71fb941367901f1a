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
    data = b""
    deadline = time.monotonic() + seconds
    while wanted not in data and time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    return data
