"""From frames to the mat: ArUco markers -> homography -> mat millimetres.

The homography is found on every frame; while the markers are covered (hands, cards) the
last good one is kept for ``hold_seconds`` of frame time, then the mat is "not found".
A frame of another size starts the calibration again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.table.layouts import (
    ARUCO_DICTIONARY,
    MatLayout,
    layout_of_marker,
    whole_frame_layout,
)
from companion.values.frame import Frame

DEFAULT_HOLD_SECONDS = 3.0
# A homography is taken from three markers or more. Measured on rendered A3 views
# 0.5-0.8 m up: three put every point of the mat within 1 mm, two in opposite corners up
# to 6 mm off, two neighbours up to 11 mm. With fewer the last good one is held.
MIN_MARKERS = 3
# A new homography that moves every mat corner less than this (pixels) is noise: the old
# one is kept so that a still table gives the tracker the very same mat picture.
STILL_CORNER_PIXELS = 1.0
# A full search runs on a copy at most this wide. Measured here on rendered A3 mats:
# 4-7 ms for a whole 1280x720 frame, 15-22 ms at 1920x1080, 5-9 ms at 960 wide; at 640
# wide a mat 0.8 m away tilted 30 degrees lost two of its markers. That is over a still
# frame's 5 ms, so once the mat is found only small windows around the markers' last
# places are searched (well under a millisecond each); the full search runs again only
# when fewer than NEAR_ENOUGH markers are found there (covered, or the camera moved).
DETECT_WIDTH = 960
NEAR_ENOUGH = 3
NEAR_MARGIN = 1.0  # the window reaches this many marker sides around the last quad


@dataclass(frozen=True)
class MatView:
    """Where the mat is in a frame: the homography from frame pixels to mat millimetres."""

    layout: MatLayout
    image_to_mat: np.ndarray  # 3x3 float64
    frame_size: tuple[int, int]  # (width, height) of the frames it maps

    @classmethod
    def whole_frame(cls, width: int, height: int) -> MatView:
        """``--mat none``: one zone, ``table``, covering the frame; 1 mm = 1 px."""
        return cls(whole_frame_layout(float(width), float(height)), np.eye(3), (width, height))

    def to_mat(self, points_px: np.ndarray) -> np.ndarray:
        return _apply(self.image_to_mat, points_px)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        return _apply(np.linalg.inv(self.image_to_mat), points_mm)

    def warp(self, image: np.ndarray, px_per_mm: float) -> np.ndarray:
        """The mat seen from straight above, ``px_per_mm`` pixels to the millimetre."""
        import cv2

        width, height = self.layout.size
        scale = np.diag([px_per_mm, px_per_mm, 1.0])
        size = (round(width * px_per_mm), round(height * px_per_mm))
        warped: np.ndarray = cv2.warpPerspective(
            image, scale @ self.image_to_mat, size, flags=cv2.INTER_LINEAR
        )
        return warped


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    flat = np.asarray(points, np.float64).reshape(-1, 2)
    homogeneous = np.hstack([flat, np.ones((len(flat), 1))]) @ matrix.T
    result: np.ndarray = homogeneous[:, :2] / homogeneous[:, 2:3]
    return result


@dataclass(frozen=True)
class MarkerSighting:
    marker_id: int
    corners: np.ndarray  # 4x2 float32, frame pixels, ArUco order


def marker_detector() -> Any:
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY)
    parameters = cv2.aruco.DetectorParameters()
    parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(dictionary, parameters)


def find_markers(
    detector: Any, image: np.ndarray, *, detect_width: int = DETECT_WIDTH
) -> list[MarkerSighting]:
    """The markers in a BGR frame, found on a grey copy at most ``detect_width`` wide."""
    import cv2

    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    scale = min(1.0, detect_width / grey.shape[1])
    if scale < 1.0:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners, ids, _rejected = detector.detectMarkers(grey)
    if ids is None:
        return []
    return [
        MarkerSighting(int(marker_id), np.asarray(quad, np.float32).reshape(4, 2) / scale)
        for marker_id, quad in zip(ids.ravel(), corners, strict=True)
    ]


def homography_from(layout: MatLayout, sightings: list[MarkerSighting]) -> np.ndarray | None:
    """Frame pixels -> mat mm from the layout's markers among the sightings."""
    import cv2

    image_points, mat_points, corners = [], [], set()
    for sighting in sightings:
        if sighting.marker_id in layout.marker_ids and sighting.marker_id not in corners:
            corner = layout.marker_ids.index(sighting.marker_id)
            corners.add(sighting.marker_id)
            image_points.append(sighting.corners)
            mat_points.append(layout.marker_corners_mm(corner))
    if len(corners) < MIN_MARKERS:
        return None
    matrix, _mask = cv2.findHomography(np.vstack(image_points), np.vstack(mat_points), 0)
    return None if matrix is None else np.asarray(matrix, np.float64)


