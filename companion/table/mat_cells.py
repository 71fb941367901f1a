"""A coarse grey picture of the mat, one value per cell of a few millimetres, for judging
motion and change cheaply on every frame.

Each cell is about the mean of the frame's pixels over it (the frame is first shrunk by
area, a whole number of pixels into one, so that a cell is one to two shrunk pixels), so
sensor noise averages out and a still table gives nearly the same cells frame after
frame. A whole-number shrink is OpenCV's fast path: a third of the cost of a fractional
one at 1920x1080."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.table.calibration import MatView
from companion.values.frame import Frame
from companion.values.mat import Zone

# Shrunk pixels across a cell, at least (the shrink is the whole number that gives it).
SHRUNK_PER_CELL = 1.5


@dataclass(frozen=True)
class CellGrid:
    """How a view's frames map to cells: the shrink factor and the homography from the
    shrunk frame to cells."""

    view: MatView
    cell_mm: float
    shrink: int  # frame pixels per shrunk pixel, each way (1: not shrunk)
    to_cells: np.ndarray  # 3x3, shrunk frame pixels -> cells
    shape: tuple[int, int]  # rows, columns

    @classmethod
    def of(cls, view: MatView, cell_mm: float) -> CellGrid:
        width, height = view.layout.size
        centre = np.array([[width / 2, height / 2]])
        # Frame pixels per mat millimetre near the mat's middle.
        ends = view.to_image(centre + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
        jacobian = np.stack([ends[1] - ends[0], ends[2] - ends[0]], axis=1)
        px_per_mm = math.sqrt(abs(float(np.linalg.det(jacobian))))
        shrink = max(1, math.floor(px_per_mm * cell_mm / SHRUNK_PER_CELL))
        to_cells = np.diag([1 / cell_mm, 1 / cell_mm, 1.0]) @ view.image_to_mat
        to_cells = to_cells @ np.diag([shrink, shrink, 1.0])
        shape = (math.ceil(height / cell_mm), math.ceil(width / cell_mm))
        return cls(view, cell_mm, shrink, to_cells, shape)

    def cells(self, frame: Frame) -> np.ndarray:
        """The frame's cells, float32 grey levels."""
        return self.cells_of(frame.grey(self.shrink))

    def cells_of(self, grey: np.ndarray) -> np.ndarray:
        """The cells of a frame's grey picture shrunk by ``shrink`` (Frame.grey: whole
        blocks averaged, so the shrunk pixels keep their places)."""
        import cv2

        rows, columns = self.shape
        warped = cv2.warpPerspective(
            grey,
            self.to_cells,
            (columns, rows),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        return np.asarray(warped, dtype=np.float32)

    def zone_slice(self, zone: Zone) -> tuple[slice, slice]:
        """The cells a zone covers (rows, columns)."""
        rows, columns = self.shape
        return (
            slice(
                max(0, math.floor(zone.y / self.cell_mm)),
                min(rows, math.ceil((zone.y + zone.height) / self.cell_mm)),
            ),
            slice(
                max(0, math.floor(zone.x / self.cell_mm)),
                min(columns, math.ceil((zone.x + zone.width) / self.cell_mm)),
            ),
        )

    def around(self, point_mm: np.ndarray, radius_mm: float) -> tuple[slice, slice]:
        """The cells within ``radius_mm`` of a point (a square)."""
        rows, columns = self.shape
        x, y = float(point_mm[0]) / self.cell_mm, float(point_mm[1]) / self.cell_mm
        reach = radius_mm / self.cell_mm
        return (
            slice(max(0, math.floor(y - reach)), min(rows, math.ceil(y + reach) + 1)),
            slice(max(0, math.floor(x - reach)), min(columns, math.ceil(x + reach) + 1)),
        )
