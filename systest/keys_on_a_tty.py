"""Run inside the test's container: a pseudo-terminal whose far end types keys.

The service is pointed at the terminal's name (``TTYPath=``) with the terminal display
and keys, so Shut down is chosen from the menu as a person at a keyboard would. It
writes the terminal's name to ``NAME_FILE``, reads away what the service draws, and
types the characters of ``KEYS_FILE`` when that file appears, ``KEY_GAP_S`` apart.

    python3 keys_on_a_tty.py NAME_FILE KEYS_FILE
"""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

KEY_GAP_S = 0.5  # apart enough that a key twice is two presses, not a held key
POLL_S = 0.1


def drain(master: int, seconds: float) -> None:
    """Read what the service draws (a full terminal would stop it) for ``seconds``."""
    until = time.monotonic() + seconds
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return
        readable, _, _ = select.select([master], [], [], min(left, POLL_S))
        if readable:
            try:
                os.read(master, 65536)
            except OSError:  # no one has the terminal open yet
                time.sleep(POLL_S)


def main(argv: list[str]) -> int:
    name_file, keys_file = Path(argv[0]), Path(argv[1])
    master, far_end = os.openpty()
    name = os.ttyname(far_end)
    os.chmod(name, 0o666)
    os.close(far_end)
    name_file.write_text(name, "utf-8")
    while True:
        drain(master, POLL_S)
        if keys_file.exists():
            keys = keys_file.read_text("utf-8")
            keys_file.unlink()
            for key in keys:
                os.write(master, key.encode())
                drain(master, KEY_GAP_S)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
