"""The finder on cards drawn by the test: every corner index gets an upright candidate."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.vision.drawn import table_frame
from companion.vision.finder import (
    CROP_HEIGHT,
    CROP_WIDTH,
    FinderSettings,
    crop_quad,
    find_candidates,
    working_image,
)

ANGLE_TOLERANCE = 0.9
FEW_CANDIDATES = 10  # cosine between the candidate's and the card's "down"


def _corner_targets(outline: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Approximate centre and down direction of the two printed indices of a drawn card."""
    top_left, top_right, bottom_right, bottom_left = outline
    across = top_right - top_left
    down = bottom_left - top_left
    unit_down = down / np.linalg.norm(down)
    upper = top_left + 0.1 * across + 0.1 * down
    lower = bottom_right - 0.1 * across - 0.1 * down
    return [(upper, unit_down), (lower, -unit_down)]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), card_height=st.floats(120, 320))
def test_each_index_has_a_candidate_reading_the_right_way_up(seed: int, card_height: float) -> None:
    cards = [Card.parse("7H"), Card.parse("QS"), Card.parse("10D")]
    frame, placed = table_frame(cards, card_height=card_height, seed=seed)
    candidates = find_candidates(frame)
    for drawn in placed:
        for centre, down in _corner_targets(drawn.outline):
            distance = np.linalg.norm(candidates.centres - centre, axis=1)
            agree = candidates.down @ down > ANGLE_TOLERANCE
            near = distance < 0.12 * card_height
            assert (near & agree).any(), f"{drawn.card} index at {centre} has no candidate"


def test_crops_are_upright_and_shaped_for_the_model() -> None:
    frame, _ = table_frame([Card.parse("4C")], seed=3)
    candidates = find_candidates(frame)
    assert candidates.crops.shape[1:] == (CROP_HEIGHT, CROP_WIDTH, 3)
    assert candidates.crops.dtype == np.uint8
    assert len(candidates) == candidates.centres.shape[0] == candidates.heights.shape[0]


def test_crop_quad_reads_left_to_right_and_top_to_bottom() -> None:
    quad = crop_quad(np.array([100.0, 100.0]), np.array([0.0, 1.0]), 48.0)
    top_left, top_right, bottom_right, bottom_left = quad
    assert top_left[0] < top_right[0] and top_left[1] < bottom_left[1]
    assert np.allclose(bottom_right - top_left, [32.0, 48.0])


def test_empty_table_gives_few_candidates_and_a_blank_frame_none() -> None:
    blank = np.full((720, 1280, 3), 200, np.uint8)
    assert len(find_candidates(blank)) == 0
    frame, _ = table_frame([], seed=5)
    assert len(find_candidates(frame)) <= FEW_CANDIDATES


def test_huge_frames_are_downscaled_and_geometry_returned_in_frame_pixels() -> None:
    frame, placed = table_frame([Card.parse("9S")], width=640, height=360, seed=7)
    big = np.repeat(np.repeat(frame, 5, axis=0), 5, axis=1)
    work, scale = working_image(big, FinderSettings())
    assert max(work.shape[:2]) == FinderSettings().max_side
    candidates = find_candidates(big)
    centre = placed[0].outline.mean(axis=0) * 5
    assert len(candidates) > 0
    assert np.abs(candidates.centres - centre).max() < big.shape[0]
    assert scale < 1
