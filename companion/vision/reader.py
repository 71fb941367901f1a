"""From a frame to the cards in it: find candidates, read them, merge them per card."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from companion.cards import FRENCH52, Card, DeckProfile
from companion.vision.enrolment import CROPS_PER_PHOTO, DeckPrototypes
from companion.vision.finder import Candidates, FinderSettings, find_candidates
from companion.vision.labels import NOT_AN_INDEX, RANKS, card_from_classes, rank_class
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader, Readings

# A read index below this confidence is dropped.
MIN_CONFIDENCE = 0.6
# Two reads closer than this (in index-crop heights) are the same index seen twice.
SAME_INDEX_DISTANCE = 0.5
# Two indices of one card are at most this many crop heights apart (the card's diagonal).
SAME_CARD_DISTANCE = 6.0


@dataclass(frozen=True)
class Detection:
    """One card found in a frame."""

    card: Card
    confidence: float
    quad: np.ndarray  # 4 x 2 float32: the best index crop (TL, TR, BR, BL as it reads)
    indices: int  # how many corner indices of the card were read

    def scaled(self, factor: float) -> Detection:
        """The same detection with its box in pixels ``factor`` times larger."""
        return replace(self, quad=(self.quad * factor).astype(np.float32))

    def to_json(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "confidence": round(self.confidence, 4),
            "index_box": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
            "indices": self.indices,
        }


@dataclass
class StageTimes:
    """Milliseconds spent per stage, summed over the frames read."""

    find: float = 0.0
    read: float = 0.0
    merge: float = 0.0
    frames: int = 0
    candidates: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class _Read:
    card: Card
    confidence: float
    row: int


class CardReader:
    """The recogniser: OpenCV finder + ONNX reader (+ optional enrolled prototypes)."""

    def __init__(
        self,
        *,
        model_path: Path = DEFAULT_MODEL_PATH,
        deck: DeckProfile = FRENCH52,
        prototypes: DeckPrototypes | None = None,
        settings: FinderSettings | None = None,
        min_confidence: float = MIN_CONFIDENCE,
    ) -> None:
        import cv2

        cv2.setNumThreads(1)  # the budget is one core; OpenCV's threads only contend
        self.model = IndexReader(model_path)
        self.deck = deck
        self.prototypes = prototypes
        self.settings = settings or FinderSettings()
        self.min_confidence = min_confidence
        self.times = StageTimes()
        allowed = np.zeros(len(RANKS) + 1, dtype=bool)
        allowed[NOT_AN_INDEX] = True
        for rank in deck.ranks:
            allowed[rank_class(rank)] = True
        self._allowed_ranks = allowed

    def read(self, image: np.ndarray) -> list[Detection]:
        """Every card whose corner index is readable in a BGR frame, best first."""
        started = time.perf_counter()
        candidates = find_candidates(image, self.settings)
        found = time.perf_counter()
        readings = self.model.read(candidates.crops)
        read = time.perf_counter()
        detections = self._merge(candidates, self._reads(readings))
        merged = time.perf_counter()
        self.times.find += (found - started) * 1000
        self.times.read += (read - found) * 1000
        self.times.merge += (merged - read) * 1000
        self.times.frames += 1
        self.times.candidates.append(len(candidates))
        return detections

    def _reads(self, readings: Readings) -> list[_Read]:
        if readings.rank_probs.shape[0] == 0:
            return []
        rank_probs = readings.rank_probs * self._allowed_ranks[None, :]
        rank_probs = rank_probs / np.maximum(rank_probs.sum(axis=1, keepdims=True), 1e-9)
        ranks = rank_probs.argmax(axis=1)
        suits = readings.suit_probs.argmax(axis=1)
        confidence = rank_probs.max(axis=1) * readings.suit_probs.max(axis=1)
        reads: list[_Read] = []
        rows = np.nonzero((ranks != NOT_AN_INDEX) | (self.prototypes is not None))[0]
        for row in rows:
            card = card_from_classes(int(ranks[row]), int(suits[row]))
            score = float(confidence[row]) if card is not None else 0.0
            if self.prototypes is not None:
                card, score = self.prototypes.relabel(card, score, readings.embeddings[row])
            if card is not None and score >= self.min_confidence:
                reads.append(_Read(card, score, int(row)))
        return sorted(reads, key=lambda r: -r.confidence)

    def enrolment_embeddings(self, image: np.ndarray, card: Card) -> np.ndarray:
        """Embeddings of the crops in an enrolment photo most likely to show ``card``'s
        index: those the model reads as the card, else those least likely "not an index"."""
        candidates = find_candidates(image, self.settings)
        readings = self.model.read(candidates.crops)
        if len(candidates) == 0:
            return np.zeros((0, 1), dtype=np.float32)
        ranks = readings.rank_probs.argmax(axis=1)
        suits = readings.suit_probs.argmax(axis=1)
        matches = np.array(
            [card_from_classes(int(r), int(s)) == card for r, s in zip(ranks, suits, strict=True)]
        )
        likelihood = 1.0 - readings.rank_probs[:, NOT_AN_INDEX]
        if matches.any():
            likelihood = np.where(matches, likelihood + 1.0, 0.0)
        best = np.argsort(-likelihood)[:CROPS_PER_PHOTO]
        chosen: np.ndarray = readings.embeddings[best]
        return chosen

    def _merge(self, candidates: Candidates, reads: list[_Read]) -> list[Detection]:
        """Greedy merge: reads of the same index, then indices of the same card."""
        kept: list[tuple[_Read, int]] = []
        for item in reads:
            centre = candidates.centres[item.row]
            size = float(candidates.heights[item.row])
            duplicate = False
            for number, (other, count) in enumerate(kept):
                gap = float(np.linalg.norm(candidates.centres[other.row] - centre))
                if gap < SAME_INDEX_DISTANCE * size:
                    duplicate = True
                    break
                if other.card == item.card and self._same_card(gap, size):
                    kept[number] = (other, count + 1)
                    duplicate = True
                    break
            if not duplicate:
                kept.append((item, 1))
        return [
            Detection(item.card, item.confidence, candidates.quad(item.row), count)
            for item, count in kept
        ]

    def _same_card(self, gap: float, size: float) -> bool:
        if self.deck.copies == 1:
            return True
        return gap < SAME_CARD_DISTANCE * size
