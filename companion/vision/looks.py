"""How the reader looks at a frame's candidates: a first read of each spot, a second look
at uncertain reads, and for live frames a third look at other sizes and turns.

The figures behind each constant are in models/EXPERIMENTS.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from companion.vision.finder import Candidates, crops_at
from companion.vision.labels import NOT_AN_INDEX
from companion.vision.model import Readings
from companion.vision.reader_settings import min_confidence_for
from companion.vision.sources import CandidateSource

# Reads between these confidences are cut again with the geometry jittered as in training,
# and the probabilities of all cuts averaged: a wrong read rarely holds over five cuts.
SECOND_LOOK_FROM = 0.2  # below this (or when "not an index" is near certain) no second look
SECOND_LOOK_UNTIL = 0.9995  # the reader is sometimes wrong even at 0.999
# A candidate cut again where an earlier one was (centres within this share of the smaller
# crop's height, reading within about 25 degrees of the same way, sizes at most twice
# apart) is not read when the earlier one was read as a card for sure: most of a live
# frame's candidates are other looks at an index already read.
SAME_SPOT_DISTANCE = 0.2
SAME_SPOT_COSINE = 0.9
SAME_SPOT_SIZES = 2.0
SPOT_BLOCK = 256  # candidates compared with all the others at a time, to bound memory
# A live read still under the threshold is cut once more at another size or turn (tight
# fans make the detector frame some indices far too tall or turned); the surest cut
# replaces it only when all but certain, since any one of four cuts may misread.
RECUT_MIN_CONFIDENCE = 0.999
# Spots the detector marked at least this sure of an index, but the reader read as no
# index, are cut turned as well: the detector sometimes gets a fanned index's direction
# 35-90 degrees wrong, and a crop turned so reads as no index.
TURN_LOOK_HEAT = 0.3
# The third look is for live frames only: on photos the blob finder offers many more
# crops, and there it added as many false cards as true ones.
RECUT_SOURCES = frozenset({CandidateSource.DETECTOR})


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


# as the reader's training jitters its crops
SECOND_LOOK_JITTERS: tuple[Jitter, ...] = (
    Jitter(scale=0.9),
    Jitter(scale=1.1),
    Jitter(along=0.05, degrees=6.0),
    Jitter(along=-0.05, across=0.04, degrees=-6.0),
)
# the detector frames some fanned indices 0.56-0.72 or 1.6-1.9 times too tall, or turned
RECUT_JITTERS: tuple[Jitter, ...] = (
    Jitter(scale=0.71),
    Jitter(scale=1.41),
    Jitter(degrees=45.0),
    Jitter(degrees=-45.0),
)
TURN_LOOK_JITTERS: tuple[Jitter, ...] = (
    Jitter(degrees=45.0),
    Jitter(degrees=-45.0),
    Jitter(degrees=90.0),
    Jitter(degrees=-90.0),
)


class CropReader(Protocol):
    """What the looks need of the model: readings of a batch of crops."""

    def read(self, crops: np.ndarray) -> Readings: ...


def card_confidence(readings: Readings) -> np.ndarray:
    """How sure each reading is of its card: the likeliest rank (not "no index") times the
    likeliest suit."""
    best_rank = readings.rank_probs[:, 1:].max(axis=1)
    confidence: np.ndarray = best_rank * readings.suit_probs.max(axis=1)
    return confidence


@dataclass(frozen=True)
class Looks:
    """Reads a frame's candidates with every look its source takes. ``threshold``: the
    confidence a read needs; ``every_candidate``: read each candidate, even at the spot
    of a sure read (with a deck file, another cut may match a prototype)."""

    model: CropReader
    source: CandidateSource
    threshold: float
    every_candidate: bool = False

    def read(self, work: np.ndarray, candidates: Candidates) -> tuple[Candidates, Readings]:
        """Every candidate's reading after all the looks (``work``: the image they were
        cut from, in whose pixels they are); the third look may move candidates."""
        readings = self.second(work, candidates, self.first(candidates))
        return self.third(work, candidates, readings)

    def first(self, candidates: Candidates) -> Readings:
        """Every candidate's reading; one at the spot of an earlier candidate read as a
        card for sure is neither cut nor read, and reads as no index."""
        if self.every_candidate:
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

    def second(self, work: np.ndarray, candidates: Candidates, readings: Readings) -> Readings:
        """The readings with the uncertain ones averaged over jittered cuts."""
        unsure = unsure_rows(readings, below=SECOND_LOOK_UNTIL)
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

    def third(
        self, work: np.ndarray, candidates: Candidates, readings: Readings
    ) -> tuple[Candidates, Readings]:
        """Live frames only: each read still under the threshold, and each spot the
        detector marked surely but the reader read as no index, replaced by its surest
        cut at another size or turn."""
        if self.source not in RECUT_SOURCES:
            return candidates, readings
        # under the source's own threshold too when a lower one is asked for, so that a
        # sweep reading at its lowest measures the reader as it reads at the swept one
        below = max(self.threshold, min_confidence_for(self.source))
        rejected = marked_but_rejected(candidates, readings)
        candidates, readings = self._surest_cuts(
            work, candidates, readings, unsure_rows(readings, below=below), RECUT_JITTERS
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


def unsure_rows(readings: Readings, *, below: float) -> np.ndarray:
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


def marked_but_rejected(candidates: Candidates, readings: Readings) -> np.ndarray:
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


def cosines(some: np.ndarray, every: np.ndarray) -> np.ndarray:
    """[i, j]: the cosine of the unit vectors ``some[i]`` and ``every[j]`` (N x 2 each),
    as two products and a sum. Not a matmul: on an arm64 CPU with SME, OpenBLAS's kernels
    for these small products leave stray floating-point flags (numpy then warns of overflow
    and division by zero) and now and then return non-finite values (systest/fp_flags.py)."""
    products: np.ndarray = (
        some[:, None, 0] * every[None, :, 0] + some[:, None, 1] * every[None, :, 1]
    )
    return products


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
            & (cosines(candidates.down[rows], candidates.down) >= SAME_SPOT_COSINE)
            & (larger <= SAME_SPOT_SIZES * smaller)
        )
        earlier, later = np.nonzero(same)
        earlier += top
        keep = earlier < later
        pairs.append(np.stack([earlier[keep], later[keep]], axis=1))
    found = np.concatenate(pairs) if pairs else np.zeros((0, 2), np.int64)
    order = np.lexsort((found[:, 0], found[:, 1]))
    return found[order, 0], found[order, 1]
