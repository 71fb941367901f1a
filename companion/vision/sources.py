"""Where the crops to read come from: the blob finder, the learned detector, or both."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import numpy as np

from companion.vision.detector import (
    DEFAULT_DETECTOR_PATH,
    DEFAULT_LIVE_DETECTOR_PATH,
    DetectorSettings,
    IndexDetector,
)
from companion.vision.finder import (
    Candidates,
    FinderSettings,
    Geometry,
    blob_geometry,
    cut_candidates,
    find_candidates,
)


class CandidateSource(Enum):
    BLOBS = "blobs"  # the OpenCV blob-pairing finder
    DETECTOR = "detector"  # the learned index detector
    BOTH = "both"
    GATED = "gated"  # the detector's peaks, and the blob finder's crops where it is warm

    def __str__(self) -> str:  # as command-line help shows the choices
        return self.value


# Photos: the detector's peaks and the blob finder's crops where the detector is warm
# read the most cards. Live frames: the detector alone, several times faster on textured
# tables (where the blob finder offers 1,000-2,000 crops).
DEFAULT_SOURCE = CandidateSource.GATED
LIVE_SOURCE = CandidateSource.DETECTOR


def default_source(*, live: bool) -> CandidateSource:
    """The source for live camera frames, or for photos."""
    return LIVE_SOURCE if live else DEFAULT_SOURCE


@dataclass(frozen=True)
class DetectorModels:
    """The detector's ONNX models: ``main`` for every look of photos and for the live
    source's coarse looks; ``live_small_index`` for the live source's first and fine looks
    (None: ``main`` there too)."""

    main: Path = DEFAULT_DETECTOR_PATH
    live_small_index: Path | None = DEFAULT_LIVE_DETECTOR_PATH

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> DetectorModels:
        """The models named by ``add_source_arguments``' options."""
        return cls(args.detector, args.live_detector)


def add_source_arguments(parser: argparse.ArgumentParser, *, default: CandidateSource) -> None:
    """``--candidates``, ``--detector`` and ``--live-detector``, as every command that
    reads crops takes them."""
    parser.add_argument(
        "--candidates",
        type=CandidateSource,
        choices=list(CandidateSource),
        default=default,
        help=f"where the crops to read come from (default: {default})",
    )
    parser.add_argument(
        "--detector",
        type=Path,
        default=DEFAULT_DETECTOR_PATH,
        help="the ONNX index detector (for live frames: their coarse looks only)",
    )
    parser.add_argument(
        "--live-detector",
        type=Path,
        default=DEFAULT_LIVE_DETECTOR_PATH,
        help="the ONNX index detector of live frames' first and fine looks, where the table "
        "camera's small indices are found (--candidates detector only)",
    )


# A blob crop is read in GATED mode when the detector's heat near it is at least this.
GATE_HEAT = 0.05
# Photos are also looked at with the working image at its own resolution, for the
# smallest indices; live frames cannot afford that look (4-6 times the first look's cost).
PHOTO_DETECTOR = DetectorSettings(fine_factors=(2.0,))
# Live frames get a cheaper fine look at 1.41 times the first look's scale (their indices,
# 20-40 px at 720 px, fall inside the trained sizes there) and two coarse looks a factor 2
# apart, which still find close-ups. Their first and fine looks are run by the narrower
# network (DEFAULT_LIVE_DETECTOR_PATH): faster, and as good on held-out scenes.
LIVE_DETECTOR = DetectorSettings(coarse_factors=(0.71, 0.35), fine_factors=(1.41,))


class CandidateFinder:
    """Candidate index crops of a working image from the chosen source."""

    def __init__(
        self,
        source: CandidateSource = CandidateSource.BLOBS,
        *,
        settings: FinderSettings | None = None,
        detectors: DetectorModels | None = None,
        detector_settings: DetectorSettings | None = None,
    ) -> None:
        """``detector_settings``: the detector's looks, by default the source's own
        (LIVE_DETECTOR for ``detector``, PHOTO_DETECTOR for ``gated`` and ``both``)."""
        self.source = source
        self.settings = settings or FinderSettings()
        self.detector: IndexDetector | None = None
        detectors = detectors or DetectorModels()
        if source is CandidateSource.DETECTOR:
            self.detector = IndexDetector(
                detectors.main,
                detector_settings or LIVE_DETECTOR,
                small_index_path=detectors.live_small_index,
            )
        elif source is not CandidateSource.BLOBS:
            self.detector = IndexDetector(detectors.main, detector_settings or PHOTO_DETECTOR)

    def __call__(self, work: np.ndarray) -> Candidates:
        """Candidates of a working image (longest side at most ``settings.max_side``)."""
        if self.detector is None:
            return find_candidates(work, self.settings)
        marked = self.detector.mark(work)
        if self.source is CandidateSource.DETECTOR:
            return marked.candidates
        # the blob pairs of ``work`` itself, whatever its size: the crops of both sources
        # are cut from the one image
        geometry = blob_geometry(work, self.settings)
        if self.source is CandidateSource.BOTH:
            return marked.candidates.joined(cut_candidates(work, geometry))
        # gated: only the blob pairs where the detector is warm are cut at all
        warm = marked.heat_near(geometry.centres) >= GATE_HEAT
        kept = Geometry(geometry.centres[warm], geometry.down[warm], geometry.heights[warm])
        return marked.candidates.joined(cut_candidates(work, kept))
