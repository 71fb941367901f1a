"""Train the index detector on synthetic scenes and export it to ONNX.

Run with the training venv (torch installed there only), in the background:

    nohup .venv-train/bin/python -m training.train_detector \\
        --scenes 5000 --epochs 12 > work-data/runs/detector.log 2>&1 &

Scenes come from ``SceneMaker`` with all three index scripts; each is downscaled as at
run time and its target maps are drawn from the ground truth (``detector_data``). The
loss is a focal loss on the heat map (as in CenterNet) plus L1 on the geometry. Prints
progress and, on held-out scenes, the share of visible indices the detector marks with
the right centre, direction and size; writes the ONNX model and a JSON of the figures.

``--widths`` makes the network narrower or wider (the committed detector is the default,
16,48,96); ``--teacher MODEL.onnx`` also teaches it that detector's heat maps
(distillation), as the live frames' narrower detector was taught (models/README.md, "A
narrower detector for live frames"), and ``--teacher-geometry`` its direction, height and
offset where it sees an index as well.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch.nn import functional

from companion.arguments import summary_of
from companion.vision.detector import (
    DETECTOR_INPUT,
    DETECTOR_OUTPUT,
    STRIDE,
    Channel,
    DetectorSettings,
    find_peaks,
)
from training.detector_data import DetectorSample, scene_sample
from training.detector_model import DetectorNet
from training.detector_widths import Widths
from training.exporting import export_onnx, write_figures
from training.precision import (
    Precision,
    add_precision_argument,
    prepare_network,
    restore_layout,
    training_forward,
)
from training.reader_data import MIN_VISIBLE, POSITIVE_COSINE, POSITIVE_DISTANCE
from training.scene_jobs import (
    ROOT,
    SceneJob,
    add_trainer_arguments,
    faces_for,
    training_jobs,
)

FIRST_SEED = 5_000_000  # far from the reader's training scenes and the measuring sets
BATCH = 8
LEARNING_RATE = 4e-3
WEIGHT_DECAY = 1e-4
FOCAL_POWER = 2.0
NEGATIVE_POWER = 4.0  # how much the bump's shoulders are spared as negatives
GEOMETRY_WEIGHT = 1.0
# a teacher's geometry is learnt where it calls a cell at least this likely an index
# centre (its centre cells and their neighbours), weighted by that probability
TEACHER_GEOMETRY_FROM = 0.1
HEIGHT_TOLERANCE = (0.75, 1.35)  # predicted / true index height counted as right


@dataclass(frozen=True)
class SampleSet:
    images: np.ndarray  # N x H x W x 3 uint8
    targets: np.ndarray  # N x C x h x w float16
    regress: np.ndarray  # N x h x w bool
    weight: np.ndarray  # N x h x w float16


def _make_sample(job: SceneJob) -> DetectorSample:
    from training.scenes import SceneMaker

    return scene_sample(SceneMaker(faces_for(job), seed=job.seed).make())


def build_set(jobs: Sequence[SceneJob], workers: int, label: str) -> SampleSet:
    images, targets, regress, weight = [], [], [], []
    started = time.monotonic()
    with ProcessPoolExecutor(workers) as pool:
        for done, sample in enumerate(pool.map(_make_sample, jobs, chunksize=8), 1):
            images.append(sample.image)
            targets.append(sample.targets.astype(np.float16))
            regress.append(sample.regress)
            weight.append(sample.weight.astype(np.float16))
            if done % 250 == 0 or done == len(jobs):
                print(f"{label}: {done}/{len(jobs)} scenes, {time.monotonic() - started:.0f} s")
    return SampleSet(np.stack(images), np.stack(targets), np.stack(regress), np.stack(weight))


def cached_set(path: Path, jobs: Sequence[SceneJob], workers: int) -> SampleSet:
    if path.is_file():
        with np.load(path) as data:
            print(f"loaded {path}", flush=True)
            return SampleSet(data["images"], data["targets"], data["regress"], data["weight"])
    built = build_set(jobs, workers, path.stem)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(
        path, images=built.images, targets=built.targets, regress=built.regress, weight=built.weight
    )
    return built


def to_tensor(images: np.ndarray) -> torch.Tensor:
    """uint8 N x H x W x 3 BGR to the network's float input (as ``network_input``)."""
    values = torch.from_numpy(images).float() / 255.0 - 0.5
    return values.permute(0, 3, 1, 2).contiguous()


