"""Merging reads of index crops into cards."""

from __future__ import annotations

import numpy as np

from companion.cards import Card
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, Candidates
from companion.vision.merging import Read, merge_reads

HEIGHT = 60.0
UPRIGHT = (0.0, 1.0)


def _candidates(centres: list[tuple[float, float]], downs: list[tuple[float, float]]) -> Candidates:
    count = len(centres)
    return Candidates(
        centres=np.array(centres, dtype=np.float32),
        down=np.array(downs, dtype=np.float32),
        heights=np.full(count, HEIGHT, dtype=np.float32),
        crops=np.zeros((count, CROP_HEIGHT, CROP_WIDTH, 3), dtype=np.uint8),
    )


def test_fanned_indices_side_by_side_are_different_cards() -> None:
    # a fan: each index a third of a crop height to the right of the one below it
    step = HEIGHT / 3
    candidates = _candidates([(100 + k * step, 100) for k in range(3)], [UPRIGHT] * 3)
    reads = [
        Read(Card.parse(text), 0.99 - k * 0.01, k) for k, text in enumerate(["JS", "3S", "8C"])
    ]
    found = merge_reads(candidates, reads, copies=1)
    assert sorted(str(d.card) for d in found) == ["3S", "8C", "JS"]


def test_a_second_read_of_the_same_index_is_dropped() -> None:
    candidates = _candidates([(100, 100), (104, 108)], [UPRIGHT, UPRIGHT])
    reads = [Read(Card.parse("6H"), 0.7, 1), Read(Card.parse("5H"), 0.95, 0)]
    found = merge_reads(candidates, reads, copies=1)
    assert [str(d.card) for d in found] == ["5H"]
    assert found[0].indices == 1


def test_a_read_below_another_along_its_reading_direction_is_a_different_index() -> None:
    # sideways index (reads to the right): a card a full crop height further along is another
    candidates = _candidates([(100, 100), (100 + HEIGHT, 100)], [(1.0, 0.0), (1.0, 0.0)])
    reads = [Read(Card.parse("KD"), 0.9, 0), Read(Card.parse("QD"), 0.9, 1)]
    assert len(merge_reads(candidates, reads, copies=1)) == 2


def test_both_corners_of_a_card_are_one_card_and_counted() -> None:
    candidates = _candidates([(100, 100), (300, 380)], [UPRIGHT, (0.0, -1.0)])
    reads = [Read(Card.parse("QS"), 0.9, 0), Read(Card.parse("QS"), 0.99, 1)]
    found = merge_reads(candidates, reads, copies=1)
    assert len(found) == 1
    assert found[0].indices == 2
    assert found[0].confidence == 0.99


def test_two_copies_far_apart_in_a_double_deck_are_two_cards() -> None:
    candidates = _candidates([(100, 100), (100 + 10 * HEIGHT, 100)], [UPRIGHT, UPRIGHT])
    reads = [Read(Card.parse("QS"), 0.9, 0), Read(Card.parse("QS"), 0.9, 1)]
    assert len(merge_reads(candidates, reads, copies=2)) == 2
    assert len(merge_reads(candidates, reads, copies=1)) == 1
