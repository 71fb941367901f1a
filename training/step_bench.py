"""Time one training step of each network in each layout and precision this CPU offers.

Run with the training venv:

    .venv-train/bin/python -m training.step_bench [--steps 12]

Prints the median milliseconds of a training step (forward, loss, backward, optimiser)
on random input of the trainers' batch shapes: the reader's 256 crops and the detector's
8 frames, in the ordinary layout and in channels-last (what the trainers use), float32,
and bfloat16 autocast where the CPU has it natively. All rows are measured in one run,
so their ratios compare on a noisy machine even when the absolute figures do not.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch
from torch import nn

from companion.arguments import positive_count, summary_of
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from training.detector_model import DetectorNet
from training.detector_widths import Widths
from training.precision import Precision, laid_out, native_bfloat16
from training.reader_model import IndexNet
from training.train_all import LIVE_DETECTOR_WIDTHS
from training.train_detector import BATCH as DETECTOR_BATCH
from training.train_reader import BATCH as READER_BATCH

FRAME_HEIGHT, FRAME_WIDTH = 360, 640  # a 16:9 scene at the detector's training size
WARM_UP_STEPS = 2


@dataclass(frozen=True)
class Network:
    name: str
    make: Callable[[], nn.Module]
    batch_shape: tuple[int, int, int, int]


NETWORKS = (
    Network("reader", IndexNet, (READER_BATCH, 3, CROP_HEIGHT, CROP_WIDTH)),
    Network("detector", DetectorNet, (DETECTOR_BATCH, 3, FRAME_HEIGHT, FRAME_WIDTH)),
    Network(
        "live detector",
        lambda: DetectorNet(Widths.parse(LIVE_DETECTOR_WIDTHS)),
        (DETECTOR_BATCH, 3, FRAME_HEIGHT, FRAME_WIDTH),
    ),
)


def step_milliseconds(
    network: Network, layout: torch.memory_format, precision: Precision, steps: int
) -> float:
    """The median time of ``steps`` training steps, after a warm-up."""
    torch.manual_seed(0)
    net = laid_out(network.make(), layout).train()
    optimiser = torch.optim.AdamW(net.parameters())
    batch = torch.randn(network.batch_shape).contiguous(memory_format=layout)
    times = []
    for _ in range(WARM_UP_STEPS + steps):
        started = time.perf_counter()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision is Precision.BFLOAT16):
            outputs = net(batch)
        first = outputs[0] if isinstance(outputs, tuple) else outputs
        loss = first.float().square().mean()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times[WARM_UP_STEPS:])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    parser.add_argument("--steps", type=positive_count, default=12, help="timed steps per row")
    parser.add_argument("--threads", type=positive_count, default=2)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    rows = [
        ("float32, ordinary layout", torch.contiguous_format, Precision.FLOAT32),
        ("float32, channels-last", torch.channels_last, Precision.FLOAT32),
    ]
    if native_bfloat16():
        rows.append(("bfloat16, channels-last", torch.channels_last, Precision.BFLOAT16))
    for network in NETWORKS:
        print(f"{network.name}, batch {tuple(network.batch_shape)}:")
        baseline = None
        for label, layout, precision in rows:
            milliseconds = step_milliseconds(network, layout, precision, args.steps)
            baseline = baseline or milliseconds
            print(f"  {label:<26} {milliseconds:7.1f} ms a step ({milliseconds / baseline:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
