from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.games.registry import game_ids
from companion.table.layouts import ARUCO_DICTIONARY, Paper, mat_layout
from companion.table.mat_drawing import MARKER_CELLS, draw_mat, marker_bits, mat_parts


@pytest.mark.parametrize("game", game_ids())
def test_the_drawn_mat_shows_its_markers_where_the_layout_says(game: str) -> None:
    layout = mat_layout(game, Paper.A3)
    px_per_mm = 2.0
    picture = np.asarray(draw_mat(layout, px_per_mm=px_per_mm))
    assert picture.shape == (594, 840, 3)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), cv2.aruco.DetectorParameters()
    )
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(picture, cv2.COLOR_RGB2GRAY))
    assert ids is not None
    found = {int(i): np.asarray(c).reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}
    assert sorted(found) == sorted(layout.marker_ids)
    for corner, marker_id in enumerate(layout.marker_ids):
        expected = layout.marker_corners_mm(corner) * px_per_mm
        assert np.abs(found[marker_id] - expected).max() < 2.0


def test_marker_bits_have_a_black_border() -> None:
    bits = marker_bits(7)
    assert bits.shape == (MARKER_CELLS, MARKER_CELLS)
    assert bits[0].all() and bits[-1].all() and bits[:, 0].all() and bits[:, -1].all()
    assert not bits[1:-1, 1:-1].all()


def test_the_parts_name_every_zone_the_game_and_the_scale() -> None:
    layout = mat_layout("ochko-21", Paper.A4)
    texts = [part.text for part in mat_parts(layout).texts]
    assert texts[0] == layout.title
    assert {zone.label for zone in layout.zones} <= set(texts)
    assert "10 cm" in texts
    assert mat_parts(layout).scale_bar.width == 100.0
