from __future__ import annotations

import itertools

import numpy as np
import pytest

from companion.cards import Card, IndexScript
from companion.demo.film.card_faces import MARGIN_X, MARGIN_Y, RANK_HEIGHT, card_face


def _index_corner(face: np.ndarray) -> np.ndarray:
    height, width = face.shape[:2]
    return face[: round(height * 0.2), : round(width * 0.25), :3]


def test_a_face_is_poker_size_at_the_scale_asked() -> None:
    face = card_face(Card.parse("QS"), IndexScript.ENGLISH, 3.0)
    assert face.size == (189, 264)
    assert face.mode == "RGBA"
    alpha = np.asarray(face)[:, :, 3]
    assert alpha[0, 0] == 0 and alpha[132, 94] == 255  # rounded corner, opaque middle


def test_the_index_sits_in_the_top_left_and_turned_in_the_bottom_right() -> None:
    face = np.asarray(card_face(Card.parse("7C"), IndexScript.ENGLISH, 4.0)).astype(int)
    height, width = face.shape[:2]
    ink = (face[:, :, :3].sum(axis=2) < 300) & (face[:, :, 3] > 0)
    top = ink[: round(height * (MARGIN_Y + RANK_HEIGHT)), : round(width * 0.25)]
    assert top.any()
    rows, columns = np.nonzero(top)
    assert (
        rows.min() >= round(height * MARGIN_Y) - 2 and columns.min() >= round(width * MARGIN_X) - 2
    )
    assert np.array_equal(ink[::-1, ::-1][: top.shape[0], : top.shape[1]], top)


def test_hearts_are_red_and_spades_black() -> None:
    red = _index_corner(np.asarray(card_face(Card.parse("5H"), IndexScript.ENGLISH, 3.0)))
    black = _index_corner(np.asarray(card_face(Card.parse("5S"), IndexScript.ENGLISH, 3.0)))
    red_ink = red[(red[:, :, 0].astype(int) - red[:, :, 1]) > 100]
    assert len(red_ink) > 20
    assert not ((black[:, :, 0].astype(int) - black[:, :, 1]) > 100).any()


@pytest.mark.parametrize(
    ("card", "scripts"),
    [
        ("QD", (IndexScript.ENGLISH, IndexScript.POLISH, IndexScript.RUSSIAN)),
        ("AS", (IndexScript.ENGLISH, IndexScript.RUSSIAN)),
    ],
)
def test_the_index_letter_follows_the_script(card: str, scripts: tuple[IndexScript, ...]) -> None:
    corners = [_index_corner(np.asarray(card_face(Card.parse(card), s, 3.0))) for s in scripts]
    for a, b in itertools.pairwise(corners):
        assert not np.array_equal(a, b)


def test_number_cards_keep_the_same_index_in_every_script() -> None:
    faces = [np.asarray(card_face(Card.parse("10D"), s, 3.0)) for s in IndexScript]
    assert all(np.array_equal(faces[0], face) for face in faces[1:])
