from __future__ import annotations

import numpy as np
import pytest

from companion.demo.film.camera_view import CameraPose, filmed, mat_to_image
from companion.table.calibration import Calibrator, MatView
from companion.table.layouts import MatLayout, Paper, mat_layout
from companion.table.mat_drawing import draw_mat
from companion.values.frame import Frame

PX_PER_MM = 4.0


def _mat_picture(layout: MatLayout) -> np.ndarray:
    rgb = np.asarray(draw_mat(layout, px_per_mm=PX_PER_MM))
    return np.ascontiguousarray(rgb[:, :, ::-1])


@pytest.fixture(scope="module")
def oczko_a3() -> MatLayout:
    return mat_layout("oczko", Paper.A3)


@pytest.fixture(scope="module")
def oczko_picture(oczko_a3: MatLayout) -> np.ndarray:
    return _mat_picture(oczko_a3)


def _pose(height: float, tilt: float, layout: MatLayout, *, yaw: float = 5.0) -> CameraPose:
    width, depth = layout.size
    return CameraPose(height, tilt, yaw, aim_mm=(width / 2, depth / 2))


def _zone_centres(layout: MatLayout) -> np.ndarray:
    return np.array([zone.centre for zone in layout.zones])


@pytest.mark.parametrize("frame_size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize(("height", "tilt"), [(500, 0), (650, 15), (800, 30), (800, 0)])
def test_the_mat_is_found_from_any_mount(
    oczko_a3: MatLayout,
    oczko_picture: np.ndarray,
    frame_size: tuple[int, int],
    height: float,
    tilt: float,
) -> None:
    pose = _pose(height, tilt, oczko_a3)
    image = filmed(oczko_picture, PX_PER_MM, pose, frame_size)
    view = Calibrator().update(Frame(image, 0.0, 0))
    assert view is not None
    assert view.layout == oczko_a3
    assert view.frame_size == frame_size
    truth = mat_to_image(pose, frame_size)
    centres = _zone_centres(oczko_a3)
    homogeneous = np.hstack([centres, np.ones((len(centres), 1))]) @ truth.T
    pixels = homogeneous[:, :2] / homogeneous[:, 2:]
    assert np.abs(view.to_mat(pixels) - centres).max() < 2.0
    assert np.abs(view.to_image(view.to_mat(pixels)) - pixels).max() < 1e-6


def _covered(
    image: np.ndarray, layout: MatLayout, pose: CameraPose, corners: list[int]
) -> np.ndarray:
    """The frame with a dark hand over each listed corner's marker."""
    import cv2

    homography = mat_to_image(pose, (image.shape[1], image.shape[0]))
    out = image.copy()
    for corner in corners:
        quad = layout.marker_corners_mm(corner).astype(np.float64)
        middle = quad.mean(axis=0)
        grown = middle + (quad - middle) * 1.6
        ones = np.hstack([grown, np.ones((4, 1))]) @ homography.T
        pixels = (ones[:, :2] / ones[:, 2:]).astype(np.int32)
        cv2.fillConvexPoly(out, pixels, (60, 110, 170))
    return out


def test_covered_markers_keep_the_last_view_for_hold_seconds(
    oczko_a3: MatLayout, oczko_picture: np.ndarray
) -> None:
    pose = _pose(650, 20, oczko_a3)
    image = filmed(oczko_picture, PX_PER_MM, pose, (1280, 720))
    hidden = _covered(image, oczko_a3, pose, [0, 1, 2, 3])
    calibrator = Calibrator(hold_seconds=3.0)
    first = calibrator.update(Frame(image, 0.0, 0))
    assert first is not None
    assert calibrator.update(Frame(hidden, 1.0, 1)) is first
    assert calibrator.update(Frame(hidden, 3.0, 2)) is first
    assert calibrator.update(Frame(hidden, 3.1, 3)) is None
    assert calibrator.update(Frame(image, 3.2, 4)) is not None


def test_three_markers_are_enough_and_two_are_not(
    oczko_a3: MatLayout, oczko_picture: np.ndarray
) -> None:
    pose = _pose(800, 30, oczko_a3)
    image = filmed(oczko_picture, PX_PER_MM, pose, (1920, 1080))
    truth = mat_to_image(pose, (1920, 1080))
    far_corner = np.array([[400.0, 280.0]])
    pixel = (truth @ np.array([400.0, 280.0, 1.0]))[:2] / (truth @ np.array([400.0, 280.0, 1.0]))[2]
    for hidden in ([0], [3]):
        view = Calibrator().update(Frame(_covered(image, oczko_a3, pose, hidden), 0.0, 0))
        assert view is not None, hidden
        assert np.abs(view.to_mat(pixel[None]) - far_corner).max() < 1.5, hidden
    for hidden in ([0, 1], [0, 2], [1, 3], [0, 1, 2]):
        assert Calibrator().update(Frame(_covered(image, oczko_a3, pose, hidden), 0.0, 0)) is None


def test_two_markers_alone_leave_the_held_view(
    oczko_a3: MatLayout, oczko_picture: np.ndarray
) -> None:
    pose = _pose(650, 20, oczko_a3)
    image = filmed(oczko_picture, PX_PER_MM, pose, (1280, 720))
    calibrator = Calibrator()
    first = calibrator.update(Frame(image, 0.0, 0))
    half_hidden = _covered(image, oczko_a3, pose, [0, 3])
    assert calibrator.update(Frame(half_hidden, 0.5, 1)) is first


def test_a_still_table_keeps_the_very_same_view_and_a_bump_moves_it(
    oczko_a3: MatLayout, oczko_picture: np.ndarray
) -> None:
    pose = _pose(650, 10, oczko_a3)
    image = filmed(oczko_picture, PX_PER_MM, pose, (1280, 720))
    calibrator = Calibrator()
    first = calibrator.update(Frame(image, 0.0, 0))
    again = calibrator.update(Frame(image.copy(), 0.1, 1))
    assert first is not None and again is first
    bumped_pose = CameraPose(650, 12, 7.0, aim_mm=(215.0, 150.0))
    bumped = calibrator.update(
        Frame(filmed(oczko_picture, PX_PER_MM, bumped_pose, (1280, 720)), 0.2, 2)
    )
    assert bumped is not None and bumped is not first
    centre = np.array([[210.0, 148.5]])
    truth = mat_to_image(bumped_pose, (1280, 720))
    pixel = (truth @ np.array([210.0, 148.5, 1.0]))[:2] / (truth @ np.array([210.0, 148.5, 1.0]))[2]
    assert np.abs(bumped.to_mat(pixel[None]) - centre).max() < 2.0


def test_a_frame_size_change_starts_again(oczko_a3: MatLayout, oczko_picture: np.ndarray) -> None:
    pose = _pose(650, 10, oczko_a3)
    calibrator = Calibrator()
    small = filmed(oczko_picture, PX_PER_MM, pose, (1280, 720))
    assert calibrator.update(Frame(small, 0.0, 0)) is not None
    big = filmed(oczko_picture, PX_PER_MM, pose, (1920, 1080))
    hidden = _covered(big, oczko_a3, pose, [0, 1, 2, 3])
    assert calibrator.update(Frame(hidden, 0.1, 1)) is None  # nothing held across sizes
    view = calibrator.update(Frame(big, 0.2, 2))
    assert view is not None and view.frame_size == (1920, 1080)


def test_the_game_given_refuses_another_games_mat(
    oczko_a3: MatLayout, oczko_picture: np.ndarray
) -> None:
    image = filmed(oczko_picture, PX_PER_MM, _pose(650, 10, oczko_a3), (1280, 720))
    assert Calibrator(game="oh-hell").update(Frame(image, 0.0, 0)) is None
    assert Calibrator(game="oczko").update(Frame(image, 0.0, 0)) is not None


def test_an_empty_table_is_no_mat() -> None:
    table = np.full((720, 1280, 3), (40, 90, 40), np.uint8)
    assert Calibrator().update(Frame(table, 0.0, 0)) is None


def test_warp_gives_the_mat_from_above(oczko_a3: MatLayout, oczko_picture: np.ndarray) -> None:
    image = filmed(oczko_picture, PX_PER_MM, _pose(650, 25, oczko_a3), (1920, 1080))
    view = Calibrator().update(Frame(image, 0.0, 0))
    assert view is not None
    top_down = view.warp(image, 2.0)
    assert top_down.shape == (594, 840, 3)
    expected = oczko_picture[::2, ::2].astype(np.float64)
    difference = np.abs(top_down.astype(np.float64) - expected[:594, :840])
    assert np.median(difference) < 10


def test_whole_frame_view_is_identity() -> None:
    view = MatView.whole_frame(1280, 720)
    points = np.array([[0.0, 0.0], [640.0, 360.0]])
    assert np.allclose(view.to_mat(points), points)
    assert view.layout.zone_at(640.0, 360.0) is not None
    assert view.layout.zones[0].name == "table"
    image = np.zeros((720, 1280, 3), np.uint8)
    assert view.warp(image, 1.0).shape == (720, 1280, 3)