def detector_loss(
    output: torch.Tensor, targets: torch.Tensor, regress: torch.Tensor, weight: torch.Tensor
) -> torch.Tensor:
    heat = torch.sigmoid(output[:, Channel.HEAT]).clamp(1e-4, 1 - 1e-4)
    wanted = targets[:, Channel.HEAT]
    centre = (wanted >= 1.0).float()
    positive = -torch.log(heat) * (1 - heat) ** FOCAL_POWER * centre
    negative = (
        -torch.log(1 - heat)
        * heat**FOCAL_POWER
        * (1 - wanted) ** NEGATIVE_POWER
        * (1 - centre)
        * weight
    )
    count = centre.sum().clamp(min=1.0)
    heat_loss = (positive.sum() + negative.sum()) / count
    mask = regress.unsqueeze(1).float()
    geometry = (output[:, Channel.DOWN_X :] - targets[:, Channel.DOWN_X :]).abs() * mask
    geometry_loss = geometry.sum() / mask.sum().clamp(min=1.0)
    return heat_loss + GEOMETRY_WEIGHT * geometry_loss


def distillation_loss(
    output: torch.Tensor, teacher_heat: torch.Tensor, targets: torch.Tensor
) -> torch.Tensor:
    """How far the heat map is from a teacher detector's (probabilities, N x h x w): the
    cross-entropy of every cell, weighted by the squared difference as the focal loss
    weights its cells (so that the many cells both call empty count little), over as many
    index centres as the heat loss divides by."""
    logits = output[:, Channel.HEAT]
    entropy = functional.binary_cross_entropy_with_logits(logits, teacher_heat, reduction="none")
    weight = (torch.sigmoid(logits) - teacher_heat).detach() ** 2
    count = (targets[:, Channel.HEAT] >= 1.0).float().sum().clamp(min=1.0)
    return (entropy * weight).sum() / count


def geometry_distillation_loss(output: torch.Tensor, teacher_maps: torch.Tensor) -> torch.Tensor:
    """How far the geometry channels (direction, height, offset) are from a teacher
    detector's (N x C x h x w, heat as probability), where the teacher sees an index
    centre: L1 per cell weighted by the teacher's heat, over the cells at least
    TEACHER_GEOMETRY_FROM likely."""
    heat = teacher_maps[:, Channel.HEAT]
    weight = heat * (heat >= TEACHER_GEOMETRY_FROM)
    difference = (output[:, Channel.DOWN_X :] - teacher_maps[:, Channel.DOWN_X :]).abs().sum(dim=1)
    return (difference * weight).sum() / weight.sum().clamp(min=1.0)


def teacher_maps(teacher: Path, images: np.ndarray, *, geometry: bool) -> np.ndarray:
    """A trained detector's heat probabilities for the training frames (N x h x w
    float16), or with ``geometry`` all its channels with the heat as probability (N x C x
    h x w), for the student to learn alongside the ground truth."""
    from companion.vision.detector import IndexDetector, sigmoid

    detector = IndexDetector(teacher)
    started = time.monotonic()
    taught = []
    for row, image in enumerate(images, 1):
        maps = detector.maps(image)
        maps[Channel.HEAT] = sigmoid(maps[Channel.HEAT])
        taught.append((maps if geometry else maps[Channel.HEAT]).astype(np.float16))
        if row % 1000 == 0 or row == len(images):
            print(
                f"teacher {teacher.name}: {row}/{len(images)} frames, "
                f"{time.monotonic() - started:.0f} s",
                flush=True,
            )
    return np.stack(taught)


