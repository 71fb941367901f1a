"""Where a card's face lies from its index box, at any turn."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card
from companion.table.card_reads import (
    CardRead,
    clipped_by_cut,
    face_corners,
    in_box_units,
    in_face_interior,
    under_face,
    without_reads_in_faces,
)


def turned(points: np.ndarray, degrees: float, about: np.ndarray) -> np.ndarray:
    angle = math.radians(degrees)
    rotation = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    return np.asarray((points - about) @ rotation.T + about)


BOX = np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 16.0], [0.0, 16.0]])  # 16 tall
PICTURE = np.array([20.0, 35.0])  # the middle of the card below and right of the index
EDGE = np.array([20.0, 6.0])  # beside the index along the card's top edge


@given(st.floats(min_value=-180, max_value=180), st.floats(-500, 500), st.floats(-500, 500))
def test_the_face_turns_with_the_index(degrees: float, x: float, y: float) -> None:
    shift = np.array([x, y])
    box = turned(BOX, degrees, np.zeros(2)) + shift
    assert in_face_interior(box, turned(PICTURE[None], degrees, np.zeros(2))[0] + shift)
    assert not in_face_interior(box, turned(EDGE[None], degrees, np.zeros(2))[0] + shift)
    assert under_face(box, turned(PICTURE[None], degrees, np.zeros(2))[0] + shift)


def test_box_units_measure_in_box_heights() -> None:
    assert in_box_units(BOX, np.array([16.0, 32.0])) == (1.0, 2.0)


def test_far_from_the_card_is_neither_face_nor_under() -> None:
    far = np.array([0.0, 200.0])
    assert not in_face_interior(BOX, far) and not under_face(BOX, far)


def test_a_read_in_a_picture_is_dropped_the_corner_reads_stay() -> None:
    queen = CardRead(Card.parse("QD"), 1.0, BOX, indices=2)
    fake = CardRead(Card.parse("4D"), 0.9999, BOX + PICTURE - BOX.mean(axis=0))
    beside = CardRead(Card.parse("7C"), 0.99, BOX + np.array([20.0, 0.0]))
    assert without_reads_in_faces([queen, fake, beside]) == (queen, beside)
    assert without_reads_in_faces([queen, fake], settled={queen.card}) == (queen, fake)


def test_a_read_of_two_corners_inside_a_face_is_a_card() -> None:
    queen = CardRead(Card.parse("QD"), 1.0, BOX, indices=2)
    laid_over = CardRead(Card.parse("5H"), 1.0, BOX + PICTURE - BOX.mean(axis=0), indices=2)
    assert without_reads_in_faces([queen, laid_over]) == (queen, laid_over)


MAT = (420.0, 297.0)  # the whole picture the cuts are made in, mm


def test_an_index_an_inner_edge_of_the_cut_passes_through_is_clipped() -> None:
    index = BOX + np.array([100.0, 50.0])  # 100-110 across, 50-66 down
    assert clipped_by_cut(index, (104.0, 20.0, 200.0, 120.0), MAT)  # its left half cut off
    assert clipped_by_cut(index, (40.0, 20.0, 108.0, 120.0), MAT)  # its right half
    assert clipped_by_cut(index, (40.0, 55.0, 200.0, 120.0), MAT)  # its top
    assert not clipped_by_cut(index, (88.0, 38.0, 122.0, 78.0), MAT)  # inside by 12 mm


def test_the_edges_of_the_whole_picture_clip_nothing() -> None:
    corner = BOX + np.array([-3.0, -3.0])  # a card at the mat's very corner
    assert not clipped_by_cut(corner, (0.0, 0.0, 100.0, 100.0), MAT)
    far_corner = BOX + np.array([MAT[0] - 7.0, MAT[1] - 13.0])
    assert not clipped_by_cut(far_corner, (300.0, 200.0, MAT[0], MAT[1]), MAT)


def test_an_index_framed_far_too_tall_is_judged_by_its_centre() -> None:
    # The detector framed a whole index 1.9 times too tall: the box reaches past the cut's
    # top, the index does not.
    tall = np.array([[100.0, 47.0], [112.0, 47.0], [112.0, 85.0], [100.0, 85.0]])
    assert not clipped_by_cut(tall, (88.0, 50.0, 124.0, 100.0), MAT)


def test_the_face_of_an_upside_down_index_lies_up_and_left_of_it() -> None:
    # The bottom-right index of a card reads upside down: its box's top-left as it reads
    # is its bottom-right on the table, and the face reaches back to the card's top-left.
    bottom_right = np.array([[100.0, 160.0], [90.0, 160.0], [90.0, 144.0], [100.0, 144.0]])
    corners = face_corners(bottom_right)
    assert np.allclose(corners.min(axis=0), [100.0 - 2.8 * 16, 160.0 - 4.3 * 16])
    assert np.allclose(corners.max(axis=0), [100.0, 160.0])
    assert all(
        under_face(bottom_right, point) for point in corners * 0.999 + corners.mean(axis=0) * 0.001
    )
