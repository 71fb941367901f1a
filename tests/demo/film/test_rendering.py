from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card, IndexScript
from companion.demo.film.camera_view import TABLE_GREEN, CameraPose, mat_to_image
from companion.demo.film.choreography import LaidCard
from companion.demo.film.rendering import SKIN, SceneRenderer
from companion.demo.film.timeline import HandAt, Scene
from companion.table.layouts import Paper, mat_layout

LAYOUT = mat_layout("oczko", Paper.A3)
POSE = CameraPose(600.0, 12.0, 3.0, aim_mm=(210.0, 148.5))
BUMPED = CameraPose(600.0, 12.0, 4.0, aim_mm=(214.0, 150.0))
CARD = LaidCard(Card.parse("9H"), "banker", LAYOUT.zone("banker").centre, 0.0)


@pytest.fixture(scope="module")
def renderer() -> SceneRenderer:
    return SceneRenderer(
        LAYOUT, IndexScript.POLISH, poses=(POSE, BUMPED), frame_size=(1280, 720), seed=4
    )


def _pixel(pose: CameraPose, point: tuple[float, float]) -> tuple[int, int]:
    p = mat_to_image(pose, (1280, 720)) @ np.array([point[0], point[1], 1.0])
    return round(p[0] / p[2]), round(p[1] / p[2])


def _scene(**changes: object) -> Scene:
    values: dict[str, object] = {
        "number": 0,
        "time": 0.0,
        "resting": (),
        "hand": None,
        "light": 1.0,
        "bumped": False,
    }
    values.update(changes)
    return Scene(**values)  # type: ignore[arg-type]


def _patch(frame: np.ndarray, at: tuple[int, int]) -> np.ndarray:
    x, y = at
    mean: np.ndarray = frame[y - 3 : y + 4, x - 3 : x + 4].reshape(-1, 3).mean(axis=0)
    return mean


def test_the_frame_shows_paper_table_and_a_card(renderer: SceneRenderer) -> None:
    empty = renderer.render(_scene())
    with_card = renderer.render(_scene(resting=(CARD,)))
    assert empty.shape == (720, 1280, 3) and empty.dtype == np.uint8
    assert np.abs(_patch(empty, (3, 3)) - np.array(TABLE_GREEN)).max() < 6
    pip = CARD.centre  # a nine has a pip in the middle
    blue, green, red = _patch(with_card, _pixel(POSE, pip))
    assert red > 150 and green < 120 and blue < 120
    assert np.abs(_patch(empty, _pixel(POSE, pip)) - 250).max() < 10


def test_a_hand_is_skin_over_what_it_covers(renderer: SceneRenderer) -> None:
    palm = (210.0, 200.0)
    hand = HandAt(palm, (210.0, 500.0))
    frame = renderer.render(_scene(hand=hand))
    # the palm's drawn centre lies 35 mm toward the arm from the hand's point
    blue, green, red = _patch(frame, _pixel(POSE, (210.0, 235.0)))
    assert abs(red - SKIN[0]) < 12 and abs(green - SKIN[1]) < 12 and abs(blue - SKIN[2]) < 12


def test_light_noise_and_bump_change_the_frame(renderer: SceneRenderer) -> None:
    bright = renderer.render(_scene(resting=(CARD,)))
    dim = renderer.render(_scene(resting=(CARD,), light=0.8, number=1))
    ratio = dim.mean() / bright.mean()
    assert 0.77 < ratio < 0.83
    again = renderer.render(_scene(resting=(CARD,), number=2))
    noise = np.abs(bright.astype(int) - again).mean()
    assert 0.5 < noise < 3.0
    bumped = renderer.render(_scene(resting=(CARD,), bumped=True))
    assert np.abs(bumped.astype(int) - bright).mean() > 5
    assert np.array_equal(renderer.render(_scene(resting=(CARD,))), bright)
