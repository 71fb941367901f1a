"""Kills timed across the journal's creation: the very first start of the app on an empty
state folder, killed with SIGKILL at a random moment from the writer's lock file
appearing (just before the journal's file is made) to past its first screen.

The journal's creation (the file made, switched to WAL through a rollback journal, its
tables committed in the log) takes some tens of milliseconds, so the parent watches the
folder and times each kill from the lock file's appearance, over half again the span
the slowest of three unkilled starts took from there to "ready". After each kill the app
starts again on what the kill left: it must not be refused, must find nothing to
repair, and must keep every event it then shows (it is killed once more after a while
and the journal read).
Each kill's leftovers are sorted by state, so the report shows the window was hit.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.app.scripted import READY, SHOWN
from companion.journal.lock import LOCK_FILE
from companion.journal.store import JOURNAL_FILE, WAL_SUFFIX, Journal, JournalError
from companion.journal.wal import read_wal
from companion.tools.crash import missing_shown

POLL_S = 0.0002
START_TIMEOUT_S = 60.0
# the restarted app is killed this long (at most) after its first screen: it shows events
SHOW_FOR_S = 0.3
ROLLBACK_SUFFIX = "-journal"
CALIBRATIONS = 3
SPAN_MARGIN = 1.5

Command = Callable[[Path], Sequence[str]]  # the app's command line for a state folder


@dataclass(frozen=True)
class FirstStartReport:
    trials: int
    left: dict[str, int]  # what the kills left, by state
    refused: int  # restarts that exited before their first screen
    repaired: int  # restarts that found something to repair (a first start loses nothing)
    shown: int  # events the restarted apps showed
    lost: int  # of them, missing from the journal afterwards
    span_ms: float  # the kills' window: lock file to "ready" of the first start
    seconds: float

    def lines(self) -> list[str]:
        states = ", ".join(f"{state}: {count}" for state, count in self.left.items())
        return [
            f"first starts killed (SIGKILL over {self.span_ms:.0f} ms from the lock file to "
            f"the first screen): {self.trials}",
            f"what the kills left: {states}",
            f"restarts refused: {self.refused}",
            f"restarts that found something to repair: {self.repaired}",
            f"events shown after the restarts: {self.shown}",
            f"shown events lost: {self.lost}",
            f"time: {self.seconds:.1f} s",
        ]

    @property
    def passed(self) -> bool:
        return self.refused == 0 and self.repaired == 0 and self.lost == 0


def left_state(folder: Path) -> str:
    """What a kill left of the journal, in a few words."""
    main = folder / JOURNAL_FILE
    rollback = folder / (JOURNAL_FILE + ROLLBACK_SUFFIX)
    if not main.exists():
        return "no journal file yet"
    begun = rollback.exists() and rollback.stat().st_size > 0
    if main.stat().st_size == 0:
        return "an empty file, a -journal begun" if begun else "an empty file"
    if begun:
        return "a hot -journal beside the first page"
    log = read_wal(folder / (JOURNAL_FILE + WAL_SUFFIX))
    if log.kept_frames == 0:
        return "WAL set, tables not committed"
    return "tables committed"


def run_first_start_test(
    command: Command, work: Path, *, trials: int, seed: int
) -> FirstStartReport:
    rng = random.Random(seed)
    started = time.monotonic()
    left: Counter[str] = Counter()
    refused = repaired = shown = lost = 0
    # the slowest of a few unkilled starts, and a half again: past the first screen
    span = SPAN_MARGIN * max(
        _calibrate(command, work / f"calibration-{number}") for number in range(CALIBRATIONS)
    )
    for number in range(trials):
        folder = work / f"state-{number}"
        first = subprocess.Popen(
            command(folder), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if _wait_for(folder / LOCK_FILE, first):
            time.sleep(rng.uniform(0, span))
        first.kill()
        first.wait()
        left[left_state(folder)] += 1
        outcome = _restart(command, folder, rng)
        if outcome is None:
            refused += 1
        else:
            seen, found_repair = outcome
            shown += len(seen)
            repaired += found_repair
            lost += _lost(folder, seen)
        shutil.rmtree(folder, ignore_errors=True)
    return FirstStartReport(
        trials,
        dict(left.most_common()),
        refused,
        repaired,
        shown,
        lost,
        span * 1000,
        time.monotonic() - started,
    )


def _calibrate(command: Command, folder: Path) -> float:
    """From the lock file's appearance to "ready", in an unkilled first start."""
    child = subprocess.Popen(
        command(folder), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        if not _wait_for(folder / LOCK_FILE, child):
            raise RuntimeError("the app ended before it made its lock file")
        appeared = time.monotonic()
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == READY:
                return time.monotonic() - appeared
        raise RuntimeError("the app ended before its first screen")
    finally:
        child.kill()
        child.wait()
        shutil.rmtree(folder, ignore_errors=True)


def _wait_for(path: Path, child: subprocess.Popen[bytes] | subprocess.Popen[str]) -> bool:
    deadline = time.monotonic() + START_TIMEOUT_S
    while not path.exists():
        if child.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(POLL_S)
    return True


def _restart(
    command: Command, folder: Path, rng: random.Random
) -> tuple[list[tuple[int, int]], bool] | None:
    """Start again on what the kill left; None when it ended before its first screen,
    else the events it showed before it was killed and whether it repaired anything."""
    child = subprocess.Popen(
        command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stderr is not None
    ready = child.stdout.readline().strip() == READY
    if ready:
        time.sleep(rng.uniform(0, SHOW_FOR_S))
    child.kill()
    child.wait()
    if not ready:
        child.stdout.close()
        child.stderr.close()
        return None
    seen = []
    for line in child.stdout.readlines():
        words = line.split()
        if len(words) == 3 and words[0] == SHOWN:
            seen.append((int(words[1]), int(words[2])))
    said = child.stderr.read()
    child.stdout.close()
    child.stderr.close()
    return seen, "could not be used" in said or "journal's log" in said


def _lost(folder: Path, seen: list[tuple[int, int]]) -> int:
    try:
        with Journal.open(folder / JOURNAL_FILE) as journal:
            return len(missing_shown(journal, seen))
    except JournalError:
        return len(seen)
