"""``Retried``: a part opened again at most every ``retry_s`` while it cannot be."""

from __future__ import annotations

from collections.abc import Iterator

from companion.device.retry import Retried


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_a_part_is_tried_when_due_told_once_per_reason_and_kept_once_open() -> None:
    clock = Clock()
    answers: Iterator[int | str] = iter(["no chip", "no chip", "pin busy", 42])
    told: list[str | None] = []
    retried: Retried[int] = Retried(
        lambda: next(answers), on_change=told.append, retry_s=10.0, clock=clock
    )
    assert (retried.part, retried.problem, retried.attempts) == (None, "no chip", 1)
    clock.now += 9.9
    assert retried.attempt() is None and retried.attempts == 1
    for _ in range(2):
        clock.now += 10.0
        assert retried.attempt() is None
    assert told == ["no chip", "pin busy"]
    clock.now += 10.0
    assert retried.attempt() == 42  # opened now
    assert told == ["no chip", "pin busy", None]
    clock.now += 100.0
    assert retried.attempt() is None and retried.part == 42 and retried.attempts == 4
