"""A pinhole camera over the mat: where each mat millimetre lands in the frame.

World axes: the mat's x (right) and y (down the sheet), z = x cross y pointing into the
table, so a camera above it at height h sits at z = -h looking along +z.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.device.camera import PI_LENS_DEGREES


@dataclass(frozen=True)
class CameraPose:
    height_mm: float  # of the camera above the table
    tilt_degrees: float  # optical axis away from straight down
    yaw_degrees: float = 0.0  # turn about the optical axis
    aim_mm: tuple[float, float] = (0.0, 0.0)  # the mat point on the optical axis
    lens_degrees: float = PI_LENS_DEGREES  # field of view across the frame's width


def _rotation(tilt: float, yaw: float) -> np.ndarray:
    ct, st = math.cos(tilt), math.sin(tilt)
    cy, sy = math.cos(yaw), math.sin(yaw)
    about_x = np.array([[1.0, 0.0, 0.0], [0.0, ct, -st], [0.0, st, ct]])
    about_z = np.array([[cy, -sy, 0.0], [sy, cy, 0.0], [0.0, 0.0, 1.0]])
    rotation: np.ndarray = about_z @ about_x
    return rotation


def mat_to_image(pose: CameraPose, frame_size: tuple[int, int]) -> np.ndarray:
    """3x3 homography from mat millimetres (z = 0) to frame pixels."""
    width, height = frame_size
    focal = (width / 2.0) / math.tan(math.radians(pose.lens_degrees / 2.0))
    intrinsics = np.array([[focal, 0.0, width / 2.0], [0.0, focal, height / 2.0], [0, 0, 1.0]])
    rotation = _rotation(math.radians(pose.tilt_degrees), math.radians(pose.yaw_degrees))
    axis = rotation.T @ np.array([0.0, 0.0, 1.0])  # the optical axis in world axes
    distance = pose.height_mm / axis[2]
    centre = np.array([pose.aim_mm[0], pose.aim_mm[1], 0.0]) - distance * axis
    translation = -rotation @ centre
    homography: np.ndarray = intrinsics @ np.column_stack(
        [rotation[:, 0], rotation[:, 1], translation]
    )
    normalised: np.ndarray = homography / homography[2, 2]
    return normalised


TABLE_GREEN = (38, 92, 46)  # BGR of a green baize under the mat


def filmed(
    mat_picture: np.ndarray,
    px_per_mm: float,
    pose: CameraPose,
    frame_size: tuple[int, int],
    *,
    table_colour: tuple[int, int, int] = TABLE_GREEN,
) -> np.ndarray:
    """The frame a camera at ``pose`` takes of a top-down mat picture (BGR)."""
    import cv2

    from_picture = mat_to_image(pose, frame_size) @ np.diag([1 / px_per_mm, 1 / px_per_mm, 1])
    frame: np.ndarray = cv2.warpPerspective(
        mat_picture,
        from_picture,
        frame_size,
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=table_colour,
    )
    return frame
