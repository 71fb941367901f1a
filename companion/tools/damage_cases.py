"""The journal's damage cases, each made on a real journal and opened as ``companion run``
opens it (in a process of its own): the rows written before, the rows kept, the rows
lost, and what the screen said.

Every row written was committed (shown at the table) before the damage. A case passes
when no row comes back wrong (each kept row is one written) and the screen's count of
lost moves is the true one (``some`` where the count cannot be known, and something was
lost). The random torn writes run with several seeds (``--seeds``).

Usage: python -m companion.tools.damage_cases [--seeds N]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from companion.games.events import Action
from companion.journal.records import EventRow, Source
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal, JournalError
from companion.journal.wal import read_wal

PAGE = 4096
FRAME = 24 + PAGE
WAL_HEADER = 32
GAMES = 3  # two finished (checkpointed into the main file), the last unfinished (in the -wal)
ROWS = 120  # per game
FLIPPED_FRAMES = 10  # the torn write's last N frames
FLIPPED_BYTES = 8
DEFAULT_SEEDS = 5
BID = Action("bid", ("1", "1"))
# root writes anywhere: the unwritable-folder case drops its capabilities
WITHOUT_CAPABILITIES = ("setpriv", "--inh-caps=-all", "--bounding-set=-all")
SIDE = (WAL_SUFFIX, "-shm")

Written = dict[int, tuple[int, str]]  # seq -> (game, line): every row committed before


def _write(folder: Path) -> Written:
    """A journal of GAMES games left as a kill leaves it (never closed, its -wal and
    -shm as they were): the rows written."""
    journal = Journal.open(folder / JOURNAL_FILE)
    journal.checkpoint_every = timedelta(days=1)
    written: Written = {}
    for number in range(GAMES):
        game = journal.start_game("game oh-hell players=4")
        for _ in range(ROWS):
            row = journal.append(game.id, BID, source=Source.BUTTON)
            written[row.seq] = (row.game, row.line)
        if number < GAMES - 1:
            journal.finish_game(game.id)
    # a copy of the files as they are now stands in for the killed process's
    live = {suffix: _file(folder, suffix).read_bytes() for suffix in ("", *SIDE)}
    journal.close()
    for suffix, data in live.items():
        _file(folder, suffix).write_bytes(data)
    return written


class Journals:
    """The two journals the cases damage, written once and copied for each case: one as
    a kill leaves it (the last game in the -wal), one closed (all in the main file)."""

    def __init__(self, scratch: Path) -> None:
        self.folder = scratch
        self.written = _write(scratch / "killed")
        shutil.copytree(scratch / "killed", scratch / "closed")
        Journal.open(_file(scratch / "closed")).close()  # the last close checkpoints

    def killed(self, folder: Path) -> Written:
        return self._copy("killed", folder)

    def closed(self, folder: Path) -> Written:
        return self._copy("closed", folder)

    def _copy(self, name: str, folder: Path) -> Written:
        for path in (self.folder / name).iterdir():
            if path.name.startswith(JOURNAL_FILE):
                shutil.copyfile(path, folder / path.name)
        return dict(self.written)


def _file(folder: Path, suffix: str = "") -> Path:
    return folder / (JOURNAL_FILE + suffix)


def _frames(folder: Path) -> int:
    """The log's frames up to its last commit (a checkpoint restarts the log in place:
    an older log's frames may lie past them, to the file's end)."""
    return read_wal(_file(folder, WAL_SUFFIX)).kept_frames


def _leaf_pages(folder: Path, table: str) -> list[int]:
    db = sqlite3.connect(_file(folder))
    try:
        found = db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (table,),
        ).fetchall()
        return [int(row[0]) for row in found]
    finally:
        db.close()


def _root_page(folder: Path, name: str) -> int:
    db = sqlite3.connect(_file(folder))
    try:
        found = db.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (name,))
        return int(found.fetchone()[0])
    finally:
        db.close()


def _overwrite(path: Path, offset: int, data: bytes) -> None:
    content = bytearray(path.read_bytes())
    content[offset : offset + len(data)] = data
    path.write_bytes(bytes(content))


def _cut(path: Path, size: int) -> None:
    path.write_bytes(path.read_bytes()[:size])


# -- the cases: each damages a journal it writes and says how --------------------------------

Made = tuple[Written, str]


def empty_main(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    _file(folder).write_bytes(b"")
    return written, "main file truncated to 0 bytes beside its live -wal"


def index_page(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.closed(folder)
    page = _root_page(folder, "events_by_game")
    _overwrite(_file(folder), (page - 1) * PAGE + 100, b"\xa5" * 64)
    return written, f"64 bytes overwritten in the index's page {page}"


def table_page(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.closed(folder)
    leaves = _leaf_pages(folder, "events")
    page = leaves[len(leaves) // 2]
    _overwrite(_file(folder), (page - 1) * PAGE, b"\xa5" * PAGE)
    return written, f"the events table's leaf page {page} overwritten"


def header(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.closed(folder)
    _overwrite(_file(folder), 0, b"\xa5" * 100)
    return written, "the first 100 bytes (the database header) overwritten"


def half_file(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.closed(folder)
    size = _file(folder).stat().st_size
    _cut(_file(folder), size // 2)
    return written, f"the main file cut to half ({size} -> {size // 2} bytes)"


def zero_page(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.closed(folder)
    leaves = _leaf_pages(folder, "events")
    page = rng.choice(leaves)
    _overwrite(_file(folder), (page - 1) * PAGE, bytes(PAGE))
    return written, f"a page of zeros: the events table's leaf page {page}"


def bad_wal(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    wal = _file(folder, WAL_SUFFIX)
    _overwrite(wal, wal.stat().st_size // 2, b"\xa5" * 64)
    return written, "64 bytes overwritten in the middle of the -wal"


def wal_header(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    _overwrite(_file(folder, WAL_SUFFIX), 0, b"\xa5" * WAL_HEADER)
    return written, "the -wal's header (32 bytes) overwritten"


def wal_cut_five(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    frames = _frames(folder)
    _cut(_file(folder, WAL_SUFFIX), WAL_HEADER + (frames - 5) * FRAME + FRAME // 2)
    return written, f"the -wal cut mid-frame five frames before its end (of {frames})"


def wal_deleted(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    frames = _frames(folder)
    _file(folder, WAL_SUFFIX).unlink()
    return written, f"the -wal ({frames} frames) deleted after the kill, its -shm left"


def wal_cut_random(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    wal = _file(folder, WAL_SUFFIX)
    at = rng.randrange(WAL_HEADER, WAL_HEADER + _frames(folder) * FRAME)
    _cut(wal, at)
    return written, f"torn: the -wal cut at byte {at} (frame {(at - WAL_HEADER) // FRAME + 1})"


def wal_flipped(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    wal = _file(folder, WAL_SUFFIX)
    end = WAL_HEADER + _frames(folder) * FRAME
    start = end - FLIPPED_FRAMES * FRAME
    content = bytearray(wal.read_bytes())
    spots = sorted(rng.randrange(start, end) for _ in range(FLIPPED_BYTES))
    for spot in spots:
        content[spot] ^= rng.randrange(1, 256)
    wal.write_bytes(bytes(content))
    frames = sorted({(spot - WAL_HEADER) // FRAME + 1 for spot in spots})
    return written, f"torn: {FLIPPED_BYTES} random bytes flipped in frames {frames}"


def wal_zero_page(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    frame = rng.randrange(_frames(folder))
    _overwrite(_file(folder, WAL_SUFFIX), WAL_HEADER + frame * FRAME + 24, bytes(PAGE))
    return written, f"torn: a page of zeros in the -wal's frame {frame + 1}"


def first_start_journal(folder: Path, rng: random.Random, journals: Journals) -> Made:
    """A hot -journal over a file that was empty: the state a kill mid-creation leaves."""
    db = sqlite3.connect(_file(folder), isolation_level=None)
    db.execute("PRAGMA cache_size = 1")  # spill: the file is written mid-transaction
    db.execute("BEGIN")
    db.execute("CREATE TABLE scratch (x)")
    db.executemany("INSERT INTO scratch VALUES (?)", [(b"\0" * 512,)] * 200)
    live = {suffix: _file(folder, suffix).read_bytes() for suffix in ("", "-journal")}
    db.close()
    for suffix, data in live.items():
        _file(folder, suffix).write_bytes(data)
    return {}, f"a hot -journal beside a file of {len(live[''])} bytes (a first start killed)"


def folder_at_path(folder: Path, rng: random.Random, journals: Journals) -> Made:
    _file(folder).mkdir()
    (_file(folder) / "notes.txt").write_text("somebody's notes", "utf-8")
    return {}, "a folder where the journal's file should be"


def unwritable_folder(folder: Path, rng: random.Random, journals: Journals) -> Made:
    written = journals.killed(folder)
    folder.chmod(0o555)
    return written, "the state folder's mode 0555"


Make = Callable[[Path, random.Random, Journals], Made]
Case = tuple[str, Make, bool]  # title, make, random
CASES: tuple[Case, ...] = (
    ("empty main file beside a live -wal", empty_main, False),
    ("index page damaged", index_page, False),
    ("events table page overwritten", table_page, False),
    ("header overwritten (first 100 bytes)", header, False),
    ("main file cut to half", half_file, False),
    ("-wal damaged in its middle", bad_wal, False),
    ("-wal header overwritten", wal_header, False),
    ("-wal cut mid-frame, five frames before its end", wal_cut_five, False),
    ("-wal deleted after a kill", wal_deleted, False),
    ("torn: -wal frame cut at a random byte", wal_cut_random, True),
    ("torn: random bytes flipped in the last frames", wal_flipped, True),
    ("torn: a page of zeros in the -wal", wal_zero_page, True),
    ("torn: a page of zeros in the main file", zero_page, True),
    ("hot -journal of a first start", first_start_journal, False),
    ("a folder at the journal's path", folder_at_path, False),
    ("state folder not writable", unwritable_folder, False),
)

_OPEN_AS_RUN = """
import json, sys
from pathlib import Path
from companion.app.table import LOG_LANGUAGE, repair_words
from companion.journal.store import Journal, JournalError
try:
    journal = Journal.open(Path(sys.argv[1]))
