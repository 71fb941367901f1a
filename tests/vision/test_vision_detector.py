"""The learned index detector's input, peak finding and candidates (with made-up maps)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import onnxruntime
import pytest

from companion.cards import parse_cards
from companion.tools.drawn import table_frame
from companion.vision.detector import (
    CHANNELS,
    DEFAULT_DETECTOR_PATH,
    DEFAULT_LIVE_DETECTOR_PATH,
    DETECTOR_SIDE,
    PAD_TO,
    STRIDE,
    Channel,
    DetectorError,
    DetectorSettings,
    IndexDetector,
    _tiles,
    as_tensor,
    find_peaks,
    network_input,
)
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, Candidates
from companion.vision.sources import LIVE_DETECTOR

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)


def test_network_input_is_downscaled_padded_and_centred_on_zero() -> None:
    frame = np.full((1000, 1500, 3), 255, np.uint8)
    tensor, scale = network_input(frame)
    assert scale == pytest.approx(DETECTOR_SIDE / 1500)
    assert tensor.shape[:2] == (1, 3)
    assert tensor.shape[2] % PAD_TO == 0 and tensor.shape[3] % PAD_TO == 0
    assert tensor.shape[3] == DETECTOR_SIDE
    rows = round(1000 * scale)
    assert tensor[0, :, :rows].max() == pytest.approx(0.5)
    assert tensor[0, :, rows:].max() == 0.0  # padding
    small, unscaled = network_input(np.zeros((100, 60, 3), np.uint8))
    assert unscaled == 1.0
    assert small.shape == (1, 3, 104, 64)


def test_network_input_keeps_the_channels_in_order() -> None:
    image = np.zeros((9, 7, 3), np.uint8)
    image[..., 0], image[..., 1], image[..., 2] = 0, 51, 255  # blue, green, red
    image[2, 3] = (102, 204, 153)
    tensor = as_tensor(image)
    assert tensor.shape == (1, 3, 16, 8) and tensor.flags["C_CONTIGUOUS"]
    np.testing.assert_allclose(tensor[0, :, 0, 0], [-0.5, -0.3, 0.5], atol=1e-6)
    np.testing.assert_allclose(tensor[0, :, 2, 3], [-0.1, 0.3, 0.1], atol=1e-6)
    assert not tensor[0, :, 9:].any() and not tensor[0, :, :, 7:].any()  # padding


def _maps(peaks: list[tuple[int, int, float, float, float]]) -> np.ndarray:
    """Made-up network output: (row, col, heat probability, down angle degrees, height)."""
    maps = np.zeros((CHANNELS, 40, 60), np.float32)
    maps[Channel.HEAT] = -6.0
    for row, col, probability, degrees, height in peaks:
        maps[Channel.HEAT, row, col] = np.log(probability / (1 - probability))
        maps[Channel.HEAT, row, col + 1] = np.log(probability / 2 / (1 - probability / 2))
        turn = np.radians(degrees)
        maps[Channel.DOWN_X, row, col] = -np.sin(turn) * 3  # not unit: normalised
        maps[Channel.DOWN_Y, row, col] = np.cos(turn) * 3
        maps[Channel.LOG_HEIGHT, row, col] = np.log(height / STRIDE)
        maps[Channel.OFFSET_X, row, col] = 0.25
        maps[Channel.OFFSET_Y, row, col] = 0.75
    return maps


def test_peaks_are_local_maxima_above_the_threshold_hottest_first() -> None:
    maps = _maps([(10, 10, 0.6, 0.0, 20.0), (30, 40, 0.9, 90.0, 32.0), (5, 50, 0.1, 0.0, 9.0)])
    peaks = find_peaks(maps, DetectorSettings(min_heat=0.15))
    assert len(peaks.heat) == 2  # the 0.1 peak is too cold; shoulders are not peaks
    assert peaks.heat[0] == pytest.approx(0.9)
    assert peaks.centres[0] == pytest.approx([(40 + 0.25) * STRIDE, (30 + 0.75) * STRIDE])
    assert peaks.down[0] == pytest.approx([-1.0, 0.0], abs=1e-6)
    assert peaks.heights[0] == pytest.approx(32.0, rel=1e-5)
    assert peaks.down[1] == pytest.approx([0.0, 1.0], abs=1e-6)
    capped = find_peaks(maps, DetectorSettings(min_heat=0.05, max_peaks=1))
    assert len(capped.heat) == 1


def test_candidates_join_in_order() -> None:
    def made(count: int, value: float) -> Candidates:
        return Candidates(
            centres=np.full((count, 2), value, np.float32),
            down=np.tile(np.array([[0.0, 1.0]], np.float32), (count, 1)),
            heights=np.full(count, value, np.float32),
            image=BLANK,
        )

    joined = made(2, 1.0).joined(made(3, 2.0))
    assert len(joined) == 5
    assert joined.heights.tolist() == [1.0, 1.0, 2.0, 2.0, 2.0]
    assert joined.crops.shape == (5, CROP_HEIGHT, CROP_WIDTH, 3)
    assert joined.heat is None  # no detector marked either
    marked = replace(made(2, 1.0), heat=np.array([0.5, 0.25], np.float32))
    mixed = marked.joined(made(3, 2.0))
    assert mixed.heat is not None and mixed.heat.tolist() == [0.5, 0.25, 0.0, 0.0, 0.0]


def test_each_candidate_carries_the_heat_of_its_peak() -> None:
    frame, _ = table_frame(list(parse_cards("2S 5H 9D JC")), card_height=190.0, seed=2)
    detector = IndexDetector(DEFAULT_DETECTOR_PATH, LIVE_DETECTOR)
    marked = detector.mark(frame)
    heat = marked.candidates.heat
    assert heat is not None and heat.shape == (len(marked.candidates),)
    assert heat.min() >= LIVE_DETECTOR.min_heat
    # the hottest candidate is the hottest cell of any look, and each look's share of the
    # candidates carries that look's peaks hottest first
    assert heat.max() == pytest.approx(max(float(look.max()) for look in marked.heat))
    start = 0
    for look in marked.heat:
        peaks = find_peaks(np.zeros((CHANNELS, *look.shape), np.float32), LIVE_DETECTOR, look)
        np.testing.assert_allclose(heat[start : start + len(peaks.heat)], peaks.heat)
        start += len(peaks.heat)
    assert start == len(heat)


def test_a_missing_or_broken_detector_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DetectorError, match="no detector model"):
        IndexDetector(tmp_path / "absent.onnx")
    broken = tmp_path / "broken.onnx"
    broken.write_bytes(b"not a model")
    with pytest.raises(DetectorError, match="not a readable ONNX model"):
        IndexDetector(broken)


@pytest.mark.parametrize(("height", "width"), [(720, 1280), (960, 1280), (104, 704), (1280, 968)])
def test_tiles_cover_the_image_once_on_the_cell_grid(height: int, width: int) -> None:
    covered = np.zeros((height, width), np.int32)
    for rows, cols in _tiles(height, width):
        assert rows.stop - rows.start <= DETECTOR_SIDE and cols.stop - cols.start <= DETECTOR_SIDE
        assert rows.start % PAD_TO == 0 and cols.start % PAD_TO == 0  # the network's grid
        covered[rows, cols] += 1
    assert (covered == 1).all()


class CountingDetector(IndexDetector):
    """The detector, counting how often the network runs."""

    runs = 0

    def _run(self, tensor: np.ndarray, session: onnxruntime.InferenceSession) -> np.ndarray:
        self.runs += 1
        return super()._run(tensor, session)


def test_a_large_look_run_in_tiles_gives_the_whole_image_maps() -> None:
    detector = CountingDetector()
    image = (np.random.default_rng(5).random((700, 1000, 3)) * 255).astype(np.uint8)
    tiled = detector.maps(image)
    assert detector.runs == len(_tiles(704, 1000)) == 4
    whole = detector._run(as_tensor(image), detector._session)
    assert tiled.shape == whole.shape
    np.testing.assert_allclose(tiled, whole, atol=1e-4)


def test_fine_looks_see_the_working_image_up_to_its_own_resolution() -> None:
    frame = np.zeros((720, 1280, 3), np.uint8)
    plain = IndexDetector().looks(frame)
    assert plain[0][1] == pytest.approx(0.5)
    assert max(scale for _, scale in plain) == pytest.approx(0.5)
    fine = IndexDetector(settings=DetectorSettings(fine_factors=(2.0, 4.0))).looks(frame)
    assert len(fine) == len(plain) + 2
    assert [scale for _, scale in fine[-2:]] == [1.0, 1.0]  # never above the frame's own
    assert fine[-1][0].shape == frame.shape
    noise = (np.random.default_rng(3).random(frame.shape) * 255).astype(np.uint8)
    between = IndexDetector(settings=DetectorSettings(fine_factors=(1.41,))).looks(noise)[-1]
    bilinear = cv2.resize(noise, None, fx=0.705, fy=0.705, interpolation=cv2.INTER_LINEAR)
    assert between[1] == pytest.approx(0.705)
    assert np.array_equal(between[0], bilinear)  # cheaper than by area, as good (detector.py)
    small = np.zeros((300, 500, 3), np.uint8)  # already seen at its own resolution
    assert len(IndexDetector(settings=DetectorSettings(fine_factors=(2.0,))).looks(small)) == len(
        IndexDetector().looks(small)
    )


def test_coarse_looks_are_halved_from_an_earlier_look_or_made_bilinearly() -> None:
    frame = (np.random.default_rng(4).random((720, 1280, 3)) * 255).astype(np.uint8)
    looks = IndexDetector().looks(frame)  # first, then 0.71, 0.5, 0.35 and 0.25 of it
    first = looks[0][0]
    assert [round(scale / looks[0][1], 3) for _, scale in looks] == [1.0, 0.71, 0.5, 0.355, 0.25]
    for image, scale in looks:  # every look's scale is its size's
        assert image.shape[1] == pytest.approx(frame.shape[1] * scale, abs=1)
        assert image.shape[0] == pytest.approx(frame.shape[0] * scale, abs=1)
    bilinear = cv2.resize(first, None, fx=0.71, fy=0.71, interpolation=cv2.INTER_LINEAR)
    assert np.array_equal(looks[1][0], bilinear)
    half = cv2.resize(first, (320, 180), interpolation=cv2.INTER_AREA)
    assert np.array_equal(looks[2][0], half)  # the 2x2 mean of the first look
    assert np.array_equal(looks[4][0], cv2.resize(half, (160, 90), interpolation=cv2.INTER_AREA))


def test_a_live_frames_fine_look_runs_whole_not_in_tiles() -> None:
    detector = CountingDetector()
    detector.maps(np.zeros((508, 902, 3), np.uint8))  # a live frame's fine look
    assert detector.runs == 1


def test_a_small_index_model_runs_the_first_and_fine_looks_and_the_main_one_the_coarse() -> None:
    frame, _ = table_frame(list(parse_cards("2S 5H 9D JC")), card_height=190.0, seed=2)
    main_only = IndexDetector(DEFAULT_DETECTOR_PATH, LIVE_DETECTOR).mark(frame)
    small_only = IndexDetector(DEFAULT_LIVE_DETECTOR_PATH, LIVE_DETECTOR).mark(frame)
    both = IndexDetector(
        DEFAULT_DETECTOR_PATH, LIVE_DETECTOR, small_index_path=DEFAULT_LIVE_DETECTOR_PATH
    ).mark(frame)
    first = both.scales[0]
    assert both.scales == main_only.scales == small_only.scales
    assert [scale >= first for scale in both.scales] == [True, False, False, True]
    for look, scale in enumerate(both.scales):
        expected = small_only if scale >= first else main_only
        other = main_only if scale >= first else small_only
        np.testing.assert_allclose(both.heat[look], expected.heat[look], atol=1e-6)
        assert not np.allclose(both.heat[look], other.heat[look], atol=1e-3)  # two models
