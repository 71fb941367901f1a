"""Merging reads of index crops into cards."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.vision.finder import Candidates
from companion.vision.merging import (
    OPEN_CARD_CORNERS,
    CornerIndices,
    CornersShown,
    Detection,
    Read,
    corners_shown,
    merge_reads,
)

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)

HEIGHT = 60.0
UPRIGHT = (0.0, 1.0)
DOWNWARD = (0.0, -1.0)  # upside down: a far corner of an upright index


def _candidates(
    centres: list[tuple[float, float]],
    downs: list[tuple[float, float]],
    heights: list[float] | None = None,
) -> Candidates:
    count = len(centres)
    return Candidates(
        centres=np.array(centres, dtype=np.float32).reshape(count, 2),
        down=np.array(downs, dtype=np.float32).reshape(count, 2),
        heights=np.array([HEIGHT] * count if heights is None else heights, dtype=np.float32),
        image=BLANK,
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


def _open_card_and_a_lone_read(lone_at: tuple[float, float], corners_read: int) -> list[Detection]:
    """A QD upright at (100, 100) with its other corners 180 px right and 250 px down
    (the first ``corners_read`` of them read), and a lone 4D read at ``lone_at``."""
    corners = [(100.0, 100.0), (280.0, 350.0), (100.0, 350.0), (280.0, 100.0)][:corners_read]
    downs = [UPRIGHT, DOWNWARD, DOWNWARD, UPRIGHT][:corners_read]
    candidates = _candidates([*corners, lone_at], [*downs, (0.97, 0.24)])
    queen, four = Card.parse("QD"), Card.parse("4D")
    reads = [Read(queen, 0.99, row) for row in range(corners_read)]
    return merge_reads(candidates, [*reads, Read(four, 0.999, corners_read)], copies=1)


def test_a_lone_read_in_the_picture_of_a_card_read_at_three_corners_is_not_a_card() -> None:
    found = _open_card_and_a_lone_read((150.0, 160.0), corners_read=3)
    assert [(str(d.card), d.indices) for d in found] == [("QD", 3)]


def test_a_read_beside_an_open_card_or_on_a_card_read_at_two_corners_stays() -> None:
    outside = _open_card_and_a_lone_read((400.0, 160.0), corners_read=4)
    assert sorted(str(d.card) for d in outside) == ["4D", "QD"]
    # a card read at two corners may lie under others: a read on its face is a card on it
    covered = _open_card_and_a_lone_read((150.0, 160.0), corners_read=2)
    assert sorted(str(d.card) for d in covered) == ["4D", "QD"]


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


def _cards(found: list[Detection]) -> list[tuple[str, int]]:
    return sorted((str(detection.card), detection.indices) for detection in found)


def test_a_large_crop_does_not_swallow_the_next_index_of_a_stack() -> None:
    # a coarse look's crop twice the index's size, and the next card's index 0.9 crops on
    candidates = _candidates(
        [(100, 100), (100, 100 + 0.9 * HEIGHT)], [UPRIGHT] * 2, [2 * HEIGHT, HEIGHT]
    )
    reads = [Read(Card.parse("4C"), 1.0, 0), Read(Card.parse("5S"), 0.99, 1)]
    assert _cards(merge_reads(candidates, reads, copies=1)) == [("4C", 1), ("5S", 1)]


def test_one_index_cut_twice_a_little_apart_is_one_index_of_one_card() -> None:
    candidates = _candidates(
        [(100, 100), (100 + 0.3 * HEIGHT, 100)], [UPRIGHT] * 2, [HEIGHT, 1.4 * HEIGHT]
    )
    reads = [Read(Card.parse("7C"), 1.0, 0), Read(Card.parse("7C"), 0.98, 1)]
    for copies in (1, 2):
        assert _cards(merge_reads(candidates, reads, copies=copies)) == [("7C", 1)]


def test_two_copies_stacked_in_a_double_deck_are_two_cards() -> None:
    # the same card twice in a column: the second index 1.2 crops further along
    candidates = _candidates([(100, 100), (110, 100 + 1.2 * HEIGHT)], [UPRIGHT] * 2)
    reads = [Read(Card.parse("JC"), 1.0, 0), Read(Card.parse("JC"), 1.0, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("JC", 1), ("JC", 1)]
    assert _cards(merge_reads(candidates, reads, copies=1)) == [("JC", 2)]


def test_two_copies_in_a_row_beyond_a_cards_width_are_two_cards() -> None:
    candidates = _candidates([(100, 100), (100 + 5 * HEIGHT, 100)], [UPRIGHT] * 2)
    reads = [Read(Card.parse("10C"), 1.0, 0), Read(Card.parse("10C"), 1.0, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("10C", 1), ("10C", 1)]


def test_a_four_index_cards_upper_corners_are_one_card_in_a_double_deck() -> None:
    # the other upper index reads the same way, 2.5 crops across, slightly turned
    candidates = _candidates([(100, 100), (100 + 2.5 * HEIGHT, 110)], [UPRIGHT, (0.1, 0.995)])
    reads = [Read(Card.parse("KH"), 1.0, 0), Read(Card.parse("KH"), 0.99, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("KH", 2)]


# Four corner reads of cards read upright, in crop heights from the first: two copies dealt
# side by side (each one's far corner below and to the right of its upper index), and
# one card with an index in each corner (the lower ones below the upper ones)
TWINS_SIDE_BY_SIDE = [
    (0.0, 0.0, UPRIGHT),
    (1.6, 2.3, DOWNWARD),
    (2.6, 0.0, UPRIGHT),
    (4.2, 2.3, DOWNWARD),
]
FOUR_INDEX_CARD = [
    (0.0, 0.0, UPRIGHT),
    (2.5, 0.0, UPRIGHT),
    (0.0, 3.5, DOWNWARD),
    (2.5, 3.5, DOWNWARD),
]


def _corner_reads(
    layout: list[tuple[float, float, tuple[float, float]]], order: tuple[int, ...], card: str
) -> tuple[Candidates, list[Read]]:
    candidates = _candidates(
        [(100 + across * HEIGHT, 100 + along * HEIGHT) for across, along, _ in layout],
        [down for *_, down in layout],
    )
    # ``order``: the rows from the best read to the worst
    reads = [Read(Card.parse(card), 1.0 - 0.01 * rank, row) for rank, row in enumerate(order)]
    return candidates, reads


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_two_copies_side_by_side_are_two_cards_by_their_far_corners(
    order: tuple[int, ...],
) -> None:
    candidates, reads = _corner_reads(TWINS_SIDE_BY_SIDE, order, "7H")
    found = merge_reads(candidates, reads, copies=2)
    # which copy a far corner within reach of both is counted for is not settled
    assert [str(detection.card) for detection in found] == ["7H", "7H"]
    assert sum(detection.indices for detection in found) == 4
    assert _cards(merge_reads(candidates, reads, copies=1)) == [("7H", 4)]


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_a_four_index_card_read_at_all_corners_is_one_card_in_a_double_deck(
    order: tuple[int, ...],
) -> None:
    candidates, reads = _corner_reads(FOUR_INDEX_CARD, order, "KH")
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("KH", 4)]


def test_overlapping_copies_without_far_corners_are_two_only_for_a_two_corner_deck() -> None:
    # two copies in a row, each 1.6 crops right of the one below it, the next card over
    # their far corners: where a four-index card's other upper index could lie
    candidates = _candidates([(100, 100), (100 + 1.6 * HEIGHT, 100)], [UPRIGHT] * 2)
    reads = [Read(Card.parse("9C"), 1.0, 0), Read(Card.parse("9C"), 0.99, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("9C", 2)]
    two = merge_reads(candidates, reads, copies=2, corners=CornerIndices.TWO)
    assert _cards(two) == [("9C", 1), ("9C", 1)]
    # one index cut twice is still one, and a one-pack deck has one nine of clubs
    again = _candidates([(100, 100), (100 + 0.3 * HEIGHT, 100)], [UPRIGHT] * 2)
    assert _cards(merge_reads(again, reads, copies=2, corners=CornerIndices.TWO)) == [("9C", 1)]
    assert _cards(merge_reads(candidates, reads, copies=1, corners=CornerIndices.TWO)) == [
        ("9C", 2)
    ]


@pytest.mark.parametrize("upper_order", [(1, 2), (2, 1)])
def test_a_two_corner_card_has_one_index_each_way_round(upper_order: tuple[int, int]) -> None:
    # two copies overlapping in a row, read best at the top one's far corner: both upper
    # indices lie where that card's other corner can, but a two-index card has one only
    candidates = _candidates(
        [(100 + 4.2 * HEIGHT, 100 + 4.0 * HEIGHT), (100 + 1.7 * HEIGHT, 118), (118, 118)],
        [DOWNWARD, UPRIGHT, UPRIGHT],
    )
    reads = [Read(Card.parse("6D"), 1.0, 0)] + [
        Read(Card.parse("6D"), 0.99 - 0.01 * rank, row) for rank, row in enumerate(upper_order)
    ]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("6D", 3)]
    two = merge_reads(candidates, reads, copies=2, corners=CornerIndices.TWO)
    assert _cards(two) == [("6D", 1), ("6D", 2)]


def test_a_far_corner_turned_the_other_way_is_one_card_in_a_double_deck() -> None:
    candidates = _candidates(
        [(100, 100), (100 + 2 * HEIGHT, 100 + 3.5 * HEIGHT)], [UPRIGHT, (0.0, -1.0)]
    )
    reads = [Read(Card.parse("QS"), 0.99, 0), Read(Card.parse("QS"), 0.98, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("QS", 2)]


@pytest.mark.parametrize("better", [0, 1])
def test_a_far_corner_framed_smaller_is_still_one_card_in_a_double_deck(better: int) -> None:
    # a close-up seen live: one corner's crop 0.66 of the other's, the corners 6.3 of the
    # smaller crop's heights apart (4.1 of the larger's); which was read better must not
    # matter
    candidates = _candidates(
        [(513.1, 69.9), (918.1, 131.6)], [(0.72, 0.69), (-0.69, -0.73)], heights=[65.6, 99.6]
    )
    reads = [Read(Card.parse("7D"), 0.99 if row == better else 0.98, row) for row in (0, 1)]
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("7D", 2)]


def test_a_card_is_found_no_more_often_than_the_deck_has_it() -> None:
    candidates = _candidates([(100 + k * 8 * HEIGHT, 100) for k in range(3)], [UPRIGHT] * 3)
    reads = [Read(Card.parse("QS"), 0.99 - k * 0.01, k) for k in range(3)]
    found = merge_reads(candidates, reads, copies=2)
    assert [(str(d.card), d.confidence) for d in found] == [("QS", 0.99), ("QS", 0.98)]


_CARDS = [Card.parse(text) for text in ("QS", "QH", "7C")]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0, 800),
            st.floats(0, 600),
            st.floats(0, 2 * math.pi),
            st.floats(10, 120),
            st.sampled_from(_CARDS),
            st.floats(0.5, 1.0),
        ),
        max_size=12,
    ),
    st.sampled_from([1, 2]),
)
def test_merging_keeps_the_best_read_and_never_more_copies_than_the_deck(
    rows: list[tuple[float, float, float, float, Card, float]], copies: int
) -> None:
    candidates = _candidates(
        [(x, y) for x, y, *_ in rows],
        [(math.cos(turn), math.sin(turn)) for _, _, turn, *_ in rows],
        [height for *_, height, _, _ in rows],
    )
    reads = [Read(card, confidence, row) for row, (*_, card, confidence) in enumerate(rows)]
    found = merge_reads(candidates, reads, copies=copies)
    counts = Counter(detection.card for detection in found)
    assert all(count <= copies for count in counts.values())
    assert set(counts) <= {read.card for read in reads}
    assert sum(detection.indices for detection in found) <= len(reads)
    confidences = [detection.confidence for detection in found]
    assert confidences == sorted(confidences, reverse=True)
    # the best read stands, unless it lay alone on the face of an open card
    if reads and all(detection.indices < OPEN_CARD_CORNERS for detection in found):
        best = max(reads, key=lambda read: read.confidence)
        assert found[0].card == best.card and found[0].confidence == best.confidence


def test_the_next_index_of_a_tight_fan_is_not_taken_for_the_same_index() -> None:
    # indices a quarter of a crop apart across, as in a tightly held fan: the better read's
    # larger crop reaches the other, but it reads another card side by side with it
    candidates = _candidates([(850, 316), (840, 312)], [(0.59, 0.81), (0.51, 0.86)], [28.0, 25.2])
    reads = [Read(Card.parse("KD"), 1.0, 0), Read(Card.parse("2H"), 0.998, 1)]
    assert _cards(merge_reads(candidates, reads, copies=1)) == [("2H", 1), ("KD", 1)]


@dataclass(frozen=True)
class _Layout:
    """Cards on a table as the properties draw them, in index crop heights."""

    height: float  # a card's
    margin: float  # from a card's edges to its indices' centres
    turn: float  # the table's, in radians
    crop: float  # pixels a crop height

    @property
    def width(self) -> float:
        return 0.715 * self.height  # as a real card's


def _card_corners(layout: _Layout, left: float) -> list[tuple[float, float, bool]]:
    """A card's four index centres (across, along, turned) in crop heights, the card's top
    left corner at ``left`` across: upper left, upper right, lower right, lower left."""
    near, far = layout.margin, layout.height - layout.margin
    right = left + layout.width - layout.margin
    return [
        (left + layout.margin, near, False),
        (right, near, False),
        (right, far, True),
        (left + layout.margin, far, True),
    ]


def _placed_reads(
    layout: _Layout,
    corners: list[tuple[float, float, bool]],
    noise: list[tuple[float, float, float]],
    card: str,
) -> tuple[Candidates, list[Read]]:
    """Reads of ``corners``, each centre moved by (across, along) crop heights and its
    direction turned by radians as ``noise`` says; the read listed first is the best."""
    down = np.array([-math.sin(layout.turn), math.cos(layout.turn)])
    across = np.array([down[1], -down[0]])
    centres, downs = [], []
    for (x, y, turned), (dx, dy, skew) in zip(corners, noise, strict=True):
        centre = 400 + layout.crop * ((x + dx) * across + (y + dy) * down)
        angle = layout.turn + skew + (math.pi if turned else 0.0)
        centres.append((float(centre[0]), float(centre[1])))
        downs.append((-math.sin(angle), math.cos(angle)))
    candidates = _candidates(centres, downs, [layout.crop] * len(corners))
    reads = [Read(Card.parse(card), 1.0 - 0.01 * row, row) for row in range(len(corners))]
    return candidates, reads


# 4..5 crops tall: a card's far corners' indices then lie within SAME_CARD_DISTANCE,
# which was measured on the faces
_LAYOUTS = st.builds(
    _Layout,
    height=st.floats(4.0, 5.0),
    margin=st.floats(0.25, 0.45),
    turn=st.floats(0, 2 * math.pi),
    crop=st.floats(20, 90),
)
# each read up to 0.15 crops off its centre and turned up to 11 degrees
_NOISE = st.tuples(st.floats(-0.15, 0.15), st.floats(-0.15, 0.15), st.floats(-0.2, 0.2))


def _noise(count: int) -> st.SearchStrategy[list[tuple[float, float, float]]]:
    return st.lists(_NOISE, min_size=count, max_size=count)


@settings(max_examples=300, deadline=None)
@given(_LAYOUTS, st.permutations(range(4)), st.integers(2, 4), _noise(4))
def test_a_four_index_card_is_never_two_copies_whichever_corners_are_read(
    layout: _Layout, order: list[int], read: int, noise: list[tuple[float, float, float]]
) -> None:
    corners = _card_corners(layout, 0.0)
    chosen = [corners[k] for k in order[:read]]
    candidates, reads = _placed_reads(layout, chosen, noise[:read], "QD")
    assert _cards(merge_reads(candidates, reads, copies=2)) == [("QD", read)]


@settings(max_examples=300, deadline=None)
@given(_LAYOUTS, st.permutations(range(4)), st.floats(0.0, 0.4), _noise(4))
def test_two_copies_in_a_row_are_two_cards_whenever_both_far_corners_are_read(
    layout: _Layout, order: list[int], gap: float, noise: list[tuple[float, float, float]]
) -> None:
    # two-index copies side by side, up to 0.4 crops apart: the upper left and lower
    # right index of each
    first = _card_corners(layout, 0.0)
    second = _card_corners(layout, layout.width + gap)
    corners = [first[0], first[2], second[0], second[2]]
    candidates, reads = _placed_reads(layout, [corners[k] for k in order], noise, "4S")
    found = merge_reads(candidates, reads, copies=2)
    assert [str(detection.card) for detection in found] == ["4S", "4S"]


@settings(max_examples=300, deadline=None)
@given(_LAYOUTS, st.permutations(range(3)), st.floats(0.4, 0.6), _noise(3))
def test_for_a_two_corner_deck_copies_overlapping_are_two_and_one_card_is_one(
    layout: _Layout, order: list[int], step: float, noise: list[tuple[float, float, float]]
) -> None:
    # two-index copies overlapping in a row, each ``step`` card widths on: both upper
    # indices and the top copy's far corner show (the lower one's lies under it); closer
    # than SAME_CARD_NEAR the upper indices would be one index cut twice
    lower = _card_corners(layout, 0.0)
    upper = _card_corners(layout, step * layout.width)
    corners = [lower[0], upper[0], upper[2]]
    candidates, reads = _placed_reads(layout, [corners[k] for k in order], noise, "JH")
    found = merge_reads(candidates, reads, copies=2, corners=CornerIndices.TWO)
    assert [str(detection.card) for detection in found] == ["JH", "JH"]
    # the top copy alone, both corners read: one card
    alone = [k for k in order if k > 0]
    candidates, reads = _placed_reads(
        layout, [corners[k] for k in alone], [noise[k] for k in alone], "JH"
    )
    found = merge_reads(candidates, reads, copies=2, corners=CornerIndices.TWO)
    assert _cards(found) == [("JH", 2)]


def _shown(centres: list[tuple[float, float]], downs: list[tuple[float, float]]) -> CornersShown:
    """What reads of one card (a QS) at these places, the first the surest, show."""
    reads = [Read(Card.parse("QS"), 0.99 - 0.01 * row, row) for row in range(len(centres))]
    return corners_shown(_candidates(centres, downs), reads)


def test_a_two_index_card_shows_one_index_each_way_round() -> None:
    # the top-left index read twice (two looks cut it a little apart), the far one once
    shown = _shown([(100, 100), (108, 104), (300, 380)], [UPRIGHT, UPRIGHT, DOWNWARD])
    assert shown == CornersShown(along=1, turned=1)
    assert shown.evidence() is CornerIndices.TWO


def test_a_four_index_card_shows_two_indices_reading_the_same_way() -> None:
    upper = [(100.0, 100.0), (300.0, 100.0)]
    lower = [(100.0, 380.0), (300.0, 380.0)]
    assert _shown(upper + lower, [UPRIGHT] * 2 + [DOWNWARD] * 2).evidence() is CornerIndices.FOUR
    # a corner hidden or missed: the pair that reads one way still tells
    assert _shown(upper + lower[:1], [UPRIGHT] * 2 + [DOWNWARD]) == CornersShown(along=2, turned=1)
    assert _shown(upper[:1] + lower, [UPRIGHT] + [DOWNWARD] * 2).evidence() is CornerIndices.FOUR


def test_a_photo_showing_one_index_or_reads_turned_across_says_nothing() -> None:
    assert _shown([(100, 100)], [UPRIGHT]).evidence() is None
    sideways = _shown([(100, 100), (300, 380)], [UPRIGHT, (1.0, 0.0)])
    assert sideways == CornersShown(along=1, turned=0)
    assert sideways.evidence() is None
    assert _shown([], []).evidence() is None
