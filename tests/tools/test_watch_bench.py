"""The watch bench: a child's CPU and peak memory, and the events a watch printed."""

from __future__ import annotations

import sys

from companion.demo.film.session import ScriptStep
from companion.tools.watch_bench import _joined, events_tally, run_child


def test_a_child_s_cpu_and_peak_memory_are_its_own() -> None:
    busy = "x = bytearray(60_000_000); sum(range(3_000_000)); print('done')"
    cost = run_child([sys.executable, "-c", busy])
    assert cost.stdout == "done\n"
    assert cost.cpu_s > 0.0
    assert 60.0 < cost.peak_mb < 200.0  # the bytearray, not the parent's size


def test_the_printed_lines_are_tallied_against_the_script() -> None:
    script = (
        ScriptStep(1.0, "card trick QS", "camera"),
        ScriptStep(2.0, "bid 1 1", "button"),
        ScriptStep(3.0, "clear trick", "camera"),
    )
    assert events_tally(script, "card trick QS\n") == (
        "events 1/2 right, 0 wrong, 1 missed, 0 doubled"
    )


def test_films_joined_clear_the_table_at_each_cut_that_leaves_cards_on_it() -> None:
    # each film is a table of its own: the cut to the next takes the last one's cards
    first = (ScriptStep(1.0, "card table QS", "camera"),)
    swept = (ScriptStep(1.0, "card table 2H", "camera"), ScriptStep(2.0, "clear table", "camera"))
    joined = _joined([first, swept, first], [3.0, 4.0, 3.0], "table")
    assert [(step.time, step.line) for step in joined] == [
        (1.0, "card table QS"),
        (3.0, "clear table"),
        (4.0, "card table 2H"),
        (5.0, "clear table"),
        (8.0, "card table QS"),
    ]
