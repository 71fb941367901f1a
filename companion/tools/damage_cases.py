"""The journal's damage cases, each made on a real journal and opened as ``companion run``
opens it: what was kept, what was moved aside, what was said.

Usage: python -m companion.tools.damage_cases
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from companion.games.events import Action
from companion.journal.records import EventRow, Source
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal, JournalError

PAGE = 4096
GAMES = 3  # two finished, the last unfinished
ROWS = 120  # per game
BID = Action("bid", ("1", "1"))
# root writes anywhere: the unwritable-folder case drops its capabilities
WITHOUT_CAPABILITIES = ("setpriv", "--inh-caps=-all", "--bounding-set=-all")


def _write(folder: Path, *, rows_after_checkpoint: int = 0) -> int:
    """A journal of GAMES games, left as a kill leaves it (never closed): rows written."""
    journal = Journal.open(folder / JOURNAL_FILE)
    journal.checkpoint_every = timedelta(days=1)
    written = 0
    for number in range(GAMES):
        game = journal.start_game("game oh-hell players=4")
        for _ in range(ROWS):
            journal.append(game.id, BID, source=Source.BUTTON)
        written += ROWS
        if number < GAMES - 1:
            journal.finish_game(game.id)
    for _ in range(rows_after_checkpoint):
        journal.append(GAMES, BID, source=Source.BUTTON)
    written += rows_after_checkpoint
    # a copy of the files as they are now stands in for the killed process's
    for suffix in ("", WAL_SUFFIX):
        source = folder / (JOURNAL_FILE + suffix)
        shutil.copyfile(source, folder / (JOURNAL_FILE + suffix + ".live"))
    journal.close()
    for suffix in ("", WAL_SUFFIX):
        live = folder / (JOURNAL_FILE + suffix + ".live")
        live.replace(folder / (JOURNAL_FILE + suffix))
    return written


def empty_main(folder: Path) -> str:
    """Item 6: the main file truncated to 0 bytes beside its live -wal."""
    written = _write(folder)
    (folder / JOURNAL_FILE).write_bytes(b"")
    return f"{written} rows written; main file truncated to 0 bytes"


def index_page(folder: Path) -> str:
    """Item 7: 64 bytes overwritten in the index's root page."""
    written = _write(folder)
    _close_cleanly(folder)
    page = _root_page(folder / JOURNAL_FILE, "events_by_game")
    _overwrite(folder / JOURNAL_FILE, (page - 1) * PAGE + 100, 64)
    return f"{written} rows written; 64 bytes overwritten in the index's page {page}"


def table_page(folder: Path) -> str:
    """Item 7, harder: a whole leaf page of the events table overwritten."""
    written = _write(folder)
    _close_cleanly(folder)
    db = sqlite3.connect(folder / JOURNAL_FILE)
    leaves = db.execute(
        "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY pageno"
    ).fetchall()
    db.close()
    page = leaves[len(leaves) // 2][0]
    _overwrite(folder / JOURNAL_FILE, (page - 1) * PAGE, PAGE)
    return f"{written} rows written; the events table's leaf page {page} overwritten"


def bad_wal(folder: Path) -> str:
    """Item 8: 64 bytes overwritten in the middle of a -wal written after a checkpoint."""
    written = _write(folder, rows_after_checkpoint=60)
    wal = folder / (JOURNAL_FILE + WAL_SUFFIX)
    _overwrite(wal, wal.stat().st_size // 2, 64)
    return f"{written} rows written (60 after the last game's checkpoint); -wal overwritten"


def unwritable_folder(folder: Path) -> str:
    """Item 9: the state folder's write bit taken away (capabilities dropped when root)."""
    written = _write(folder)
    folder.chmod(0o555)
    return f"{written} rows written; folder mode 0555"


CASES: tuple[tuple[str, Callable[[Path], str]], ...] = (
    ("6 empty main file beside a live -wal", empty_main),
    ("7 index page damaged", index_page),
    ("7 events table page damaged", table_page),
    ("8 -wal damaged after a checkpoint", bad_wal),
    ("9 state folder not writable", unwritable_folder),
)


def _close_cleanly(folder: Path) -> None:
    Journal.open(folder / JOURNAL_FILE).close()  # the last close checkpoints


def _root_page(path: Path, name: str) -> int:
    db = sqlite3.connect(path)
    try:
        return int(
            db.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (name,)).fetchone()[0]
        )
    finally:
        db.close()


def _overwrite(path: Path, offset: int, length: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset : offset + length] = b"\xa5" * length
    path.write_bytes(bytes(data))


def _open_as_run(folder: Path) -> str:
    """Open the journal in a child process as ``companion run`` would (without root's
    capabilities for a folder root could otherwise write) and report what it said."""
    code = (
        "import sys; from pathlib import Path\n"
        "from companion.journal.store import Journal, JournalError\n"
        "try:\n"
        "    j = Journal.open(Path(sys.argv[1]))\n"
        "except JournalError as error:\n"
        "    print('refused: ' + str(error)); sys.exit(0)\n"
        "print('\\n'.join(j.notices) or '(nothing said)')\n"
    )
    prefix = list(WITHOUT_CAPABILITIES) if os.geteuid() == 0 else []
    result = subprocess.run(
        [*prefix, sys.executable, "-c", code, str(folder / JOURNAL_FILE)],
        capture_output=True,
        text=True,
        check=False,
    )
    return (result.stdout + result.stderr).strip()


def _rows_kept(folder: Path) -> str:
    try:
        with Journal.open_read_only(folder / JOURNAL_FILE) as journal:
            games = journal.games()
            rows = sum(isinstance(row, EventRow) for game in games for row in journal.rows(game.id))
            unfinished = sum(not game.is_finished for game in games)
            return f"{len(games)} games ({unfinished} unfinished), {rows} rows"
    except JournalError as error:
        return f"cannot read: {error}"


def main() -> int:
    for title, make in CASES:
        with tempfile.TemporaryDirectory(prefix="companion-damage-") as scratch:
            folder = Path(scratch) / "state"
            folder.mkdir()
            made = make(folder)
            said = _open_as_run(folder)
            folder.chmod(0o755)
            files = sorted(
                f"{path.name} ({path.stat().st_size} B)"
                for path in folder.iterdir()
                if path.name != JOURNAL_FILE + "-shm"
            )
            print(f"## {title}")
            print(f"made: {made}")
            print(f"said: {said}")
            print(f"journal now holds: {_rows_kept(folder)}")
            print(f"files in the folder: {', '.join(files)}")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
