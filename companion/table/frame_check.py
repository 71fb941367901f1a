"""Frames the tracker should not see: another size than the stream's, black, all one
colour, or the very frame before again (a camera stuck repeating a frame). Such a frame
is skipped, and a run of them is said once, with what is wrong and from which frame; a
camera that settles on a new size is followed at it after a while.

A real camera's noise makes no two frames equal, so an exact repeat carries nothing new:
fed to the tracker it would count as stillness (a frame stuck while a hand is over the
cards would be read as the table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import numpy as np

from companion.values.frame import Frame

# Times within this of each other are the same instant (frame times are floats).
TIME_SLACK = 1e-6


@dataclass(frozen=True)
class FrameCheckSettings:
    # Pixels of every ``sample_step``-th row and column are looked at (cheap on 1080p).
    sample_step: int = 16
    # Darker than this mean grey level is black (a covered lens, a camera not ready).
    black_level: float = 12.0
    # Less spread than this (grey levels, standard deviation) is all one colour.
    one_colour_spread: float = 3.0
    # A camera that gives frames of one new size for this long is followed at that size.
    new_size_seconds: float = 2.0
    # A camera repeating one frame for this long is said on stderr (repeats are always
    # skipped; a repeat or two is a camera slower than its frame rate).
    stuck_seconds: float = 1.0
    # False: repeats are the table still (a recording, a folder of pictures).
    skip_repeats: bool = True


class FrameProblem(Enum):
    EMPTY = "an empty image"
    OTHER_SIZE = "another size than the stream's"
    BLACK = "black"
    ONE_COLOUR = "all one colour"
    REPEATED = "the same frame again (the camera repeats one frame)"

    def __str__(self) -> str:
        return self.value


class FrameCheck:
    """Says for each frame whether the tracker should see it, and tells ``log`` when a
    run of unusable frames begins and ends."""

    def __init__(
        self, log: Callable[[str], None], settings: FrameCheckSettings | None = None
    ) -> None:
        self.log = log
        self.settings = settings or FrameCheckSettings()
        self.size: tuple[int, int] | None = None  # width, height of the stream
        self._sample: np.ndarray | None = None  # the last frame's sample
        self._problem: FrameProblem | None = None
        self._since: float = 0.0  # when the current run of problem frames began
        self._skipped = 0
        self._told = False
        self._new_size: tuple[tuple[int, int], float] | None = None  # and since when

    def usable(self, frame: Frame) -> bool:
        """Whether the tracker should see ``frame``."""
        problem = self._problem_of(frame)
        if problem is not self._problem:
            self._end_run(frame)
            self._problem, self._since, self._skipped = problem, frame.time, 0
            self._told = False
        if problem is None:
            return True
        self._skipped += 1
        waited = frame.time - self._since
        if not self._told and (
            problem is not FrameProblem.REPEATED
            or waited >= self.settings.stuck_seconds - TIME_SLACK
        ):
            self.log(
                f"{self._since:.2f}s frame {frame.number - self._skipped + 1}: "
                f"{problem}: frames skipped until that ends"
            )
            self._told = True
        return False

    def _end_run(self, frame: Frame) -> None:
        if self._problem is not None and self._told:
            self.log(
                f"{frame.time:.2f}s frame {frame.number}: frames usable again "
                f"({self._skipped} skipped: {self._problem})"
            )

    def _problem_of(self, frame: Frame) -> FrameProblem | None:
        size = frame.size
        if min(size) == 0:
            return FrameProblem.EMPTY
        if self.size is None:
            self.size = size
        if size != self.size and not self._settled_on(size, frame):
            return FrameProblem.OTHER_SIZE
        self._new_size = None
        step = self.settings.sample_step
        sample = np.ascontiguousarray(frame.sample(step))
        previous, self._sample = self._sample, sample
        if float(sample.mean()) < self.settings.black_level:
            return FrameProblem.BLACK
        if float(sample.std()) < self.settings.one_colour_spread:
            return FrameProblem.ONE_COLOUR
        repeated = previous is not None and np.array_equal(previous, sample)
        if repeated and self.settings.skip_repeats:
            return FrameProblem.REPEATED
        return None

    def _settled_on(self, size: tuple[int, int], frame: Frame) -> bool:
        """Whether the camera has given frames of ``size`` long enough to follow it there
        (said once when it is)."""
        if self._new_size is None or self._new_size[0] != size:
            self._new_size = (size, frame.time)
            return False
        if frame.time - self._new_size[1] < self.settings.new_size_seconds - TIME_SLACK:
            return False
        assert self.size is not None
        self.log(
            f"{frame.time:.2f}s frame {frame.number}: the camera's frames are "
            f"{size[0]}x{size[1]} now (were {self.size[0]}x{self.size[1]}): followed at that size"
        )
        self.size, self._sample = size, None
        return True
