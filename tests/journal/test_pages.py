"""The page reader reads a table leaf page as SQLite wrote it: every row, every kind of
value, and nothing but ``BadPage`` from bytes that are no such page."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.events import Action
from companion.journal.pages import BadPage, read_leaf
from companion.journal.records import Source
from companion.journal.salvage import shape
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import TickingClock

PAGE = 4096


def _leaves(path: Path, table: str) -> list[int]:
    db = sqlite3.connect(path)
    try:
        found = db.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno",
            (table,),
        )
        return [int(row[0]) for row in found]
    finally:
        db.close()


def _page(path: Path, number: int) -> bytes:
    return path.read_bytes()[(number - 1) * PAGE : number * PAGE]


def test_every_leaf_page_of_a_journal_reads_to_the_rows_sqlite_returns(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        for _ in range(3):
            game = journal.start_game("game oczko players=3")
            for number in range(150):
                journal.append(game.id, Action("stake", ("1", str(number))), source=Source.BUTTON)
            journal.finish_game(game.id)
    path = tmp_path / JOURNAL_FILE
    db = sqlite3.connect(path)
    expected = {row[0]: row[1:] for row in db.execute("SELECT * FROM events")}
    games = {row[0]: row[1:] for row in db.execute("SELECT * FROM games")}
    db.close()
    read: dict[int, tuple[object, ...]] = {}
    for number in _leaves(path, "events"):
        leaf = read_leaf(_page(path, number))
        assert leaf.unread == 0
        read.update({cell.rowid: cell.values[1:] for cell in leaf.cells})
    assert read == expected
    (page,) = _leaves(path, "games")
    assert {cell.rowid: cell.values[1:] for cell in read_leaf(_page(path, page)).cells} == games


values = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=60),
    st.binary(max_size=60),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=st.lists(st.tuples(values, values, values), min_size=1, max_size=20))
def test_any_values_sqlite_stores_read_back(tmp_path: Path, rows: list[tuple[object, ...]]) -> None:
    path = tmp_path / "values.sqlite3"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (a, b, c)")
    db.executemany("INSERT INTO t VALUES (?, ?, ?)", rows)
    db.commit()
    stored = list(db.execute("SELECT rowid, a, b, c FROM t ORDER BY rowid"))
    db.close()
    read = []
    for number in _leaves(path, "t"):
        read += [(cell.rowid, *cell.values) for cell in read_leaf(_page(path, number)).cells]
    assert sorted(read, key=lambda row: int(str(row[0]))) == stored


def _sample_leaf() -> bytes:
    """A leaf page of an events table, as SQLite writes it."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "sample.sqlite3"
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, game, at, source, kind, line)")
        db.executemany(
            "INSERT INTO events (game, at, source, kind, line) VALUES (1, ?, 'camera', 'event', ?)",
            [(f"2026-11-26T20:00:{n:02d}+00:00", f"card trick {n}H") for n in range(40)],
        )
        db.commit()
        db.close()
        (number,) = _leaves(path, "events")
        return _page(path, number)


SAMPLE_LEAF = _sample_leaf()


@settings(max_examples=300, deadline=None)
@given(
    flips=st.lists(
        st.tuples(st.integers(min_value=0, max_value=PAGE - 1), st.integers(1, 255)),
        min_size=1,
        max_size=40,
    )
)
def test_a_damaged_leaf_page_raises_nothing_but_bad_page(flips: list[tuple[int, int]]) -> None:
    page = bytearray(SAMPLE_LEAF)
    for at, mask in flips:
        page[at] ^= mask
    try:
        leaf = read_leaf(bytes(page))
    except BadPage:
        return
    assert len(leaf.cells) + leaf.unread <= PAGE


def test_a_torn_leaf_page_keeps_the_cells_that_still_read(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        game = journal.start_game("game oh-hell players=4")
        for _ in range(60):
            journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
    path = tmp_path / JOURNAL_FILE
    number = _leaves(path, "events")[0]
    whole = read_leaf(_page(path, number)).cells
    torn = bytearray(_page(path, number))
    torn[PAGE // 2 :] = bytes(PAGE // 2)  # the page's second half never written
    leaf = read_leaf(bytes(torn))
    assert 0 < len(leaf.cells) < len(whole) and leaf.unread > 0
    # a cell half zeros may still decode; the journal's shape keeps it out
    rows = {shape(cell) for cell in leaf.cells} - {None}
    assert 0 < len(rows) < len(whole)
    assert rows <= {shape(cell) for cell in whole}
