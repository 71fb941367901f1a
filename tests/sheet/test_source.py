"""The sheet's reading of the journal: a game kept folded between commits gives, after
every appended row (events, an undo, a line the game refuses), the same sheet and CSV as
a fresh replay of the whole game does."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.games.events import parse_event
from companion.journal.export import score_sheet
from companion.journal.records import Source
from companion.journal.store import JOURNAL_FILE, Journal
from companion.sheet.source import JournalReader, NoGame
from companion.values.language import Language
from tests.journal.helpers import example, header_of
from tests.sheet.helpers import EXAMPLE_GAMES, open_journal


def _fresh(path: Path, game: int) -> tuple[dict[str, object], str]:
    reader = JournalReader(path)
    try:
        return reader.sheet(game, Language.EN).to_json(), reader.csv_text(game)
    finally:
        reader.close()


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_a_game_followed_row_by_row_reads_as_its_whole_replay(tmp_path: Path, name: str) -> None:
    script = example(name)
    path = tmp_path / JOURNAL_FILE
    follower = JournalReader(path)
    with open_journal(tmp_path) as journal:
        record = journal.start_game(header_of(script))
        for number, line in enumerate(script.lines):
            row = journal.append(record.id, line.event, source=Source.CAMERA)
            if number == 5:
                journal.append_undo(record.id, row.seq, source=Source.BUTTON)
                journal.append(record.id, line.event, source=Source.CAMERA)
            if number == 9:  # a line the game refuses now: skipped by every reader
                journal.append(record.id, parse_event("clear nowhere"), source=Source.CAMERA)
            if number % 2 == 0 or number == len(script.lines) - 1:
                follower.version()
                followed = follower.sheet(record.id, Language.EN).to_json(), follower.csv_text(None)
                assert followed == _fresh(path, record.id), f"after line {number}"
    follower.close()


def test_the_readers_connections_refuse_to_write(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        journal.start_game("game oczko")
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    assert reader.version() is not None
    watch = reader._watch
    assert watch is not None
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        watch.execute("INSERT INTO games (header, started) VALUES ('game oczko', 'now')")
    reader.close()


def test_no_journal_is_said_and_tried_again(tmp_path: Path) -> None:
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    assert reader.version() is None
    assert reader.problem is not None and "no journal" in reader.problem
    with pytest.raises(NoGame):
        reader.sheet(None, Language.EN)
    with open_journal(tmp_path) as journal:
        journal.start_game("game oczko")
    assert reader.version() is not None and reader.problem is None
    assert reader.sheet(None, Language.EN).game == "oczko"
    reader.close()


def test_a_followed_game_is_replayed_whole_only_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each commit is folded on top of the fold, a hand's end, an undo and a refused line
    too: the game is replayed whole only when first read."""
    import companion.sheet.source as source

    wholes: list[int] = []

    def counted(journal: Journal, game_id: int) -> source.Fold:
        wholes.append(game_id)
        return real(journal, game_id)

    real = source.Fold.whole
    monkeypatch.setattr(source.Fold, "whole", counted)
    script = example("oh-hell")
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    with open_journal(tmp_path) as journal:
        record = journal.start_game(header_of(script))
        rows = 0
        for number, line in enumerate(script.lines[:30]):  # hand 1 ends within these
            row = journal.append(record.id, line.event, source=Source.CAMERA)
            if number == 20:
                journal.append_undo(record.id, row.seq, source=Source.BUTTON)
                journal.append(record.id, line.event, source=Source.CAMERA)
            if number == 25:  # a line the game refuses: skipped, as a whole replay does
                journal.append(record.id, parse_event("clear nowhere"), source=Source.CAMERA)
            reader.version()
            sheet = reader.sheet(record.id, Language.EN)
            events = [parsed.event for parsed in script.lines[: number + 1]]
            assert reader.csv_text(record.id) == score_sheet(header_of(script), events).csv_text()
            rows = len(sheet.rows)
    assert rows >= 1, "no hand ended: the case is not covered"
    assert wholes == [record.id]
    reader.close()
