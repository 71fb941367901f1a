"""The finder on cards drawn by the test: every corner index gets an upright candidate."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card
from companion.tools.drawn import table_frame
from companion.vision.finder import (
    CROP_HEIGHT,
    CROP_WIDTH,
    Candidates,
    FinderSettings,
    both_ways,
    crop_quad,
    find_candidates,
    working_image,
)
from companion.vision.finder_blobs import labelled

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


TABLE_GREEN = (60, 90, 60)
CARD_WHITE = (245, 245, 240)
INK = (20, 20, 20)
EDGE_GREY = (70, 70, 70)
INK_LEVEL = 100
PIP_SHARE = 0.35  # pip radius / glyph height
FOUND_DISTANCE = 0.35  # of the index height, as the finder report counts
MIN_SCALE, MAX_SCALE = 0.6, 2.2


def _index_on_a_line(glyph_height: int) -> tuple[np.ndarray, np.ndarray, float]:
    """A card with a "K" over a round pip, and a one-pixel dark line (the edge of a card
    lying over it in a fan) running down the card through the glyph's left stem."""
    image = np.full((360, 480, 3), TABLE_GREEN, np.uint8)
    cv2.rectangle(image, (100, 60), (380, 320), CARD_WHITE, -1)
    left, base = 200, 150
    font_scale = glyph_height / 22.0
    (width, height), _ = cv2.getTextSize("K", cv2.FONT_HERSHEY_SIMPLEX, font_scale, 2)
    stroke = max(2, glyph_height // 8)
    cv2.putText(
        image, "K", (left, base), cv2.FONT_HERSHEY_SIMPLEX, font_scale, INK, stroke, cv2.LINE_AA
    )
    radius = int(glyph_height * PIP_SHARE)
    pip_y = base + glyph_height // 4 + radius
    cv2.circle(image, (left + width // 2, pip_y), radius, INK, -1, cv2.LINE_AA)
    glyph = image[base - height : base, left : left + width, 0] < INK_LEVEL
    stem = left + int(np.nonzero(glyph.any(axis=0))[0][0])
    cv2.line(image, (stem, 70), (stem, 310), EDGE_GREY, 1)
    top, bottom = base - height, pip_y + radius
    return image, np.array([left + width / 2, (top + bottom) / 2]), float(bottom - top)


def _found(candidates: Candidates, centre: np.ndarray, index_height: float) -> bool:
    distance = np.linalg.norm(candidates.centres - centre, axis=1) / index_height
    scale = candidates.heights / index_height
    upright = candidates.down @ np.array([0.0, 1.0]) > ANGLE_TOLERANCE
    return bool(
        ((distance < FOUND_DISTANCE) & upright & (scale > MIN_SCALE) & (scale < MAX_SCALE)).any()
    )


@pytest.mark.parametrize("glyph_height", [8, 14, 20, 36])
def test_a_glyph_run_into_a_thin_line_is_still_found(glyph_height: int) -> None:
    image, centre, index_height = _index_on_a_line(glyph_height)
    assert _found(find_candidates(image), centre, index_height)


def test_breaking_lines_is_what_finds_a_small_glyph_on_a_line() -> None:
    image, centre, index_height = _index_on_a_line(14)
    unbroken = FinderSettings(break_lines=False)
    assert not _found(find_candidates(image, unbroken), centre, index_height)


def test_breaking_lines_adds_few_candidates_along_card_edges() -> None:
    cards = [Card.parse(text) for text in ("2S", "5H", "9D", "JC", "QS", "KH", "AD", "10C")]
    frame, _ = table_frame(cards, card_height=180, seed=1)
    plain = len(find_candidates(frame, FinderSettings(break_lines=False)))
    assert len(find_candidates(frame)) <= 1.2 * plain


FAINT_GREY = (212, 212, 208)  # 0.87 of the paper: lighter than ordinary ink


def _faint_index(glyph_height: int) -> tuple[np.ndarray, np.ndarray, float]:
    """A card with a light, thin "7" over a bold dark pip, as a blurred or low-contrast
    print shows a thin glyph."""
    image = np.full((360, 480, 3), TABLE_GREEN, np.uint8)
    cv2.rectangle(image, (100, 60), (380, 320), CARD_WHITE, -1)
    left, base = 200, 150
    font_scale = glyph_height / 22.0
    (width, height), _ = cv2.getTextSize("7", cv2.FONT_HERSHEY_SIMPLEX, font_scale, 1)
    cv2.putText(
        image, "7", (left, base), cv2.FONT_HERSHEY_SIMPLEX, font_scale, FAINT_GREY, 1, cv2.LINE_AA
    )
    radius = int(glyph_height * PIP_SHARE)
    pip_y = base + glyph_height // 8 + radius
    cv2.circle(image, (left + width // 2, pip_y), radius, INK, -1, cv2.LINE_AA)
    top, bottom = base - height, pip_y + radius
    return image, np.array([left + width / 2, (top + bottom) / 2]), float(bottom - top)


@pytest.mark.parametrize("glyph_height", [10, 12, 16])
def test_a_faint_thin_glyph_over_a_bold_pip_is_found(glyph_height: int) -> None:
    image, centre, index_height = _faint_index(glyph_height)
    assert _found(find_candidates(image), centre, index_height)
    assert not _found(
        find_candidates(image, FinderSettings(faint_glyphs=False)), centre, index_height
    )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    rows=st.integers(1, 41),
    cols=st.integers(1, 41),
    density=st.floats(0.0, 0.6),
)
def test_labelling_in_the_ink_box_matches_labelling_the_whole_mask(
    seed: int, rows: int, cols: int, density: float
) -> None:
    mask = np.where(np.random.default_rng(seed).random((rows, cols)) < density, 255, 0)
    mask = mask.astype(np.uint8)
    parts = labelled(mask)
    count, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    assert parts.count == count

    def rows_sorted(table: np.ndarray) -> np.ndarray:
        return table[np.lexsort(table.T[::-1])]

    mine = rows_sorted(np.column_stack([parts.stats[1:], parts.centroids[1:]]))
    theirs = rows_sorted(np.column_stack([stats[1:], centroids[1:]]))
    assert np.allclose(mine, theirs)
    ink_rows, ink_cols = np.nonzero(mask)
    assert set(zip(parts.cols.tolist(), parts.rows.tolist(), strict=True)) == set(
        zip(ink_cols.tolist(), ink_rows.tolist(), strict=True)
    )


def test_pairs_are_offered_both_ways_round_once() -> None:
    glyphs = np.array([0, 2, 1], dtype=np.int64)
    pips = np.array([1, 0, 0], dtype=np.int64)  # 0->1 and 1->0 are the same pair
    first, second = both_ways(glyphs, pips)
    pairs = sorted(zip(first.tolist(), second.tolist(), strict=True))
    assert pairs == [(0, 1), (0, 2), (1, 0), (2, 0)]
    empty = np.zeros(0, dtype=np.int64)
    assert [a.size for a in both_ways(empty, empty)] == [0, 0]


@pytest.mark.parametrize("magnify", [1, 3])  # 3: cut from a downscaled working image
def test_crops_of_some_rows_are_the_pixels_of_those_rows_in_all_crops(magnify: int) -> None:
    frame, _ = table_frame([Card.parse("QH"), Card.parse("4C")], seed=3)
    image = np.repeat(np.repeat(frame, magnify, axis=0), magnify, axis=1)
    rows = np.array([5, 0, 2])
    cut_first = find_candidates(image).crops_of(rows)  # before any crop is cut
    candidates = find_candidates(image)
    every = candidates.crops
    assert every.shape == (len(candidates), CROP_HEIGHT, CROP_WIDTH, 3)
    assert np.array_equal(cut_first, every[rows])
    assert np.array_equal(candidates.crops_of(rows), every[rows])


def test_only_candidates_of_one_image_are_joined() -> None:
    frame, _ = table_frame([Card.parse("QH")], seed=3)
    candidates = find_candidates(frame)
    assert len(candidates.joined(candidates)) == 2 * len(candidates)
    with pytest.raises(ValueError, match="same image"):
        candidates.joined(find_candidates(frame.copy()))
