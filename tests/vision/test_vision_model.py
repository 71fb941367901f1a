"""The committed ONNX models load; the reader reads drawn cards of every rank and suit, and
the detector alone finds the indices of drawn cards."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card, IndexScript, Rank, Suit, parse_cards
from companion.tools.drawn import table_frame
from companion.vision.detector import DEFAULT_LIVE_DETECTOR_PATH
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource, DetectorModels

MODEL_BUDGET_BYTES = 10 * 1024 * 1024


def _every_rank_and_suit() -> list[Card]:
    suits = list(Suit)
    return [Card(rank, suits[number % len(suits)]) for number, rank in enumerate(Rank)]


def test_model_is_small_and_loads() -> None:
    models = DEFAULT_MODEL_PATH.parent
    total = sum(path.stat().st_size for path in models.glob("*.onnx"))
    assert 0 < total <= MODEL_BUDGET_BYTES
    IndexReader(DEFAULT_MODEL_PATH)


def test_reads_a_drawn_card_of_each_rank_and_suit() -> None:
    reader = CardReader()
    cards = _every_rank_and_suit() + [Card(Rank.ACE, suit) for suit in Suit]
    wrong = []
    for number, card in enumerate(cards):
        frame, _ = table_frame([card], width=640, height=480, card_height=220, seed=number)
        found = [detection.card for detection in reader.read(frame)]
        if found[:1] != [card]:
            wrong.append(f"{card}: read {[str(c) for c in found]}")
    assert not wrong, wrong


def test_reads_polish_and_russian_letters_as_the_same_ranks() -> None:
    reader = CardReader()
    for script in (IndexScript.POLISH, IndexScript.RUSSIAN):
        for number, rank in enumerate((Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)):
            card = Card(rank, Suit.HEARTS if number % 2 else Suit.SPADES)
            frame, _ = table_frame(
                [card], width=640, height=480, card_height=220, seed=number, script=script
            )
            found = [detection.card for detection in reader.read(frame)]
            assert found[:1] == [card], f"{script.value} {card}: read {found}"


@pytest.mark.parametrize(
    "detectors",
    [
        DetectorModels(),  # the live source's two models
        DetectorModels(live_small_index=None),  # the photos' model for every look
        DetectorModels(DEFAULT_LIVE_DETECTOR_PATH, live_small_index=None),  # the narrow one
    ],
)
def test_detector_models_load_and_their_candidates_alone_read_drawn_cards(
    detectors: DetectorModels,
) -> None:
    cards = list(parse_cards("2S 5H 9D JC QS KH AD 10C 7S 3H"))
    frame, _ = table_frame(cards, card_height=190.0, seed=1)
    reader = CardReader(
        settings=ReaderSettings(source=CandidateSource.DETECTOR), detectors=detectors
    )
    found = sorted(str(detection.card) for detection in reader.read(frame))
    assert found == sorted(str(card) for card in cards)


def test_normalised_crops_are_channel_first_and_scaled_by_each_channels_paper_white() -> None:
    from companion.vision.model import MIN_WHITE, normalise_crops

    rng = np.random.default_rng(2)
    crops = rng.integers(0, 256, (5, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)
    crops[4] = 10  # too dark to have a paper white: divided by MIN_WHITE
    scaled = normalise_crops(crops)
    assert scaled.shape == (5, 3, CROP_HEIGHT, CROP_WIDTH)
    assert scaled.dtype == np.float32 and scaled.flags.c_contiguous
    for crop, planes in zip(crops[:4], scaled[:4], strict=True):
        for channel in range(3):
            values = np.sort(crop[..., channel].ravel().astype(np.float32))
            white = values[int(0.95 * (values.size - 1))]
            expected = np.minimum(crop[..., channel].astype(np.float32) / white, 1.0) - 0.5
            assert np.array_equal(planes[channel], expected)
    assert np.allclose(scaled[4], 10 / MIN_WHITE - 0.5)
    assert normalise_crops(crops[:0]).shape == (0, 3, CROP_HEIGHT, CROP_WIDTH)
