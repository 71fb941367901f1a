"""Training crops for the index reader, cut the way the finder cuts them at run time.

The finder runs on a synthetic scene; each candidate is labelled by its overlap with the
ground-truth index boxes: a candidate centred on a visible index, reading the same way up
and of a matching scale is that card; one far from every index, or turned well away from
it (sideways, upside down, or glyph and pip of two cards), or of a very different scale,
is "not an index"; anything in between is left out. Every positive is cut
again with jittered geometry so the reader tolerates the finder's small errors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum

import numpy as np

from companion.vision.finder import Candidates, crops_at, find_candidates
from companion.vision.labels import NOT_AN_INDEX, rank_class, suit_class
from training.types import PlacedIndex, Scene

UNLABELLED = -1
MIN_VISIBLE = 0.7  # an index less visible than this is neither positive nor negative
PART_SHOWN = 0.6
PART_HIDDEN = 0.35


def identifiable(index: PlacedIndex) -> bool:
    """Whether an index shows enough to name its card: at least MIN_VISIBLE of its box and
    PART_SHOWN of its rank glyph and of its suit pip, as a crop framing it must show for
    the ``parts`` labels to call that crop the card."""
    parts = min(index.glyph_visible, index.pip_visible)
    return index.visible >= MIN_VISIBLE and parts >= PART_SHOWN


class LabelRule(Enum):
    """Which ground-truth indices give a crop framing them their card."""

    # the index box is at least MIN_VISIBLE visible (readers v1..v11)
    INDEX_BOX = "box"
    # also both the rank glyph and the suit pip show at least PART_SHOWN; an index
    # showing less than PART_HIDDEN of either is no readable index (a glyph without its
    # pip names no suit) and a crop of it is "not an index"; in between it is left out
    GLYPH_AND_PIP = "parts"
    # the same positives; every index showing less than PART_SHOWN of either part is no
    # readable index, and all crops of it are kept as "not an index" (a partly hidden 5
    # or 7 is no J: without such crops the reader learned nothing about them)
    PARTS_SHOWN = "shown"

    def __str__(self) -> str:  # as command-line help shows the choices
        return self.value


POSITIVE_DISTANCE = 0.35  # centre distance / index height
NEGATIVE_DISTANCE = 0.9
POSITIVE_COSINE = 0.9  # about 25 degrees
NEGATIVE_COSINE = 0.8  # about 37 degrees or more off: a crop the finder would not cut
# for that index, e.g. a glyph of one card paired with a pip of the card beside it
# crop height / index box height for a positive; the crop frames the index with margin
MIN_SCALE, MAX_SCALE = 1.0, 2.2
# a crop this much smaller or larger than the index near it shows something else
NEGATIVE_MIN_SCALE, NEGATIVE_MAX_SCALE = 0.6, 3.2


@dataclass(frozen=True)
class CandidateLabels:
    ranks: np.ndarray  # rank class per candidate; UNLABELLED for the ambiguous ones
    suits: np.ndarray  # suit class per candidate (any value when the rank is not a card)
    # bool: "not an index" crops the rule keeps all of, not a sample (PARTS_SHOWN: those
    # framing an index with a part hidden)
    keep_all: np.ndarray


@dataclass(frozen=True)
class CropSet:
    crops: np.ndarray  # N x H x W x 3 uint8
    ranks: np.ndarray  # N int64 rank class (0 = not an index)
    suits: np.ndarray  # N int64 suit class (any value when rank is 0)


class Column(IntEnum):
    """The columns of ``index_geometry``'s table."""

    VISIBLE = 0
    RANK = 1
    SUIT = 2
    GLYPH_VISIBLE = 3
    PIP_VISIBLE = 4


@dataclass(frozen=True)
class JitterSettings:
    copies: int = 2
    shift: float = 0.07  # of the crop height
    angle_degrees: float = 10.0
    scale: float = 0.1


