"""The journal's crash test: a child plays a scripted session through the journal and
says which events it has shown; the parent kills it with SIGKILL at random moments and
checks, after each kill, that every shown event is in the journal and that resuming
gives exactly the state of the script's replay.

Some kills land during the child's start-up, between the process starting and its
"ready" (the journal opened and checked, the game resumed, the first screen drawn), the
rest at a random moment after "ready", mid-session.

The child is a command line: ``companion run --scripted`` (the running app, its undos
pressed on fake buttons) or the journal's own scripted child.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.app.scripted import READY, SHOWN, UNDO_STEP, session_steps
from companion.games.events import parse_event
from companion.games.script import Script
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, RowKind
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal

# The share of trials killed during start-up rather than mid-session.
DEFAULT_START_SHARE = 0.5


def expected_game(spec: GameSpec, steps: Sequence[str]) -> Game:
    """The game the steps make, played in memory without a journal."""
    game = Game.of(spec)
    for step in steps:
        if step == UNDO_STEP:
            game.undo()
        else:
            game.apply(parse_event(step))
    return game


@dataclass(frozen=True)
class CrashReport:
    trials: int
    start_kills: int  # children killed before they said "ready"
    shown: int  # events whose effect the children showed before they were killed
    lost: int  # shown events missing from the journal afterwards
    wrong_resumes: int  # resumes whose state differed from the replay of the steps
    moved_aside: int  # restarts that found the journal damaged
    games_finished: int
    seconds: float

    def lines(self) -> list[str]:
        return [
            f"trials (SIGKILL at a random moment): {self.trials}",
            f"of which during start-up (before ready): {self.start_kills}",
            f"events shown before the kills: {self.shown}",
            f"shown events lost: {self.lost}",
            f"resumes differing from the replay: {self.wrong_resumes}",
            f"journals found damaged: {self.moved_aside}",
            f"scripted games played to the end: {self.games_finished}",
            f"time: {self.seconds:.1f} s",
        ]

    @property
    def passed(self) -> bool:
        return self.lost == 0 and self.wrong_resumes == 0 and self.moved_aside == 0


@dataclass(frozen=True)
class Trial:
    shown: list[tuple[int, int]]  # (game, seq) pairs the child printed
    ready_after_s: float | None  # from the start to "ready"; None: killed before it


def child_command(state_dir: Path, script_path: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "companion.tools.crash_child",
        str(state_dir),
        str(script_path),
    ]


def app_command(state_dir: Path, script_path: Path, config_path: Path) -> list[str]:
    """``companion run`` playing the script with fake buttons, no camera and no display;
    writes its config (the state folder in it) to ``config_path``."""
    config_path.write_text(
        f'[camera]\nsource = "none"\n\n[display]\nkind = "none"\n\n'
        f"[state]\ndirectory = {json.dumps(str(state_dir))}\n",
        "utf-8",
    )
    return [
        sys.executable,
        "-m",
        "companion",
        "run",
        "--config",
        str(config_path),
        "--scripted",
        str(script_path),
        "--report-shown",
    ]


def run_trial(
    command: Sequence[str],
    *,
    kill_after_s: float,
    ready_timeout_s: float,
    from_start: bool = False,
) -> Trial:
    """Start the child and kill it ``kill_after_s`` after it says it is ready (or, with
    ``from_start``, after it was started, ready or not); collect the events it said
    were shown."""
    started = time.monotonic()
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
    )
    assert child.stdout is not None
    timer = threading.Timer(kill_after_s, child.kill) if from_start else None
    if timer is not None:
        timer.start()
    lines: list[str] = []
    ready_after_s = None
    while True:
        line = child.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.strip() == READY:
            ready_after_s = time.monotonic() - started
            break
        if time.monotonic() - started > ready_timeout_s:
            break
    if timer is not None:
        child.wait()
        timer.cancel()
    else:
        try:
            child.wait(timeout=kill_after_s)
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
            child.wait()
    lines.extend(child.stdout.readlines())
    child.stdout.close()
    shown = []
    for line in lines:
        words = line.split()
        if len(words) == 3 and words[0] == SHOWN:
            shown.append((int(words[1]), int(words[2])))
    return Trial(shown, ready_after_s)


def run_crash_test(
    script: Script,
    script_path: Path,
    state_dir: Path,
    *,
    trials: int,
    seed: int,
    max_kill_after_s: float = 0.05,
    command: Sequence[str] | None = None,
    start_share: float = DEFAULT_START_SHARE,
) -> CrashReport:
    """``start_share`` of the trials (after the first, which times the start-up) kill
    the child at a random moment of its start-up, as long as the slowest seen so far;
    the others up to ``max_kill_after_s`` after its "ready"."""
    rng = random.Random(seed)
    steps = session_steps(script)
    spec = script.spec()
    command = command or child_command(state_dir, script_path)
    shown = lost = wrong = moved = start_kills = 0
    slowest_start_s: float | None = None
    started = time.monotonic()
    for _ in range(trials):
        from_start = slowest_start_s is not None and rng.random() < start_share
        limit = slowest_start_s if from_start and slowest_start_s else max_kill_after_s
        trial = run_trial(
            command,
            kill_after_s=rng.uniform(0, limit),
            ready_timeout_s=30,
            from_start=from_start,
        )
        if trial.ready_after_s is None:
            start_kills += 1
        elif not from_start:
            slowest_start_s = max(slowest_start_s or 0.0, trial.ready_after_s)
        shown += len(trial.shown)
        with Journal.open(state_dir / JOURNAL_FILE) as journal:
            moved += journal.moved_aside is not None
            lost += _count_lost(journal, trial.shown)
            touched = {game for game, _ in trial.shown}
            unfinished = journal.last_unfinished()
            if unfinished is not None:
                touched.add(unfinished.id)
            wrong += count_wrong_resumes(journal, spec, steps, touched)
    with Journal.open(state_dir / JOURNAL_FILE) as journal:
        finished = sum(game.is_finished for game in journal.games())
    seconds = time.monotonic() - started
    return CrashReport(trials, start_kills, shown, lost, wrong, moved, finished, seconds)


def _count_lost(journal: Journal, shown: list[tuple[int, int]]) -> int:
    return len(missing_shown(journal, shown))


def missing_shown(journal: Journal, shown: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (game, seq) pairs shown but not in the journal."""
    shown = list(shown)
    known = {record.id for record in journal.games()}
    present = {
        (row.game, row.seq)
        for game in {game for game, _ in shown} & known
        for row in journal.rows(game)
        if isinstance(row, EventRow)
    }
    return [pair for pair in shown if pair not in present]


def count_wrong_resumes(
    journal: Journal, spec: GameSpec, steps: Sequence[str], games: set[int]
) -> int:
    """Resume the games the way the app does and compare with the steps' own replay."""
    wrong = 0
    for record in journal.games():
        if record.id not in games:
            continue
        rows = journal.rows(record.id)
        written = [
            UNDO_STEP if isinstance(row, EventRow) and row.kind is RowKind.UNDO else row.line
            for row in rows
        ]
        if written != list(steps[: len(written)]) or (
            record.is_finished and len(written) != len(steps)
        ):
            wrong += 1
            continue
        if not _resume_matches(journal, record.id, expected_game(spec, written)):
            wrong += 1
    return wrong


def _resume_matches(journal: Journal, game_id: int, expected: Game) -> bool:
    resumed, bad = JournaledGame.resume(journal, game_id)
    game = resumed.game
    return (
        not bad
        and game.events == expected.events
        and game.engine.state_json(game.state) == expected.engine.state_json(expected.state)
    )
