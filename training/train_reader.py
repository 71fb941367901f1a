"""Train the index reader on synthetic scenes and export it to ONNX.

Run with the training venv (torch installed there only), in the background:

    nohup .venv-train/bin/python -m training.train_reader \\
        --scenes 1500 --epochs 12 > work-data/runs/reader.log 2>&1 &

Scenes come from Data's ``SceneMaker``; the finder runs on each scene and its candidates
are labelled against the ground truth (see ``reader_data``). Prints progress and the
validation accuracy per class; writes the ONNX model and a JSON of the figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import torch
from torch import nn

from companion.arguments import positive_count, summary_of
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.labels import NOT_AN_INDEX, SUITS, rank_class_names
from companion.vision.model import INPUT_NAME, OUTPUT_NAMES, normalise_crops
from companion.vision.sources import CandidateSource, add_source_arguments
from training.exporting import export_onnx, write_figures
from training.precision import (
    Precision,
    add_precision_argument,
    prepare_network,
    restore_layout,
    training_forward,
)
from training.reader_data import UNLABELLED, CropSet, LabelRule, scene_crops
from training.reader_model import CHANNELS, IndexNet
from training.scene_jobs import (
    ROOT,
    SceneJob,
    add_trainer_arguments,
    crop_cache,
    faces_for,
    finder_for,
    training_jobs,
)

NEGATIVES_PER_POSITIVE = 3.0
MIN_NEGATIVES = 40
BATCH = 256
LEARNING_RATE = 3e-3
WEIGHT_DECAY = 1e-4
# Training-time changes of the cached crops (photometric only: the geometry was jittered
# when the crops were cut). Chances are per crop.
GAIN_RANGE = (0.6, 1.15)  # per channel
BLUR_CHANCE = 0.25
BLUR_SIGMA = (0.4, 1.2)  # pixels of the 32 x 48 crop
FLAT_CHANCE = 0.25  # washed-out contrast (dim light, glare)
FLAT_RANGE = (0.45, 0.9)  # the ink-paper contrast kept
NOISE_SIGMA = (0.0, 8.0)
NOISE_BANK = 2048  # unit-noise crops drawn once, picked at random per crop


def _make_crops(job: SceneJob) -> tuple[CropSet, int, int]:
    from training.scenes import SceneMaker

    faces = faces_for(job)
    rng = np.random.default_rng(job.seed)
    scene = SceneMaker(faces, seed=job.seed).make()
    return scene_crops(
        scene,
        rng,
        negatives_per_positive=NEGATIVES_PER_POSITIVE,
        min_negatives=MIN_NEGATIVES,
        find=finder_for(job),
        rule=LabelRule(job.labels),
    )


def build_set(jobs: Sequence[SceneJob], workers: int, label: str) -> CropSet:
    crops, ranks, suits = [], [], []
    visible = found = 0
    started = time.monotonic()
    with ProcessPoolExecutor(workers) as pool:
        for done, (part, total, hit) in enumerate(pool.map(_make_crops, jobs, chunksize=4), 1):
            keep = part.ranks != UNLABELLED
            crops.append(part.crops[keep])
            ranks.append(part.ranks[keep])
            suits.append(part.suits[keep])
            visible += total
            found += hit
            if done % 100 == 0 or done == len(jobs):
                print(
                    f"{label}: {done}/{len(jobs)} scenes, {sum(len(r) for r in ranks)} crops, "
                    f"finder recall {found / max(visible, 1):.4f}, "
                    f"{time.monotonic() - started:.0f} s",
                    flush=True,
                )
    return CropSet(np.concatenate(crops), np.concatenate(ranks), np.concatenate(suits))


def cached_set(path: Path, jobs: Sequence[SceneJob], args: argparse.Namespace) -> CropSet:
    """The crops of the given scenes, built once and kept in ``path``."""
    if path.is_file():
        with np.load(path) as data:
            print(f"loaded {path}", flush=True)
            return CropSet(data["crops"], data["ranks"], data["suits"])
    built = build_set(jobs, args.workers, path.stem)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, crops=built.crops, ranks=built.ranks, suits=built.suits)
    return built


def evaluate(net: IndexNet, data: CropSet) -> tuple[float, dict[str, float], float]:
    """Overall accuracy (rank and suit), per rank class accuracy, and suit accuracy."""
    net.eval()
    rank_pred, suit_pred = [], []
    with torch.no_grad():
        for start in range(0, len(data.ranks), BATCH * 4):
            batch = torch.from_numpy(normalise_crops(data.crops[start : start + BATCH * 4]))
            rank_logits, suit_logits, *_ = net(batch)
            rank_pred.append(rank_logits.argmax(1).numpy())
            suit_pred.append(suit_logits.argmax(1).numpy())
    ranks, suits = np.concatenate(rank_pred), np.concatenate(suit_pred)
    is_index = data.ranks != NOT_AN_INDEX
    correct = (ranks == data.ranks) & (~is_index | (suits == data.suits))
    names = rank_class_names()
    per_class = {
        names[k]: float(correct[data.ranks == k].mean())
        for k in range(len(names))
        if (data.ranks == k).any()
    }
    suit_accuracy = float((suits == data.suits)[is_index].mean()) if is_index.any() else 0.0
    for suit_index, suit in enumerate(SUITS):
        chosen = is_index & (data.suits == suit_index)
        if chosen.any():
            per_class[f"suit {suit.value}"] = float((suits == data.suits)[chosen].mean())
    return float(correct.mean()), per_class, suit_accuracy


def train(
    net: IndexNet,
    train_set: CropSet,
    val_set: CropSet,
    epochs: int,
    seed: int,
    checkpoint: Path,
    precision: Precision = Precision.FLOAT32,
) -> None:
    """Train in place; the weights are saved to ``checkpoint`` after every epoch."""
    generator = np.random.default_rng(seed)
    optimiser = torch.optim.AdamW(net.parameters(), lr=LEARNING_RATE, weight_decay=WEIGHT_DECAY)
    steps = epochs * (len(train_set.ranks) // BATCH + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, LEARNING_RATE, total_steps=steps)
    rank_loss, suit_loss = nn.CrossEntropyLoss(), nn.CrossEntropyLoss(reduction="none")
    noise_bank = generator.standard_normal(
        (NOISE_BANK, CROP_HEIGHT, CROP_WIDTH, 3), dtype=np.float32
    )
    for epoch in range(1, epochs + 1):
        prepare_network(net).train()
        order = generator.permutation(len(train_set.ranks))
        started, total = time.monotonic(), 0.0
        for start in range(0, len(order), BATCH):
            rows = order[start : start + BATCH]
            crops = _augment(train_set.crops[rows], generator, noise_bank)
            batch = torch.from_numpy(normalise_crops(crops))
            ranks = torch.from_numpy(train_set.ranks[rows])
            suits = torch.from_numpy(train_set.suits[rows])
            rank_logits, suit_logits, *_ = training_forward(net, batch, precision)
            is_index = (ranks != NOT_AN_INDEX).float()
            loss = rank_loss(rank_logits, ranks) + (
                suit_loss(suit_logits, suits) * is_index
            ).sum() / is_index.sum().clamp(min=1)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(rows)
        accuracy, _, suit_accuracy = evaluate(restore_layout(net), val_set)
        print(
            f"epoch {epoch}/{epochs}: loss {total / len(order):.4f}, "
            f"val accuracy {accuracy:.4f}, suit {suit_accuracy:.4f}, "
            f"{time.monotonic() - started:.0f} s",
            flush=True,
        )
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
        torch.save(net.state_dict(), checkpoint)


def _augment(
    crops: np.ndarray, generator: np.random.Generator, noise_bank: np.ndarray
) -> np.ndarray:
    """Photometric changes the scenes may lack: per-channel gain, some blur, washed-out
    contrast, pixel noise."""
    import cv2

    values = crops.astype(np.float32)
    count = len(crops)
    for row in np.nonzero(generator.random(count) < BLUR_CHANCE)[0]:
        sigma = float(generator.uniform(*BLUR_SIGMA))
        values[row] = cv2.GaussianBlur(values[row], (0, 0), sigma)
    flat = generator.random(count) < FLAT_CHANCE
    if flat.any():
        kept = generator.uniform(*FLAT_RANGE, (int(flat.sum()), 1, 1, 1)).astype(np.float32)
        bright = values[flat].max(axis=(1, 2), keepdims=True)
        values[flat] = bright - (bright - values[flat]) * kept
    gain = generator.uniform(*GAIN_RANGE, (count, 1, 1, 3)).astype(np.float32)
    sigma_noise = generator.uniform(*NOISE_SIGMA, (count, 1, 1, 1)).astype(np.float32)
    noise = noise_bank[generator.integers(0, len(noise_bank), count)]
    noise *= sigma_noise  # in place, as the rest: the same arithmetic as on copies
    values *= gain
    values += noise
    np.clip(values, 0, 255, out=values)
    augmented: np.ndarray = values.astype(np.uint8)
    return augmented


def export(net: IndexNet, path: Path) -> None:
    export_onnx(
        net,
        torch.zeros(1, 3, CROP_HEIGHT, CROP_WIDTH),
        path,
        inputs=[INPUT_NAME],
        outputs=list(OUTPUT_NAMES),
        dynamic_axes={INPUT_NAME: {0: "batch"}, **{name: {0: "batch"} for name in OUTPUT_NAMES}},
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_trainer_arguments(parser, scenes=1500, val_scenes=200, epochs=12, seed=4)
    parser.add_argument(
        "--extra-data", type=Path, nargs="*", default=[], help="more cached training crops"
    )
    add_source_arguments(parser, default=CandidateSource.BLOBS)
    parser.add_argument("--init", type=Path, default=None, help="start from these weights (.pt)")
    parser.add_argument(
        "--channels",
        type=positive_count,
        nargs=len(CHANNELS),
        default=list(CHANNELS),
        help="channels of the four convolution blocks",
    )
    parser.add_argument(
        "--labels",
        type=LabelRule,
        choices=list(LabelRule),
        default=LabelRule.GLYPH_AND_PIP,
        help="which indices give a crop their card: 'parts' (both glyph and pip show; "
        "since v13) or 'box' (the index box is 70%% visible; v11 and before)",
    )
    add_precision_argument(parser)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "companion" / "models" / "index_reader.onnx"
    )
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    source = args.candidates.value
    train_jobs, val_jobs = training_jobs(
        args,
        args.seed * 100_000,
        candidates=source,
        detector=str(args.detector),
        labels=args.labels.value,
    )
    caches = {
        part: crop_cache(args.data_dir, part, args.seed, count, args.candidates, args.labels)
        for part, count in (("train", args.scenes), ("val", args.val_scenes))
    }
    train_set = cached_set(caches["train"], train_jobs, args)
    val_set = cached_set(caches["val"], val_jobs, args)
    if args.data_only:
        return 0
    for extra in args.extra_data:
        with np.load(extra) as data:
            print(f"adding {extra}", flush=True)
            train_set = CropSet(
                np.concatenate([train_set.crops, data["crops"]]),
                np.concatenate([train_set.ranks, data["ranks"]]),
                np.concatenate([train_set.suits, data["suits"]]),
            )
    print(f"train crops {len(train_set.ranks)}, validation crops {len(val_set.ranks)}", flush=True)
    for name, part in (("training", train_set), ("validation", val_set)):
        if len(part.ranks) == 0:
            print(
                f"train_reader: no {name} crops: the {source} source found no candidate in "
                "the scenes; more scenes, or another --candidates or --detector, are needed",
                file=sys.stderr,
            )
            return 1
    net = IndexNet(tuple(args.channels))
    if args.init is not None:
        net.load_state_dict(torch.load(args.init))
        print(f"starting from {args.init}", flush=True)
    print(f"training in {args.precision}", flush=True)
    checkpoint = args.out.with_suffix(".pt")
    train(net, train_set, val_set, args.epochs, args.seed, checkpoint, args.precision)
    accuracy, per_class, suit_accuracy = evaluate(net, val_set)
    print(f"validation accuracy {accuracy:.4f}, suit accuracy {suit_accuracy:.4f}")
    for name, value in per_class.items():
        print(f"  {name:>7}: {value:.4f}")
    export(net, args.out)
    figures = {
        "channels": list(args.channels),
        "labels": args.labels.value,
        "precision": args.precision.value,
        "train_crops": len(train_set.ranks),
        "val_crops": len(val_set.ranks),
        "val_accuracy": accuracy,
        "val_suit_accuracy": suit_accuracy,
        "val_per_class": per_class,
    }
    write_figures(args.out, args, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
