"""Train the three models from scratch with the committed recipe, timing every stage.

Run with the training venv, in the background:

    nohup .venv-train/bin/python -m companion.training.train_all --run work-data/runs/v14 \\
        > work-data/runs/v14.log 2>&1 &

Stages, each a trainer run in its own process (so one stage's data is freed before the
next): the card faces (installed with apt and rendered when missing), the detector, the
live frames' narrower detector (taught by the first), the blob finder's crops of three
seeds, then the reader on the detector's crops of a fourth seed plus those blob crops.
Every stage prints its own progress; this prints each stage's command before it and its
minutes after, and the total at the end. The models are left in the run folder; copying
them to ``models/`` is for the user to decide.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.arguments import summary_of
from companion.training.reader_data import LabelRule
from companion.training.scene_jobs import ROOT, crop_cache
from companion.vision.sources import CandidateSource

DETECTOR_SEED = 1
DETECTOR_SCENES = 5000
DETECTOR_VAL_SCENES = 200
DETECTOR_EPOCHS = 8
# the live source's first and fine looks: a network two thirds as wide, taught the
# detector's heat maps (models/README.md, det4)
LIVE_DETECTOR_WIDTHS = "16,32,64"
LIVE_DETECTOR_EPOCHS = 14
BLOB_SEEDS = (8, 9, 10)
BLOB_SCENES = 3000
READER_SEED = 11
READER_SCENES = 4000
READER_VAL_SCENES = 300
READER_EPOCHS = 12  # reader v15 and v21; the 60-min run of 2026-11-23 used 10
TEXT_PAGES = 1000  # pages of printed text cut into "not an index" crops (reader v21)
TEXT_PAGES_SEED = 1


@dataclass(frozen=True)
class Stage:
    name: str
    module: str  # run as python -m module
    arguments: tuple[str, ...]

    def command(self) -> list[str]:
        return [sys.executable, "-m", self.module, *self.arguments]


@dataclass(frozen=True)
class Plan:
    stages: tuple[Stage, ...]
    detector: Path
    live_detector: Path
    reader: Path


def plan(run: Path, data_dir: Path, faces: Path, *, precision: str | None = None) -> Plan:
    """The stages that make ``run``/index_detector.onnx, index_detector_live.onnx and
    index_reader.onnx, caching scenes and crops in ``data_dir`` and faces in ``faces``."""
    detector = run / "index_detector.onnx"
    live_detector = run / "index_detector_live.onnx"
    reader = run / "index_reader.onnx"
    shared = ("--data-dir", str(data_dir), "--faces-cache", str(faces))
    chosen = ("--precision", precision) if precision else ()
    detector_scenes = (
        *("--scenes", str(DETECTOR_SCENES), "--val-scenes", str(DETECTOR_VAL_SCENES)),
        *("--seed", str(DETECTOR_SEED)),
    )
    stages = [
        Stage(
            "faces", "companion.training.faces", ("--install", "--render", "--cache", str(faces))
        ),
        Stage(
            "detector",
            "companion.training.train_detector",
            (
                *detector_scenes,
                *("--epochs", str(DETECTOR_EPOCHS)),
                *shared,
                *chosen,
                *("--out", str(detector)),
            ),
        ),
        Stage(
            "live detector",
            "companion.training.train_detector",
            (
                *detector_scenes,
                *("--epochs", str(LIVE_DETECTOR_EPOCHS), "--widths", LIVE_DETECTOR_WIDTHS),
                *("--teacher", str(detector)),
                *shared,
                *chosen,
                *("--out", str(live_detector)),
            ),
        ),
    ]
    blob_sets = []
    for seed in BLOB_SEEDS:
        stages.append(
            Stage(
                f"blob crops, seed {seed}",
                "companion.training.train_reader",
                (
                    *("--scenes", str(BLOB_SCENES), "--val-scenes", str(READER_VAL_SCENES)),
                    *("--seed", str(seed), "--data-only"),
                    *shared,
                ),
            )
        )
        blob_crops = crop_cache(
            data_dir, "train", seed, BLOB_SCENES, CandidateSource.BLOBS, LabelRule.GLYPH_AND_PIP
        )
        blob_sets.append(str(blob_crops))
    text_crops = data_dir / f"text-pages-{TEXT_PAGES_SEED}-{TEXT_PAGES}.npz"
    stages.append(
        Stage(
            "text page crops",
            "companion.training.text_pages",
            (
                *("--crops", str(TEXT_PAGES), "--seed", str(TEXT_PAGES_SEED)),
                *("--detector", str(detector), "--out", str(text_crops)),
            ),
        )
    )
    stages.append(
        Stage(
            "reader",
            "companion.training.train_reader",
            (
                *("--scenes", str(READER_SCENES), "--val-scenes", str(READER_VAL_SCENES)),
                *("--seed", str(READER_SEED), "--epochs", str(READER_EPOCHS)),
                *("--candidates", "detector", "--detector", str(detector)),
                "--extra-data",
                *blob_sets,
                str(text_crops),
                *shared,
                *chosen,
                *("--out", str(reader)),
            ),
        )
    )
    return Plan(tuple(stages), detector, live_detector, reader)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    parser.add_argument("--run", type=Path, required=True, help="folder for the three models")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where scenes and crops are cached (default: RUN/data; a folder holding "
        "caches of the same seeds skips making them again)",
    )
    parser.add_argument("--faces-cache", type=Path, default=ROOT / "work-data" / "faces")
    parser.add_argument(
        "--precision", choices=("fp32", "bf16"), default=None, help="default: the trainers'"
    )
    args = parser.parse_args(argv)
    data_dir = args.data_dir or args.run / "data"
    chosen = plan(args.run, data_dir, args.faces_cache, precision=args.precision)
    started = time.monotonic()
    for number, stage in enumerate(chosen.stages, start=1):
        print(f"== [{number}/{len(chosen.stages)}] {stage.name}: {' '.join(stage.command())}")
        sys.stdout.flush()
        stage_started = time.monotonic()
        result = subprocess.run(stage.command(), check=False)
        minutes = (time.monotonic() - stage_started) / 60
        if result.returncode != 0:
            print(f"train_all: stage '{stage.name}' failed (exit {result.returncode})")
            return 1
        print(f"== {stage.name}: {minutes:.1f} min, {(time.monotonic() - started) / 60:.1f} so far")
        sys.stdout.flush()
    print(f"train_all: the three models in {(time.monotonic() - started) / 60:.1f} min")
    print(f"  detector      {chosen.detector}")
    print(f"  live detector {chosen.live_detector}")
    print(f"  reader        {chosen.reader}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
