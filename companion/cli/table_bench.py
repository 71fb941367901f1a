"""``companion bench --table``: the tracker timed on a synthetic session (each frame is
drawn before its clock starts: only finding the mat and tracking are timed)."""

from __future__ import annotations

import argparse
import json
import resource
import statistics
from typing import Any

from companion.arguments import positive_count

DEFAULT_GAME = "oh-hell"
DEFAULT_SEED = 101
DEFAULT_EVENTS = 30


def add_arguments(bench: argparse.ArgumentParser) -> None:
    """The table mode's options on ``companion bench``."""
    from companion.games.registry import game_ids

    bench.add_argument(
        "--table",
        action="store_true",
        help="time the table tracker on a synthetic session instead of the reader: frames "
        "a second, a still frame, a frame where a card landed, and the settle-to-event delay",
    )
    bench.add_argument(
        "--game", choices=game_ids(), default=DEFAULT_GAME, help="--table: the session's game"
    )
    bench.add_argument("--seed", type=int, default=DEFAULT_SEED, help="--table: the session's seed")
    bench.add_argument(
        "--events",
        type=positive_count,
        default=DEFAULT_EVENTS,
        help="--table: the first this many event lines of the game's example script",
    )
    bench.add_argument(
        "--size",
        choices=("1280x720", "1920x1080"),
        default="1280x720",
        help="--table: the frame size",
    )


def run_table_bench(args: argparse.Namespace) -> int:
    from companion.games.registry import make_engine
    from companion.table.tracker_settings import TrackerSettings
    from companion.tools.session_run import tally, track_session
    from companion.tools.synthetic.session import make_session
    from companion.vision.reader import CardReader

    width, height = (int(side) for side in args.size.split("x"))
    session = make_session(
        args.game, seed=args.seed, frame_size=(width, height), max_events=args.events
    )
    options = dict(word.split("=", 1) for word in session.header.split()[2:])
    deck = make_engine(args.game, options).deck
    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=deck)
    tracked = track_session(session, reader, deck=deck)
    counts = tally(session.script, tracked.events)
    still = [cost.tracker_ms for cost in tracked.costs if not cost.read]
    landed = [cost.tracker_ms for cost in tracked.costs if cost.read]
    calibration = [cost.calibration_ms for cost in tracked.costs]
    total = sum(cost.tracker_ms + cost.calibration_ms for cost in tracked.costs)
    figures: dict[str, Any] = {
        "game": args.game,
        "seed": args.seed,
        "frame_size": args.size,
        "frames": len(tracked.costs),
        "frames_per_second": round(1000.0 * len(tracked.costs) / total, 1),
        "still_frame_ms": _spread(still),
        "card_landed_frame_ms": _spread(landed),
        "calibration_ms": _spread(calibration),
        "settle_to_event_ms": _spread([1000.0 * delay for delay in counts.delays]),
        "events": {
            "expected": counts.expected,
            "right": counts.right,
            "wrong": counts.wrong,
            "missed": counts.missed,
            "doubled": counts.doubled,
        },
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"{args.game} seed {args.seed}, {figures['frames']} frames at {args.size}, 10 fps")
    print(f"frames per second (mat + tracker): {figures['frames_per_second']}")
    for key, label in (
        ("still_frame_ms", "still frame, tracker ms"),
        ("card_landed_frame_ms", "frame read (a card landed), tracker ms"),
        ("calibration_ms", "finding the mat, ms a frame"),
        ("settle_to_event_ms", "settle to event, ms"),
    ):
        spread = figures[key]
        print(
            f"{label}: median {spread['median']}, p95 {spread['p95']}, max {spread['max']} "
            f"({spread['count']} frames)"
            if key != "settle_to_event_ms"
            else f"{label}: median {spread['median']}, max {spread['max']} "
            f"({spread['count']} events)"
        )
    tallies = figures["events"]
    print(
        f"events: {tallies['right']}/{tallies['expected']} right, {tallies['wrong']} wrong, "
        f"{tallies['missed']} missed, {tallies['doubled']} doubled"
    )
    print(f"peak memory of this process (the session's drawing too): {figures['peak_rss_mb']} MB")
    return 0


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"count": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(values)
    return {
        "count": len(values),
        "median": round(statistics.median(ordered), 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max": round(ordered[-1], 2),
    }
