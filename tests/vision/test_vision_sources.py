"""Candidate sources: the blob finder, the detector, both, or blobs gated by its heat."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cards import parse_cards
from companion.tools.drawn import table_frame
from companion.vision.detector import (
    DEFAULT_DETECTOR_PATH,
    DEFAULT_LIVE_DETECTOR_PATH,
    STRIDE,
    DetectorError,
    Marked,
)
from companion.vision.finder import Candidates, FinderSettings, find_candidates
from companion.vision.sources import (
    GATE_HEAT,
    LIVE_DETECTOR,
    PHOTO_DETECTOR,
    CandidateFinder,
    CandidateSource,
    DetectorModels,
)

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)


PEAK = np.array([[100.0, 120.0]], np.float32)


class FakeDetector:
    """Marks one index at PEAK; its heat is high on the left half of the frame only."""

    def mark(self, work: np.ndarray) -> Marked:
        rows, cols = work.shape[0] // STRIDE, work.shape[1] // STRIDE
        heat = np.zeros((rows, cols), np.float32)
        heat[:, : cols // 2] = 0.9
        candidates = Candidates(
            centres=PEAK,
            down=np.array([[0.0, 1.0]], np.float32),
            heights=np.array([30.0], np.float32),
            image=work,
        )
        return Marked(candidates, (heat,), (1.0,))


def _finder(source: CandidateSource) -> CandidateFinder:
    finder = CandidateFinder(CandidateSource.BLOBS)
    finder.source = source
    finder.detector = FakeDetector()  # type: ignore[assignment]
    return finder


def test_each_source_offers_its_candidates() -> None:
    frame, _ = table_frame(list(parse_cards("2S 5H 9D JC")), card_height=190.0, seed=3)
    blobs = find_candidates(frame)
    half = frame.shape[1] / 2
    on_the_left = int((blobs.centres[:, 0] < half - STRIDE).sum())
    assert 0 < on_the_left < len(blobs)

    assert len(CandidateFinder(CandidateSource.BLOBS)(frame)) == len(blobs)
    detector_only = _finder(CandidateSource.DETECTOR)(frame)
    assert detector_only.centres.tolist() == PEAK.tolist()
    both = _finder(CandidateSource.BOTH)(frame)
    assert len(both) == 1 + len(blobs)
    gated = _finder(CandidateSource.GATED)(frame)
    assert gated.centres[0].tolist() == PEAK[0].tolist()
    kept = gated.centres[1:]
    assert (kept[:, 0] < half + STRIDE).all()  # only blobs where the heat is high
    assert len(kept) >= on_the_left
    assert GATE_HEAT < 0.9


def test_heat_near_a_point_is_the_hottest_neighbouring_cell() -> None:
    heat = np.zeros((10, 10), np.float32)
    heat[4, 6] = 0.7
    marked = Marked(
        Candidates(
            centres=np.zeros((0, 2), np.float32),
            down=np.zeros((0, 2), np.float32),
            heights=np.zeros(0, np.float32),
            image=BLANK,
        ),
        (heat, np.zeros((2, 2), np.float32)),
        (0.5, 0.1),  # working pixels to network pixels, per look
    )
    cell = STRIDE / 0.5  # working pixels per cell
    points = np.array([[6.5 * cell, 4.5 * cell], [7.5 * cell, 5.5 * cell], [1.0, 1.0]])
    near = marked.heat_near(points)
    assert near.tolist() == [np.float32(0.7), np.float32(0.7), 0.0]


def test_photos_get_the_finest_look_and_live_frames_a_cheaper_one() -> None:
    gated = CandidateFinder(CandidateSource.GATED).detector
    live = CandidateFinder(CandidateSource.DETECTOR).detector
    assert gated is not None and live is not None
    assert gated.settings == PHOTO_DETECTOR and live.settings == LIVE_DETECTOR
    frame = np.zeros((720, 1280, 3), np.uint8)
    photo_scales = [scale for _, scale in gated.looks(frame)]
    live_scales = [scale for _, scale in live.looks(frame)]
    assert max(photo_scales) == pytest.approx(1.0)  # the frame's own resolution
    assert max(live_scales) == pytest.approx(0.705)
    assert len(live_scales) < len(photo_scales)
    # a close-up's index, 150 px tall in the frame, is inside the trained sizes (6-30 px)
    assert 150 * min(live_scales) < 30


@pytest.mark.parametrize("source", list(CandidateSource))
def test_every_source_takes_a_frame_over_the_working_size(source: CandidateSource) -> None:
    frame, _ = table_frame(list(parse_cards("2S 5H")), card_height=190.0, seed=3)
    large = cv2.resize(frame, None, fx=1.25, fy=1.25)
    assert max(large.shape[:2]) > FinderSettings().max_side  # the reader would shrink it
    candidates = CandidateFinder(source)(large)
    assert len(candidates) > 0
    assert candidates.crops.shape[0] == len(candidates)


def test_only_the_live_source_loads_the_small_index_detector(tmp_path: Path) -> None:
    missing = DetectorModels(live_small_index=tmp_path / "narrow.onnx")
    with pytest.raises(DetectorError, match=f"no detector model at {tmp_path / 'narrow.onnx'}"):
        CandidateFinder(CandidateSource.DETECTOR, detectors=missing)
    for source in (CandidateSource.GATED, CandidateSource.BOTH):
        finder = CandidateFinder(source, detectors=missing)
        assert finder.detector is not None and finder.detector.small_index_path is None
    live = CandidateFinder(CandidateSource.DETECTOR)
    assert live.detector is not None
    assert live.detector.small_index_path == DEFAULT_LIVE_DETECTOR_PATH
    assert live.detector.path == DEFAULT_DETECTOR_PATH
    one_model = CandidateFinder(
        CandidateSource.DETECTOR, detectors=DetectorModels(live_small_index=None)
    )
    assert one_model.detector is not None and one_model.detector.small_index_path is None
    named_twice = CandidateFinder(
        CandidateSource.DETECTOR, detectors=DetectorModels(live_small_index=DEFAULT_DETECTOR_PATH)
    )
    assert named_twice.detector is not None and named_twice.detector.small_index_path is None
