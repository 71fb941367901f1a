"""Power cuts under the running app lose no shown event, and the harness catches a child
that shows what it never synced."""

from __future__ import annotations

import sys
from pathlib import Path

from companion.games.script import parse_script
from companion.tools.crash import app_command
from companion.tools.power_cut import run_power_cut_test
from tests.examples import example_path
from tests.tools.fuse import require_fuse

CUTS = 9  # three rounds of the kinds: start-up, mid-session, checkpoint; every second torn


def test_power_cuts_lose_no_shown_event(tmp_path: Path) -> None:
    require_fuse()
    path = example_path("oczko")
    mount = tmp_path / "state"
    report = run_power_cut_test(
        parse_script(path.read_text("utf-8")),
        app_command(mount, path, tmp_path / "config.toml"),
        tmp_path / "disks",
        mount,
        cuts=CUTS,
        seed=5,
        max_cut_after_s=0.5,
    )
    assert report.cuts == CUTS
    assert report.start_cuts >= 1
    assert report.checkpoint_cuts >= 1
    assert report.torn_cuts >= 1  # every second cut leaves its last writes half written
    assert report.shown > 0 and report.games_finished >= 1
    assert (report.lost, report.wrong_resumes, report.not_opened) == (0, 0, 0), report.lines()
    assert report.passed


def test_a_child_showing_what_it_never_synced_is_caught(tmp_path: Path) -> None:
    require_fuse()
    path = example_path("oczko")
    liar = [sys.executable, "-c", "print('ready'); print('shown 1 5', flush=True)"]
    report = run_power_cut_test(
        parse_script(path.read_text("utf-8")),
        liar,
        tmp_path / "disks",
        tmp_path / "state",
        cuts=2,
        seed=1,
        max_cut_after_s=0.1,
    )
    assert report.shown == 1 and report.lost == 1
    assert not report.passed


def test_commits_that_are_not_synced_lose_shown_events(tmp_path: Path) -> None:
    """The control: a SIGKILL keeps the page cache, a power cut does not."""
    require_fuse()
    path = example_path("oczko")
    mount = tmp_path / "state"
    child = [sys.executable, "-m", "tests.tools.unsynced_child", str(mount), str(path)]
    report = run_power_cut_test(
        parse_script(path.read_text("utf-8")),
        child,
        tmp_path / "disks",
        mount,
        cuts=6,  # under load a cut may land in start-up, before any unsynced commit
        seed=0,
        max_cut_after_s=0.5,
    )
    assert report.shown > 0
    assert report.lost > 0, report.lines()
