"""A learned index finder: a small fully convolutional network marks index centres.

The network (trained by ``training/train_detector.py``) looks at the frame
downscaled to ``DETECTOR_SIDE`` and returns, on a grid ``STRIDE`` input pixels apart, a
heat map of index centres and, per cell, the index's reading "down" direction, its
height and the centre's offset within the cell. Peaks of the heat map become candidate
crops cut from the working image, which the index reader then reads like the blob
finder's crops. The output channels are listed in ``Channel``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from companion.models import DETECTOR_FILE, LIVE_DETECTOR_FILE, model_path
from companion.vision.finder import Candidates
from companion.vision.onnx_session import one_thread_session

if TYPE_CHECKING:
    import onnxruntime

DEFAULT_DETECTOR_PATH = model_path(DETECTOR_FILE)
DEFAULT_LIVE_DETECTOR_PATH = model_path(LIVE_DETECTOR_FILE)
DETECTOR_INPUT = "image"
DETECTOR_OUTPUT = "maps"
DETECTOR_SIDE = 640  # the frame's longest side as the network sees it (trained so)
STRIDE = 4  # input pixels per output cell
PAD_TO = 8  # the network halves its input three times
CROP_PER_INDEX = 1.35  # a candidate crop is this many index heights tall (the median
# of the blob finder's crops that frame an index)


class Channel(IntEnum):
    """The network's output channels."""

    HEAT = 0  # logit of "an index centre is in this cell"
    DOWN_X = 1
    DOWN_Y = 2
    LOG_HEIGHT = 3  # log of the index height in cells
    OFFSET_X = 4  # the centre's position from the cell's corner, in cells
    OFFSET_Y = 5


CHANNELS = len(Channel)
OFFSET_RANGE = (-1.0, 2.0)  # cells next to the centre's cell learn the geometry too


class DetectorError(RuntimeError):
    """The detector model is missing or not a detector model."""


def _detector_session(path: Path) -> onnxruntime.InferenceSession:
    return one_thread_session(
        path,
        DetectorError,
        model="detector",
        trainer="train_detector.py",
        outputs={DETECTOR_OUTPUT},
    )


@dataclass(frozen=True)
class DetectorSettings:
    min_heat: float = 0.15  # peaks below this probability are not offered
    max_peaks: int = 120  # at most this many peaks per frame, the hottest first
    # The network is trained on indices up to about 30 px tall; close-ups with bigger
    # indices are looked at again with the frame scaled by these fractions of the first
    # look's scale, steps of 1/sqrt(2) so that every index size falls well inside the
    # trained range at some look (a 1280 x 720 frame is seen 640 px wide down to 160).
    coarse_factors: tuple[float, ...] = (0.71, 0.5, 0.35, 0.25)
    min_coarse_side: int = 64  # no coarser look at a frame whose shorter side gets smaller
    # Finer looks, made from the working image itself (at most its own resolution): an
    # index under about 16 px in a 1280 px frame is under 8 px at the first look, near the
    # smallest the network was trained on (6 px). Each costs about what the first look
    # costs times the factor squared, and a little more for the tiles' overlap.
    fine_factors: tuple[float, ...] = ()


# Looks are resized bilinearly: several times faster than by pixel area, and the
# held-out recall was the same.
FINE_INTERPOLATION = cv2.INTER_LINEAR
COARSE_INTERPOLATION = cv2.INTER_LINEAR
HALF_TOLERANCE = 0.02  # a coarse look within this of half an earlier one is made from it
# a fine look less than this much finer than the first (a small frame, already seen at
# its own resolution) sees nothing new and is not taken
MIN_FINER = 1.05
# A look with at most this many input pixels is run whole, a larger one in tiles: a live
# frame's fine look is faster whole, a photo's full-resolution look needs far less
# memory in tiles.
MAX_WHOLE_PIXELS = 480_000
# a tile sees this much of the image around its core (input pixels, a multiple of PAD_TO),
# so that an index across the core's edge is seen whole
TILE_MARGIN = 64


def input_scale(image: np.ndarray) -> float:
    """The scale at which the network first looks at a frame: its longest side at most
    DETECTOR_SIDE."""
    return min(1.0, DETECTOR_SIDE / float(max(image.shape[:2])))


def scaled(image: np.ndarray, scale: float, interpolation: int = cv2.INTER_AREA) -> np.ndarray:
    if scale == 1.0:
        return image
    resized: np.ndarray = cv2.resize(image, None, fx=scale, fy=scale, interpolation=interpolation)
    return resized


