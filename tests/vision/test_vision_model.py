"""The committed ONNX models load; the reader reads drawn cards of every rank and suit, and
the detector alone finds the indices of drawn cards."""

from __future__ import annotations

import pytest

from companion.cards import Card, IndexScript, Rank, Suit, parse_cards
from companion.vision.detector import DEFAULT_LIVE_DETECTOR_PATH
from companion.vision.drawn import table_frame
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader
from companion.vision.reader import CardReader
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
    reader = CardReader(source=CandidateSource.DETECTOR, detectors=detectors)
    found = sorted(str(detection.card) for detection in reader.read(frame))
    assert found == sorted(str(card) for card in cards)
