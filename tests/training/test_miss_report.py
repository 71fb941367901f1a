"""Sorting the reader's misses in synthetic scenes by what became of each."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card, IndexScript
from companion.vision.finder import Candidates
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES, rank_class, suit_class
from companion.vision.model import Readings
from companion.vision.reader import LookedAt
from training.miss_report import MissKind, classify_miss, missed_cards
from training.types import PlacedCard, PlacedIndex, Scene

THRESHOLD = 0.9


def _index(left: float, top: float, visible: float = 1.0) -> PlacedIndex:
    """An index box 10 px wide, 20 px tall."""
    quad = np.array(
        [[left, top], [left + 10, top], [left + 10, top + 20], [left, top + 20]], np.float32
    )
    return PlacedIndex(quad, visible, visible, visible)


def _card(text: str, *indices: PlacedIndex) -> PlacedCard:
    outline = np.zeros((4, 2), np.float32)
    return PlacedCard(Card.parse(text), "test", IndexScript.POLISH, outline, 1.0, indices)


def _reading(card: str | None, confidence: float) -> tuple[list[float], list[float]]:
    """Rank and suit probabilities naming ``card`` (None: no index) at ``confidence``."""
    ranks = [0.0] * RANK_CLASSES
    suits = [1.0 / SUIT_CLASSES] * SUIT_CLASSES
    if card is None:
        ranks[0] = 1.0
        return ranks, suits
    parsed = Card.parse(card)
    ranks[rank_class(parsed.rank)] = confidence
    ranks[0] = 1.0 - confidence
    suits = [0.0] * SUIT_CLASSES
    suits[suit_class(parsed.suit)] = 1.0
    return ranks, suits


def _looked(rows: list[tuple[float, float, str | None, float]], scale: float = 1.0) -> LookedAt:
    """Candidates at (x, y) read as a card (or no index) at a confidence."""
    centres = np.array([[x, y] for x, y, _, _ in rows], np.float32).reshape(-1, 2)
    readings = [_reading(card, confidence) for _, _, card, confidence in rows]
    candidates = Candidates(
        centres=centres,
        down=np.tile(np.array([[0.0, 1.0]], np.float32), (len(rows), 1)),
        heights=np.full(len(rows), 27.0, np.float32),
        image=np.zeros((8, 8, 3), np.uint8),
    )
    return LookedAt(
        candidates,
        Readings(
            np.array([ranks for ranks, _ in readings], np.float32).reshape(len(rows), RANK_CLASSES),
            np.array([suits for _, suits in readings], np.float32).reshape(len(rows), SUIT_CLASSES),
        ),
        scale,
    )


def test_a_miss_takes_the_best_kind_among_the_candidates_near_its_indices() -> None:
    queen = _card("QH", _index(100, 100), _index(300, 300))  # centres (105, 110), (305, 310)
    Rows = list[tuple[float, float, str | None, float]]
    cases: list[tuple[Rows, MissKind, str | None]] = [
        ([], MissKind.NOT_FRAMED, None),
        ([(140, 110, "QH", 0.99)], MissKind.NOT_FRAMED, None),  # 35 px off: too far
        ([(108, 112, None, 1.0)], MissKind.NO_INDEX, None),
        ([(108, 112, None, 1.0), (303, 309, "QD", 0.97)], MissKind.MISREAD, "QD"),
        ([(303, 309, "QD", 0.97), (106, 111, "QH", 0.6)], MissKind.RIGHT_UNSURE, "QH"),
        ([(106, 111, "QH", 0.6), (304, 312, "QH", 0.95)], MissKind.RIGHT_MERGED, "QH"),
    ]
    for rows, kind, read_as in cases:
        miss = classify_miss(queen, _looked(rows), THRESHOLD)
        assert miss.kind is kind, rows
        assert miss.read_as == (None if read_as is None else Card.parse(read_as))
        assert miss.uncovered
    surest = classify_miss(
        queen, _looked([(106, 111, "QH", 0.6), (304, 312, "QH", 0.8)]), THRESHOLD
    )
    assert surest.kind is MissKind.RIGHT_UNSURE and surest.confidence == pytest.approx(0.8)


def test_candidates_are_placed_in_the_working_images_pixels() -> None:
    queen = _card("QH", _index(100, 100, visible=0.8))  # partly covered, centre (105, 110)
    halved = _looked([(53, 55, "QH", 0.6)], scale=0.5)
    miss = classify_miss(queen, halved, THRESHOLD)
    assert miss.kind is MissKind.RIGHT_UNSURE and not miss.uncovered
    assert classify_miss(queen, _looked([(53, 55, "QH", 0.6)]), THRESHOLD).kind is (
        MissKind.NOT_FRAMED
    )


def test_each_card_found_is_given_to_the_first_readable_copy() -> None:
    hidden = PlacedIndex(np.zeros((4, 2), np.float32), 0.2, 0.2, 0.2)
    scene = Scene(
        np.zeros((720, 1280, 3), np.uint8),
        (
            _card("QH", hidden),  # not readable: never missed
            _card("QH", _index(0, 0)),
            _card("QH", _index(50, 0)),  # a second pack's copy
            _card("7C", _index(100, 0)),
        ),
    )
    missed = missed_cards(scene, [Card.parse("QH")])
    assert [(placed.card, placed.indices[0].quad[0, 0]) for placed in missed] == [
        (Card.parse("QH"), 50.0),
        (Card.parse("7C"), 100.0),
    ]
    assert missed_cards(scene, [Card.parse("QH"), Card.parse("QH"), Card.parse("7C")]) == []
