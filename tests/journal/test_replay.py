"""Replaying a game's rows: undo rows honoured, bad rows skipped and named."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.events import Action, parse_event
from companion.games.registry import game_ids
from companion.games.session import replay_script
from companion.games.spec import GameSpec
from companion.journal.records import Source
from companion.journal.replay import UnreadableGame, begin, new_game, replay
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.tools.sheet_bench import lawful_walk
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


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(game_ids()),
    st.integers(0, 2**32),
    st.lists(st.integers(-12, 30).filter(bool), min_size=1, max_size=6),
    st.lists(st.integers(1, 40), max_size=5),
)
def test_a_journal_of_events_and_undos_replays_to_the_state_the_table_had(
    game_id: str, seed: int, steps: list[int], chunks: list[int]
) -> None:
    """Lawful events and runs of undos, journaled as the app journals them (with a line
    that is no event here and there): the whole replay, and a fold fed the rows read so
    far again and again as the phone sheet reads them, both give the state the table had."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        with Journal.open(Path(folder) / JOURNAL_FILE, clock=TickingClock()) as journal:
            played = JournaledGame.start(journal, GameSpec.parse(f"game {game_id}"))
            for step in steps:
                for _ in range(step):
                    event = lawful_walk(played.game, rng)
                    if event is None:
                        break
                    played.record_event(event, source=Source.CAMERA)
                for _ in range(min(-step, len(played.live))):
                    played.undo(source=Source.BUTTON)
                journal.append(played.record.id, Action("%%%"), source=Source.BUTTON)
            rows = journal.rows(played.record.id)
            whole = replay(journal, played.record.id)
            followed = begin(journal, played.record.id)
        for size in sorted(chunks):  # the rows so far, each time, as the sheet reads them
            followed.feed(rows[:size])
        followed.feed(rows)
    for replayed in (whole, followed):
        assert replayed.live == played.live
        assert replayed.game.events == played.game.events
        assert replayed.game.state == played.game.state
        assert [bad.line for bad in replayed.bad] == ["%%%"] * len(steps)
