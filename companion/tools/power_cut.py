"""The journal's power-cut test: ``companion run --scripted --report-shown`` (the crash
test's child) keeps its state folder on a FUSE file system that loses everything unsynced
when its power is cut (``power_fs``); after each cut the app starts again from what the
disk kept.

The cuts take three kinds in turn: during start-up (at a random moment within the
quickest start seen so far, or every other time within the quickest stretch seen from
the journal's opening to "ready"), mid-session (at a random moment after "ready"), or during a
checkpoint (at a random write to the journal's main file, which in WAL mode only a
checkpoint writes). Every second cut is torn: the last unsynced write to each file is
left half written (a page the power went in the middle of) instead of lost whole.
After each cut a copy of the kept folder is opened as the app would open it: it must open
with nothing to repair, hold every event the app ever showed, and resume each game
touched to exactly the replay of its rows.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from companion.app.scripted import READY, SHOWN, session_steps
from companion.games.script import Script
from companion.games.spec import GameSpec
from companion.journal.store import JOURNAL_FILE, Journal, JournalError
from companion.tools.crash import count_wrong_resumes, missing_shown
from companion.tools.power_fs import CUT_COMMAND, CUT_LINE, MOUNTED_LINE, OPENED_LINE

MOUNT_TIMEOUT_S = 20.0
READY_TIMEOUT_S = 60.0
# a checkpoint cut waits for the game's end; past this it is cut by time instead
CHECKPOINT_WAIT_S = 90.0
UNMOUNT_TIMEOUT_S = 5.0
# how many writes into a checkpoint a checkpoint cut may land
CHECKPOINT_WRITES = 8
# every second cut is torn: each file's last unsynced write is left half written
TORN_EVERY = 2


class CutKind(Enum):
    START = "start-up"
    OPENING = "start-up, the journal open"
    SESSION = "mid-session"
    CHECKPOINT = "checkpoint"


# the first cut (number 1) is mid-session: it times the start-up for the start-up cuts
KIND_ORDER = (
    CutKind.CHECKPOINT,
    CutKind.SESSION,
    CutKind.START,
    CutKind.CHECKPOINT,
    CutKind.SESSION,
    CutKind.OPENING,
)


@dataclass(frozen=True)
class CutTrial:
    shown: tuple[tuple[int, int], ...]
    ready_s: float | None  # start to "ready", when it came before the cut
    opened_to_ready_s: float | None  # the journal's opening to "ready", likewise
    checkpointing: bool  # the power went with a checkpoint half written
    journal_opened: bool  # the app had opened the journal when the power went
    torn: tuple[str, ...] = ()  # files whose last unsynced write the cut left half written


@dataclass(frozen=True)
class PowerCutReport:
    cuts: int
    start_cuts: int  # the app had not said "ready"
    start_cuts_in_journal: int  # ... and had opened the journal
    checkpoint_cuts: int  # the main file was half written by a checkpoint
    shown: int  # distinct events whose effect the app showed over all the cuts
    lost: int  # shown events missing from the journal after a later cut
    wrong_resumes: int
    not_opened: int  # journals that failed to open or were found damaged
    games_finished: int
    seconds: float
    torn_cuts: int = 0  # cuts that left a last unsynced write half written
    torn_files: tuple[tuple[str, int], ...] = ()  # which files, how often
    logs_kept: int = 0  # opened clean, yet a log copied aside that held nothing more

    def lines(self) -> list[str]:
        return [
            f"power cuts: {self.cuts}",
            f"of which during start-up (before ready): {self.start_cuts}, "
            f"{self.start_cuts_in_journal} of them with the journal open",
            f"of which during a checkpoint: {self.checkpoint_cuts}",
            f"of which with a torn write (the last unsynced write half written): "
            f"{self.torn_cuts} ({_torn_said(self.torn_files)})",
            f"events shown before the cuts: {self.shown}",
            f"shown events lost: {self.lost}",
            f"resumes differing from the replay: {self.wrong_resumes}",
            f"journals that did not open clean: {self.not_opened}",
            f"logs copied aside that held nothing beyond the journal: {self.logs_kept}",
            f"scripted games played to the end: {self.games_finished}",
            f"time: {self.seconds:.1f} s",
        ]

    @property
    def passed(self) -> bool:
        return self.lost == 0 and self.wrong_resumes == 0 and self.not_opened == 0


def fuse_missing() -> str | None:
    """What this machine lacks for the test (None: nothing)."""
    if not Path("/dev/fuse").exists():
        return "no /dev/fuse: FUSE is not available here"
    if not (shutil.which("fusermount3") or shutil.which("fusermount") or os.geteuid() == 0):
        return "no fusermount3: install Debian's fuse3"
    try:
        import mfusepy  # noqa: F401  (loads libfuse: fails without it)
    except (ImportError, OSError) as error:
        return f"mfusepy cannot load ({error}): pip install the dev extra, apt install fuse3"
    return None


def fs_command(
    mount: Path, disk: Path, kept: Path, *, cut_at_write: int, torn: bool = False
) -> list[str]:
    return [
        sys.executable,
        "-m",
        "companion.tools.power_fs",
        str(mount),
        "--disk",
        str(disk),
        "--kept",
        str(kept),
        "--watch",
        JOURNAL_FILE,
        "--cut-at-write",
        str(cut_at_write),
        *(["--torn"] if torn else []),
    ]


def unmount(mount: Path) -> None:
    """Lazy unmount: the file system process then leaves its loop."""
    tool = shutil.which("fusermount3") or shutil.which("fusermount")
    command = [tool, "-u", "-z", str(mount)] if tool else ["umount", "-l", str(mount)]
    subprocess.run(command, check=False, capture_output=True)


class _Lines:
    """A child's output lines read on a thread, each with when it came."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[tuple[float, str]] = []
        self.ended = False
        self.changed = threading.Condition()
        assert process.stdout is not None
        self._stream = process.stdout
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for line in self._stream:
            with self.changed:
                self.lines.append((time.monotonic(), line.strip()))
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def wait_for(self, word: str, timeout_s: float) -> tuple[float, str] | None:
        """The first line starting with ``word`` (or None at the end or the timeout)."""
        deadline = time.monotonic() + timeout_s
        with self.changed:
            while True:
                for at, line in self.lines:
                    if line.split(" ", 1)[0] == word:
                        return at, line
                if self.ended or time.monotonic() >= deadline:
                    return None
                self.changed.wait(deadline - time.monotonic())