# Mean grey-level change (of 255) under which a marker's window counts as unchanged.
SAME_WINDOW_LEVEL = 3.0


@dataclass(frozen=True)
class _Window:
    """The picture around a marker when it was last found there."""

    origin: tuple[int, int]
    picture: np.ndarray

    def same_as(self, picture: np.ndarray, origin: tuple[int, int]) -> bool:
        import cv2

        if origin != self.origin or picture.shape != self.picture.shape:
            return False
        # OpenCV's sum of absolute differences: no widened copies of the window.
        change = float(cv2.norm(picture, self.picture, cv2.NORM_L1)) / max(1, picture.size)
        return change < SAME_WINDOW_LEVEL


class Calibrator:
    """Finds the mat on every frame; ``update`` gives the current view or None."""

    def __init__(
        self,
        *,
        game: str | None = None,
        hold_seconds: float = DEFAULT_HOLD_SECONDS,
        detect_width: int = DETECT_WIDTH,
    ) -> None:
        self.game = game
        self.hold_seconds = hold_seconds
        self.detect_width = detect_width
        self._detector = marker_detector()
        self._view: MatView | None = None
        self._seen_at = 0.0
        self._frame_size: tuple[int, int] | None = None
        self._last_quads: dict[int, np.ndarray] = {}
        self._windows: dict[int, _Window] = {}
        self.full_searches = 0  # how often the whole frame was searched (for the bench)

    def update(self, frame: Frame) -> MatView | None:
        height, width = frame.image.shape[:2]
        if (width, height) != self._frame_size:
            self._frame_size, self._view = (width, height), None
            self._last_quads, self._windows = {}, {}
        sightings = self._near_last(frame.image)
        if len(sightings) < NEAR_ENOUGH:
            self.full_searches += 1
            sightings = find_markers(self._detector, frame.image, detect_width=self.detect_width)
        layout = self._layout_among(sightings)
        matrix = None if layout is None else homography_from(layout, sightings)
        if layout is not None and matrix is not None:
            kept = {k: v for k, v in self._last_quads.items() if k in layout.marker_ids}
            seen = {s.marker_id: s.corners for s in sightings if s.marker_id in layout.marker_ids}
            self._last_quads = kept | seen
            if not self._still(layout, matrix):
                self._view = MatView(layout, matrix, (width, height))
            self._seen_at = frame.time
            return self._view
        if self._view is not None and frame.time - self._seen_at <= self.hold_seconds:
            return self._view
        self._view = None
        return None

    def _near_last(self, image: np.ndarray) -> list[MarkerSighting]:
        """The markers found in windows around where each was last seen; a window whose
        picture has not changed keeps its marker without a search."""
        found = []
        height, width = image.shape[:2]
        windows: dict[int, _Window] = {}
        for marker_id, quad in self._last_quads.items():
            low, high = quad.min(axis=0), quad.max(axis=0)
            reach = float((high - low).max()) * NEAR_MARGIN
            x0, y0 = (max(0, int(v - reach)) for v in low)
            x1, y1 = int(min(width, high[0] + reach + 1)), int(min(height, high[1] + reach + 1))
            picture = image[y0:y1, x0:x1]
            last = self._windows.get(marker_id)
            if last is not None and last.same_as(picture, (x0, y0)):
                found.append(MarkerSighting(marker_id, quad))
                windows[marker_id] = last
                continue
            for sighting in find_markers(self._detector, picture, detect_width=picture.shape[1]):
                if sighting.marker_id == marker_id:
                    offset = np.array([x0, y0], np.float32)
                    found.append(MarkerSighting(marker_id, sighting.corners + offset))
                    windows[marker_id] = _Window((x0, y0), picture.copy())
        self._windows = windows
        return found

    def _layout_among(self, sightings: list[MarkerSighting]) -> MatLayout | None:
        """The layout most of the seen markers belong to (of the chosen game, if any)."""
        votes: Counter[MatLayout] = Counter()
        for sighting in sightings:
            layout = layout_of_marker(sighting.marker_id)
            if layout is not None and self.game in (None, layout.game):
                votes[layout] += 1
        if not votes:
            return None
        return votes.most_common(1)[0][0]

    def _still(self, layout: MatLayout, matrix: np.ndarray) -> bool:
        view = self._view
        if view is None or view.layout != layout:
            return False
        width, height = layout.size
        corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
        moved = _apply(np.linalg.inv(matrix), corners) - view.to_image(corners)
        return bool(np.abs(moved).max() < STILL_CORNER_PIXELS)
