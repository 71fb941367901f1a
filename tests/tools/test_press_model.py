"""The press model: each task of the evening done by the sequence a player would press,
and no shorter sequence of presses does it (a search over every press)."""

from __future__ import annotations

import pytest

from companion.tools.press_model import TASKS, Task, fewest, play

# The new game's form is the widest search (every option may be changed on the way).
WIDE = {task.name for task in TASKS if task.name.startswith("the form:")}


def _case(task: Task) -> object:
    marks = [pytest.mark.slow] if task.name in WIDE else []
    return pytest.param(task, id=task.name, marks=marks)


@pytest.mark.parametrize("task", [_case(task) for task in TASKS])
def test_each_task_takes_the_fewest_presses_and_its_sequence_does_it(task: Task) -> None:
    assert task.done(play(task)), f"{task.name}: the sequence does not do it"
    found = fewest(task, limit=len(task.presses))
    assert found is not None and len(found) == len(task.presses), (
        f"{task.name}: {len(task.presses)} presses, the search found "
        f"{None if found is None else [str(press) for press in found]}"
    )


def test_a_task_not_done_by_its_sequence_is_caught() -> None:
    task = TASKS[-1]  # shut down
    short = Task(task.name, task.start, task.done, task.presses[:-1])
    assert not short.done(play(short))
