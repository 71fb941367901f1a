"""The press model: each task of the evening done by the sequence a player would press,
and no shorter sequence of presses does it (a search over every press)."""

from __future__ import annotations

import pytest

from companion.tools.press_model import TASKS, Task, fewest, play

# The new game's form is the widest search (every option may be changed on the way, many
# minutes of it), so the suite only plays its sequence and the tool
# (python -m companion.tools.press_model) searches it.
SEARCHED = [task for task in TASKS if not task.wide]


@pytest.mark.parametrize("task", TASKS, ids=[task.name for task in TASKS])
def test_each_tasks_sequence_does_it(task: Task) -> None:
    assert task.done(play(task)), f"{task.name}: the sequence does not do it"


@pytest.mark.parametrize("task", SEARCHED, ids=[task.name for task in SEARCHED])
def test_no_shorter_sequence_does_it(task: Task) -> None:
    found = fewest(task, limit=len(task.presses))
    assert found is not None and len(found) == len(task.presses), (
        f"{task.name}: {len(task.presses)} presses, the search found "
        f"{None if found is None else [str(press) for press in found]}"
    )


def test_a_task_not_done_by_its_sequence_is_caught() -> None:
    task = TASKS[-1]  # shut down
    short = Task(task.name, task.start, task.done, task.presses[:-1])
    assert not short.done(play(short))
