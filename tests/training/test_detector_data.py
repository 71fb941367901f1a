"""The detector's target maps drawn from a scene's ground-truth index boxes."""

from __future__ import annotations

import numpy as np

from companion.cards import Card, IndexScript
from companion.vision.detector import DETECTOR_SIDE, STRIDE, Channel
from training.detector_data import scene_sample
from training.types import PlacedCard, PlacedIndex, Scene

FRAME_HEIGHT, FRAME_WIDTH = 720, 1280
SCALE = DETECTOR_SIDE / FRAME_WIDTH


def _index(centre: tuple[float, float], height: float, visible: float) -> PlacedIndex:
    """An upright index box (reading down the image) of the given height."""
    half_w, half_h = height / 3, height / 2
    quad = np.array(centre, np.float32) + np.array(
        [[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]],
        dtype=np.float32,
    )
    return PlacedIndex(quad, visible, glyph_visible=visible, pip_visible=visible)


def _scene(*indices: PlacedIndex) -> Scene:
    cards = tuple(
        PlacedCard(
            card=Card.parse("7S"),
            design="font:test",
            script=IndexScript.POLISH,
            outline=index.quad * 2,
            visible=1.0,
            indices=(index,),
        )
        for index in indices
    )
    return Scene(np.full((FRAME_HEIGHT, FRAME_WIDTH, 3), 90, np.uint8), cards)


def test_a_visible_index_peaks_at_one_in_its_cell_with_its_geometry() -> None:
    centre, height = (401.0, 203.0), 32.0
    sample = scene_sample(_scene(_index(centre, height, 1.0)))
    assert sample.image.shape == (FRAME_HEIGHT * SCALE, DETECTOR_SIDE, 3)
    cell_x = centre[0] * SCALE / STRIDE
    cell_y = centre[1] * SCALE / STRIDE
    row, col = int(cell_y), int(cell_x)
    heat = sample.targets[Channel.HEAT]
    assert heat[row, col] == 1.0
    assert np.count_nonzero(heat == 1.0) == 1
    assert 0.0 < heat[row, col + 2] < 1.0  # a bump, not a single cell
    assert sample.regress[row, col] and sample.regress[row + 1, col + 1]
    assert not sample.regress[row + 3, col]
    geometry = sample.targets[:, row, col]
    assert np.allclose(geometry[[Channel.DOWN_X, Channel.DOWN_Y]], [0.0, 1.0], atol=1e-6)
    assert np.isclose(np.exp(geometry[Channel.LOG_HEIGHT]), height * SCALE / STRIDE, rtol=1e-4)
    assert np.isclose(geometry[Channel.OFFSET_X], cell_x - col, atol=1e-4)
    assert np.isclose(geometry[Channel.OFFSET_Y], cell_y - row, atol=1e-4)
    assert sample.weight.min() == 1.0


def test_a_partly_visible_index_is_left_untrained_and_a_hidden_one_is_background() -> None:
    partial = scene_sample(_scene(_index((300.0, 300.0), 40.0, 0.5)))
    assert partial.targets[Channel.HEAT].max() == 0.0
    assert not partial.regress.any()
    row, col = int(300 * SCALE / STRIDE), int(300 * SCALE / STRIDE)
    assert partial.weight[row, col] == 0.0
    assert partial.weight[0, 0] == 1.0
    hidden = scene_sample(_scene(_index((300.0, 300.0), 40.0, 0.05)))
    assert hidden.targets[Channel.HEAT].max() == 0.0
    assert hidden.weight.min() == 1.0


def test_each_cell_learns_the_geometry_of_the_nearest_index() -> None:
    left, right = (400.0, 300.0), (420.0, 300.0)  # fanned: 2.5 cells apart
    sample = scene_sample(_scene(_index(left, 30.0, 1.0), _index(right, 50.0, 1.0)))
    row = int(300 * SCALE / STRIDE)
    left_col = int(left[0] * SCALE / STRIDE)
    right_col = int(right[0] * SCALE / STRIDE)
    heights = np.exp(sample.targets[Channel.LOG_HEIGHT, row]) * STRIDE / SCALE
    assert np.isclose(heights[left_col], 30.0, rtol=1e-3)
    assert np.isclose(heights[right_col], 50.0, rtol=1e-3)
    assert np.count_nonzero(sample.targets[Channel.HEAT] == 1.0) == 2
