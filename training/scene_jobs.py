"""Scenes made in worker processes: a job names its seed and the faces to deal from."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from companion.arguments import positive_count
from companion.cards import IndexScript
from companion.vision.detector import DetectorSettings
from companion.vision.sources import CandidateFinder, CandidateSource, DetectorModels
from training.reader_data import LabelRule
from training.types import FaceImage


@dataclass(frozen=True)
class SceneJob:
    seed: int
    scripts: tuple[str, ...]
    faces_cache: str
    candidates: str = "blobs"  # a CandidateSource value: where the crops come from
    detector: str = ""  # the detector model, for the sources that use it
    labels: str = LabelRule.GLYPH_AND_PIP.value  # which indices give a crop their card


ROOT = Path(__file__).resolve().parents[1]
# A trainer's validation scenes are its training seeds shifted by this.
VALIDATION_SEED_OFFSET = 1_000_000
TRAINING_LOOKS = DetectorSettings()  # the first look and the four coarse ones


def add_trainer_arguments(
    parser: argparse.ArgumentParser, *, scenes: int, val_scenes: int, epochs: int, seed: int
) -> None:
    """The arguments both trainers take: how many scenes, epochs and which seed, the
    worker processes and threads, and where faces and cached data live."""
    parser.add_argument("--scenes", type=positive_count, default=scenes, help="training scenes")
    parser.add_argument("--val-scenes", type=positive_count, default=val_scenes)
    parser.add_argument("--epochs", type=positive_count, default=epochs)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=positive_count, default=2)
    parser.add_argument("--threads", type=positive_count, default=2)
    parser.add_argument("--faces-cache", type=Path, default=ROOT / "work-data" / "faces")
    parser.add_argument("--data-dir", type=Path, default=ROOT / "work-data" / "datasets")
    parser.add_argument("--data-only", action="store_true", help="build the data and stop")


def training_jobs(
    args: argparse.Namespace,
    first_seed: int,
    *,
    candidates: str = "blobs",
    detector: str = "",
    labels: str = LabelRule.GLYPH_AND_PIP.value,
) -> tuple[list[SceneJob], list[SceneJob]]:
    """The training and validation scene jobs of a trainer's arguments (all three index
    scripts), the training seeds counting up from ``first_seed``."""
    scripts = tuple(script.value for script in IndexScript)
    cache = str(args.faces_cache)

    def jobs(first: int, count: int) -> list[SceneJob]:
        return [
            SceneJob(first + n, scripts, cache, candidates, detector, labels) for n in range(count)
        ]

    return jobs(first_seed, args.scenes), jobs(VALIDATION_SEED_OFFSET + first_seed, args.val_scenes)


def crop_cache(
    data_dir: Path,
    part: str,
    seed: int,
    scenes: int,
    source: CandidateSource,
    labels: LabelRule,
) -> Path:
    """Where the reader's crops of ``part`` ("train" or "val") are cached: the blob
    finder's crops under the default labels have no suffix; other sources and label rules
    are named, so caches of different rules never mix."""
    suffix = "" if source is CandidateSource.BLOBS else f"-{source.value}"
    if labels is not LabelRule.GLYPH_AND_PIP:
        suffix += f"-{labels.value}"
    return data_dir / f"{part}-{seed}-{scenes}{suffix}.npz"


_FACES: dict[tuple[str, ...], list[FaceImage]] = {}
_FINDERS: dict[tuple[str, str], CandidateFinder] = {}


def faces_for(job: SceneJob) -> list[FaceImage]:
    """Data's rendered faces when its loader is there, else the font-drawn faces; loaded
    once per worker process."""
    if job.scripts not in _FACES:
        scripts = tuple(IndexScript(name) for name in job.scripts)
        try:
            from training.faces import load_faces
        except ImportError:
            from training.fontfaces import font_faces

            _FACES[job.scripts] = list(font_faces(scripts=scripts))
        else:
            _FACES[job.scripts] = list(load_faces(Path(job.faces_cache), scripts=scripts))
    return _FACES[job.scripts]


def finder_for(job: SceneJob) -> CandidateFinder:
    """The job's candidate finder, made once per worker process."""
    key = (job.candidates, job.detector)
    if key not in _FINDERS:
        source = CandidateSource(job.candidates)  # BLOBS loads no detector
        # the detector's plain looks, which every committed reader's crops were cut with
        # (models/README.md), not the photo or live source's extra ones
        _FINDERS[key] = CandidateFinder(
            source,
            detectors=DetectorModels(Path(job.detector), live_small_index=None),
            detector_settings=TRAINING_LOOKS,
        )
    return _FINDERS[key]
