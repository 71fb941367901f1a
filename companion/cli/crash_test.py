"""``companion crash-test``: SIGKILL a child playing a scripted session through the
journal at random moments and count the shown events lost (the figure must be 0)."""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from companion.arguments import positive_count

DEFAULT_TRIALS = 200
DEFAULT_GAME = "oh-hell"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "crash-test",
        help="kill a journaling child with SIGKILL at random moments and count lost events",
        description="A child plays an example game's events (with undos) through the journal "
        "and prints each event once its append returned; it is killed with SIGKILL at a "
        "random moment, again and again. After each kill every printed event must be in the "
        "journal and the resumed state must equal the replay. Exit 0 when nothing was lost.",
    )
    parser.add_argument(
        "--trials",
        type=positive_count,
        default=DEFAULT_TRIALS,
        help=f"how many kills (default {DEFAULT_TRIALS})",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the kill moments")
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=sorted(path.stem for path in EXAMPLES.glob("*.txt")),
        help=f"the example session to play (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--max-kill-after-ms",
        type=positive_count,
        default=50,
        help="kill at a random moment up to this long after the child is ready (default 50)",
    )
    parser.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="where the journal goes (default: a new temporary folder)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.games.script import parse_script
    from companion.journal.crash import run_crash_test

    script_path = EXAMPLES / f"{args.game}.txt"
    script = parse_script(script_path.read_text("utf-8"), str(script_path))
    with tempfile.TemporaryDirectory(prefix="companion-crash-") as scratch:
        state_dir = args.state_dir or Path(scratch)
        report = run_crash_test(
            script,
            script_path,
            state_dir,
            trials=args.trials,
            seed=args.seed,
            max_kill_after_s=args.max_kill_after_ms / 1000,
        )
    print("\n".join(report.lines()))
    return 0 if report.passed else 1