def train(
    net: DetectorNet,
    data: SampleSet,
    epochs: int,
    seed: int,
    checkpoint: Path,
    precision: Precision = Precision.FLOAT32,
    teacher: np.ndarray | None = None,
) -> None:
    """``teacher``: a trained detector's heat maps, or all its maps (``teacher_maps``)."""
    generator = np.random.default_rng(seed)
    optimiser = torch.optim.AdamW(net.parameters(), lr=LEARNING_RATE, weight_decay=WEIGHT_DECAY)
    steps = epochs * (len(data.images) // BATCH + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, LEARNING_RATE, total_steps=steps)
    for epoch in range(1, epochs + 1):
        prepare_network(net).train()
        order = generator.permutation(len(data.images))
        started, total = time.monotonic(), 0.0
        for start in range(0, len(order), BATCH):
            rows = np.sort(order[start : start + BATCH])
            (output,) = training_forward(net, to_tensor(data.images[rows]), precision)
            targets = torch.from_numpy(data.targets[rows].astype(np.float32))
            loss = detector_loss(
                output,
                targets,
                torch.from_numpy(data.regress[rows]),
                torch.from_numpy(data.weight[rows].astype(np.float32)),
            )
            if teacher is not None:
                taught = torch.from_numpy(teacher[rows].astype(np.float32))
                if taught.dim() == output.dim():  # the teacher's geometry as well
                    loss = loss + GEOMETRY_WEIGHT * geometry_distillation_loss(output, taught)
                    taught = taught[:, Channel.HEAT]
                loss = loss + distillation_loss(output, taught, targets)
            optimiser.zero_grad()
            torch.autograd.backward(loss)  # Tensor.backward has no type hints
            optimiser.step()
            schedule.step()
            total += loss.item() * len(rows)
            if (start // BATCH) % 100 == 0:
                print(f"  step {start // BATCH}: loss {loss.item():.4f}", flush=True)
        print(
            f"epoch {epoch}/{epochs}: loss {total / len(order):.4f}, "
            f"{time.monotonic() - started:.0f} s",
            flush=True,
        )
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        torch.save(restore_layout(net).state_dict(), checkpoint)


@dataclass(frozen=True)
class Recall:
    indices: int  # visible indices in the held-out scenes
    marked: int  # of those, with a peak at the right centre, direction and size
    peaks: float  # peaks per scene


def evaluate(net: DetectorNet, data: SampleSet, settings: DetectorSettings) -> Recall:
    """The share of visible indices with a peak framing them as the reader needs."""
    net.eval()
    indices = marked = peaks_total = 0
    with torch.no_grad():
        for row in range(len(data.images)):
            maps = net(to_tensor(data.images[row : row + 1]))[0].numpy()
            peaks = find_peaks(maps, settings)
            peaks_total += len(peaks.heat)
            wanted = data.targets[row].astype(np.float32)
            rows, cols = np.nonzero(wanted[Channel.HEAT] >= 1.0)
            for y, x in zip(rows, cols, strict=True):
                indices += 1
                centre = (np.array([x, y]) + wanted[Channel.OFFSET_X :, y, x]) * STRIDE
                height = float(np.exp(wanted[Channel.LOG_HEIGHT, y, x])) * STRIDE
                down = wanted[Channel.DOWN_X : Channel.LOG_HEIGHT, y, x]
                distance = np.linalg.norm(peaks.centres - centre, axis=1) / height
                cosine = peaks.down @ down
                ratio = peaks.heights / height
                hit = (
                    (distance < POSITIVE_DISTANCE)
                    & (cosine > POSITIVE_COSINE)
                    & (ratio > HEIGHT_TOLERANCE[0])
                    & (ratio < HEIGHT_TOLERANCE[1])
                )
                marked += int(hit.any())
    return Recall(indices, marked, peaks_total / max(len(data.images), 1))


def export(net: DetectorNet, path: Path) -> None:
    export_onnx(
        net,
        torch.zeros(1, 3, 360, 640),
        path,
        inputs=[DETECTOR_INPUT],
        outputs=[DETECTOR_OUTPUT],
        dynamic_axes={
            DETECTOR_INPUT: {2: "height", 3: "width"},
            DETECTOR_OUTPUT: {2: "rows", 3: "columns"},
        },
    )


def _widths(text: str) -> Widths:
    try:
        return Widths.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_trainer_arguments(parser, scenes=5000, val_scenes=200, epochs=8, seed=1)
    add_precision_argument(parser)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "companion" / "models" / "index_detector.onnx"
    )
    parser.add_argument(
        "--widths",
        type=_widths,
        default=Widths(),
        help=f"channels at 1/2, 1/4 and 1/8 scale (default: {Widths()})",
    )
    parser.add_argument(
        "--teacher",
        type=Path,
        help="an ONNX detector whose heat maps the network also learns (distillation)",
    )
    parser.add_argument(
        "--teacher-geometry",
        action="store_true",
        help="also learn the teacher's direction, height and offset where it sees an index",
    )
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    train_jobs, val_jobs = training_jobs(args, FIRST_SEED + args.seed * 100_000)
    data_dir = args.data_dir
    train_set = cached_set(
        data_dir / f"detector-train-{args.seed}-{args.scenes}.npz", train_jobs, args.workers
    )
    val_set = cached_set(
        data_dir / f"detector-val-{args.seed}-{args.val_scenes}.npz", val_jobs, args.workers
    )
    if args.data_only:
        return 0
    net = DetectorNet(args.widths)
    print(f"training in {args.precision}", flush=True)
    if args.teacher_geometry and args.teacher is None:
        parser.error("--teacher-geometry needs --teacher")
    taught = (
        None
        if args.teacher is None
        else teacher_maps(args.teacher, train_set.images, geometry=args.teacher_geometry)
    )
    train(
        net,
        train_set,
        args.epochs,
        args.seed,
        args.out.with_suffix(".pt"),
        args.precision,
        taught,
    )
    settings = DetectorSettings()
    recall = evaluate(net, val_set, settings)
    share = recall.marked / max(recall.indices, 1)
    print(
        f"validation: {recall.marked}/{recall.indices} visible indices marked ({share:.4f}), "
        f"{recall.peaks:.1f} peaks per scene at heat >= {settings.min_heat}"
    )
    export(net, args.out)
    figures = {
        "val_indices": recall.indices,
        "val_marked": recall.marked,
        "val_marked_share": share,
        "val_peaks_per_scene": recall.peaks,
        "min_visible": MIN_VISIBLE,
        "precision": args.precision.value,
        "widths": str(args.widths),
        "teacher": None if args.teacher is None else str(args.teacher),
        "teacher_geometry": args.teacher_geometry,
    }
    write_figures(args.out, args, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
