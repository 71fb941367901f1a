"""A learned index finder: a small fully convolutional network marks index centres.

The network (trained by ``companion/training/train_detector.py``) looks at the frame
downscaled to ``DETECTOR_SIDE`` and returns, on a grid ``STRIDE`` input pixels apart, a
heat map of index centres and, per cell, the index's reading "down" direction, its
height and the centre's offset within the cell. Peaks of the heat map become candidate
crops cut from the working image, which the index reader then reads like the blob
finder's crops. The output channels are listed in ``Channel``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path

import cv2
import numpy as np

from companion.vision.finder import Candidates, cut_crops

DEFAULT_DETECTOR_PATH = Path(__file__).resolve().parents[2] / "models" / "index_detector.onnx"
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


@dataclass(frozen=True)
class DetectorSettings:
    min_heat: float = 0.15  # peaks below this probability are not offered
    max_peaks: int = 120  # at most this many peaks per frame, the hottest first
    # Each peak is also offered upside down: the network sometimes gets an index's way
    # up wrong, and the reader rejects an upside-down index.
    both_ways: bool = True
    # The network is trained on indices up to about 30 px tall at DETECTOR_SIDE; close-ups
    # with bigger indices are looked at again with the frame at these smaller sides.
    coarse_sides: tuple[int, ...] = (320, 160)
    min_coarse_side: int = 96  # no coarser look at a frame whose shorter side gets smaller


def network_input(image: np.ndarray, side: int = DETECTOR_SIDE) -> tuple[np.ndarray, float]:
    """The BGR frame as the network's 1 x 3 x H x W float input (scaled so the longest
    side is at most ``side``, padded to a multiple of PAD_TO), and the scale."""
    longest = max(image.shape[:2])
    scale = min(1.0, side / longest)
    small = (
        image
        if scale == 1.0
        else cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    )
    height, width = small.shape[:2]
    padded = np.zeros((_padded(height), _padded(width), 3), dtype=np.float32)
    padded[:height, :width] = small.astype(np.float32) / 255.0 - 0.5
    return np.ascontiguousarray(padded.transpose(2, 0, 1)[None]), scale


def _padded(size: int) -> int:
    return -(-size // PAD_TO) * PAD_TO


def _sigmoid(values: np.ndarray) -> np.ndarray:
    result: np.ndarray = 1.0 / (1.0 + np.exp(-values))
    return result


@dataclass(frozen=True)
class Peaks:
    """Index centres the network marked, in the network input's pixels."""

    centres: np.ndarray  # N x 2 float32
    down: np.ndarray  # N x 2 float32 unit vectors
    heights: np.ndarray  # N float32 index heights
    heat: np.ndarray  # N float32 probabilities


def find_peaks(maps: np.ndarray, settings: DetectorSettings) -> Peaks:
    """Local maxima of the heat map (C x H x W network output) and their geometry."""
    heat = _sigmoid(maps[Channel.HEAT])
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
    heat: np.ndarray  # rows x columns probabilities of an index centre per cell
    scale: float  # working image pixels to network input pixels

    def heat_near(self, points: np.ndarray) -> np.ndarray:
        """The hottest cell within one cell of each working-image point (N x 2)."""
        widened = cv2.dilate(self.heat, np.ones((3, 3), np.uint8))
        cells = np.floor(points * self.scale / STRIDE).astype(np.int64)
        cols = np.clip(cells[:, 0], 0, widened.shape[1] - 1)
        rows = np.clip(cells[:, 1], 0, widened.shape[0] - 1)
        near: np.ndarray = widened[rows, cols]
        return near


class IndexDetector:
    """The ONNX index detector on one thread."""

    def __init__(
        self, path: Path = DEFAULT_DETECTOR_PATH, settings: DetectorSettings | None = None
    ) -> None:
        import onnxruntime as ort

        if not path.is_file():
            raise DetectorError(f"no detector model at {path}: train one with train_detector.py")
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.enable_mem_pattern = False  # frames of different sizes
        try:
            self._session = ort.InferenceSession(
                str(path), sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as error:  # onnxruntime raises its own untyped errors
            raise DetectorError(f"{path} is not a readable ONNX model: {error}") from None
        if DETECTOR_OUTPUT not in {output.name for output in self._session.get_outputs()}:
            raise DetectorError(f"{path} lacks the output {DETECTOR_OUTPUT}")
        self.path = path
        self.settings = settings or DetectorSettings()

    def maps(self, image: np.ndarray, side: int = DETECTOR_SIDE) -> tuple[np.ndarray, float]:
        """The network's C x H x W output for a BGR frame seen at ``side``, and the
        frame-to-input scale."""
        tensor, scale = network_input(image, side)
        output = self._session.run([DETECTOR_OUTPUT], {DETECTOR_INPUT: tensor})[0]
        return np.asarray(output)[0], scale

    def mark(self, work: np.ndarray) -> Marked:
        """Candidate crops at the marked index centres (in ``work``'s pixels) of every
        look, and the finest look's heat map."""
        maps, scale = self.maps(work)
        looks = [(find_peaks(maps, self.settings), scale)]
        shorter, longer = sorted(work.shape[:2])
        for side in self.settings.coarse_sides:
            coarse = side / longer
            if coarse >= scale or shorter * coarse < self.settings.min_coarse_side:
                continue
            coarse_maps, coarse = self.maps(work, side)
            looks.append((find_peaks(coarse_maps, self.settings), coarse))
        centres = np.concatenate([peaks.centres / factor for peaks, factor in looks])
        heights = np.concatenate([peaks.heights / factor for peaks, factor in looks])
        heights = (heights * CROP_PER_INDEX).astype(np.float32)
        centres = centres.astype(np.float32)
        down = np.concatenate([peaks.down for peaks, _ in looks])
        if self.settings.both_ways:
            centres = np.concatenate([centres, centres])
            heights = np.concatenate([heights, heights])
            down = np.concatenate([down, -down])
        candidates = Candidates(
            centres=centres,
            down=down,
            heights=heights,
            crops=cut_crops(work, centres, down, heights),
        )
        return Marked(candidates, _sigmoid(maps[Channel.HEAT]), scale)
