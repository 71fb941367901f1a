"""From a frame to the cards in it: find candidates, read them, merge them per card.

The parts each do one thing: the candidate finder (``sources``), the looks at the
candidates (``looks``), the deck's view of the readings (``deck_reading``), the merge of
reads into cards (``merging``), and the settings (``reader_settings``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.cards import FRENCH52, Card, DeckProfile
from companion.vision.deck_reading import DeckReading, enrolment_crops
from companion.vision.enrolment import DeckPrototypes
from companion.vision.exposure import brought_up, is_dark
from companion.vision.finder import Candidates, working_image
from companion.vision.looks import Looks
from companion.vision.merging import (
    CornerIndices,
    CornersShown,
    Detection,
    corners_shown,
    merge_reads,
)
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader, Readings
from companion.vision.reader_settings import MIN_FRAME_SIDE, ReaderSettings
from companion.vision.second_look import second_look
from companion.vision.sources import CandidateFinder, CandidateSource, DetectorModels

# A dark live frame (exposure.is_dark) is read twice: as it is, and brought up to the
# trained brightness; the second read adds the cards the first missed. Reading only the
# brought-up frame cost synthetic cards, as the networks were trained on dark scenes too.
BROUGHT_UP_SOURCES = frozenset({CandidateSource.DETECTOR})


def with_new_cards(first: list[Detection], second: list[Detection]) -> list[Detection]:
    """The first read's detections and the second's of cards the first did not read, best
    first. Where the second read more copies of a card than the first (two packs), its
    copies farthest from the first's are added, up to its own count."""
    added: list[Detection] = []
    for card in dict.fromkeys(detection.card for detection in second):
        had = [detection for detection in first if detection.card == card]
        more = [detection for detection in second if detection.card == card]
        if len(more) <= len(had):
            continue
        if had:
            more.sort(key=lambda detection: -_distance_to(detection, had))
        added.extend(more[: len(more) - len(had)])
    return sorted(first + added, key=lambda detection: -detection.confidence)


def _distance_to(detection: Detection, others: list[Detection]) -> float:
    """How far the centre of ``detection``'s index box is from the nearest of ``others``'."""
    centre = detection.quad.mean(axis=0)
    return min(float(np.linalg.norm(centre - other.quad.mean(axis=0))) for other in others)


@dataclass(frozen=True)
class LookedAt:
    """A frame's candidates and their readings after every look, before the threshold and
    the merge, in the working image's pixels (``scale`` of the frame's)."""

    candidates: Candidates
    readings: Readings
    scale: float


@dataclass
class StageTimes:
    """Milliseconds spent per stage, summed over the frames read."""

    find: float = 0.0
    read: float = 0.0
    merge: float = 0.0
    frames: int = 0
    candidates: list[int] = field(default_factory=list)

    @property
    def per_frame(self) -> float:
        """Milliseconds of all stages per frame read (0 before the first)."""
        return (self.find + self.read + self.merge) / self.frames if self.frames else 0.0


