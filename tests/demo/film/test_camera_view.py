from __future__ import annotations

import numpy as np
import pytest

from companion.demo.film.camera_view import CameraPose, filmed, mat_to_image
from companion.device.camera import pixels_per_mm


def _project(matrix: np.ndarray, x: float, y: float) -> np.ndarray:
    point = matrix @ np.array([x, y, 1.0])
    pixel: np.ndarray = point[:2] / point[2]
    return pixel


def test_straight_down_the_aim_is_the_frame_centre_at_the_lens_scale() -> None:
    pose = CameraPose(800.0, 0.0, aim_mm=(210.0, 148.0))
    matrix = mat_to_image(pose, (1920, 1080))
    assert _project(matrix, 210, 148) == pytest.approx([960, 540])
    ten_cm = _project(matrix, 310, 148) - _project(matrix, 210, 148)
    assert ten_cm[0] == pytest.approx(100 * pixels_per_mm(1920, 800.0), rel=1e-6)
    assert ten_cm[1] == pytest.approx(0.0, abs=1e-9)


def test_a_tilted_camera_sees_the_far_side_smaller() -> None:
    matrix = mat_to_image(CameraPose(650.0, 25.0, aim_mm=(0.0, 0.0)), (1280, 720))
    near = np.linalg.norm(_project(matrix, 50, 200) - _project(matrix, -50, 200))
    far = np.linalg.norm(_project(matrix, 50, -200) - _project(matrix, -50, -200))
    assert _project(matrix, 0, 0) == pytest.approx([640, 360])
    assert abs(near - far) / max(near, far) > 0.2


def test_yaw_turns_the_picture_about_the_aim() -> None:
    matrix = mat_to_image(CameraPose(600.0, 0.0, 90.0), (1280, 720))
    right_of_aim = _project(matrix, 100, 0) - _project(matrix, 0, 0)
    assert abs(right_of_aim[0]) < 1e-6 and abs(right_of_aim[1]) > 100


def test_filmed_puts_the_picture_where_the_homography_says() -> None:
    picture = np.full((300, 400, 3), 255, np.uint8)
    picture[140:160, 190:210] = 0  # a dark square at mat (100, 75) mm, 2 px/mm
    pose = CameraPose(600.0, 10.0, aim_mm=(100.0, 75.0))
    frame = filmed(picture, 2.0, pose, (640, 360))
    x, y = _project(mat_to_image(pose, (640, 360)), 100, 75)
    assert frame[round(y), round(x)].max() < 60
    assert tuple(frame[2, 2]) != (255, 255, 255)  # table around the paper
