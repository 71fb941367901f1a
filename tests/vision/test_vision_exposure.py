"""Dark frames (companion/vision/exposure.py) and the live source's second read of them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, parse_cards
from companion.tools.drawn import table_frame
from companion.vision.exposure import (
    DARK_LEVEL,
    MAX_GAIN,
    TARGET_LEVEL,
    brought_up,
    is_dark,
    light_level,
)
from companion.vision.merging import Detection
from companion.vision.reader import CardReader, with_new_cards
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource


def _grey(level: int, *, height: int = 80, width: int = 120) -> np.ndarray:
    return np.full((height, width, 3), level, np.uint8)


def _detection(text: str, confidence: float, *, at: tuple[float, float] = (0, 0)) -> Detection:
    """A detection whose index box is a 10 px square with its corner ``at``."""
    square = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], np.float32)
    return Detection(Card.parse(text), confidence, square + np.array(at, np.float32), 1)


def test_the_light_level_is_where_the_brightest_percent_begins() -> None:
    image = _grey(30, height=100)
    assert light_level(image) == 30
    image[:8] = 250  # 2 of the 25 sampled rows: 8% of the pixels
    assert light_level(image) == 250
    image[:8] = 30
    image[0, :8] = 250  # 2 of 750 sampled pixels: under the brightest 1%
    assert light_level(image) == 30


def test_a_frame_is_dark_under_the_level_of_nearly_all_training_scenes() -> None:
    assert is_dark(_grey(DARK_LEVEL - 1))
    assert not is_dark(_grey(DARK_LEVEL))


def test_a_dark_frame_is_brought_up_to_the_target_level() -> None:
    brighter = brought_up(_grey(60))
    assert light_level(brighter) == TARGET_LEVEL
    assert brighter.dtype == np.uint8
    assert light_level(brought_up(_grey(20))) == int(20 * MAX_GAIN)  # the gain is bounded


@settings(max_examples=60, deadline=None)
@given(level=st.integers(0, 255), spot=st.integers(0, 255))
def test_bringing_up_never_darkens_and_moves_the_level_with_the_pixels(
    level: int, spot: int
) -> None:
    image = _grey(level)
    image[10:30, 20:60] = spot
    before = light_level(image)
    after = brought_up(image)
    assert (after >= image).all()
    gain = max(1.0, min(TARGET_LEVEL / max(before, 1), MAX_GAIN))
    assert light_level(after) == min(255, round(before * gain))


def test_the_second_read_adds_only_cards_the_first_did_not_read() -> None:
    first = [_detection("QH", 0.99), _detection("2S", 0.95)]
    second = [_detection("QH", 1.0), _detection("7D", 0.97), _detection("2S", 0.9)]
    merged = with_new_cards(first, second)
    assert [(str(d.card), d.confidence) for d in merged] == [
        ("QH", 0.99),
        ("7D", 0.97),
        ("2S", 0.95),
    ]


def test_the_second_read_adds_a_second_copy_only_when_it_read_two() -> None:
    first = [_detection("QH", 0.99, at=(100, 100))]
    near, far = _detection("QH", 0.98, at=(104, 100)), _detection("QH", 0.96, at=(400, 300))
    merged = with_new_cards(first, [near, far])  # two packs: the second read saw two queens
    assert [(str(d.card), d.confidence) for d in merged] == [("QH", 0.99), ("QH", 0.96)]
    assert with_new_cards(first, [far]) == first  # one copy each: the same queen
    assert with_new_cards([], [near, far]) == [near, far]


@pytest.mark.parametrize(
    ("source", "dim", "looks"),
    [
        (CandidateSource.DETECTOR, 0.25, 2),  # dark: read as it is, then brought up
        (CandidateSource.DETECTOR, 1.0, 1),
        (CandidateSource.GATED, 0.25, 1),  # the photos' source reads dark photos as they are
    ],
)
def test_the_live_source_reads_a_dark_frame_twice(
    monkeypatch: pytest.MonkeyPatch, source: CandidateSource, dim: float, looks: int
) -> None:
    frame, placed = table_frame(list(parse_cards("2S 5H 9D JC")), card_height=190, seed=4)
    image = (frame * dim).astype(np.uint8)
    reader = CardReader(settings=ReaderSettings(source=source))
    levels: list[int] = []
    detect = CardReader._detect

    def recording(self: CardReader, work: np.ndarray) -> list[Detection]:
        levels.append(light_level(work))
        return detect(self, work)

    monkeypatch.setattr(CardReader, "_detect", recording)
    found = reader.read(image)
    assert sorted(str(d.card) for d in found) == sorted(str(p.card) for p in placed)
    assert len(levels) == looks
    assert levels[0] == light_level(image)
    if looks == 2:
        assert levels[1] == TARGET_LEVEL
    assert reader.times.frames == 1
