"""The damage cases, each opened as ``run`` opens it: no row comes back wrong, the screen's
count of lost moves is the true one, and what each case keeps is what can be kept."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

import pytest

from companion.journal.store import JOURNAL_FILE
from companion.tools.damage_cases import (
    CASES,
    GAMES,
    PAGE,
    ROWS,
    Journals,
    Outcome,
    run_all,
    table,
)

WRITTEN = GAMES * ROWS


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    return {outcome.title.split(" (seed")[0]: outcome for outcome in run_all(seeds=1)}


def test_every_case_keeps_only_rows_written_and_says_the_true_count(
    outcomes: dict[str, Outcome],
) -> None:
    assert list(outcomes) == [title for title, _, _ in CASES]
    for title, outcome in outcomes.items():
        assert outcome.wrong == 0, title
        assert outcome.count_right, (title, outcome.said, outcome.lost)


def test_what_reads_is_kept_and_only_what_is_gone_is_lost(outcomes: dict[str, Outcome]) -> None:
    # damage SQLite could not read past: every row back, read page by page
    for title in ("index page damaged", "header overwritten (first 100 bytes)"):
        assert (outcomes[title].kept, outcomes[title].said) == (
            WRITTEN,
            "Journal repaired: nothing was lost.",
        ), title
    # the -wal's commits past its damage put back
    for title in (
        "-wal damaged in its middle",
        "-wal header overwritten",
        "torn: a page of zeros in the -wal",
    ):
        assert outcomes[title].kept == WRITTEN, title
    # a log cut short or lost: the -shm tells how much
    cut = outcomes["-wal cut mid-frame, five frames before its end"]
    assert (
        0 < cut.lost <= 2 and cut.said == f"Journal repaired: {cut.lost} moves could not be read."
    )
    deleted = outcomes["-wal deleted after a kill"]
    assert deleted.lost == ROWS  # the unfinished game's rows were all in the log
    assert deleted.said == f"Journal repaired: {ROWS} moves could not be read."
    # a page that is gone costs its own rows, no more
    page = outcomes["events table page overwritten"]
    assert 0 < page.lost < ROWS
    half = outcomes["main file cut to half"]
    assert half.kept == event_rows_in_the_first_half()
    # nothing of ours there, or nothing lost: a clear word, or none
    assert outcomes["a folder at the journal's path"].said.startswith("Journal: an unknown file")
    assert outcomes["hot -journal of a first start"].said == "(nothing)"
    assert "SQLite rolled the hot -journal back" in outcomes["hot -journal of a first start"].log
    unwritable = outcomes["state folder not writable"]
    assert unwritable.said.startswith("(refused)") and unwritable.kept == WRITTEN


def event_rows_in_the_first_half() -> int:
    """The event rows whose leaf pages lie in the closed journal's first half, counted by
    SQLite's own dbstat on the whole file: what a page-by-page salvage of the cut file
    can keep (the events' leaves come after the other tables' first pages)."""
    with tempfile.TemporaryDirectory() as scratch:
        Journals(Path(scratch))
        file = Path(scratch) / "closed" / JOURNAL_FILE
        kept_pages = file.stat().st_size // 2 // PAGE
        db = sqlite3.connect(file)
        try:
            (count,) = db.execute(
                "SELECT coalesce(sum(ncell), 0) FROM dbstat"
                " WHERE name = 'events' AND pagetype = 'leaf' AND pageno <= ?",
                (kept_pages,),
            ).fetchone()
        finally:
            db.close()
        return int(count)


def test_the_report_is_a_table(outcomes: dict[str, Outcome]) -> None:
    lines = table(list(outcomes.values()))
    assert lines[0].startswith("| case | rows before | kept | lost | wrong | the screen said |")
    assert len(lines) == 2 + len(outcomes)
    assert "| -wal deleted after a kill | 360 | 240 | 120 | 0 |" in "\n".join(lines)
