"""Whether ``companion demo --fast --png`` writes the screens of the demo at its own pace,
on a busy machine: ``python -m companion.tools.demo_screens``.

For each game, the demo at its own pace (``--png``) and ``--at-once`` demos with
``--fast --png`` run together, as separate processes, so each runs on a machine the others
keep busy. It prints, per run, how many screens it wrote and how many distinct ones, and
whether every run wrote the same pictures in the same order as the paced one (compared by
their bytes). Exit 1 when one did not.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.arguments import positive_count, summary_of
from companion.games.registry import game_ids

DEFAULT_AT_ONCE = 2
POLL_S = 0.2


@dataclass(frozen=True)
class Run:
    name: str
    screens: tuple[str, ...]  # the pictures' digests, in the order written
    seconds: float
    code: int

    @property
    def distinct(self) -> int:
        return len(set(self.screens))


def digests(folder: Path) -> tuple[str, ...]:
    """The digests of a demo's PNG series, in the order written."""
    return tuple(
        hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.glob("screen-*.png"))
    )


def run_together(game: str, *, at_once: int, paced: bool, folder: Path) -> list[Run]:
    """The paced demo (when ``paced``) and ``at_once`` fast ones of ``game``, all started
    together; their runs, the paced one first."""
    names = (["paced"] if paced else []) + [f"fast {number}" for number in range(1, at_once + 1)]
    started: list[tuple[str, subprocess.Popen[bytes], Path, float]] = []
    for name in names:
        out = folder / f"{game}-{name.replace(' ', '-')}"
        command = [sys.executable, "-m", "companion", "demo", "--game", game, "--png", str(out)]
        if name != "paced":
            command.append("--fast")
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        started.append((name, process, out, time.monotonic()))
    runs = []
    for name, process, out, began in started:
        _, err = process.communicate()
        if process.returncode != 0:
            print(
                f"{game} {name}: exit {process.returncode}: {err.decode()[-400:]}", file=sys.stderr
            )
        runs.append(Run(name, digests(out), time.monotonic() - began, process.returncode))
    return runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.demo_screens", description=summary_of(__doc__)
    )
    parser.add_argument(
        "--games", nargs="+", choices=game_ids(), default=list(game_ids()), help="the games"
    )
    parser.add_argument(
        "--at-once",
        type=positive_count,
        default=DEFAULT_AT_ONCE,
        help=f"fast demos run beside the paced one (default {DEFAULT_AT_ONCE})",
    )
    parser.add_argument(
        "--no-paced",
        action="store_true",
        help="compare the fast runs with each other only (the paced demo takes minutes)",
    )
    args = parser.parse_args(argv)
    same_everywhere = True
    with tempfile.TemporaryDirectory(prefix="demo-screens-") as folder:
        for game in args.games:
            runs = run_together(
                game, at_once=args.at_once, paced=not args.no_paced, folder=Path(folder)
            )
            reference = runs[0]
            for run in runs:
                same = run.screens == reference.screens and run.code == 0
                same_everywhere &= same
                print(
                    f"{game:11} {run.name:7} screens {len(run.screens):3} "
                    f"distinct {run.distinct:3} {run.seconds:6.1f} s  "
                    + ("reference" if run is reference else ("same" if same else "DIFFERENT"))
                )
    print("every run wrote the same screens: " + ("yes" if same_everywhere else "no"))
    return 0 if same_everywhere else 1


if __name__ == "__main__":
    sys.exit(main())
