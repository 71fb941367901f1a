"""Font-drawn faces, index detection, relabelling and the faces cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.cards import Card, IndexScript, Rank, index_label
from training.faces import (
    load_faces,
    prepare_design,
    read_design,
    save_design,
    split_by_design,
)
from training.fontfaces import all_cards, available_designs, font_faces
from training.index_boxes import HALF_TURN, find_indices, ink_mask, paper_colour
from training.relabel import font_for, relabel
from training.types import FaceImage

MIN_IOU = 0.7
QUARTER_TURNS = {0, 90, 180, 270}


def _pixels(box: tuple[float, float, float, float], face: FaceImage) -> tuple[int, ...]:
    height, width = face.rgba.shape[:2]
    return (
        round(box[0] * width),
        round(box[1] * height),
        round(box[2] * width),
        round(box[3] * height),
    )


def _iou(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[2], b[2]), min(a[3], b[3])
    shared = max(0, x1 - x0) * max(0, y1 - y0)
    area = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - shared
    return shared / area


def test_font_faces_cover_every_card_script_and_design() -> None:
    designs = available_designs()
    faces = font_faces(designs=designs[:1])
    assert len(faces) == len(all_cards()) * len(IndexScript)
    keys = {(face.card, face.script) for face in faces}
    assert len(keys) == len(faces)


def test_font_face_shapes_and_boxes(sample_faces: list[FaceImage]) -> None:
    for face in sample_faces:
        height, width, channels = face.rgba.shape
        assert channels == 4 and face.rgba.dtype == np.uint8
        assert height > width
        assert face.rgba[0, 0, 3] == 0, "the rounded corner is transparent"
        assert face.rgba[height // 2, width // 2, 3] == 255
        assert len(face.index_boxes) == len(face.index_rotations) >= 2
        assert set(face.index_rotations) <= QUARTER_TURNS
        for x0, y0, x1, y1 in face.index_boxes:
            assert 0.0 <= x0 < x1 <= 1.0 and 0.0 <= y0 < y1 <= 1.0


def test_index_box_holds_ink_in_the_suit_colour(sample_faces: list[FaceImage]) -> None:
    for face in sample_faces:
        ink = ink_mask(face.rgba, paper_colour(face.rgba))
        for box in face.index_boxes:
            x0, y0, x1, y1 = _pixels(box, face)
            region = face.rgba[y0:y1, x0:x1, :3][ink[y0:y1, x0:x1]].astype(int)
            assert len(region) > 0.1 * (x1 - x0) * (y1 - y0)
            red = np.mean(region[:, 0] - region[:, 2]) > 60
            assert red == face.card.suit.is_red, str(face.card)


def test_detected_indices_match_the_drawn_ones(sample_faces: list[FaceImage]) -> None:
    for face in sample_faces:
        found = find_indices(face.rgba, two_glyphs=face.card.rank is Rank.TEN)
        assert len(found) == len(face.index_boxes), f"{face.design} {face.card}"
        for corner in found:
            best = max(_iou(corner.box, _pixels(box, face)) for box in face.index_boxes)
            assert best > MIN_IOU, f"{face.design} {face.card} {corner}"
        assert {c.rotation for c in found} == set(face.index_rotations)


def test_blank_face_has_no_index() -> None:
    blank = np.full((350, 250, 4), 255, np.uint8)
    assert find_indices(blank, two_glyphs=False) == []


@pytest.mark.parametrize("script", [IndexScript.POLISH, IndexScript.RUSSIAN])
def test_relabelled_index_shows_different_ink(
    english_faces: list[FaceImage], script: IndexScript
) -> None:
    font = font_for("test")
    for face in english_faces:
        if face.card.rank not in (Rank.JACK, Rank.QUEEN, Rank.ACE):
            continue
        corners = tuple(find_indices(face.rgba, two_glyphs=False))
        letter = index_label(face.card.rank, script)
        result = relabel(face.rgba, corners, letter, font)
        paper = paper_colour(face.rgba)
        before = ink_mask(face.rgba, paper)
        after = ink_mask(result.rgba, paper)
        for old, new in zip(corners, result.corners, strict=True):
            x0, y0, x1, y1 = old.rank
            changed = np.mean(before[y0:y1, x0:x1] != after[y0:y1, x0:x1])
            assert changed > 0.1, f"{face.card} {letter}: the letter did not change"
            pip = (old.box[0], old.rank[3] + 2, old.box[2], old.box[3])
            if old.rotation == HALF_TURN:
                pip = (old.box[0], old.box[1], old.box[2], old.rank[1] - 2)
            px0, py0, px1, py1 = pip
            assert np.array_equal(before[py0:py1, px0:px1], after[py0:py1, px0:px1])
            assert new.rotation == old.rotation
        centre = face.rgba.shape[0] // 2
        assert np.array_equal(face.rgba[centre], result.rgba[centre]), "only corners change"


def test_prepare_design_makes_every_script(english_faces: list[FaceImage]) -> None:
    rendered = {face.card: face.rgba for face in english_faces}
    faces = prepare_design("test:font", rendered, tuple(IndexScript), min_faces=1)
    assert len(faces) == len(english_faces) * len(IndexScript)
    by_key = {(face.card, face.script): face for face in faces}
    queen = Card.parse("QS")
    english = by_key[(queen, IndexScript.ENGLISH)]
    polish = by_key[(queen, IndexScript.POLISH)]
    assert english.rgba is rendered[queen]
    assert not np.array_equal(english.rgba, polish.rgba)
    seven = Card.parse("7H")
    assert by_key[(seven, IndexScript.RUSSIAN)].rgba is rendered[seven]


def test_prepare_design_drops_a_design_with_too_few_faces() -> None:
    blank = np.full((350, 250, 4), 255, np.uint8)
    assert prepare_design("test:blank", {Card.parse("2S"): blank}, tuple(IndexScript)) == []


def test_cache_round_trip(english_faces: list[FaceImage], tmp_path: Path) -> None:
    folder = tmp_path / "test_font"
    save_design(folder, english_faces)
    loaded = read_design(folder, tuple(IndexScript))
    assert len(loaded) == len(english_faces)
    for original, copy in zip(english_faces, loaded, strict=True):
        assert copy.card == original.card and copy.script == original.script
        assert np.array_equal(copy.rgba, original.rgba)
        assert np.allclose(copy.index_boxes, original.index_boxes)
        assert copy.index_rotations == original.index_rotations


def test_load_faces_without_debian_art_gives_font_faces(tmp_path: Path) -> None:
    faces = load_faces(tmp_path / "absent", scripts=(IndexScript.POLISH,))
    assert faces and all(face.design.startswith("font:") for face in faces)
    assert {face.script for face in faces} == {IndexScript.POLISH}


def test_split_by_design_holds_out_whole_designs(sample_faces: list[FaceImage]) -> None:
    kept, held = split_by_design(sample_faces, held_out=0.5, seed=1)
    assert len(kept) + len(held) == len(sample_faces)
    kept_designs = {face.design for face in kept}
    held_designs = {face.design for face in held}
    assert kept_designs and held_designs and not kept_designs & held_designs
    again, _ = split_by_design(sample_faces, held_out=0.5, seed=1)
    assert [id(face) for face in again] == [id(face) for face in kept]
    with pytest.raises(ValueError, match="held_out"):
        split_by_design(sample_faces, held_out=1.0, seed=1)
