"""Tallying the tracker's events against a session's, and merging them with its buttons."""

from __future__ import annotations

import pytest

from companion.demo.film.session import ScriptStep, make_session
from companion.tools.session_run import TrackedEvent, merged_script, tally


def camera(time: float, line: str) -> ScriptStep:
    return ScriptStep(time, line, "camera")


def printed(settled: float, line: str, delay: float = 0.3) -> TrackedEvent:
    return TrackedEvent(settled, settled + delay, line)


EXPECTED = (
    camera(1.0, "card trump 9H"),
    ScriptStep(2.0, "bid 1 1", "button"),
    camera(3.0, "card trick QS"),
    camera(4.0, "card trick 2H"),
    camera(5.0, "clear trick"),
)


def test_all_right() -> None:
    events = [printed(s.time, s.line) for s in EXPECTED if s.source == "camera"]
    counts = tally(EXPECTED, events)
    assert (counts.expected, counts.placed, counts.right) == (4, 3, 4)
    assert (counts.wrong, counts.missed, counts.doubled) == (0, 0, 0)
    assert counts.delays == pytest.approx((0.3, 0.3, 0.3, 0.3))


def test_missed_doubled_and_wrong_are_told_apart() -> None:
    events = [
        printed(1.0, "card trump 9H"),
        printed(3.0, "card trick QS"),
        printed(3.5, "card trick QS"),  # printed twice
        printed(4.0, "card trick 2D"),  # misread
        # "clear trick" never printed
    ]
    counts = tally(EXPECTED, events)
    assert (counts.right, counts.wrong, counts.missed, counts.doubled) == (2, 1, 2, 1)


def test_sums_add_up() -> None:
    one = tally(EXPECTED, [printed(1.0, "card trump 9H")])
    both = one + one
    assert (both.expected, both.right, both.missed) == (8, 2, 6)


def test_events_and_buttons_merge_by_time() -> None:
    session = make_session("oh-hell", seed=1, max_events=6)
    events = [printed(step.time, step.line) for step in session.camera_steps]
    assert merged_script(session, events) == session.script_text()


def test_cards_that_settled_together_match_in_any_order() -> None:
    together = (
        camera(1.0, "card trick QS"),
        camera(1.0, "card trick 2H"),
        camera(2.0, "clear trick"),
    )
    events = [
        printed(1.0, "card trick QS"),
        printed(1.0, "card trick 2H"),
        printed(2.0, "clear trick"),
    ]
    assert tally(together, events).right == 3
    apart = [
        printed(1.0, "card trick QS"),
        printed(1.5, "card trick 2H"),
        printed(2.0, "clear trick"),
    ]
    counts = tally(together, apart)
    # apart, the order printed is the order: one line matches out of turn
    assert (counts.right, counts.missed, counts.doubled) == (2, 1, 1)
