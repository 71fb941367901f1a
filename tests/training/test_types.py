"""The synthetic data's value types."""

from __future__ import annotations

import numpy as np
import pytest

from training.types import PlacedIndex


def test_an_index_height_runs_between_its_top_and_bottom_edges_midpoints() -> None:
    # a box seen in perspective, turned upside down: its left side 20 px, its right 30 px
    quad = np.array([[50, 40], [40, 40], [40, 10], [50, 20]], np.float32)
    index = PlacedIndex(quad, 1.0, 1.0, 1.0)
    top, bottom = index.edge_midpoints()
    np.testing.assert_allclose(top, [45, 40])
    np.testing.assert_allclose(bottom, [45, 15])
    assert index.height() == pytest.approx(25.0)
