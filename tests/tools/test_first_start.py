"""Kills across the journal's creation: the app's next start is never refused and loses
nothing; the harness sorts what each kill left and catches a start that is refused."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.tools.crash import app_command
from companion.tools.first_start import run_first_start_test
from tests.examples import example_path

TRIALS = 8  # the tool's own run does 120 (crash-test --first-start --trials 120)


def test_kills_across_the_journals_creation_never_leave_the_kiosk_dark(tmp_path: Path) -> None:
    script = example_path("oczko")

    def command(folder: Path) -> list[str]:
        return app_command(folder, script, folder.with_name(folder.name + ".toml"))

    report = run_first_start_test(command, tmp_path, trials=TRIALS, seed=3)
    assert report.trials == TRIALS and sum(report.left.values()) == TRIALS
    assert (report.refused, report.repaired, report.lost) == (0, 0, 0), report.lines()
    assert report.shown > 0
    assert report.passed


def test_a_start_that_is_refused_is_counted(tmp_path: Path) -> None:
    """The control: a child that refuses every start after its first."""
    refusing = (
        "import sys, pathlib; folder = pathlib.Path(sys.argv[1]); folder.mkdir(exist_ok=True)\n"
        "mark = folder / 'started'\n"
        "if mark.exists(): sys.exit(1)\n"
        # marked before the lock file the test waits for: a kill at once still leaves the mark
        "mark.touch(); (folder / 'writer.lock').touch()\n"
        "print('ready', flush=True)\n"
        "import time; time.sleep(30)\n"
    )

    def command(folder: Path) -> list[str]:
        return [sys.executable, "-c", refusing, str(folder)]

    report = run_first_start_test(command, tmp_path, trials=2, seed=0)
    assert report.refused == 2 and not report.passed
