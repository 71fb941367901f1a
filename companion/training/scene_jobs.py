"""Scenes made in worker processes: a job names its seed and the faces to deal from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.cards import IndexScript
from companion.training.types import FaceImage
from companion.vision.sources import CandidateFinder, CandidateSource


@dataclass(frozen=True)
class SceneJob:
    seed: int
    scripts: tuple[str, ...]
    faces_cache: str
    candidates: str = "blobs"  # a CandidateSource value: where the crops come from
    detector: str = ""  # the detector model, for the sources that use it


_FACES: dict[tuple[str, ...], list[FaceImage]] = {}
_FINDERS: dict[tuple[str, str], CandidateFinder] = {}


def faces_for(job: SceneJob) -> list[FaceImage]:
    """Data's rendered faces when its loader is there, else the font-drawn faces; loaded
    once per worker process."""
    if job.scripts not in _FACES:
        scripts = tuple(IndexScript(name) for name in job.scripts)
        try:
            from companion.training.faces import load_faces
        except ImportError:
            from companion.training.fontfaces import font_faces

            _FACES[job.scripts] = list(font_faces(scripts=scripts))
        else:
            _FACES[job.scripts] = list(load_faces(Path(job.faces_cache), scripts=scripts))
    return _FACES[job.scripts]


def finder_for(job: SceneJob) -> CandidateFinder:
    """The job's candidate finder, made once per worker process."""
    key = (job.candidates, job.detector)
    if key not in _FINDERS:
        source = CandidateSource(job.candidates)
        if source is CandidateSource.BLOBS:
            _FINDERS[key] = CandidateFinder(source)
        else:
            _FINDERS[key] = CandidateFinder(source, detector_path=Path(job.detector))
    return _FINDERS[key]
