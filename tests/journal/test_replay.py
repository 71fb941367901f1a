"""Replaying a game's rows: undo rows honoured, bad rows skipped and named."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.events import Action, parse_event
from companion.games.session import replay_script
from companion.journal.records import Source
from companion.journal.replay import UnreadableGame, new_game, replay
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import EXAMPLE_GAMES, TickingClock, comparable, example, header_of


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_replaying_an_example_game_gives_the_scripts_state(tmp_path: Path, name: str) -> None:
    script = example(name)
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        record = journal.start_game(header_of(script))
        for line in script.lines:
            journal.append(record.id, line.event, source=Source.CAMERA)
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        replayed = replay(journal, record.id)
    expected = replay_script(script).game
    assert replayed.bad == ()
    assert comparable(replayed.game) == comparable(expected)
    assert replayed.game.events == expected.events


def test_undo_rows_take_back_the_last_event(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        game = journal.start_game("game oh-hell players=4 dealer=0")
        trump = journal.append(game.id, parse_event("card trump 8D"), source=Source.CAMERA)
        bid = journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
        journal.append_undo(game.id, bid.seq, source=Source.BUTTON)
        replayed = replay(journal, game.id)
    assert [row.seq for row in replayed.live] == [trump.seq]
    assert replayed.game.events == (parse_event("card trump 8D"),)
    assert replayed.bad == ()


def test_bad_rows_are_skipped_and_named(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        game = journal.start_game("game oh-hell players=4 dealer=0")
        garbage = journal.append(game.id, Action("%%%"), source=Source.BUTTON)
        refused = journal.append(game.id, Action("bid", ("1", "1")), source=Source.BUTTON)
        lonely_undo = journal.append_undo(game.id, 99, source=Source.BUTTON)
        trump = journal.append(game.id, parse_event("card trump 8D"), source=Source.CAMERA)
        wrong_undo = journal.append_undo(game.id, refused.seq, source=Source.BUTTON)
        replayed = replay(journal, game.id)
    assert [row.seq for row in replayed.live] == [trump.seq]
    assert replayed.game.events == (parse_event("card trump 8D"),)
    reasons = {bad.seq: bad.reason for bad in replayed.bad}
    assert list(reasons) == [garbage.seq, refused.seq, lonely_undo.seq, wrong_undo.seq]
    assert reasons[garbage.seq].startswith("not an event")
    assert reasons[refused.seq].startswith("refused by the game")
    assert "no event left" in reasons[lonely_undo.seq]
    assert f"last event standing is row {trump.seq}" in reasons[wrong_undo.seq]


def test_a_header_naming_no_game_is_an_unreadable_game(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        game = journal.start_game("game poker players=4")
        with pytest.raises(UnreadableGame, match='unknown game "poker"'):
            replay(journal, game.id)
    with pytest.raises(UnreadableGame, match="players"):
        new_game("game oh-hell players=banana")
