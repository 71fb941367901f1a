"""The index-reading CNN, run with onnxruntime on one thread.

The network (trained by ``training/train_reader.py``) takes normalised upright
crops and returns rank logits (class 0 = not an index), suit logits, an embedding and
the last convolution's features; the reader uses the logits and, for deck enrolment, the
features. The same ``normalise_crops`` runs at training and at run time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from companion.models import READER_FILE, model_path
from companion.vision.labels import NOT_AN_INDEX
from companion.vision.onnx_session import one_thread_session

DEFAULT_MODEL_PATH = model_path(READER_FILE)
INPUT_NAME = "crops"
OUTPUT_NAMES = ("rank_logits", "suit_logits", "embedding", "features")
# What the reader uses: the two heads, and for deck enrolment the last convolution's
# features (the 64-value embedding, trained only through the known classes, puts glyphs
# no class was trained on close together; the spatial features tell them apart).
READ_OUTPUTS = ("rank_logits", "suit_logits", "features")
WHITE_PERCENTILE = 0.95  # the crop's paper white, per channel
MIN_WHITE = 24.0  # below this a crop is too dark to normalise by its white
# Crops per onnxruntime call. With the memory arena on, onnxruntime keeps and reuses the
# largest call's buffers: small calls keep that small (+10 MB at 32 crops, +30 MB at 128,
# and without the arena the process grew by 60-90 MB over a photo with 1,600 candidates).
BATCH = 32
FINGERPRINT_LENGTH = 16  # hex digits of the model file's SHA-256


class ModelError(RuntimeError):
    """The model file is missing or not a reader model."""


@dataclass(frozen=True)
class Readings:
    """The network's answers for a batch of crops."""

    rank_probs: np.ndarray  # N x RANK_CLASSES
    suit_probs: np.ndarray  # N x SUIT_CLASSES

    @staticmethod
    def gathered(count: int, parts: Sequence[tuple[np.ndarray, Readings]]) -> Readings:
        """``count`` readings: at each part's rows that part's, elsewhere "not an index"
        for sure (uniform suits). At least one part must have rows."""
        widths = next(part for rows, part in parts if rows.size)  # the network's widths
        rank_probs = np.zeros((count, widths.rank_probs.shape[1]), np.float32)
        rank_probs[:, NOT_AN_INDEX] = 1.0
        suits = widths.suit_probs.shape[1]
        suit_probs = np.full((count, suits), 1.0 / suits, np.float32)
        for rows, part in parts:
            if rows.size:
                rank_probs[rows] = part.rank_probs
                suit_probs[rows] = part.suit_probs
        return Readings(rank_probs, suit_probs)


def normalise_crops(crops: np.ndarray) -> np.ndarray:
    """N x H x W x 3 uint8 BGR crops to N x 3 x H x W float32, white-balanced per crop."""
    count, height, width, channels = crops.shape
    flat = crops.reshape(count, height * width, channels).astype(np.float32)
    kth = int(WHITE_PERCENTILE * (height * width - 1))
    white = np.maximum(np.partition(flat, kth, axis=1)[:, kth, :], MIN_WHITE)
    # divided straight into the channel-first layout, then clipped and shifted in place:
    # the same float32 arithmetic as a division, clip and shift of copies, in 2/3 the time
    scaled = np.empty((count, channels, height, width), np.float32)
    np.divide(crops.transpose(0, 3, 1, 2), white[:, :, None, None], out=scaled)
    np.minimum(scaled, 1.0, out=scaled)
    scaled -= 0.5
    return scaled


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    result: np.ndarray = shifted / shifted.sum(axis=1, keepdims=True)
    return result


class IndexReader:
    """The ONNX index reader on one thread."""

    def __init__(self, path: Path = DEFAULT_MODEL_PATH) -> None:
        self._session = one_thread_session(
            path, ModelError, model="reader", trainer="train_reader.py", outputs=set(OUTPUT_NAMES)
        )
        self.path = path

    @cached_property
    def fingerprint(self) -> str:
        """Names the model for deck files, whose prototypes only its features match."""
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:FINGERPRINT_LENGTH]

    def read(self, crops: np.ndarray) -> Readings:
        """Read N upright crops (N x H x W x 3 uint8 BGR)."""
        if crops.shape[0] == 0:
            empty = np.zeros((0, 1), dtype=np.float32)
            return Readings(empty, empty)
        parts = [
            self._run(crops[start : start + BATCH], READ_OUTPUTS[:2])
            for start in range(0, crops.shape[0], BATCH)
        ]
        rank_logits = np.concatenate([rank for rank, _ in parts])
        suit_logits = np.concatenate([suit for _, suit in parts])
        return Readings(softmax(rank_logits), softmax(suit_logits))

    def features(self, crops: np.ndarray) -> np.ndarray:
        """N x F: the crops' last convolution features, centred and L2-normalised, which
        deck prototypes compare. Asked for only where a prototype may name a crop: at
        12 KB a crop, those of a photo's 1,700 candidates took `recognize` over its
        memory budget."""
        count = crops.shape[0]
        embeddings = np.zeros((count, 0), np.float32)
        for start in range(0, count, BATCH):
            (batch,) = self._run(crops[start : start + BATCH], READ_OUTPUTS[2:])
            if start == 0:  # filled a batch at a time: no second copy of them all
                embeddings = np.empty((count, batch.shape[1]), np.float32)
            embeddings[start : start + len(batch)] = _centred_unit_rows(batch)
        return embeddings

    def _run(self, crops: np.ndarray, outputs: Sequence[str]) -> list[np.ndarray]:
        arrays = self._session.run(list(outputs), {INPUT_NAME: normalise_crops(crops)})
        return [np.asarray(array) for array in arrays]


def _centred_unit_rows(features: np.ndarray) -> np.ndarray:
    """Each row less its mean, then scaled to length 1."""
    centred: np.ndarray = features - features.mean(axis=1, keepdims=True)
    centred /= np.maximum(np.linalg.norm(centred, axis=1, keepdims=True), 1e-6)
    return centred