def as_tensor(small: np.ndarray) -> np.ndarray:
    """A BGR image as the network's 1 x 3 x H x W float input, padded to a multiple of
    PAD_TO."""
    height, width = small.shape[:2]
    tensor = np.empty((1, 3, _padded(height), _padded(width)), dtype=np.float32)
    tensor[:, :, height:, :] = 0.0  # only the padding is zeroed: the image is written over
    tensor[:, :, :height, width:] = 0.0
    # channel-first, straight into place in one pass per plane: 1 ms less per live frame
    # than converting, dividing and subtracting in numpy (values within 1e-7 of those)
    for channel, plane in enumerate(cv2.split(small)):
        image = tensor[0, channel, :height, :width]
        cv2.addWeighted(plane, 1 / 255.0, plane, 0.0, -0.5, dst=image, dtype=cv2.CV_32F)
    return tensor


def network_input(image: np.ndarray, scale: float | None = None) -> tuple[np.ndarray, float]:
    """The BGR frame as the network's input, scaled (by default by ``input_scale``), and
    the scale."""
    scale = input_scale(image) if scale is None else scale
    return as_tensor(scaled(image, scale)), scale


def _padded(size: int) -> int:
    return -(-size // PAD_TO) * PAD_TO


def _tiles(height: int, width: int) -> list[tuple[slice, slice]]:
    """Rows and columns of the tiles' cores in a padded network input: at most
    DETECTOR_SIDE square, of about even size, their edges multiples of PAD_TO."""

    def edges(size: int) -> list[int]:
        count = -(-size // DETECTOR_SIDE)
        step = _padded(-(-size // count))
        return sorted({min(size, start) for start in range(0, size + step, step)})

    return [
        (slice(top, bottom), slice(left, right))
        for top, bottom in itertools.pairwise(edges(height))
        for left, right in itertools.pairwise(edges(width))
    ]


def sigmoid(values: np.ndarray) -> np.ndarray:
    result: np.ndarray = 1.0 / (1.0 + np.exp(-values))
    return result


@dataclass(frozen=True)
class Peaks:
    """Index centres the network marked, in the network input's pixels."""

    centres: np.ndarray  # N x 2 float32
    down: np.ndarray  # N x 2 float32 unit vectors
    heights: np.ndarray  # N float32 index heights
    heat: np.ndarray  # N float32 probabilities


def find_peaks(
    maps: np.ndarray, settings: DetectorSettings, heat: np.ndarray | None = None
) -> Peaks:
    """Local maxima of the heat map (C x H x W network output; ``heat``: its heat channel
    as probabilities, when already computed) and their geometry."""
    heat = sigmoid(maps[Channel.HEAT]) if heat is None else heat
    widened = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    rows, cols = np.nonzero((heat >= widened) & (heat >= settings.min_heat))
    order = np.argsort(-heat[rows, cols])[: settings.max_peaks]
    rows, cols = rows[order], cols[order]
    offset_x = np.clip(maps[Channel.OFFSET_X, rows, cols], *OFFSET_RANGE)
    offset_y = np.clip(maps[Channel.OFFSET_Y, rows, cols], *OFFSET_RANGE)
    centres = np.stack([cols + offset_x, rows + offset_y], axis=1) * STRIDE
    down = np.stack([maps[Channel.DOWN_X, rows, cols], maps[Channel.DOWN_Y, rows, cols]], axis=1)
    down = down / np.maximum(np.linalg.norm(down, axis=1, keepdims=True), 1e-6)
    heights = np.exp(np.clip(maps[Channel.LOG_HEIGHT, rows, cols], -2.0, 5.0)) * STRIDE
    return Peaks(
        centres.astype(np.float32),
        down.astype(np.float32),
        heights.astype(np.float32),
        heat[rows, cols].astype(np.float32),
    )


@dataclass(frozen=True)
class Marked:
    """What the detector made of one working image."""

    candidates: Candidates  # crops at its peaks
    heat: tuple[np.ndarray, ...]  # per look: rows x columns probabilities of an index centre
    scales: tuple[float, ...]  # per look: working image pixels to network input pixels

    def heat_near(self, points: np.ndarray) -> np.ndarray:
        """The hottest cell within one cell of each working-image point (N x 2), over
        all looks."""
        near = np.zeros(points.shape[0], np.float32)
        for heat, scale in zip(self.heat, self.scales, strict=True):
            widened = cv2.dilate(heat, np.ones((3, 3), np.uint8))
            cells = np.floor(points * scale / STRIDE).astype(np.int64)
            cols = np.clip(cells[:, 0], 0, widened.shape[1] - 1)
            rows = np.clip(cells[:, 1], 0, widened.shape[0] - 1)
            near = np.maximum(near, widened[rows, cols])
        return near


class IndexDetector:
    """The ONNX index detector on one thread."""

    def __init__(
        self,
        path: Path = DEFAULT_DETECTOR_PATH,
        settings: DetectorSettings | None = None,
        *,
        small_index_path: Path | None = None,
    ) -> None:
        """``small_index_path``: another model for the first and fine looks, where the
        indices are small (the coarse looks, which find close-ups, keep ``path``'s)."""
        self._session = _detector_session(path)
        if small_index_path == path:
            small_index_path = None  # one model for every look, loaded once
        self._small_index_session = (
            self._session if small_index_path is None else _detector_session(small_index_path)
        )
        self.path = path
        self.small_index_path = small_index_path
        self.settings = settings or DetectorSettings()

    def maps(self, small: np.ndarray, *, small_indices: bool = False) -> np.ndarray:
        """The network's C x H x W output for a BGR image already at its look's scale (by
        the small-index model if ``small_indices``); an input of more than
        MAX_WHOLE_PIXELS is run in overlapping tiles, so that a fine look needs little
        more memory than the first (the maps are the same)."""
        session = self._small_index_session if small_indices else self._session
        tensor = as_tensor(small)
        height, width = tensor.shape[2:]
        if height * width <= MAX_WHOLE_PIXELS:
            return self._run(tensor, session)
        maps = np.zeros((CHANNELS, height // STRIDE, width // STRIDE), np.float32)
        for rows, cols in _tiles(height, width):
            top, left = max(0, rows.start - TILE_MARGIN), max(0, cols.start - TILE_MARGIN)
            tile = self._run(
                tensor[:, :, top : rows.stop + TILE_MARGIN, left : cols.stop + TILE_MARGIN],
                session,
            )
            core_rows = slice(rows.start // STRIDE, rows.stop // STRIDE)
            core_cols = slice(cols.start // STRIDE, cols.stop // STRIDE)
            maps[:, core_rows, core_cols] = tile[
                :,
                core_rows.start - top // STRIDE : core_rows.stop - top // STRIDE,
                core_cols.start - left // STRIDE : core_cols.stop - left // STRIDE,
            ]
        return maps

    def _run(self, tensor: np.ndarray, session: onnxruntime.InferenceSession) -> np.ndarray:
        output = session.run([DETECTOR_OUTPUT], {DETECTOR_INPUT: tensor})[0]
        maps: np.ndarray = np.asarray(output)[0]
        return maps

    def looks(self, work: np.ndarray) -> list[tuple[np.ndarray, float]]:
        """The frame at each look's scale, with the scale. The coarser looks are made
        from the first, much cheaper than from the full frame: one half as large as an
        earlier look by averaging its 2x2 pixels, any other bilinearly."""
        scale = input_scale(work)
        first = scaled(work, scale)
        made = [(first, scale)]
        shorter = min(work.shape[:2])
        for factor in self.settings.coarse_factors:
            if shorter * scale * factor < self.settings.min_coarse_side:
                continue
            halved = next(
                (look for look in made if abs(factor * scale / look[1] - 0.5) < HALF_TOLERANCE),
                None,
            )
            if halved is None:
                made.append((scaled(first, factor, COARSE_INTERPOLATION), scale * factor))
            else:
                image, look_scale = halved
                half_size = (image.shape[1] // 2, image.shape[0] // 2)
                made.append(
                    (cv2.resize(image, half_size, interpolation=cv2.INTER_AREA), look_scale / 2)
                )
        for factor in self.settings.fine_factors:
            fine = min(1.0, scale * factor)
            if fine > scale * MIN_FINER:
                made.append((scaled(work, fine, FINE_INTERPOLATION), fine))
        return made

    def mark(self, work: np.ndarray) -> Marked:
        """Candidate crops at the marked index centres (in ``work``'s pixels) and the heat
        maps of every look."""
        looks, heat = [], []
        made = self.looks(work)
        first_scale = made[0][1]
        for small, scale in made:
            maps = self.maps(small, small_indices=scale >= first_scale)
            heat.append(sigmoid(maps[Channel.HEAT]))
            looks.append((find_peaks(maps, self.settings, heat[-1]), scale))
        # Every look's peaks are kept, also where two looks marked the same index: each
        # is cut at another scale and gives the reader another chance (keeping one per
        # index read 0.70 of the Polish/Russian synthetic cards instead of 0.73; adding
        # each peak upside down found nothing more).
        centres = np.concatenate([peaks.centres / factor for peaks, factor in looks])
        heights = np.concatenate([peaks.heights / factor for peaks, factor in looks])
        down = np.concatenate([peaks.down for peaks, _ in looks])
        centres = centres.astype(np.float32)
        heights = (heights * CROP_PER_INDEX).astype(np.float32)
        candidates = Candidates(
            centres=centres,
            down=down,
            heights=heights,
            image=work,
            heat=np.concatenate([peaks.heat for peaks, _ in looks]),
        )
        return Marked(candidates, tuple(heat), tuple(factor for _, factor in looks))
