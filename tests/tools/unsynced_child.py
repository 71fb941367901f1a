"""The crash test's journal child with its commits no longer synced (``synchronous =
NORMAL``): what the power-cut test must catch and a SIGKILL never does.

Usage: python -m tests.tools.unsynced_child STATE_DIR SCRIPT
"""

from __future__ import annotations

import sqlite3
import sys

import companion.journal.store as store
from companion.tools import crash_child

_prepare = store._prepare


def _unsynced(connection: sqlite3.Connection, page_limit: int | None) -> None:
    _prepare(connection, page_limit)
    connection.execute("PRAGMA synchronous = NORMAL")


if __name__ == "__main__":
    store._prepare = _unsynced
    sys.exit(crash_child.main(sys.argv[1:]))