def cut_trial(
    app: Sequence[str],
    mount: Path,
    disk: Path,
    kept: Path,
    *,
    kind: CutKind,
    delay_s: float,
    cut_at_write: int,
    torn: bool = False,
) -> CutTrial:
    """One start of the app on the disk ``disk`` and one cut; the disk after the cut is
    left in ``kept``. ``delay_s``: from the start (START), from the journal's opening
    (OPENING) or from "ready" (SESSION)."""
    fs = subprocess.Popen(
        fs_command(mount, disk, kept, cut_at_write=cut_at_write, torn=torn),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    fs_lines = _Lines(fs)
    if fs_lines.wait_for(MOUNTED_LINE, MOUNT_TIMEOUT_S) is None:
        fs.kill()
        raise RuntimeError(f"the power-cut file system did not mount on {mount}")
    started = time.monotonic()
    child = subprocess.Popen(app, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    app_lines = _Lines(child)
    try:
        if kind is CutKind.START:
            time.sleep(delay_s)
        elif kind is CutKind.OPENING:
            fs_lines.wait_for(OPENED_LINE, READY_TIMEOUT_S)
            time.sleep(delay_s)
        elif kind is CutKind.SESSION:
            app_lines.wait_for(READY, READY_TIMEOUT_S)
            time.sleep(delay_s)
        cut = fs_lines.wait_for(CUT_LINE, CHECKPOINT_WAIT_S if kind is CutKind.CHECKPOINT else 0)
        if cut is None:
            _say(fs, CUT_COMMAND)
            cut = fs_lines.wait_for(CUT_LINE, MOUNT_TIMEOUT_S)
        if cut is None:
            raise RuntimeError("the power-cut file system did not cut its power")
    finally:
        child.kill()
        child.wait()
        app_lines.thread.join()
        unmount(mount)
        _say(fs, "")
        try:
            fs.wait(timeout=UNMOUNT_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            # a detached mount can linger while the kernel holds its inodes; what the cut
            # kept is written already, so the file system process may simply go
            fs.kill()
            fs.wait()
    cut_at, cut_line = cut
    ready = app_lines.wait_for(READY, 0)
    opened = fs_lines.wait_for(OPENED_LINE, 0)
    ready_s = ready[0] - started if ready is not None and ready[0] < cut_at else None
    shown = []
    for _, line in app_lines.lines:
        words = line.split()
        if len(words) == 3 and words[0] == SHOWN:
            shown.append((int(words[1]), int(words[2])))
    return CutTrial(
        tuple(shown),
        ready_s,
        None
        if ready_s is None or opened is None
        else _opened_to_ready(opened[1], ready_s + started),
        "checkpointing=1" in cut_line.split(),
        "opened=1" in cut_line.split(),
        _torn_files(cut_line),
    )


def _torn_files(cut_line: str) -> tuple[str, ...]:
    for word in cut_line.split():
        if word.startswith("torn=") and word != "torn=-":
            return tuple(word.removeprefix("torn=").split(","))
    return ()


def _torn_said(files: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name}: {count}" for name, count in files) or "none"


def _opened_to_ready(opened_line: str, ready_at: float) -> float | None:
    """From the file system's own time of the opening (its line is read late under
    load) to the moment "ready" was read."""
    opened_at = float(opened_line.split()[1])
    return ready_at - opened_at if ready_at > opened_at else None


def _say(process: subprocess.Popen[str], line: str) -> None:
    assert process.stdin is not None
    try:
        if line:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        else:
            process.stdin.close()
    except (BrokenPipeError, OSError):
        pass  # it is gone already


def run_power_cut_test(
    script: Script,
    app: Sequence[str],
    work: Path,
    mount: Path,
    *,
    cuts: int,
    seed: int,
    max_cut_after_s: float = 1.0,
    torn_every: int = TORN_EVERY,
) -> PowerCutReport:
    """``cuts`` power cuts of ``app`` (a command whose state folder is ``mount``); the
    kinds in turn, the first mid-session (it times the start-up)."""
    rng = random.Random(seed)
    steps = session_steps(script)
    spec = script.spec()
    disk = work / "disk-0"
    disk.mkdir(parents=True)
    mount.mkdir(parents=True, exist_ok=True)
    shown: dict[tuple[int, int], None] = {}  # every event shown so far, in order
    lost: set[tuple[int, int]] = set()
    start_cuts = start_in_journal = checkpoint_cuts = wrong = not_opened = finished = 0
    torn_cuts = logs_kept = 0
    torn_files: Counter[str] = Counter()
    quickest_start_s: float | None = None
    quickest_opening_s: float | None = None  # the journal's opening to "ready"
    started = time.monotonic()
    for number in range(1, cuts + 1):
        kind = KIND_ORDER[number % len(KIND_ORDER)]
        limit = {
            CutKind.START: quickest_start_s or 0.0,
            CutKind.OPENING: quickest_opening_s or 0.0,
        }.get(kind, max_cut_after_s)
        kept = work / f"disk-{number}"
        trial = cut_trial(
            app,
            mount,
            disk,
            kept,
            kind=kind,
            delay_s=rng.uniform(0, limit),
            cut_at_write=rng.randint(1, CHECKPOINT_WRITES) if kind is CutKind.CHECKPOINT else 0,
            torn=torn_every > 0 and number % torn_every == 0,
        )
        shutil.rmtree(disk)
        disk = kept
        if trial.ready_s is None:
            start_cuts += 1
            start_in_journal += trial.journal_opened
        else:
            quickest_start_s = min(quickest_start_s or trial.ready_s, trial.ready_s)
            if trial.opened_to_ready_s is not None:
                quickest_opening_s = min(
                    quickest_opening_s or trial.opened_to_ready_s, trial.opened_to_ready_s
                )
        checkpoint_cuts += trial.checkpointing
        torn_cuts += bool(trial.torn)
        torn_files.update(trial.torn)
        shown.update(dict.fromkeys(trial.shown))
        outcome = _check(disk, list(shown), trial, spec, steps)
        if outcome is None:
            not_opened += 1
            continue
        missing, wrong_now, finished, kept_log = outcome
        lost.update(missing)
        wrong += wrong_now
        logs_kept += kept_log
    seconds = time.monotonic() - started
    return PowerCutReport(
        cuts,
        start_cuts,
        start_in_journal,
        checkpoint_cuts,
        len(shown),
        len(lost),
        wrong,
        not_opened,
        finished,
        seconds,
        torn_cuts,
        tuple(sorted(torn_files.items())),
        logs_kept,
    )


def _check(
    disk: Path,
    shown: list[tuple[int, int]],
    trial: CutTrial,
    spec: GameSpec,
    steps: Sequence[str],
) -> tuple[list[tuple[int, int]], int, int, bool] | None:
    """Open a copy of what the disk kept as the app would: the shown events missing, the
    wrong resumes, the games finished and whether a log was copied aside that held
    nothing more; None when it did not open clean (it had something to repair)."""
    with tempfile.TemporaryDirectory(prefix="companion-cut-check-") as scratch:
        state = Path(scratch) / "state"
        shutil.copytree(disk, state)
        try:
            journal = Journal.open(state / JOURNAL_FILE)
        except JournalError:
            return None
        with journal:
            if journal.repair is not None:
                return None
            touched = {game for game, _ in trial.shown}
            unfinished = journal.last_unfinished()
            if unfinished is not None:
                touched.add(unfinished.id)
            wrong = count_wrong_resumes(journal, spec, steps, touched)
            finished = sum(game.is_finished for game in journal.games())
            kept_log = journal.kept_log is not None
            return missing_shown(journal, shown), wrong, finished, kept_log
