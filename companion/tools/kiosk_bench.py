"""The kiosk's figures: start to the first screen and resident memory of ``companion
run`` (a child reading a video of a synthetic session), and card settled -> screen
updated on the demo session played at its own pace (10 frames a second).

Also the time from a button press to its screen while the camera thread tracks.

Usage: python -m companion.tools.kiosk_bench [--game GAME] [--events N] [--frames N] [--starts N]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from companion.arguments import positive_count, summary_of
from companion.demo.play import DEFAULT_SEED
from companion.ui.presses import Button, ButtonPress

START_TARGET_S = 3.0
MEMORY_TARGET_MB = 150.0
LATENCY_TARGET_MS = 500.0
PRESS_TARGET_MS = 100.0
PRESS_EVERY_S = 1.0
# The demo's frames, and the Pi camera's stream (companion.device.camera.PI_STREAM_SIZE).
FRAME_SIZES = ((1280, 720), (1920, 1080))
ENDED_LINE = "camera ended"
WAIT_S = 300.0


def write_video(game: str, path: Path, *, frames: int, seed: int, size: tuple[int, int]) -> int:
    """The first ``frames`` frames of the game's demo session as an MJPG video."""
    import cv2

    from companion.demo.film.session import make_session

    session = make_session(game, seed=seed, frame_size=size)
    count = min(frames, len(session.frames))
    width, height = session.frame_size
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (width, height))
    try:
        for number in range(count):
            writer.write(session.frames[number].image)
    finally:
        writer.release()
    return count


def measure_run(folder: Path, video: Path, *, starts: int) -> tuple[list[float], float]:
    """Start ``companion run`` ``starts`` times: the seconds to its first screen each
    time, and the largest resident memory (VmHWM) of a run that read the whole video."""
    config = folder / "config.toml"
    config.write_text(
        f'[camera]\nsource = {json.dumps(str(video))}\n\n[display]\nkind = "none"\n\n'
        f"[state]\ndirectory = {json.dumps(str(folder / 'state'))}\n",
        "utf-8",
    )
    command = [sys.executable, "-m", "companion", "run", "--config", str(config)]
    times: list[float] = []
    peak = 0.0
    for attempt in range(starts):
        started = time.monotonic()
        child = subprocess.Popen(
            [*command, "--report-shown"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stderr is not None
        if child.stdout.readline().strip() != "ready":
            child.kill()
            raise RuntimeError(f"companion run did not start: {child.stderr.read()}")
        times.append(time.monotonic() - started)
        if attempt == starts - 1:
            deadline = time.monotonic() + WAIT_S
            for line in child.stderr:
                if ENDED_LINE in line or time.monotonic() > deadline:
                    break
            peak = _peak_rss_mb(child.pid)
        child.terminate()
        child.wait(30)
    return times, peak


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class PressEverySecond:
    """Buttons pressed once a second (UP: on Oh Hell's home screen it steps the bid
    shown without sending it), while the camera thread tracks the table."""

    def __init__(self) -> None:
        self.next_at = time.monotonic() + PRESS_EVERY_S

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        if time.monotonic() < self.next_at:
            return None
        self.next_at += PRESS_EVERY_S
        return ButtonPress(Button.UP)

    def close(self) -> None:
        """Nothing held."""


def measure_latency(
    game: str, *, events: int | None, seed: int
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Card settled -> screen out, and press -> screen out (seconds), on the demo
    session played at 10 frames a second, the screens drawn as the terminal view."""
    from companion.demo.play import DemoOptions, run_demo
    from companion.device.terminal import TerminalDevice

    stream = io.StringIO()
    options = DemoOptions(game=game, seed=seed, fast=False, events=events)
    result = run_demo(
        options, stream=stream, device=TerminalDevice(stream), buttons=PressEverySecond()
    )
    if not result.same_game:
        print("note: the tracker's game differs from the session's script", file=sys.stderr)
    return result.latencies, result.press_latencies


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.kiosk_bench", description=summary_of(__doc__)
    )
    parser.add_argument("--game", default="oh-hell", help="the demo session's game")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the demo session's seed")
    parser.add_argument(
        "--events",
        type=positive_count,
        default=None,
        help="only the first N events of the session for the latency (default: all)",
    )
    parser.add_argument(
        "--frames", type=positive_count, default=300, help="frames of the video run reads"
    )
    parser.add_argument(
        "--starts", type=positive_count, default=3, help="times run is started and timed"
    )
    args = parser.parse_args(argv)
    peaks = []
    first = 0.0
    for number, size in enumerate(FRAME_SIZES):
        with tempfile.TemporaryDirectory(prefix="companion-bench-") as scratch:
            folder = Path(scratch)
            video = folder / "session.avi"
            frames = write_video(args.game, video, frames=args.frames, seed=args.seed, size=size)
            starts, peak = measure_run(folder, video, starts=args.starts if number == 0 else 1)
        if number == 0:
            first = statistics.median(starts)
            print(
                f"start to first screen: median {first:.2f} s of {len(starts)} starts "
                f"(target < {START_TARGET_S:g} s)",
                flush=True,
            )
        peaks.append(peak)
        print(
            f"resident memory of run, peak over {frames} frames of {size[0]}x{size[1]} "
            f"video: {peak:.0f} MB (target < {MEMORY_TARGET_MB:g} MB)",
            flush=True,
        )
    peak = max(peaks)
    latencies, presses = measure_latency(args.game, events=args.events, seed=args.seed)
    if not latencies:
        print("card settled -> screen updated: no camera events shown")
        return 1
    ordered = sorted(latencies)
    median = statistics.median(ordered) * 1000
    worst = ordered[-1] * 1000
    print(
        f"card settled -> screen updated at 10 fps ({args.game} demo session): median "
        f"{median:.0f} ms, max {worst:.0f} ms over {len(ordered)} events "
        f"(target median < {LATENCY_TARGET_MS:g} ms)"
    )
    if presses:
        press_median = statistics.median(presses) * 1000
        print(
            f"button press -> screen while tracking: median {press_median:.1f} ms, max "
            f"{max(presses) * 1000:.1f} ms over {len(presses)} presses "
            f"(target < {PRESS_TARGET_MS:g} ms)"
        )
    met = first < START_TARGET_S and peak < MEMORY_TARGET_MB and median < LATENCY_TARGET_MS
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
