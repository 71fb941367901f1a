"""From a frame to the cards in it: find candidates, read them, merge them per card."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from companion.cards import FRENCH52, Card, DeckProfile
from companion.vision.enrolment import CROPS_PER_PHOTO, DeckPrototypes
from companion.vision.exposure import brought_up, is_dark
from companion.vision.finder import (
    Candidates,
    FinderSettings,
    crops_at,
    find_candidates,
    working_image,
)
from companion.vision.labels import NOT_AN_INDEX, RANKS, card_from_classes, rank_class
from companion.vision.merging import (
    CornerIndices,
    CornersShown,
    Detection,
    Read,
    corners_shown,
    merge_reads,
)
from companion.vision.model import DEFAULT_MODEL_PATH, IndexReader, Readings
from companion.vision.sources import (
    DEFAULT_SOURCE,
    CandidateFinder,
    CandidateSource,
    DetectorModels,
)

# A read index below this confidence is dropped: the lowest threshold at which precision
# on synthetic scenes reached 0.99 (training/threshold_sweep.py, run with the
# second look below), for each source on its own sweep. Reader v21, photo source
# (gated): 0.9933 / 0.8989 at 0.95, 0.9898 / 0.9103 at 0.9; live source (detector):
# 0.9907 / 0.8591 at 0.9 (with det4's looks 0.9931 / 0.8739; with the third look below
# 0.9910 / 0.8860, 0.9881 at 0.85). The blob and both sources, not swept, take the
# photo's.
MIN_CONFIDENCE = 0.95
MIN_FRAME_SIDE = 12  # working-image pixels; the smallest index read is about this tall
LIVE_MIN_CONFIDENCE = 0.9


def min_confidence_for(source: CandidateSource) -> float:
    """The threshold the sweep's rule gives for reads of that candidate source."""
    return LIVE_MIN_CONFIDENCE if source is CandidateSource.DETECTOR else MIN_CONFIDENCE


# Reads between these confidences get a second look: the index is cut again with the
# geometry jittered as in training, and the probabilities of all cuts are averaged.
SECOND_LOOK_FROM = 0.2  # below this (or when "not an index" is near certain) no second look
# Up to 0.9995: reader v11 is sometimes wrong at 0.999, and averaging over jittered cuts
# lets such a read down while a true one holds. The sweep's rule gave 0.998 with the second
# look up to 0.98, 0.99 with it up to 0.998, and 0.9 with it up to 0.9995 (precision
# 0.9902, recall 0.872 against 0.9906 / 0.847); every read costs four more cuts. Reader v13
# kept both settings: at 0.9 its sweep gives 0.9901 / 0.8708.
SECOND_LOOK_UNTIL = 0.9995
# A candidate cut again where an earlier one was cut (another look at the same index:
# centres within this share of the smaller crop's height, reading within about 25 degrees
# of the same way, sizes at most twice apart) is read only when that earlier one was not
# read as a card for sure (SECOND_LOOK_UNTIL). The live bench's ten cards give 82
# candidates, the detector's looks at 20 indices: 23 are first at their spot, and those
# are read for sure, so 59 are not read (nor cut). Not with a deck file (CardReader._read_in_turn).
SAME_SPOT_DISTANCE = 0.2
SAME_SPOT_COSINE = 0.9
SAME_SPOT_SIZES = 2.0
SPOT_BLOCK = 256  # candidates compared with all the others at a time, to bound memory
# With a deck file, crops the reader finds less likely than this to be "not an index" are
# compared with the prototypes even when it reads no card in them (an unfamiliar letter).
MAYBE_INDEX = 0.5


