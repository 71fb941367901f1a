"""Labels of the finder's candidates against a scene's ground-truth index boxes."""

from __future__ import annotations

import numpy as np

from companion.cards import Card, IndexScript
from companion.training.reader_data import UNLABELLED, label_candidates
from companion.training.types import PlacedCard, PlacedIndex, Scene
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, Candidates
from companion.vision.labels import NOT_AN_INDEX, rank_class, suit_class

INDEX_HEIGHT = 40.0
INDEX_CENTRE = np.array([200.0, 150.0], dtype=np.float32)


def _scene(card: Card, visible: float = 1.0) -> Scene:
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
        indices=(PlacedIndex(quad.astype(np.float32), visible),),
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
    count = len(rows)
    return Candidates(
        centres=np.array(centres, np.float32),
        down=np.array(downs, np.float32),
        heights=np.array(heights, np.float32),
        crops=np.zeros((count, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8),
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
    ranks, suits = label_candidates(candidates, _scene(card))
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


def test_a_mostly_hidden_index_is_never_a_positive() -> None:
    ranks, _ = label_candidates(_candidates([(0.0, 0.0, 1.5, 0.0)]), _scene(Card.parse("QH"), 0.3))
    assert ranks.tolist() == [UNLABELLED]