class CardReader:
    """The recogniser: candidates from the finder, read by the ONNX model with the looks
    of ``settings``, for ``deck`` (and its taught ``prototypes``), merged into cards."""

    def __init__(
        self,
        *,
        settings: ReaderSettings | None = None,
        deck: DeckProfile = FRENCH52,
        prototypes: DeckPrototypes | None = None,
        model_path: Path = DEFAULT_MODEL_PATH,
        detectors: DetectorModels | None = None,
    ) -> None:
        import cv2

        cv2.setNumThreads(1)  # the budget is one core; OpenCV's threads only contend
        self.settings = settings or ReaderSettings()
        self.model = IndexReader(model_path)
        if prototypes is not None:
            prototypes = prototypes.for_model(self.model.fingerprint, self.embed)
        self.prototypes = prototypes
        self.find = CandidateFinder(
            self.settings.source, settings=self.settings.finder, detectors=detectors
        )
        self.times = StageTimes()
        self.use_deck(deck)

    @property
    def min_confidence(self) -> float:
        """The confidence a read needs."""
        return self.settings.threshold

    @property
    def looks(self) -> Looks:
        """The looks at a frame's candidates, as the settings and the deck file ask."""
        return Looks(
            self.model,
            self.settings.source,
            self.settings.threshold,
            every_candidate=self.prototypes is not None,
        )

    @property
    def corners_of_deck(self) -> CornerIndices:
        """Which corners of the deck's cards the merge takes to carry the index."""
        if self.settings.corner_indices is not None:
            return self.settings.corner_indices
        learned = self.prototypes.corners if self.prototypes is not None else None
        return learned or CornerIndices.FOUR

    def use_deck(self, deck: DeckProfile) -> None:
        """Read for ``deck`` from now on: only its ranks, and as many copies of a card."""
        self.deck = deck
        self.deck_reading = DeckReading(deck, self.settings.threshold, self.prototypes)

    def read(self, image: np.ndarray) -> list[Detection]:
        """Every card whose corner index is readable in a BGR frame, best first."""
        work, scale = working_image(image, self.settings.finder)
        if min(work.shape[:2]) < MIN_FRAME_SIDE:
            return []  # a sliver: no index fits, and its looks would have no rows
        detections = self._detect(work)
        if self.settings.source in BROUGHT_UP_SOURCES and is_dark(work):
            detections = with_new_cards(detections, self._detect(brought_up(work)))
        if self.settings.second_look is not None:
            detections = second_look(work, detections, self, self.settings.second_look)
        if scale != 1.0:
            detections = [detection.scaled(1.0 / scale) for detection in detections]
        self.times.frames += 1
        return detections

    def looked_at(self, image: np.ndarray) -> LookedAt:
        """What the reader's looks make of a BGR frame before its threshold and merge (for
        measuring tools). A dark live frame's second, brightened read is not included."""
        work, scale = working_image(image, self.settings.finder)
        if min(work.shape[:2]) >= MIN_FRAME_SIDE:
            candidates = self.find(work)
            if len(candidates):
                return LookedAt(*self.looks.read(work, candidates), scale)
        none = np.zeros((0, 2), np.float32)
        empty = Candidates(none, none, np.zeros(0, np.float32), work)
        return LookedAt(empty, self.model.read(empty.crops), scale)

    def corners_shown(self, image: np.ndarray, card: Card) -> CornersShown:
        """How many of ``card``'s corner indices a photo of it alone shows, each way round
        (``companion teach`` asks this of every photo, once the deck's prototypes are in
        place, to learn which corners the deck prints its index in)."""
        work, _ = working_image(image, self.settings.finder)
        if min(work.shape[:2]) < MIN_FRAME_SIDE:
            return CornersShown(along=0, turned=0)
        candidates, readings = self.looks.read(work, self.find(work))
        reads = self.deck_reading.reads(
            readings, lambda rows: self.embed(candidates.crops_of(rows))
        )
        return corners_shown(candidates, [read for read in reads if read.card == card])

    def far_cards(self, crops: np.ndarray, min_confidence: float) -> list[Card | None]:
        """The deck's card each crop reads as at least ``min_confidence`` sure (None where
        none): the second look's read of far corners."""
        reading = DeckReading(self.deck, min_confidence, self.prototypes)
        found: list[Card | None] = [None] * crops.shape[0]
        for read in reading.reads(self.model.read(crops), lambda rows: self.embed(crops[rows])):
            found[read.row] = read.card
        return found

    def embed(self, crops: np.ndarray) -> np.ndarray:
        """The model's features of crops, which deck prototypes compare."""
        return self.model.features(crops)

    def enrolment_crops(self, image: np.ndarray, card: Card) -> np.ndarray:
        """The crops of an enrolment photo most likely to show ``card``'s index."""
        return enrolment_crops(self.model, image, card, self.settings.finder)

    def _detect(self, work: np.ndarray) -> list[Detection]:
        """The cards read in the working image, in its pixels."""
        started = time.perf_counter()
        candidates = self.find(work)
        found = time.perf_counter()
        candidates, readings = self.looks.read(work, candidates)
        read = time.perf_counter()
        reads = self.deck_reading.reads(
            readings, lambda rows: self.embed(candidates.crops_of(rows))
        )
        detections = merge_reads(
            candidates, reads, copies=self.deck.copies, corners=self.corners_of_deck
        )
        merged = time.perf_counter()
        self.times.find += (found - started) * 1000
        self.times.read += (read - found) * 1000
        self.times.merge += (merged - read) * 1000
        self.times.candidates.append(len(candidates))
        return detections
