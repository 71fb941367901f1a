"""A journaled game: commit first, then apply; resume gives exactly the same state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.errors import RefusedEvent
from companion.games.events import Action, parse_event
from companion.games.spec import GameSpec
from companion.journal.records import RowKind, Source
from companion.journal.replay import new_game
from companion.journal.session import JournaledGame, last_played
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import EXAMPLE_GAMES, TickingClock, example


def test_a_refused_event_is_not_written(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        played = JournaledGame.start(journal, GameSpec.parse("game oh-hell players=4 dealer=0"))
        with pytest.raises(RefusedEvent):
            played.record_event(Action("bid", ("1", "1")), source=Source.BUTTON)
        assert journal.rows(played.record.id) == []
        with pytest.raises(RefusedEvent, match="nothing to undo"):
            played.undo(source=Source.BUTTON)


def test_the_event_is_on_disk_when_record_returns(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    with Journal.open(path, clock=TickingClock()) as journal:
        played = JournaledGame.start(journal, GameSpec.parse("game oh-hell players=4 dealer=0"))
        row = played.record_event(parse_event("card trump 8D"), source=Source.CAMERA)
        # Another connection (as after a crash) already sees the committed row.
        with Journal.open_read_only(path) as reader:
            assert reader.rows(played.record.id) == [row]


def test_an_event_is_worked_out_once_then_written_then_taken(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        played = JournaledGame.start(journal, GameSpec.parse("game oh-hell players=4 dealer=0"))
        engine = played.game.engine
        worked_out = engine.next_state
        calls: list[str] = []

        def counted(state: Any, event: Any) -> Any:
            calls.append(str(event))
            return worked_out(state, event)

        engine.next_state = counted  # type: ignore[method-assign]
        played.record_event(parse_event("card trump 8D"), source=Source.CAMERA)
        assert calls == ["card trump 8D"]
        pending = played.game.attempt(Action("bid", ("1", "1")))
        played.record_event(parse_event("bid 1 0"), source=Source.BUTTON)
        with pytest.raises(ValueError, match="since changed"):
            played.game.commit(pending)  # worked out before the state moved on


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_header_is_stored_with_every_option(tmp_path: Path, name: str) -> None:
    script = example(name)
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        played = JournaledGame.start(journal, script.spec())
        stored = journal.game(played.record.id).header
    options = played.game.engine.options_json()
    assert stored.split()[2:] == [f"{key}={value}" for key, value in options.items()]
    assert new_game(stored).engine.options == played.game.engine.options


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(EXAMPLE_GAMES),
    steps=st.lists(st.sampled_from(["event", "event", "event", "undo"]), max_size=40),
)
def test_resume_equals_the_game_played(
    tmp_path_factory: pytest.TempPathFactory, name: str, steps: list[str]
) -> None:
    directory = tmp_path_factory.mktemp("journal")
    script = example(name)
    pending = [line.event for line in script.lines]
    with Journal.open(directory / JOURNAL_FILE, clock=TickingClock()) as journal:
        played = JournaledGame.start(journal, script.spec())
        taken_back = 0
        for step in steps:
            if step == "undo" and played.live:
                pending.insert(0, played.game.events[-1])
                played.undo(source=Source.BUTTON)
                taken_back += 1
            elif step == "event" and pending:
                played.record_event(pending.pop(0), source=Source.CAMERA)
    with Journal.open(directory / JOURNAL_FILE) as journal:
        resumed, bad = JournaledGame.resume(journal, played.record.id)
        rows = journal.rows(played.record.id)
    assert bad == ()
    assert resumed.game.state == played.game.state
    assert resumed.game.events == played.game.events
    assert resumed.live == played.live
    undo_rows = [row for row in rows if getattr(row, "kind", None) is RowKind.UNDO]
    assert len(undo_rows) == taken_back


def test_resume_last_takes_the_last_unfinished_game(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        assert JournaledGame.resume_last(journal) is None
        first = JournaledGame.start(journal, GameSpec.parse("game oh-hell players=4 dealer=0"))
        first.record_event(parse_event("card trump 8D"), source=Source.CAMERA)
        second = JournaledGame.start(journal, GameSpec.parse("game oczko players=3"))
        second.finish()
        resumed = JournaledGame.resume_last(journal)
    assert resumed is not None
    played, bad = resumed
    assert played.record.id == first.record.id and bad == ()
    assert played.game.events == first.game.events


def test_the_game_played_last_is_found_by_the_rows_order_not_their_times(
    tmp_path: Path,
) -> None:
    """A Pi's clock may go back at boot: each opening here starts the clock again, so the
    later game's rows carry earlier times than the kept one's."""
    oh_hell = GameSpec.parse("game oh-hell players=4 dealer=0")
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        kept = JournaledGame.start(journal, oh_hell)
        for line in ("card trump 8D", "bid 1 1", "bid 2 0"):
            kept.record_event(parse_event(line), source=Source.CAMERA)
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        later = JournaledGame.start(journal, GameSpec.parse("game oczko players=3"))
        assert last_played(journal) == later.record  # begun after the kept game's rows
        later.record_event(parse_event("bank 10"), source=Source.CAMERA)
        assert last_played(journal) == later.record
        resumed, _ = JournaledGame.resume(journal, kept.record.id)
        assert last_played(journal) == later.record  # a resume writes nothing
        resumed.record_event(parse_event("bid 3 1"), source=Source.CAMERA)
        assert last_played(journal) == resumed.record
