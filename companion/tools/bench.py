"""``python -m companion.tools.bench``: the card reader timed per stage on a drawn
1280x720 frame of ten cards (as for live camera frames: detector candidates unless
--candidates says otherwise); with ``--table``, the table tracker timed on a filmed game
(each frame is drawn before its clock starts: only finding the mat and tracking are
timed)."""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.arguments import positive_count
from companion.cli.vision import EXIT_OK, EXIT_USAGE, candidate_options, reader_arguments
from companion.games.registry import DEFAULT_GAME, game_ids

if TYPE_CHECKING:
    from companion.vision.reader import CardReader

DEFAULT_SEED = 101
DEFAULT_EVENTS = 30
BENCH_CARDS = "2S 5H 9D JC QS KH AD 10C 7S 3H"
BENCH_FRAMES = 20
# Frames read before the timed ones: a new process's first frames run slower while
# onnxruntime's arenas and the caches settle, and the kiosk reads frames for hours.
BENCH_WARM_UP = 10
BENCH_CARD_HEIGHT = 190.0


def main(argv: Sequence[str] | None = None) -> int:
    bench = argparse.ArgumentParser(prog="python -m companion.tools.bench", description=__doc__)
    bench.add_argument(
        "--frames",
        type=positive_count,
        default=BENCH_FRAMES,
        help=f"frames timed (default {BENCH_FRAMES})",
    )
    bench.add_argument(
        "--warm-up",
        type=positive_count,
        default=BENCH_WARM_UP,
        help=f"frames read before the timed ones (default {BENCH_WARM_UP})",
    )
    bench.add_argument("--model", type=Path, default=None, help="the ONNX reader model")
    candidate_options(bench, live=True)
    bench.add_argument("--json", action="store_true", help="print JSON")
    add_table_arguments(bench)
    args = bench.parse_args(argv)
    return run_table_bench(args) if args.table else run_bench(args)


def add_table_arguments(bench: argparse.ArgumentParser) -> None:
    """The table mode's options."""
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
    from companion.demo.film.session import make_session
    from companion.table.tracker_settings import TrackerSettings
    from companion.tools.session_run import tally, track_session
    from companion.vision.reader import CardReader

    width, height = (int(side) for side in args.size.split("x"))
    session = make_session(
        args.game, seed=args.seed, frame_size=(width, height), max_events=args.events
    )
    deck = session.spec.engine().deck
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


def run_bench(args: argparse.Namespace) -> int:
    from companion.cards import parse_cards
    from companion.tools.drawn import table_frame
    from companion.vision.detector import DetectorError
    from companion.vision.model import ModelError
    from companion.vision.reader import CardReader, StageTimes

    try:
        reader = CardReader(**reader_arguments(args))
    except (ModelError, DetectorError) as error:
        print(f"bench: {error}", file=sys.stderr)
        return EXIT_USAGE
    frame, placed = table_frame(
        list(parse_cards(BENCH_CARDS)), card_height=BENCH_CARD_HEIGHT, seed=1
    )
    for _ in range(args.warm_up):
        reader.read(frame)
    reader.times = StageTimes()
    per_frame: list[float] = []
    # this thread's CPU time too: the reader runs on one thread, and unlike the wall
    # clock it does not count the time a busy machine keeps the core from it
    cpu_per_frame: list[float] = []
    found: list[str] = []
    for _ in range(args.frames):
        started, started_cpu = time.perf_counter(), time.thread_time()
        found = sorted(str(d.card) for d in reader.read(frame))
        per_frame.append((time.perf_counter() - started) * 1000)
        cpu_per_frame.append((time.thread_time() - started_cpu) * 1000)
    times = reader.times
    figures = {
        "frame": "1280x720, ten drawn cards",
        "frames": args.frames,
        "warm_up_frames": args.warm_up,
        "candidates_from": reader.find.source.value,
        "detector_models": _detector_models(reader),
        "find_ms": round(times.find / times.frames, 2),
        "read_ms": round(times.read / times.frames, 2),
        "merge_ms": round(times.merge / times.frames, 2),
        "total_ms": round(statistics.fmean(per_frame), 2),
        "median_ms": round(statistics.median(per_frame), 2),
        "cpu_median_ms": round(statistics.median(cpu_per_frame), 2),
        "candidates": times.candidates[-1] if times.candidates else 0,
        "cards_expected": sorted(str(p.card) for p in placed),
        "cards_read": found,
        "peak_memory_mb": peak_memory_mb(),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        _print_bench(figures)
    return EXIT_OK


def _print_bench(figures: dict[str, Any]) -> None:
    models = ", ".join(f"{look}: {name}" for look, name in figures["detector_models"].items())
    expected, read = figures["cards_expected"], figures["cards_read"]
    right = sum(card in read for card in expected)
    print(f"frame: {figures['frame']}, candidates from {figures['candidates_from']}")
    if models:
        print(f"detector models: {models}")
    print(f"frames timed: {figures['frames']}, after {figures['warm_up_frames']} warm-up frames")
    print(f"mean per frame: {figures['total_ms']} ms")
    print(f"median per frame: {figures['median_ms']} ms")
    print(f"median CPU time per frame: {figures['cpu_median_ms']} ms")
    print(
        f"stages, mean per frame: find {figures['find_ms']} ms, read {figures['read_ms']} ms, "
        f"merge {figures['merge_ms']} ms ({figures['candidates']} candidates)"
    )
    print(f"cards read: {right} of {len(expected)}, {len(read) - right} false")
    print(f"peak memory: {figures['peak_memory_mb']} MB")


def _detector_models(reader: CardReader) -> dict[str, str]:
    """The detector model files the reader runs, by the looks they run."""
    detector = reader.find.detector
    if detector is None:
        return {}
    if detector.small_index_path is None:
        return {"every look": detector.path.name}
    return {
        "first and fine looks": detector.small_index_path.name,
        "coarse looks": detector.path.name,
    }


def peak_memory_mb() -> float:
    """The most memory this process has held so far (its peak resident set), in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kilobytes = peak / 1024 if sys.platform == "darwin" else peak  # macOS counts bytes
    return round(kilobytes / 1024, 1)


if __name__ == "__main__":
    sys.exit(main())
