"""Labels of the finder's candidates against a scene's ground-truth index boxes."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card, IndexScript, Rank
from companion.vision.finder import Candidates
from companion.vision.labels import NOT_AN_INDEX, rank_class, suit_class
from training.reader_data import UNLABELLED, LabelRule, label_candidates, scene_crops
from training.types import PlacedCard, PlacedIndex, Scene

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)

INDEX_HEIGHT = 40.0
INDEX_CENTRE = np.array([200.0, 150.0], dtype=np.float32)


def _scene(
    card: Card, visible: float = 1.0, *, glyph: float | None = None, pip: float | None = None
) -> Scene:

    half_w, half_h = INDEX_HEIGHT / 3, INDEX_HEIGHT / 2
    quad = INDEX_CENTRE + np.array(
        [[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]],
        dtype=np.float32,
    )
    placed = PlacedCard(
        card=card,
        design="font:test",
        script=IndexScript.ENGLISH,
        outline=quad * 3,
        visible=1.0,
        indices=(
            PlacedIndex(
                quad.astype(np.float32),
                visible,
                glyph_visible=visible if glyph is None else glyph,
                pip_visible=visible if pip is None else pip,
            ),
        ),
    )
    return Scene(np.zeros((300, 400, 3), np.uint8), (placed,))


def _candidates(rows: list[tuple[float, float, float, float]]) -> Candidates:
    """(shift across in index heights, turn in degrees, crop height / index height, far)."""
    centres, downs, heights = [], [], []
    for shift, degrees, scale, far in rows:
        turn = np.radians(degrees)
        centres.append(INDEX_CENTRE + np.array([shift * INDEX_HEIGHT + far, 0.0]))
        downs.append([-np.sin(turn), np.cos(turn)])
        heights.append(scale * INDEX_HEIGHT)
    return Candidates(
        centres=np.array(centres, np.float32),
        down=np.array(downs, np.float32),
        heights=np.array(heights, np.float32),
        image=BLANK,
    )


def test_labels_positive_left_out_and_negative_candidates() -> None:
    card = Card.parse("QH")
    candidates = _candidates(
        [
            (0.0, 0.0, 1.5, 0.0),  # framing the index: the card
            (0.0, 30.0, 1.5, 0.0),  # turned a little too far: left out
            (0.0, 50.0, 1.5, 0.0),  # turned well away (glyph of one card, pip of another)
            (0.0, 180.0, 1.5, 0.0),  # upside down
            (0.0, 0.0, 4.0, 0.0),  # far too large: shows more than the index
            (0.0, 0.0, 2.6, 0.0),  # a little too large: left out
            (0.5, 0.0, 1.5, 0.0),  # half an index beside it: left out
            (0.0, 0.0, 1.5, 200.0),  # far away
        ]
    )
    labels = label_candidates(candidates, _scene(card))
    ranks, suits = labels.ranks, labels.suits
    assert not labels.keep_all.any()
    assert ranks.tolist() == [
        rank_class(card.rank),
        UNLABELLED,
        NOT_AN_INDEX,
        NOT_AN_INDEX,
        NOT_AN_INDEX,
        UNLABELLED,
        UNLABELLED,
        NOT_AN_INDEX,
    ]
    assert suits[0] == suit_class(card.suit)


def _label_of_one_framing_crop(scene: Scene, rule: LabelRule = LabelRule.GLYPH_AND_PIP) -> int:
    labels = label_candidates(_candidates([(0.0, 0.0, 1.5, 0.0)]), scene, rule)
    return int(labels.ranks[0])


def test_a_mostly_hidden_index_is_not_an_index() -> None:
    assert _label_of_one_framing_crop(_scene(Card.parse("QH"), 0.3)) == NOT_AN_INDEX


def test_an_index_whose_pip_is_covered_is_not_an_index() -> None:
    # the glyph shows in full and the index box is 62% visible: no suit can be read
    scene = _scene(Card.parse("7H"), 0.62, glyph=1.0, pip=0.15)
    assert _label_of_one_framing_crop(scene) == NOT_AN_INDEX


def test_an_index_whose_glyph_is_covered_is_not_an_index() -> None:
    scene = _scene(Card.parse("7H"), 0.5, glyph=0.1, pip=1.0)
    assert _label_of_one_framing_crop(scene) == NOT_AN_INDEX


@pytest.mark.parametrize(
    ("visible", "glyph", "pip"),
    [
        (0.75, 1.0, 0.5),  # the pip half shows: left out
        (0.65, 0.7, 0.7),  # both parts mostly show but the box less than MIN_VISIBLE
    ],
)
def test_partly_shown_indices_are_left_out(visible: float, glyph: float, pip: float) -> None:
    scene = _scene(Card.parse("7H"), visible, glyph=glyph, pip=pip)
    assert _label_of_one_framing_crop(scene) == UNLABELLED


@pytest.mark.parametrize(
    ("visible", "glyph", "pip"), [(0.75, 1.0, 0.5), (0.62, 0.4, 1.0), (0.5, 0.1, 1.0)]
)
def test_under_the_shown_rule_every_index_with_a_hidden_part_is_not_an_index(
    visible: float, glyph: float, pip: float
) -> None:
    scene = _scene(Card.parse("5S"), visible, glyph=glyph, pip=pip)
    labels = label_candidates(_candidates([(0.0, 0.0, 1.5, 0.0)]), scene, LabelRule.PARTS_SHOWN)
    assert int(labels.ranks[0]) == NOT_AN_INDEX
    assert labels.keep_all.tolist() == [True]


def test_under_the_shown_rule_an_index_with_both_parts_shown_is_its_card() -> None:
    scene = _scene(Card.parse("5S"), 0.8, glyph=1.0, pip=0.65)
    assert _label_of_one_framing_crop(scene, LabelRule.PARTS_SHOWN) == rank_class(Rank.FIVE)


def test_an_index_with_both_parts_shown_is_its_card() -> None:
    card = Card.parse("7H")
    labels = label_candidates(
        _candidates([(0.0, 0.0, 1.5, 0.0)]), _scene(card, 0.8, glyph=1.0, pip=0.65)
    )
    assert (int(labels.ranks[0]), int(labels.suits[0])) == (
        rank_class(card.rank),
        suit_class(card.suit),
    )


def test_the_index_box_rule_looks_only_at_the_whole_box() -> None:
    card = Card.parse("7H")
    covered_pip = _scene(card, 0.75, glyph=1.0, pip=0.2)
    mostly_hidden = _scene(card, 0.3)
    assert _label_of_one_framing_crop(covered_pip, LabelRule.INDEX_BOX) == rank_class(card.rank)
    assert _label_of_one_framing_crop(covered_pip) == NOT_AN_INDEX
    assert _label_of_one_framing_crop(mostly_hidden, LabelRule.INDEX_BOX) == UNLABELLED


def test_the_shown_rule_keeps_every_crop_of_a_hidden_part_index_as_a_negative() -> None:
    hidden_glyph = _scene(Card.parse("5S"), 0.6, glyph=0.4, pip=1.0)
    framing = [(0.0, float(degrees), 1.5, 0.0) for degrees in (0, 2, 4, 6, 8)]
    far = [(0.0, 0.0, 1.5, 150.0 + 5 * n) for n in range(30)]
    candidates = _candidates(framing + far)
    for row in range(len(candidates)):  # each crop shows its row number
        candidates.crops[row] = row
    crops, _, _ = scene_crops(
        hidden_glyph,
        np.random.default_rng(0),
        negatives_per_positive=3,
        min_negatives=len(framing) + 2,
        find=lambda image: candidates,
        rule=LabelRule.PARTS_SHOWN,
    )
    shown = sorted(int(crop[0, 0, 0]) for crop in crops.crops)
    assert shown[: len(framing)] == list(range(len(framing)))  # all five, and two more
    assert len(shown) == len(framing) + 2
    assert (crops.ranks == NOT_AN_INDEX).all()
