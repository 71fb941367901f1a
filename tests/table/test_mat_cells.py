"""CellGrid: a whole-number shrink, and cells that are the mean grey of their area."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.table.calibration import MatView
from companion.table.layouts import Paper, mat_layout
from companion.table.mat_cells import CellGrid
from companion.values.frame import Frame

LAYOUT = mat_layout("oh-hell", Paper.A3)


def view_at(px_per_mm: float) -> MatView:
    size = (round(LAYOUT.size[0] * px_per_mm), round(LAYOUT.size[1] * px_per_mm))
    return MatView(LAYOUT, np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0]), size)


@given(st.floats(0.5, 4.0))
@settings(max_examples=20, deadline=None)
def test_the_shrink_is_a_whole_number_with_a_cell_at_least_1_5_shrunk_pixels(
    px_per_mm: float,
) -> None:
    grid = CellGrid.of(view_at(px_per_mm), 4.0)
    assert isinstance(grid.shrink, int) and grid.shrink >= 1
    assert grid.shrink == 1 or px_per_mm * 4.0 / grid.shrink >= 1.5


def test_cells_are_the_grey_of_their_area_whatever_the_frame_s_edge() -> None:
    view = view_at(1.85)
    grid = CellGrid.of(view, 4.0)
    width, height = view.frame_size
    image = np.zeros((height, width, 3), np.uint8)
    image[:, : width // 2] = 200  # the left half light
    cells = grid.cells(Frame(image, 0.0, 0))
    assert cells.shape == grid.shape
    assert cells[:, : grid.shape[1] // 2 - 2] == pytest.approx(200.0, abs=1.0)
    assert cells[:, grid.shape[1] // 2 + 2 :] == pytest.approx(0.0, abs=1.0)