def index_geometry(scene: Scene) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Centres, down vectors, heights of every ground-truth index, and a table with per
    index the columns of ``Column``: its visibilities and (rank class, suit class)."""
    centres, downs, heights, visible, labels = [], [], [], [], []
    for placed in scene.cards:
        for index in placed.indices:
            top, bottom = index.edge_midpoints()
            height = index.height()
            centres.append(index.quad.astype(np.float32).mean(axis=0))
            downs.append((bottom - top) / max(height, 1e-3))
            heights.append(height)
            visible.append((index.visible, index.glyph_visible, index.pip_visible))
            labels.append((rank_class(placed.card.rank), suit_class(placed.card.suit)))
    if not centres:
        empty = np.zeros((0, 2), dtype=np.float32)
        return empty, empty, np.zeros(0, np.float32), np.zeros((0, len(Column)), np.float32)
    table = np.zeros((len(centres), len(Column)), np.float32)
    table[:, [Column.VISIBLE, Column.GLYPH_VISIBLE, Column.PIP_VISIBLE]] = visible
    table[:, [Column.RANK, Column.SUIT]] = labels
    return (
        np.array(centres, np.float32),
        np.array(downs, np.float32),
        np.array(heights, np.float32),
        table,
    )


@dataclass(frozen=True)
class Matches:
    """Candidate (rows) against ground-truth index (columns) geometry."""

    positive: np.ndarray  # bool: centred on the index, reading its way, of its scale
    distance: np.ndarray  # centre distance / index height
    cosine: np.ndarray  # between the candidate's and the index's "down"
    scale: np.ndarray  # candidate height / index height


def match_candidates(
    candidates: Candidates,
    centres: np.ndarray,
    downs: np.ndarray,
    heights: np.ndarray,
    *,
    min_scale: float = MIN_SCALE,
    max_scale: float = MAX_SCALE,
) -> Matches:
    """Which candidates frame which ground-truth indices (from ``index_geometry``); the
    scale is the candidate's height over the index box's height."""
    offset = candidates.centres[:, None, :] - centres[None, :, :]
    distance = np.sqrt((offset**2).sum(axis=2)) / heights[None, :]
    cosine = (candidates.down[:, None, :] * downs[None, :, :]).sum(axis=2)
    scale = candidates.heights[:, None] / heights[None, :]
    positive = (
        (distance < POSITIVE_DISTANCE)
        & (cosine > POSITIVE_COSINE)
        & (scale > min_scale)
        & (scale < max_scale)
    )
    return Matches(positive=positive, distance=distance, cosine=cosine, scale=scale)


def label_candidates(
    candidates: Candidates, scene: Scene, rule: LabelRule = LabelRule.GLYPH_AND_PIP
) -> CandidateLabels:
    """Rank and suit classes per candidate (rank UNLABELLED for the ambiguous ones), and
    which of the "not an index" ones are all kept (see ``CandidateLabels``)."""
    count = len(candidates)
    ranks = np.full(count, NOT_AN_INDEX, dtype=np.int64)
    suits = np.zeros(count, dtype=np.int64)
    keep_all = np.zeros(count, dtype=bool)
    centres, downs, heights, table = index_geometry(scene)
    if count == 0 or centres.shape[0] == 0:
        return CandidateLabels(ranks, suits, keep_all)
    matches = match_candidates(candidates, centres, downs, heights)
    positive, distance, cosine = matches.positive, matches.distance, matches.cosine
    readable = table[:, Column.VISIBLE] >= MIN_VISIBLE
    unreadable = np.zeros_like(readable)
    if rule is not LabelRule.INDEX_BOX:
        parts = np.minimum(table[:, Column.GLYPH_VISIBLE], table[:, Column.PIP_VISIBLE])
        readable &= parts >= PART_SHOWN
        unreadable = parts < (PART_SHOWN if rule is LabelRule.PARTS_SHOWN else PART_HIDDEN)
    scale = matches.scale
    clearly_not = (
        (distance > NEGATIVE_DISTANCE)
        | (cosine < NEGATIVE_COSINE)
        | (scale < NEGATIVE_MIN_SCALE)
        | (scale > NEGATIVE_MAX_SCALE)
    )
    # not an index: far from every index, or framing only ones that show no readable index
    negative = clearly_not | (positive & unreadable[None, :])
    for row in range(count):
        hits = np.nonzero(positive[row] & readable)[0]
        if hits.size:
            best = hits[np.argmin(distance[row, hits])]
            ranks[row] = int(table[best, Column.RANK])
            suits[row] = int(table[best, Column.SUIT])
        elif not negative[row].all():
            ranks[row] = UNLABELLED
        elif rule is LabelRule.PARTS_SHOWN:
            keep_all[row] = bool((positive[row] & unreadable).any())
    return CandidateLabels(ranks, suits, keep_all)


def jittered(
    image: np.ndarray,
    candidates: Candidates,
    rows: np.ndarray,
    rng: np.random.Generator,
    jitter: JitterSettings,
) -> np.ndarray:
    """New crops around the given candidates with small random changes of geometry."""
    centres = np.repeat(candidates.centres[rows], jitter.copies, axis=0)
    downs = np.repeat(candidates.down[rows], jitter.copies, axis=0)
    heights = np.repeat(candidates.heights[rows], jitter.copies, axis=0)
    count = centres.shape[0]
    angles = np.radians(rng.uniform(-jitter.angle_degrees, jitter.angle_degrees, count))
    cos, sin = np.cos(angles), np.sin(angles)
    turned = np.stack(
        [cos * downs[:, 0] - sin * downs[:, 1], sin * downs[:, 0] + cos * downs[:, 1]], axis=1
    )
    shifted = centres + rng.normal(0, jitter.shift, (count, 2)) * heights[:, None]
    scaled = heights * rng.uniform(1 - jitter.scale, 1 + jitter.scale, count)
    return crops_at(image, shifted, turned, scaled)


def scene_crops(
    scene: Scene,
    rng: np.random.Generator,
    *,
    negatives_per_positive: float,
    min_negatives: int,
    find: Callable[[np.ndarray], Candidates] = find_candidates,
    jitter: JitterSettings | None = None,
    rule: LabelRule = LabelRule.GLYPH_AND_PIP,
) -> tuple[CropSet, int, int]:
    """Labelled crops of one scene (candidates from ``find``), with the count of visible
    indices and of those the candidates found (for the finder's recall)."""
    candidates = find(scene.image)
    labels = label_candidates(candidates, scene, rule)
    ranks, suits = labels.ranks, labels.suits
    positives = np.nonzero(ranks > NOT_AN_INDEX)[0]
    negatives = np.nonzero(ranks == NOT_AN_INDEX)[0]
    keep_negatives = max(min_negatives, int(negatives_per_positive * positives.size))
    if negatives.size > keep_negatives:  # the ones the rule keeps all of, then a sample
        kept = negatives[labels.keep_all[negatives]]
        others = negatives[~labels.keep_all[negatives]]
        more = min(others.size, max(keep_negatives - kept.size, 0))
        negatives = np.concatenate([kept, rng.choice(others, more, replace=False)])
    jitter = jitter or JitterSettings()
    extra = jittered(scene.image, candidates, positives, rng, jitter)
    crops = np.concatenate([candidates.crops[positives], extra, candidates.crops[negatives]])
    all_ranks = np.concatenate(
        [ranks[positives], np.repeat(ranks[positives], jitter.copies), ranks[negatives]]
    )
    all_suits = np.concatenate(
        [suits[positives], np.repeat(suits[positives], jitter.copies), suits[negatives]]
    )
    visible_total, found = finder_recall(candidates, scene, ranks, suits)
    return CropSet(crops, all_ranks, all_suits), visible_total, found


def finder_recall(
    candidates: Candidates, scene: Scene, ranks: np.ndarray, suits: np.ndarray
) -> tuple[int, int]:
    """How many cards of the scene show a visible index, and how many of those have at
    least one positive candidate."""
    wanted = {
        (rank_class(card.card.rank), suit_class(card.card.suit))
        for card in scene.cards
        if any(index.visible >= MIN_VISIBLE for index in card.indices)
    }
    found = {(int(ranks[row]), int(suits[row])) for row in range(len(candidates)) if ranks[row] > 0}
    return len(wanted), len(wanted & found)
