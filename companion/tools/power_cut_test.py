"""``python -m companion.tools.power_cut_test``: cut the power under ``companion run``
playing a scripted session, on a FUSE file system that loses everything unsynced, and
count the shown events lost (the figure must be 0)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from companion.arguments import positive_count
from companion.tools.crash_test import add_session_arguments, example_file

DEFAULT_CUTS = 100
DEFAULT_GAME = "oczko"
DEFAULT_CUT_AFTER_MS = 1000
EXIT_NO_FUSE = 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.power_cut_test",
        description="companion run plays an example game's events with its state folder on "
        "a FUSE file system that keeps writes in memory until they are synced; the power is "
        "cut at a random moment (during start-up, mid-session, or at a random write of a "
        "checkpoint), everything unsynced is thrown away, and the app starts again from "
        "what was kept. After each cut the journal must open clean, hold every event the "
        "app showed and resume to the replay. Needs /dev/fuse, Debian's fuse3 and the dev "
        "extra's mfusepy. Exit 0 when nothing was lost.",
    )
    parser.add_argument(
        "--cuts",
        type=positive_count,
        default=DEFAULT_CUTS,
        help=f"how many power cuts (default {DEFAULT_CUTS})",
    )
    add_session_arguments(parser, default_game=DEFAULT_GAME, moments="cut")
    parser.add_argument(
        "--max-cut-after-ms",
        type=positive_count,
        default=DEFAULT_CUT_AFTER_MS,
        help="a mid-session cut comes at a random moment up to this long after the app's "
        f"first screen (default {DEFAULT_CUT_AFTER_MS})",
    )
    return run(parser.parse_args(argv))


def run(args: argparse.Namespace) -> int:
    from companion.games.script import parse_script
    from companion.tools.crash import app_command
    from companion.tools.power_cut import fuse_missing, run_power_cut_test

    missing = fuse_missing()
    if missing is not None:
        print(f"power_cut_test: {missing}", file=sys.stderr)
        return EXIT_NO_FUSE
    with tempfile.TemporaryDirectory(prefix="companion-power-") as scratch:
        work = Path(scratch)
        script_path = example_file(args.game, work)
        script = parse_script(script_path.read_text("utf-8"), str(script_path))
        mount = work / "state"
        app = app_command(mount, script_path, work / "config.toml")
        report = run_power_cut_test(
            script,
            app,
            work / "disks",
            mount,
            cuts=args.cuts,
            seed=args.seed,
            max_cut_after_s=args.max_cut_after_ms / 1000,
        )
    print("\n".join(report.lines()))
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
