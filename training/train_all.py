"""Train the three models from scratch with the committed recipe, timing every stage.

Run with the training venv, in the background:

    nohup .venv-train/bin/python -m training.train_all --run work-data/runs/v14 \\
        > work-data/runs/v14.log 2>&1 &

Stages, each a trainer run in its own process (so one stage's data is freed before the
next): the card faces (installed with apt and rendered when missing), the detector, the
live frames' narrower detector (taught by the first), the blob finder's crops of three
seeds, then the reader on the detector's crops of a fourth seed plus those blob crops.
Every stage prints its own progress; this prints each stage's command before it and its
minutes after, and the total at the end. The models are left in the run folder; copying
them to ``models/`` is for the user to decide.

``--recipe full`` (the default) is the committed models' recipe; ``--recipe quick`` makes
and trains on less of everything (``QUICK``), to fit 90 minutes on a 2-core CPU without
bfloat16, for weaker models (models/README.md, "A quick recipe").
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
from companion.vision.sources import CandidateSource
from training.reader_data import LabelRule
from training.scene_jobs import ROOT, crop_cache

DETECTOR_SEED = 1
# the live source's first and fine looks: a network two thirds as wide, taught the
# detector's heat maps (models/README.md, det4)
LIVE_DETECTOR_WIDTHS = "16,32,64"
READER_SEED = 11
TEXT_PAGES_SEED = 1


@dataclass(frozen=True)
class Recipe:
    """How much each stage makes and trains on."""

    detector_scenes: int
    detector_val_scenes: int
    detector_epochs: int
    live_detector_epochs: int
    blob_seeds: tuple[int, ...]  # the blob finder's crops of these seeds' scenes
    blob_scenes: int
    reader_scenes: int  # the detector's crops of these scenes of READER_SEED
    reader_val_scenes: int
    reader_epochs: int
    text_pages: int  # pages of printed text cut into "not an index" crops (reader v21)


# the recipe of the committed models: det1, det4 and reader v21 (v15 and v21 had 12
# reader epochs; the 60-min run of 2026-11-23 had 10)
FULL = Recipe(
    detector_scenes=5000,
    detector_val_scenes=200,
    detector_epochs=8,
    live_detector_epochs=14,
    blob_seeds=(8, 9, 10),
    blob_scenes=3000,
    reader_scenes=4000,
    reader_val_scenes=300,
    reader_epochs=12,
    text_pages=1000,
)
# About a fifth of the full recipe's arithmetic, to fit 90 minutes on a 2-core CPU
# without bfloat16, where the full one takes 3-4.5 h: 83.0 min whole there, for models
# that read clearly less (models/README.md, "A quick recipe").
QUICK = Recipe(
    detector_scenes=2500,
    detector_val_scenes=200,
    detector_epochs=6,
    live_detector_epochs=8,
    blob_seeds=(8,),
    blob_scenes=1500,
    reader_scenes=2000,
    reader_val_scenes=200,
    reader_epochs=8,
    text_pages=500,
)
RECIPES = {"full": FULL, "quick": QUICK}


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


def plan(
    run: Path,
    data_dir: Path,
    faces: Path,
    *,
    precision: str | None = None,
    recipe: Recipe = FULL,
) -> Plan:
    """The stages that make ``run``/index_detector.onnx, index_detector_live.onnx and
    index_reader.onnx by ``recipe``, caching scenes and crops in ``data_dir`` and faces
    in ``faces``."""
    detector = run / "index_detector.onnx"
    live_detector = run / "index_detector_live.onnx"
    reader = run / "index_reader.onnx"
    shared = ("--data-dir", str(data_dir), "--faces-cache", str(faces))
    chosen = ("--precision", precision) if precision else ()
    detector_scenes = (
        *("--scenes", str(recipe.detector_scenes)),
        *("--val-scenes", str(recipe.detector_val_scenes)),
        *("--seed", str(DETECTOR_SEED)),
    )
    stages = [
        Stage("faces", "training.faces", ("--install", "--render", "--cache", str(faces))),
        Stage(
            "detector",
            "training.train_detector",
            (
                *detector_scenes,
                *("--epochs", str(recipe.detector_epochs)),
                *shared,
                *chosen,
                *("--out", str(detector)),
            ),
        ),
        Stage(
            "live detector",
            "training.train_detector",
            (
                *detector_scenes,
                *("--epochs", str(recipe.live_detector_epochs), "--widths", LIVE_DETECTOR_WIDTHS),
                *("--teacher", str(detector)),
                *shared,
                *chosen,
                *("--out", str(live_detector)),
            ),
        ),
    ]
    blob_sets = []
    for seed in recipe.blob_seeds:
        stages.append(
            Stage(
                f"blob crops, seed {seed}",
                "training.train_reader",
                (
                    *("--scenes", str(recipe.blob_scenes)),
                    *("--val-scenes", str(recipe.reader_val_scenes)),
                    *("--seed", str(seed), "--data-only"),
                    *shared,
                ),
            )
        )
        blob_crops = crop_cache(
            data_dir,
            "train",
            seed,
            recipe.blob_scenes,
            CandidateSource.BLOBS,
            LabelRule.GLYPH_AND_PIP,
        )
        blob_sets.append(str(blob_crops))
    text_crops = data_dir / f"text-pages-{TEXT_PAGES_SEED}-{recipe.text_pages}.npz"
    stages.append(
        Stage(
            "text page crops",
            "training.text_pages",
            (
                *("--crops", str(recipe.text_pages), "--seed", str(TEXT_PAGES_SEED)),
                *("--detector", str(detector), "--out", str(text_crops)),
            ),
        )
    )
    stages.append(
        Stage(
            "reader",
            "training.train_reader",
            (
                *("--scenes", str(recipe.reader_scenes)),
                *("--val-scenes", str(recipe.reader_val_scenes)),
                *("--seed", str(READER_SEED), "--epochs", str(recipe.reader_epochs)),
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
    parser.add_argument(
        "--recipe",
        choices=tuple(RECIPES),
        default="full",
        help="full: the committed models' recipe (3-4.5 h on a 2-core CPU without "
        "bfloat16); quick: about a fifth of its arithmetic, under 90 minutes there",
    )
    args = parser.parse_args(argv)
    data_dir = args.data_dir or args.run / "data"
    chosen = plan(
        args.run,
        data_dir,
        args.faces_cache,
        precision=args.precision,
        recipe=RECIPES[args.recipe],
    )
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
