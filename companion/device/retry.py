"""A part opened again now and then while it cannot be (the buttons, the display).

The camera thread retries its own source; these parts are opened on the caller's thread
at its next use once ``retry_s`` has passed, so no thread of their own is needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Generic, TypeVar

Opened = TypeVar("Opened")


class Retried(Generic[Opened]):
    """``opener`` gives the part or why not (one line); ``on_change(problem)`` is told
    when the part is missing, when the reason changes and (None) when it is there."""

    def __init__(
        self,
        opener: Callable[[], Opened | str],
        *,
        on_change: Callable[[str | None], None],
        retry_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._opener = opener
        self._on_change = on_change
        self.retry_s = retry_s
        self._clock = clock
        self.part: Opened | None = None
        self.problem: str | None = None
        self.attempts = 0
        self._next_try = clock()
        self.attempt()

    def attempt(self) -> Opened | None:
        """Open the part if it is missing and a try is due; the part when opened now."""
        if self.part is not None or self._clock() < self._next_try:
            return None
        opened = self._opener()
        self.attempts += 1
        self._next_try = self._clock() + self.retry_s
        if isinstance(opened, str):
            if opened != self.problem:
                self.problem = opened
                self._on_change(opened)
            return None
        self.part = opened
        if self.problem is not None:
            self.problem = None
            self._on_change(None)
        return opened
