"""The crash harness: SIGKILLed children lose nothing they showed, and a child that shows
an event before it is written is caught."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.app.scripted import UNDO_STEP, session_steps
from companion.games.script import parse_script
from companion.tools.crash import expected_game, run_crash_test
from tests.examples import example_path
from tests.journal.helpers import example


def test_session_steps_take_back_and_remake_every_fifth_event() -> None:
    script = example("oh-hell")
    steps = session_steps(script, undo_every=5)
    events = [str(line.event) for line in script.lines]
    assert steps[:7] == (*events[:5], UNDO_STEP, events[4])
    assert len(steps) == len(events) + 2 * (len(events) // 5)
    assert expected_game(script.spec(), steps).events == tuple(line.event for line in script.lines)


@pytest.mark.parametrize("name", ["oh-hell", "ochko-bank"])
def test_killed_children_lose_no_shown_event(tmp_path: Path, name: str) -> None:
    path = example_path(name)
    report = run_crash_test(
        parse_script(path.read_text("utf-8")), path, tmp_path, trials=12, seed=7
    )
    assert report.trials == 12
    assert report.shown > 0
    assert (report.lost, report.wrong_resumes, report.moved_aside) == (0, 0, 0)
    assert report.passed


def test_children_killed_during_start_up_lose_nothing(tmp_path: Path) -> None:
    path = example_path("oczko")
    report = run_crash_test(
        parse_script(path.read_text("utf-8")), path, tmp_path, trials=8, seed=3, start_share=1.0
    )
    # the first trial times the start-up; each other is killed within the slowest start
    assert 1 <= report.start_kills <= 7
    assert report.shown > 0  # the first child got past its start and showed events
    assert report.passed, report.lines()


def test_a_child_showing_unwritten_events_is_caught(tmp_path: Path) -> None:
    path = example_path("oh-hell")
    liar = [sys.executable, "-c", "print('ready'); print('shown 1 5', flush=True)"]
    report = run_crash_test(
        parse_script(path.read_text("utf-8")), path, tmp_path, trials=2, seed=1, command=liar
    )
    assert report.shown == 2
    assert report.lost == 2
    assert not report.passed
