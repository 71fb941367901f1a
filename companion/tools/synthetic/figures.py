"""Figures of the mat side, printed: what calibration costs a frame, and how many of the
synthetic sessions' dealt cards the reader reads where they lie.

    python -m companion.tools.synthetic.figures [--games N] [--first-seed S]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np

from companion.arguments import positive_count
from companion.demo.film.session import make_session
from companion.games.registry import game_ids
from companion.table.calibration import Calibrator, find_markers, marker_detector
from companion.table.layouts import MatLayout, Paper, mat_layout
from companion.tools.synthetic.read_check import ReadCount, count_reads
from companion.values.frame import Frame

FRAME_SIZES = ((1280, 720), (1920, 1080))
REPEATS = 30


def _median_ms(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _covering(image: np.ndarray, view_points: np.ndarray) -> np.ndarray:
    import cv2

    covered = image.copy()
    cv2.fillConvexPoly(covered, view_points.astype(np.int32), (60, 110, 170))
    return covered


def calibration_costs(frame_size: tuple[int, int], repeats: int) -> list[tuple[str, float]]:
    """(what, median ms) on the first frame of an Oczko session (its camera is printed)."""
    import cv2

    session = make_session("oczko", seed=0, frame_size=frame_size, max_events=1)
    frame = session.frames[0]
    layout: MatLayout = mat_layout("oczko", Paper.A3)
    detector = marker_detector()
    grey = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    calibrator = Calibrator()
    view = calibrator.update(frame)
    if view is None:
        raise RuntimeError("the mat was not found in the figures' own frame")
    corner = layout.marker_corners_mm(0).astype(np.float64)
    middle = corner.mean(axis=0)
    hidden = _covering(frame.image, view.to_image(middle + (corner - middle) * 1.6))
    number = iter(range(1, 10**9))

    def update(image: np.ndarray) -> Callable[[], object]:
        return lambda: calibrator.update(Frame(image, next(number) * 0.1, 0))

    return [
        (
            "ArUco on the whole grey frame",
            _median_ms(lambda: detector.detectMarkers(grey), repeats),
        ),
        (
            "full search (960 px wide copy)",
            _median_ms(lambda: find_markers(detector, frame.image), repeats),
        ),
        ("update, still table", _median_ms(update(frame.image), repeats)),
        ("update, one marker under a hand", _median_ms(update(hidden), repeats)),
    ]


def read_counts(
    frame_size: tuple[int, int], seeds: Sequence[int], *, warped: bool
) -> dict[str, ReadCount]:
    from companion.vision.reader import CardReader
    from companion.vision.reader_settings import ReaderSettings
    from companion.vision.sources import CandidateSource

    reader = CardReader(settings=ReaderSettings(source=CandidateSource.DETECTOR))
    counts = {}
    for game in game_ids():
        total = ReadCount(0, 0, 0)
        for seed in seeds:
            session = make_session(game, seed=seed, frame_size=frame_size)
            got = count_reads(
                session, lambda image: [d.card for d in reader.read(image)], warped=warped
            )
            total = ReadCount(
                total.placed + got.placed, total.read + got.read, total.false + got.false
            )
        counts[game] = total
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--games", type=positive_count, default=1, help="filmed games per game and frame size"
    )
    parser.add_argument("--first-seed", type=int, default=100, help="seed of the first session")
    parser.add_argument("--repeats", type=positive_count, default=REPEATS, help="timed runs")
    args = parser.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.games)
    for size in FRAME_SIZES:
        pose = make_session("oczko", seed=0, frame_size=size, max_events=1).pose
        print(
            f"calibration at {size[0]}x{size[1]}, camera {pose.height_mm:.0f} mm up, "
            f"tilted {pose.tilt_degrees:.0f} degrees (median of {args.repeats}):"
        )
        for what, ms in calibration_costs(size, args.repeats):
            print(f"  {what:34} {ms:6.2f} ms")
    for size in FRAME_SIZES:
        for warped in (False, True):
            where = "top-down mat, 2 px/mm" if warped else "whole frame"
            print(f"reads at {size[0]}x{size[1]}, {where}, seeds {seeds.start}..{seeds.stop - 1}:")
            counts = read_counts(size, seeds, warped=warped)
            for game, count in counts.items():
                print(
                    f"  {game:11} {count.read:4}/{count.placed:<4} read "
                    f"({count.rate:.1%}), {count.false} false"
                )
            placed = sum(c.placed for c in counts.values())
            read = sum(c.read for c in counts.values())
            false = sum(c.false for c in counts.values())
            print(f"  {'all':11} {read:4}/{placed:<4} read ({read / placed:.1%}), {false} false")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