except JournalError as error:
    print(json.dumps({"refused": str(error)}))
    sys.exit(0)
repair = journal.repair
print(json.dumps({
    "notices": list(journal.notices),
    "rolled_back": journal.rolled_back,
    "screen": None if repair is None else repair_words(repair, LOG_LANGUAGE),
    "lost": None if repair is None else repair.lost,
}))
"""


def open_as_run(folder: Path) -> dict[str, object]:
    """Open the journal in a child process as ``companion run`` would (without root's
    capabilities, for a folder root could otherwise write): what it did and said."""
    prefix = list(WITHOUT_CAPABILITIES) if os.geteuid() == 0 else []
    result = subprocess.run(
        [*prefix, sys.executable, "-c", _OPEN_AS_RUN, str(_file(folder))],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        return {"refused": f"exit {result.returncode}: {result.stderr.strip()}"}
    found: dict[str, object] = json.loads(result.stdout)
    return found


@dataclass(frozen=True)
class Outcome:
    title: str
    made: str
    before: int
    kept: int
    wrong: int  # rows kept that were never written as they read now
    said: str  # the screen's words (or the refusal)
    count_right: bool  # the screen's count of lost moves is the true one
    log: tuple[str, ...]
    files: tuple[str, ...]

    @property
    def lost(self) -> int:
        return self.before - self.kept


def run_case(title: str, make: Make, seed: int, journals: Journals) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="companion-damage-") as scratch:
        folder = Path(scratch) / "state"
        folder.mkdir()
        written, made = make(folder, random.Random(seed), journals)
        opened = open_as_run(folder)
        folder.chmod(0o755)
        kept, wrong = _rows_kept(folder, written)
        refused = opened.get("refused")
        said = f"(refused) {refused}" if refused else str(opened.get("screen") or "(nothing)")
        lost = len(written) - kept
        told = opened.get("lost", 0) if opened.get("screen") else 0
        right = (told is None and lost > 0) or told == lost or refused is not None
        notices = opened.get("notices") or []
        log = tuple(str(line) for line in (notices if isinstance(notices, list) else []))
        if opened.get("rolled_back"):
            log += ("SQLite rolled the hot -journal back",)
        files = tuple(
            sorted(f"{path.name} ({_size(path)})" for path in folder.iterdir() if path.name)
        )
        return Outcome(title, made, len(written), kept, wrong, said, right, log, files)


def _size(path: Path) -> str:
    return "folder" if path.is_dir() else f"{path.stat().st_size} B"


def _rows_kept(folder: Path, written: Written) -> tuple[int, int]:
    """Rows in the journal now, and those of them that do not match a written row."""
    try:
        with Journal.open_read_only(_file(folder)) as journal:
            rows = [
                row
                for game in journal.games()
                for row in journal.rows(game.id)
                if isinstance(row, EventRow)
            ]
    except JournalError:
        return 0, 0
    wrong = sum(written.get(row.seq) != (row.game, row.line) for row in rows)
    return len(rows) - wrong, wrong


def run_all(seeds: int) -> list[Outcome]:
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="companion-damage-journals-") as scratch:
        journals = Journals(Path(scratch))
        for title, make, randomised in CASES:
            for seed in range(seeds if randomised else 1):
                name = f"{title} (seed {seed})" if randomised else title
                outcomes.append(run_case(name, make, seed, journals))
    return outcomes


def table(outcomes: list[Outcome]) -> list[str]:
    lines = [
        "| case | rows before | kept | lost | wrong | the screen said | count right |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for outcome in outcomes:
        said = outcome.said if len(outcome.said) < 90 else outcome.said[:89] + "…"
        lines.append(
            f"| {outcome.title} | {outcome.before} | {outcome.kept} | {outcome.lost} | "
            f"{outcome.wrong} | {said} | {'yes' if outcome.count_right else 'NO'} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="damage_cases", description=__doc__)
    parser.add_argument(
        "--seeds", type=int, default=DEFAULT_SEEDS, help="seeds of each random torn write"
    )
    parser.add_argument("--details", action="store_true", help="each case's log and files")
    args = parser.parse_args(argv)
    outcomes = run_all(args.seeds)
    print("\n".join(table(outcomes)))
    if args.details:
        for outcome in outcomes:
            print(f"\n## {outcome.title}\nmade: {outcome.made}")
            print("\n".join(f"log: {line}" for line in outcome.log) or "log: (nothing)")
            print(f"files: {', '.join(outcome.files)}")
    failed = [outcome.title for outcome in outcomes if outcome.wrong or not outcome.count_right]
    print(f"\ncases: {len(outcomes)}, with a wrong row or a wrong count: {len(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
