"""Undo late in a long game: the time of one undo at event ``--events`` of a random lawful
game of each game, and the memory the game keeps for its past states.

    .venv/bin/python -m companion.tools.undo_bench [--events 500] [--against main]

Each figure is taken in a child process over a code tree: this checkout, and with
``--against REV`` also that revision of this repository (exported with ``git archive``
into a temporary folder), in the same run, so that the two are compared on one machine
under one load. The child only uses what both trees have: it replays the game's script
(``replay_script``), then times ``Game.undo`` at its end, each undo taken back by
applying the event again.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from pathlib import Path

from companion.arguments import positive_count
from companion.games.registry import game_ids, make_engine
from companion.games.session import Game, StateKeeping
from companion.tools.sheet_bench import lawful_walk

REPOSITORY = Path(__file__).resolve().parents[2]
SEED = 7
UNDO_TRIALS = 5
# Undos in a row in this tree: past the states a game keeps at hand (StateKeeping.recent),
# so that the slowest of them is one that replays events.
UNDO_RUN = 2 * StateKeeping().recent
TARGET_MS = 5.0
MEGABYTE = 1 << 20

# Run in the child over a code tree given first on its path: argv[1] is the script file.
CHILD = """
import json, statistics, sys, time, tracemalloc
from companion.games.script import parse_script
from companion.games.session import replay_script

script = parse_script(open(sys.argv[1], encoding="utf-8").read(), sys.argv[1])
started = time.perf_counter()
game = replay_script(script).game
replay_s = time.perf_counter() - started
del game
tracemalloc.start()  # a second replay, traced (the engine's modules are imported by now)
game = replay_script(script).game
kept = tracemalloc.get_traced_memory()[0]
tracemalloc.stop()
undos = []
for _ in range({trials}):
    started = time.perf_counter()
    event = game.undo()
    undos.append(time.perf_counter() - started)
    game.apply(event)
events = len(game.events)
run = []
for _ in range(min(int(sys.argv[2]), events)):
    started = time.perf_counter()
    game.undo()
    run.append(time.perf_counter() - started)
print(json.dumps({{"events": events, "replay_s": replay_s, "kept_bytes": kept,
                  "undo_ms": 1000 * statistics.median(undos),
                  "run_max_ms": 1000 * max(run, default=0.0)}}))
"""


def walked_script(game_id: str, events: int, seed: int) -> str:
    """A random lawful game of ``game_id`` (default options) ``events`` events long, as an
    event script (fewer events if the game ends first)."""
    rng = random.Random(seed)
    game = Game(make_engine(game_id, {}))
    while len(game.events) < events:
        event = lawful_walk(game, rng)
        if event is None:
            break
        game.apply(event)
    return "\n".join([f"game {game_id}", *map(str, game.events)]) + "\n"


def measure(tree: Path, script: Path, run: int) -> dict[str, float]:
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(trials=UNDO_TRIALS), str(script), str(run)],
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        cwd=tree,  # the child's first path entry is its folder: the tree, not this one
        capture_output=True,
        text=True,
        check=False,
    )
    if child.returncode != 0:
        raise RuntimeError(f"the child over {tree} failed:\n{child.stderr}")
    figures: dict[str, float] = json.loads(child.stdout)
    return figures


def exported(revision: str, folder: Path) -> Path:
    """``revision``'s companion package, unpacked into ``folder``."""
    archive = folder / "tree.tar"
    try:
        subprocess.run(
            ["git", "-C", str(REPOSITORY), "archive", "-o", str(archive), revision, "companion"],
            check=True,
            capture_output=True,
            text=True,
        )
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        raise SystemExit(f"--against {revision}: cannot export it: {detail.strip()}") from None
    tree = folder / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    return tree


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.tools.undo_bench")
    parser.add_argument("--events", type=positive_count, default=500)
    parser.add_argument("--games", nargs="+", choices=game_ids(), default=list(game_ids()))
    parser.add_argument("--against", metavar="REV", help="also measure this git revision")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="undo-bench-") as temporary:
        folder = Path(temporary)
        trees = {"this tree": REPOSITORY}
        if args.against:
            trees[args.against] = exported(args.against, folder)
        print(
            f"one undo at the end of a random lawful game of {args.events} events "
            f"(median of {UNDO_TRIALS}); replay of the whole game; memory the game keeps (traced)"
        )
        worst = 0.0
        for game_id in args.games:
            script = folder / f"{game_id}.txt"
            script.write_text(walked_script(game_id, args.events, args.seed), "utf-8")
            for name, tree in trees.items():
                here = name == "this tree"
                got = measure(tree, script, UNDO_RUN if here else 0)
                if here:
                    worst = max(worst, got["undo_ms"])
                slowest = got["run_max_ms"]
                run = f", slowest of {UNDO_RUN} in a row {slowest:6.1f} ms" if here else ""
                print(
                    f"  {game_id:<11} {name:<10} at event {int(got['events'])}: "
                    f"undo {got['undo_ms']:8.2f} ms, replay {1000 * got['replay_s']:6.0f} ms, "
                    f"kept {got['kept_bytes'] / MEGABYTE:4.1f} MB{run}"
                )
        verdict = "under" if worst < TARGET_MS else "OVER"
        print(
            f"slowest undo at the end in this tree: {worst:.2f} ms, {verdict} the "
            f"{TARGET_MS:g} ms budget"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
