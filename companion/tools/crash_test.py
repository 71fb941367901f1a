"""``python -m companion.tools.crash_test``: SIGKILL ``companion run`` playing a scripted
session at random moments and count the shown events lost (the figure must be 0)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.arguments import positive_count
from companion.games.registry import DEFAULT_GAME, game_ids, plugin

DEFAULT_TRIALS = 200
CHILDREN = ("app", "journal")
DEFAULT_KILL_AFTER_MS = 200
EXIT_IN_USE = 1  # --state-dir is another process's: as run's exit status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.crash_test",
        description="companion run plays an example game's events (with undos pressed on "
        "fake buttons) and prints each event once its effect is on the screen; it is killed "
        "with SIGKILL at a random moment, again and again, and resumes the game at each "
        "start. Half the kills land during its start-up (before its first screen: the "
        "journal opened and checked, the game resumed), half mid-session. After each kill "
        "every printed event must be in the journal and the resumed state must equal the "
        "replay. Exit 0 when nothing was lost.",
    )
    parser.add_argument(
        "--trials",
        type=positive_count,
        default=DEFAULT_TRIALS,
        help=f"how many kills (default {DEFAULT_TRIALS})",
    )
    add_session_arguments(parser, default_game=DEFAULT_GAME, moments="kill")
    parser.add_argument(
        "--max-kill-after-ms",
        type=positive_count,
        default=DEFAULT_KILL_AFTER_MS,
        help="a mid-session kill comes at a random moment up to this long after the "
        f"child's first screen (default {DEFAULT_KILL_AFTER_MS})",
    )
    parser.add_argument(
        "--child",
        choices=CHILDREN,
        default="app",
        help="app: companion run (default); journal: the journal alone, without the app",
    )
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="where the journal goes (default: a new temporary folder)",
    )
    parser.add_argument(
        "--first-start",
        action="store_true",
        help="kill each trial's very first start on an empty state folder, timed across the "
        "journal's creation, then start again on what it left: none may be refused, find "
        "anything to repair or lose a shown event",
    )
    return run(parser.parse_args(argv))


def add_session_arguments(parser: Any, *, default_game: str, moments: str) -> None:
    """--seed and --game, shared with the power-cut test."""
    parser.add_argument("--seed", type=int, default=0, help=f"seed of the {moments} moments")
    parser.add_argument(
        "--game",
        default=default_game,
        choices=game_ids(),
        help=f"the example session to play (default {default_game})",
    )


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="companion-crash-script-") as folder:
        return _crash_test(args, example_file(args.game, Path(folder)))


def example_file(game: str, folder: Path) -> Path:
    """The example script of ``game`` written into ``folder``: the app's children read it
    by its name."""
    path = folder / f"{game}.txt"
    path.write_text(plugin(game).example_text(), "utf-8")
    return path


def _crash_test(args: argparse.Namespace, script_path: Path) -> int:
    from companion.games.script import parse_script
    from companion.journal.lock import FolderInUse, WriterLock
    from companion.tools.crash import app_command, run_crash_test

    script = parse_script(script_path.read_text("utf-8"), str(script_path))
    if args.state_dir is not None and args.state_dir.is_dir():
        try:
            WriterLock.take(args.state_dir).release()
        except FolderInUse as busy:
            print(f"crash_test: {busy}; one writer per state folder", file=sys.stderr)
            return EXIT_IN_USE
    if args.first_start:
        return _first_start(args, script_path)
    with tempfile.TemporaryDirectory(prefix="companion-crash-") as scratch:
        state_dir = args.state_dir or Path(scratch) / "state"
        command = None
        if args.child == "app":
            command = app_command(state_dir, script_path, Path(scratch) / "config.toml")
        report = run_crash_test(
            script,
            script_path,
            state_dir,
            trials=args.trials,
            seed=args.seed,
            max_kill_after_s=args.max_kill_after_ms / 1000,
            command=command,
        )
    print("\n".join(report.lines()))
    return 0 if report.passed else 1


def _first_start(args: argparse.Namespace, script_path: Path) -> int:
    from companion.tools.crash import app_command, child_command
    from companion.tools.first_start import run_first_start_test

    def command(folder: Path) -> list[str]:
        if args.child == "journal":
            return child_command(folder, script_path)
        return app_command(folder, script_path, folder.with_name(folder.name + ".toml"))

    with tempfile.TemporaryDirectory(prefix="companion-first-start-") as scratch:
        work = args.state_dir or Path(scratch)
        report = run_first_start_test(command, work, trials=args.trials, seed=args.seed)
    print("\n".join(report.lines()))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
