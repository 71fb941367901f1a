"""Training targets for the index detector, made from a synthetic scene's ground truth.

Every index at least ``MIN_VISIBLE`` visible is a target: a Gaussian bump in the heat map
at its centre (wider for bigger indices) and, in the cells around the centre, its down
direction, log height and the centre's offset in the cell. Around indices that are only
partly visible the heat map is not trained either way (``weight`` 0): they are neither
clearly an index nor clearly not one.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.detector import CHANNELS, DETECTOR_SIDE, STRIDE, Channel
from training.reader_data import MIN_VISIBLE, Column, index_geometry
from training.types import Scene

PARTLY_VISIBLE = 0.2  # indices between this and MIN_VISIBLE are left out of training
SIGMA_PER_HEIGHT = 0.12  # the bump's spread in index heights
MIN_SIGMA = 0.7  # cells
REGRESSION_RADIUS = 1  # cells around the centre cell that learn the geometry
IGNORE_PER_HEIGHT = 0.5  # radius of the untrained patch around a partial index


@dataclass(frozen=True)
class DetectorSample:
    image: np.ndarray  # H x W x 3 uint8 BGR, the scene as the network sees it
    targets: np.ndarray  # CHANNELS x H/STRIDE x W/STRIDE float32 (heat 0..1, geometry)
    regress: np.ndarray  # H/STRIDE x W/STRIDE bool: cells whose geometry is trained
    weight: np.ndarray  # H/STRIDE x W/STRIDE float32: 0 where the heat is not trained


def scene_sample(scene: Scene) -> DetectorSample:
    """The scene downscaled as at run time, with its target maps."""
    image = scene.image
    scale = min(1.0, DETECTOR_SIDE / max(image.shape[:2]))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    rows, cols = small.shape[0] // STRIDE, small.shape[1] // STRIDE
    small = np.ascontiguousarray(small[: rows * STRIDE, : cols * STRIDE])
    targets = np.zeros((CHANNELS, rows, cols), np.float32)
    regress = np.zeros((rows, cols), bool)
    weight = np.ones((rows, cols), np.float32)
    nearest = np.full((rows, cols), np.inf, np.float32)
    centres, downs, heights, table = index_geometry(scene)
    grid_y, grid_x = np.mgrid[0:rows, 0:cols].astype(np.float32) + 0.5
    for centre, down, height, visible in zip(
        centres * scale / STRIDE,
        downs,
        heights * scale / STRIDE,
        table[:, Column.VISIBLE],
        strict=True,
    ):
        squared = (grid_x - centre[0]) ** 2 + (grid_y - centre[1]) ** 2
        cell_x, cell_y = int(centre[0]), int(centre[1])
        if visible < MIN_VISIBLE:
            if visible >= PARTLY_VISIBLE:
                weight[squared <= (IGNORE_PER_HEIGHT * height) ** 2] = 0.0
            continue
        sigma = max(MIN_SIGMA, SIGMA_PER_HEIGHT * height)
        # the bump peaks (at exactly 1) in the cell holding the centre
        from_cell = (grid_x - cell_x - 0.5) ** 2 + (grid_y - cell_y - 0.5) ** 2
        bump = np.exp(-from_cell / (2 * sigma**2))
        targets[Channel.HEAT] = np.maximum(targets[Channel.HEAT], bump)
        for row in range(cell_y - REGRESSION_RADIUS, cell_y + REGRESSION_RADIUS + 1):
            for col in range(cell_x - REGRESSION_RADIUS, cell_x + REGRESSION_RADIUS + 1):
                if not (0 <= row < rows and 0 <= col < cols):
                    continue
                if squared[row, col] >= nearest[row, col]:
                    continue
                nearest[row, col] = squared[row, col]
                regress[row, col] = True
                targets[Channel.DOWN_X, row, col] = down[0]
                targets[Channel.DOWN_Y, row, col] = down[1]
                targets[Channel.LOG_HEIGHT, row, col] = np.log(max(height, 1e-3))
                targets[Channel.OFFSET_X, row, col] = centre[0] - col
                targets[Channel.OFFSET_Y, row, col] = centre[1] - row
    weight[targets[Channel.HEAT] > 0.5] = 1.0  # a visible index overlapping a partial one
    return DetectorSample(small, targets, regress, weight)