@dataclass(frozen=True)
class Jitter:
    """One extra cut of an index: its scale, its shift along and across the reading
    direction (fractions of the crop height) and its turn."""

    scale: float = 1.0
    along: float = 0.0
    across: float = 0.0
    degrees: float = 0.0

    def applied(
        self, centres: np.ndarray, down: np.ndarray, heights: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The cut's centres, reading directions and heights, from the candidates'."""
        turn = np.radians(self.degrees)
        across = np.stack([down[:, 1], -down[:, 0]], axis=1)
        turned = np.stack(
            [
                down[:, 0] * np.cos(turn) - down[:, 1] * np.sin(turn),
                down[:, 0] * np.sin(turn) + down[:, 1] * np.cos(turn),
            ],
            axis=1,
        )
        shifted = centres + (self.along * down + self.across * across) * heights[:, None]
        return shifted, turned, heights * self.scale


SECOND_LOOK_JITTERS: tuple[Jitter, ...] = (
    Jitter(scale=0.9),
    Jitter(scale=1.1),
    Jitter(along=0.05, degrees=6.0),
    Jitter(along=-0.05, across=0.04, degrees=-6.0),
)


# A read still under the threshold after the second look is cut once more at another
# size or turn: in tight fans the detector frames some indices 0.56-0.72 or 1.6-1.9 times
# too tall, or turned 45-70 degrees, and no cut reads them (a diagnostic of the live
# source's misses of uncovered indices, seeds 6,000,000, PL/RU 20..40 px: of 59, some cut
# of these four read 30 right at 0.9). The surest of the four cuts replaces the read, and
# its candidate's geometry, when it is surer and at least RECUT_MIN_CONFIDENCE. Any one of
# four cuts may be a confident misread, so the bar is above the threshold: on those seeds
# (live) recall rose from 0.9336 to 0.9559 with no bar, false cards from 9 to 33; with
# 0.99 0.9493 and 18; with 0.999 0.9447 and 11 (models/README.md, "A third look").
RECUT_JITTERS: tuple[Jitter, ...] = (
    Jitter(scale=0.71),
    Jitter(scale=1.41),
    Jitter(degrees=45.0),
    Jitter(degrees=-45.0),
)
RECUT_MIN_CONFIDENCE = 0.999
# The third look also cuts, turned, each spot the detector marked at least TURN_LOOK_HEAT
# sure of an index where the reader read no index: in tight fans the detector sometimes
# gives an index a reading direction 35-90 degrees off, and the reader rightly calls a
# crop turned so no index, for sure (no earlier look takes it up). Of the identifiable
# indices of the live source's development scenes (seeds 6,000,000, PL/RU 20..40 px),
# the best-turned candidate of 1.4% was more than 30 degrees off. The same bar as the
# third look's. On those seeds 1,438 cards and 12 false against 1,430 and 12 (marked at
# least 0.5 and six turns: 1,435 and 12; every such spot, six turns: 1,441 and 13, at
# 19 spots a frame); the live bench's frame has no such spot (models/README.md, "A turned
# look").
TURN_LOOK_HEAT = 0.3
TURN_LOOK_JITTERS: tuple[Jitter, ...] = (
    Jitter(degrees=45.0),
    Jitter(degrees=-45.0),
    Jitter(degrees=90.0),
    Jitter(degrees=-90.0),
)
# Live frames only: the photos' source offers the reader many more crops (the blob
# finder's), and on the Polish/Russian held-out scenes (20..40 px) the third look added 7
# cards and 7 false ones to it, precision 0.9905 -> 0.9855.
RECUT_SOURCES = frozenset({CandidateSource.DETECTOR})
# A frame darker than nearly all the training scenes (exposure.is_dark) is read twice on
# live frames: as it is, and brought up to the trained brightness; the second read adds
# the cards the first did not read (and, with two packs, a copy more). Real photos made
# a quarter as bright had the live source read 51 of 72 whole-card photos and 55 of 58
# scene cards, read so all of them (the photos' source read 71 and 58 of them as they
# were). Reading only the brought-up frame cost synthetic cards: the networks were
# trained on the dark scenes as they are (models/README.md, eleventh session).
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


def _marked_but_rejected(candidates: Candidates, readings: Readings) -> np.ndarray:
    """The rows leading their spot that the detector marked at least TURN_LOOK_HEAT sure
    and the reader read as no index (none for candidates without the detector's heat)."""
    if candidates.heat is None or len(candidates) == 0:
        return np.zeros(0, dtype=np.intp)
    rejected = (readings.rank_probs.argmax(axis=1) == NOT_AN_INDEX) & (
        candidates.heat >= TURN_LOOK_HEAT
    )
    if not rejected.any():
        return np.zeros(0, dtype=np.intp)
    leading = spot_leaders(candidates) == np.arange(len(candidates))
    return np.nonzero(rejected & leading)[0]


def _unsure(readings: Readings, *, below: float) -> np.ndarray:
    """The rows read as a card at SECOND_LOOK_FROM up to ``below``, where "not an index"
    is not near certain."""
    if readings.rank_probs.shape[0] == 0:
        return np.zeros(0, dtype=np.intp)
    best_index = readings.rank_probs[:, 1:].max(axis=1)
    confidence = card_confidence(readings)
    return np.nonzero(
        (confidence >= SECOND_LOOK_FROM)
        & (confidence < below)
        & (best_index > readings.rank_probs[:, NOT_AN_INDEX] * SECOND_LOOK_FROM)
    )[0]


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


def spot_leaders(candidates: Candidates) -> np.ndarray:
    """For each candidate, the row that leads its spot (see SAME_SPOT_DISTANCE): the first
    earlier candidate at its spot that leads its own, or else its own row."""
    earlier, later = _same_spot_pairs(candidates)
    leaders = np.arange(len(candidates))
    # pairs come by the later row, then the earlier: whether a row leads is settled
    # before any later row asks
    for first, second in zip(earlier.tolist(), later.tolist(), strict=True):
        if leaders[second] == second and leaders[first] == first:
            leaders[second] = first
    return leaders


def _same_spot_pairs(candidates: Candidates) -> tuple[np.ndarray, np.ndarray]:
    """The rows (i, j), i < j, of every two candidates cut at one spot, ordered by j
    then i; worked out a block of rows at a time (a photo may have 2,000 candidates)."""
    heights = candidates.heights.astype(np.float32)
    pairs: list[np.ndarray] = []
    for top in range(0, len(candidates), SPOT_BLOCK):
        rows = slice(top, top + SPOT_BLOCK)
        gaps = candidates.centres[None, :, :] - candidates.centres[rows, None, :]
        smaller = np.minimum(heights[rows, None], heights[None, :])
        larger = np.maximum(heights[rows, None], heights[None, :])
        same = (
            (np.hypot(gaps[..., 0], gaps[..., 1]) < SAME_SPOT_DISTANCE * smaller)
            & (candidates.down[rows] @ candidates.down.T >= SAME_SPOT_COSINE)
            & (larger <= SAME_SPOT_SIZES * smaller)
        )
        earlier, later = np.nonzero(same)
        earlier += top
        keep = earlier < later
        pairs.append(np.stack([earlier[keep], later[keep]], axis=1))
    found = np.concatenate(pairs) if pairs else np.zeros((0, 2), np.int64)
    order = np.lexsort((found[:, 0], found[:, 1]))
    return found[order, 0], found[order, 1]


def card_confidence(readings: Readings) -> np.ndarray:
    """How sure each reading is of its card: the likeliest rank (not "no index") times the
    likeliest suit."""
    best_rank = readings.rank_probs[:, 1:].max(axis=1)
    confidence: np.ndarray = best_rank * readings.suit_probs.max(axis=1)
    return confidence


class CardReader:
    """The recogniser: OpenCV finder + ONNX reader (+ optional enrolled prototypes)."""

    def __init__(
        self,
        *,
        model_path: Path = DEFAULT_MODEL_PATH,
        deck: DeckProfile = FRENCH52,
        prototypes: DeckPrototypes | None = None,
        settings: FinderSettings | None = None,
        min_confidence: float | None = None,
        source: CandidateSource = DEFAULT_SOURCE,
        detectors: DetectorModels | None = None,
        corner_indices: CornerIndices | None = None,
    ) -> None:
        """``corner_indices``: which corners of the deck's cards carry the index; with two
        packs, TWO lets two copies side by side count twice where no far corner shows.
        None: what ``companion teach`` learned of the deck, if it did, else FOUR (which
        also means "not known")."""
        import cv2

        cv2.setNumThreads(1)  # the budget is one core; OpenCV's threads only contend
        self.model = IndexReader(model_path)
        if prototypes is not None:
            prototypes = prototypes.for_model(self.model.fingerprint, self.embed)
        self.prototypes = prototypes
        self.settings = settings or FinderSettings()
        # None: the threshold of the source (min_confidence_for)
        self.min_confidence = (
            min_confidence_for(source) if min_confidence is None else min_confidence
        )
        self.find = CandidateFinder(source, settings=self.settings, detectors=detectors)
        self.corner_indices = corner_indices
        self.times = StageTimes()
        self.use_deck(deck)

    @property
    def corners_of_deck(self) -> CornerIndices:
        """Which corners of the deck's cards the merge takes to carry the index."""
        if self.corner_indices is not None:
            return self.corner_indices
        learned = self.prototypes.corners if self.prototypes is not None else None
        return learned or CornerIndices.FOUR

    def use_deck(self, deck: DeckProfile) -> None:
        """Read for ``deck`` from now on: only its ranks, and as many copies of a card."""
        self.deck = deck
        allowed = np.zeros(len(RANKS) + 1, dtype=bool)
        allowed[NOT_AN_INDEX] = True
        for rank in deck.ranks:
            allowed[rank_class(rank)] = True
        self._allowed_ranks = allowed

    def read(self, image: np.ndarray) -> list[Detection]:
        """Every card whose corner index is readable in a BGR frame, best first."""
        work, scale = working_image(image, self.settings)
        if min(work.shape[:2]) < MIN_FRAME_SIDE:
            return []  # a sliver: no index fits, and its looks would have no rows
        detections = self._detect(work)
        if self.find.source in BROUGHT_UP_SOURCES and is_dark(work):
            detections = with_new_cards(detections, self._detect(brought_up(work)))
        if scale != 1.0:
            detections = [detection.scaled(1.0 / scale) for detection in detections]
        self.times.frames += 1
        return detections

    def looked_at(self, image: np.ndarray) -> LookedAt:
        """What the reader's looks make of a BGR frame before its threshold and merge (for
        measuring tools: ``miss_report``). A dark live frame's second, brightened read is
        not included."""
        work, scale = working_image(image, self.settings)
        if min(work.shape[:2]) >= MIN_FRAME_SIDE:
            candidates = self.find(work)
            if len(candidates):
                return LookedAt(*self._read_candidates(work, candidates), scale)
        none = np.zeros((0, 2), np.float32)
        empty = Candidates(none, none, np.zeros(0, np.float32), work)
        return LookedAt(empty, self.model.read(empty.crops), scale)

    def _detect(self, work: np.ndarray) -> list[Detection]:
        """The cards read in the working image, in its pixels."""
        started = time.perf_counter()
        candidates = self.find(work)
        found = time.perf_counter()
        candidates, readings = self._read_candidates(work, candidates)
        read = time.perf_counter()
        reads = self._reads(readings, lambda rows: self.embed(candidates.crops_of(rows)))
        detections = merge_reads(
            candidates, reads, copies=self.deck.copies, corners=self.corners_of_deck
        )
        merged = time.perf_counter()
        self.times.find += (found - started) * 1000
        self.times.read += (read - found) * 1000
        self.times.merge += (merged - read) * 1000
        self.times.candidates.append(len(candidates))
        return detections

    def _read_candidates(
        self, work: np.ndarray, candidates: Candidates
    ) -> tuple[Candidates, Readings]:
        """Every candidate's reading after all the looks the source takes: the first,
        the second at uncertain reads and, for live frames, the third, which may move
        candidates (``work``: the image they were cut from)."""
        readings = self._second_look(work, candidates, self._read_in_turn(candidates))
        return self._recut(work, candidates, readings)

    def _read_in_turn(self, candidates: Candidates) -> Readings:
        """Every candidate's reading; one cut again at the spot of an earlier candidate
        that was read as a card for sure is not read, and reads as no index. With a deck
        file every candidate is read: the model may be sure of a card where the deck's
        own letters are (a letter it never saw), and another cut may match a prototype."""
        if self.prototypes is not None:
            return self.model.read(candidates.crops)
        leaders = spot_leaders(candidates)
        leads = leaders == np.arange(len(candidates))
        first = np.nonzero(leads)[0]
        leading = self.model.read(candidates.crops_of(first))
        if leads.all():
            return leading
        sure = np.zeros(len(candidates), dtype=bool)
        sure[first] = card_confidence(leading) >= SECOND_LOOK_UNTIL
        rest = np.nonzero(~leads & ~sure[leaders])[0]
        following = self.model.read(candidates.crops_of(rest))
        return Readings.gathered(len(candidates), [(first, leading), (rest, following)])

    def _second_look(
        self, work: np.ndarray, candidates: Candidates, readings: Readings
    ) -> Readings:
        """Readings with the uncertain ones averaged over jittered cuts of their index
        (``work``: the image the candidates were cut from, in whose pixels they are)."""
        unsure = _unsure(readings, below=SECOND_LOOK_UNTIL)
        if unsure.size == 0:
            return readings
        geometry = candidates.centres[unsure], candidates.down[unsure], candidates.heights[unsure]
        cuts = [crops_at(work, *jitter.applied(*geometry)) for jitter in SECOND_LOOK_JITTERS]
        extra = self.model.read(np.concatenate(cuts))

        def averaged(first: np.ndarray, more: np.ndarray) -> np.ndarray:
            result = first.copy()
            per_cut = more.reshape(len(SECOND_LOOK_JITTERS), unsure.size, -1)
            result[unsure] = (first[unsure] + per_cut.sum(axis=0)) / (len(cuts) + 1)
            return result

        return Readings(
            averaged(readings.rank_probs, extra.rank_probs),
            averaged(readings.suit_probs, extra.suit_probs),
        )

    def _recut(
        self, work: np.ndarray, candidates: Candidates, readings: Readings
    ) -> tuple[Candidates, Readings]:
        """The candidates and readings after the third look (live frames only): each read
        still under the threshold, and each spot the detector marked surely but the
        reader read as no index, replaced by its surest cut at another size or turn."""
        if self.find.source not in RECUT_SOURCES:
            return candidates, readings
        # under the source's swept threshold too when a lower one is asked for (the sweep
        # reads at its lowest, and measures the reader as it reads at the swept one)
        below = max(self.min_confidence, min_confidence_for(self.find.source))
        rejected = _marked_but_rejected(candidates, readings)
        candidates, readings = self._surest_cuts(
            work, candidates, readings, _unsure(readings, below=below), RECUT_JITTERS
        )
        return self._surest_cuts(work, candidates, readings, rejected, TURN_LOOK_JITTERS)

    def _surest_cuts(
        self,
        work: np.ndarray,
        candidates: Candidates,
        readings: Readings,
        rows: np.ndarray,
        jitters: tuple[Jitter, ...],
    ) -> tuple[Candidates, Readings]:
        """The candidates and readings with each of ``rows`` replaced by its surest cut of
        ``jitters``, where that one is read at least RECUT_MIN_CONFIDENCE and surer."""
        if rows.size == 0:
            return candidates, readings
        confidence = card_confidence(readings)
        geometry = candidates.centres[rows], candidates.down[rows], candidates.heights[rows]
        moved = [jitter.applied(*geometry) for jitter in jitters]
        extra = self.model.read(np.concatenate([crops_at(work, *cut) for cut in moved]))
        surest = card_confidence(extra).reshape(len(jitters), rows.size)
        pick = surest.argmax(axis=0)
        better = surest[pick, np.arange(rows.size)]
        taken = (better >= RECUT_MIN_CONFIDENCE) & (better > confidence[rows])
        if not taken.any():
            return candidates, readings
        kept = np.nonzero(taken)[0]  # positions in ``rows``
        changed, cuts = rows[kept], pick[kept]
        cut_centres, cut_down, cut_heights = (np.stack(parts) for parts in zip(*moved, strict=True))
        centres, down = candidates.centres.copy(), candidates.down.copy()
        heights = candidates.heights.copy()
        centres[changed], down[changed] = cut_centres[cuts, kept], cut_down[cuts, kept]
        heights[changed] = cut_heights[cuts, kept]
        read_at = cuts * rows.size + kept  # rows of ``extra``
        rank_probs, suit_probs = readings.rank_probs.copy(), readings.suit_probs.copy()
        rank_probs[changed] = extra.rank_probs[read_at]
        suit_probs[changed] = extra.suit_probs[read_at]
        recut = replace(candidates, centres=centres, down=down, heights=heights)
        return recut, Readings(rank_probs, suit_probs)

    def _reads(
        self, readings: Readings, features_of: Callable[[np.ndarray], np.ndarray]
    ) -> list[Read]:
        """The cards read, as the threshold and any deck prototypes have them;
        ``features_of(rows)``: those candidates' features, for the prototypes."""
        if readings.rank_probs.shape[0] == 0:
            return []
        rank_probs = readings.rank_probs * self._allowed_ranks[None, :]
        rank_probs = rank_probs / np.maximum(rank_probs.sum(axis=1, keepdims=True), 1e-9)
        ranks = rank_probs.argmax(axis=1)
        suits = readings.suit_probs.argmax(axis=1)
        confidence = rank_probs.max(axis=1) * readings.suit_probs.max(axis=1)
        reads: list[Read] = []
        read_as_card = ranks != NOT_AN_INDEX
        if self.prototypes is not None:  # an unfamiliar letter may still match a prototype
            read_as_card |= rank_probs[:, NOT_AN_INDEX] < MAYBE_INDEX
        rows = np.nonzero(read_as_card)[0]
        features = features_of(rows) if self.prototypes is not None and rows.size else None
        for position, row in enumerate(rows):
            card = card_from_classes(int(ranks[row]), int(suits[row]))
            score = float(confidence[row]) if card is not None else 0.0
            accepted = score >= self.min_confidence
            if self.prototypes is not None and features is not None:
                relabelled = self.prototypes.relabel(card, score, features[position])
                card, score = relabelled.card, relabelled.score
                accepted = relabelled.by_prototype or score >= self.min_confidence
            if card is not None and accepted:
                reads.append(Read(card, score, int(row)))
        return reads

    def corners_shown(self, image: np.ndarray, card: Card) -> CornersShown:
        """How many of ``card``'s corner indices a photo of it alone shows, each way round
        (``companion teach`` asks this of every photo, once the deck's prototypes are in
        place, to learn which corners the deck prints its index in)."""
        work, _ = working_image(image, self.settings)
        if min(work.shape[:2]) < MIN_FRAME_SIDE:
            return CornersShown(along=0, turned=0)
        candidates, readings = self._read_candidates(work, self.find(work))
        reads = self._reads(readings, lambda rows: self.embed(candidates.crops_of(rows)))
        return corners_shown(candidates, [read for read in reads if read.card == card])

    def embed(self, crops: np.ndarray) -> np.ndarray:
        """The model's features of crops, which deck prototypes compare."""
        return self.model.features(crops)

    def enrolment_crops(self, image: np.ndarray, card: Card) -> np.ndarray:
        """The crops in an enrolment photo most likely to show ``card``'s index: those
        the model reads as the card, else those least likely "not an index"."""
        candidates = find_candidates(image, self.settings)
        if len(candidates) == 0:
            return candidates.crops
        readings = self.model.read(candidates.crops)
        ranks = readings.rank_probs.argmax(axis=1)
        suits = readings.suit_probs.argmax(axis=1)
        matches = np.array(
            [card_from_classes(int(r), int(s)) == card for r, s in zip(ranks, suits, strict=True)]
        )
        likelihood = 1.0 - readings.rank_probs[:, NOT_AN_INDEX]
        if matches.any():
            likelihood = np.where(matches, likelihood + 1.0, 0.0)
        best = np.argsort(-likelihood)[:CROPS_PER_PHOTO]
        chosen: np.ndarray = candidates.crops[best]
        return chosen
