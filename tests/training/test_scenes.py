"""Synthetic scenes: shapes, geometry of the ground truth, occlusion, determinism."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from training.layout import Pose, TableLayout
from training.scene_report import draw_truth, figures
from training.scenes import GLYPH_SHARE, SceneMaker, reading_order
from training.types import FaceImage, Scene

WIDTH, HEIGHT = 640, 360
FULL = 0.999
HALF_TURN = 180
EDGE_TOLERANCE = 1.5  # pixels
IDENTITY = np.eye(3)


def _layout(*poses: Pose) -> TableLayout:
    return TableLayout(poses, IDENTITY)


def _inside(point: np.ndarray, polygon: np.ndarray) -> bool:
    contour = polygon.reshape(-1, 1, 2).astype(np.float32)
    distance = cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), True)
    return distance >= -EDGE_TOLERANCE


@pytest.fixture(scope="module")
def maker(sample_faces: list[FaceImage]) -> SceneMaker:
    return SceneMaker(sample_faces, seed=7)


def test_scene_image_and_ground_truth_types(maker: SceneMaker) -> None:
    for _ in range(4):
        scene = maker.make(WIDTH, HEIGHT)
        assert isinstance(scene, Scene)
        assert scene.image.shape == (HEIGHT, WIDTH, 3) and scene.image.dtype == np.uint8
        for card in scene.cards:
            assert card.outline.shape == (4, 2) and card.outline.dtype == np.float32
            assert 0.0 <= card.visible <= 1.0
            for index in card.indices:
                assert index.quad.shape == (4, 2) and index.quad.dtype == np.float32
                assert 0.0 <= index.visible <= 1.0


def test_scene_has_at_most_twelve_cards(maker: SceneMaker) -> None:
    counts = [len(maker.make(WIDTH, HEIGHT).cards) for _ in range(12)]
    assert max(counts) <= 12
    assert len(set(counts)) > 1, "the number of cards varies"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_index_quads_of_visible_cards_lie_inside_the_outline(
    sample_faces: list[FaceImage], seed: int
) -> None:
    scene = SceneMaker(sample_faces, seed=seed).make(WIDTH, HEIGHT)
    for card in scene.cards:
        if card.visible < FULL:
            continue
        for index in card.indices:
            for corner in index.quad:
                assert _inside(corner, card.outline)


def test_a_card_under_a_bigger_card_is_not_visible(maker: SceneMaker) -> None:
    under = Pose(320.0, 180.0, 0.3, 120.0, group=0)
    over = Pose(320.0, 180.0, 0.3, 180.0, group=0)
    scene = maker.compose(_layout(under, over), [0, 1], WIDTH, HEIGHT, clutter=False)
    bottom, top = scene.cards
    assert bottom.visible == 0.0
    assert all(index.visible == 0.0 for index in bottom.indices)
    assert top.visible > FULL
    assert all(index.visible > FULL for index in top.indices)


def test_a_card_covering_half_leaves_the_index_strip_visible(maker: SceneMaker) -> None:
    height = 200.0
    aspect = maker.faces[0].rgba.shape[1] / maker.faces[0].rgba.shape[0]
    width = height * aspect
    left = Pose(300.0, 180.0, 0.0, height, group=0)
    right = Pose(300.0 + width / 2, 180.0, 0.0, height, group=0)
    scene = maker.compose(_layout(left, right), [0, 1], WIDTH, HEIGHT, clutter=False)
    covered = scene.cards[0]
    assert 0.4 < covered.visible < 0.6
    top_left = min(covered.indices, key=lambda index: float(index.quad[:, 0].sum()))
    assert top_left.visible > FULL, "the top-left index shows beside the covering card"


def test_a_card_covering_an_index_below_its_glyph_hides_the_pip(maker: SceneMaker) -> None:
    face = maker.faces[0]
    top_box = min(range(len(face.index_boxes)), key=lambda n: face.index_boxes[n][1])
    assert face.index_rotations[top_box] == 0
    _, y0, _, y1 = face.index_boxes[top_box]
    height = 200.0
    under = Pose(300.0, 180.0, 0.0, height, group=0)
    # the covering card's top edge crosses the index just below its glyph
    edge = 180.0 - height / 2 + (y0 + (GLYPH_SHARE + 0.05) * (y1 - y0)) * height
    over = Pose(300.0, edge + height / 2, 0.0, height, group=0)
    scene = maker.compose(_layout(under, over), [0, 1], WIDTH, HEIGHT, clutter=False)
    index = scene.cards[0].indices[top_box]
    assert index.glyph_visible > FULL
    assert index.pip_visible < 0.3
    assert index.pip_visible < index.visible < index.glyph_visible


def test_part_visibilities_agree_with_the_whole_box(maker: SceneMaker) -> None:
    for _ in range(3):
        for card in maker.make(WIDTH, HEIGHT).cards:
            for index in card.indices:
                parts = GLYPH_SHARE * index.glyph_visible + (1 - GLYPH_SHARE) * index.pip_visible
                assert abs(parts - index.visible) < 0.2


def test_a_card_half_out_of_frame(maker: SceneMaker) -> None:
    pose = Pose(0.0, 180.0, 0.0, 200.0, group=0)
    scene = maker.compose(_layout(pose), [0], WIDTH, HEIGHT, clutter=False)
    assert 0.4 < scene.cards[0].visible < 0.6


def test_upside_down_card_quad_starts_at_its_reading_top_left(maker: SceneMaker) -> None:
    pose = Pose(320.0, 180.0, np.pi, 200.0, group=0)
    scene = maker.compose(_layout(pose), [0], WIDTH, HEIGHT, clutter=False)
    card = scene.cards[0]
    # the face's top-left corner is now bottom-right in the image
    assert card.outline[0][0] > card.outline[2][0] and card.outline[0][1] > card.outline[2][1]
    rotations = maker.faces[0].index_rotations
    for index, rotation in zip(card.indices, rotations, strict=True):
        first, _, third, _ = index.quad
        # printed upside down on a card lying upside down: it reads upright in the image
        reads_upright_in_image = rotation == HALF_TURN
        assert (first[1] < third[1]) == reads_upright_in_image


def test_reading_order_rotates_the_corners() -> None:
    box = (0.1, 0.2, 0.3, 0.5)
    upright = reading_order(box, 0)
    turned = reading_order(box, 180)
    assert tuple(upright[0]) == (0.1, 0.2)
    assert tuple(turned[0]) == (0.3, 0.5)
    assert tuple(reading_order(box, 90)[0]) == (0.3, 0.2)


def test_same_seed_same_scenes(sample_faces: list[FaceImage]) -> None:
    first = SceneMaker(sample_faces, seed=3)
    second = SceneMaker(sample_faces, seed=3)
    other = SceneMaker(sample_faces, seed=4)
    for _ in range(3):
        a, b, c = first.make(WIDTH, HEIGHT), second.make(WIDTH, HEIGHT), other.make(WIDTH, HEIGHT)
        assert np.array_equal(a.image, b.image)
        assert [str(card.card) for card in a.cards] == [str(card.card) for card in b.cards]
        for x, y in zip(a.cards, b.cards, strict=True):
            assert np.array_equal(x.outline, y.outline)
        assert not np.array_equal(a.image, c.image)


def test_a_scene_records_how_many_packs_it_was_dealt_from(
    maker: SceneMaker, sample_faces: list[FaceImage]
) -> None:
    pack_size = len({face.card for face in sample_faces})
    packs = set()
    for _ in range(40):
        scene = maker.make(WIDTH, HEIGHT)
        packs.add(scene.decks)
        cards = [placed.card for placed in scene.cards]
        if scene.decks == 1 and len(cards) <= pack_size:  # a pack's cards differ
            assert len(set(cards)) == len(cards)
    assert packs == {1, 2}


def test_no_faces_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one card face"):
        SceneMaker([], seed=0)


def test_bad_size_is_an_error(maker: SceneMaker) -> None:
    with pytest.raises(ValueError, match="positive"):
        maker.make(0, 10)


def test_close_ups_are_one_or_two_big_cards(sample_faces: list[FaceImage]) -> None:
    maker = SceneMaker(sample_faces, seed=1, close_up_chance=1.0)
    for _ in range(4):
        scene = maker.make(WIDTH, HEIGHT)
        assert 1 <= len(scene.cards) <= 2
        for card in scene.cards:
            side = float(np.linalg.norm(card.outline[3] - card.outline[0]))
            assert side > 0.35 * HEIGHT


def test_index_size_follows_the_option(sample_faces: list[FaceImage]) -> None:
    wanted = 30.0
    maker = SceneMaker(sample_faces, seed=2, index_pixels=(wanted, wanted))
    heights = []
    for _ in range(6):
        for card in maker.make(1280, 720).cards:
            for index in card.indices:
                quad = index.quad
                heights.append(float(np.linalg.norm(quad[3] - quad[0])))
    assert heights
    assert 0.6 * wanted < float(np.median(heights)) < 1.5 * wanted


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"index_pixels": (0.0, 10.0)}, "index_pixels"),
        ({"index_pixels": (20.0, 10.0)}, "index_pixels"),
        ({"close_up_chance": 1.5}, "close_up_chance"),
    ],
)
def test_bad_options_are_errors(
    sample_faces: list[FaceImage], options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        SceneMaker(sample_faces, seed=0, **options)  # type: ignore[arg-type]


def test_report_figures_and_truth_drawing(maker: SceneMaker) -> None:
    pose = Pose(320.0, 180.0, 0.2, 200.0, group=0)
    scene = maker.compose(_layout(pose), [0], WIDTH, HEIGHT, clutter=False)
    drawn = draw_truth(scene)
    assert drawn.shape == scene.image.shape and not np.array_equal(drawn, scene.image)
    numbers = figures([scene])
    assert numbers.scenes == 1 and numbers.cards_per_scene == 1.0
    assert numbers.readable_per_scene == len(scene.cards[0].indices)
    assert numbers.hidden_index_share == 0.0


@settings(max_examples=12, deadline=None)
@given(angle=st.floats(0.0, 6.28), seed=st.integers(0, 1000))
def test_index_quad_shows_the_printed_index(
    sample_faces: list[FaceImage], angle: float, seed: int
) -> None:
    """The scene pixels inside each quad, read upright, look like the face's own index."""
    maker = SceneMaker(sample_faces, seed=seed)
    face = maker.faces[0]
    scene = maker.compose(
        _layout(Pose(320.0, 180.0, angle, 300.0, group=0)), [0], WIDTH, HEIGHT, clutter=False
    )
    patch = (24, 40)
    target = np.array([[0, 0], [patch[0], 0], [patch[0], patch[1]], [0, patch[1]]], np.float32)
    height, width = face.rgba.shape[:2]
    grey_face = cv2.cvtColor(face.rgba[..., :3], cv2.COLOR_RGB2GRAY).astype(np.float32)
    grey_scene = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    for index, box, rotation in zip(
        scene.cards[0].indices, face.index_boxes, face.index_rotations, strict=True
    ):
        x0, y0, x1, y1 = (round(v) for v in np.array(box) * [width, height, width, height])
        printed = grey_face[y0:y1, x0:x1]
        upright = np.ascontiguousarray(np.rot90(printed, k=rotation // 90))
        expected = cv2.resize(upright, patch, interpolation=cv2.INTER_AREA)
        seen = cv2.warpPerspective(
            grey_scene, cv2.getPerspectiveTransform(index.quad, target), patch
        )
        a, b = expected - expected.mean(), seen - seen.mean()
        correlation = float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum()))
        assert correlation > 0.6
