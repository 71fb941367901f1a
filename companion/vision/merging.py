"""From reads of single index crops to cards: reads of one index seen several times are
one, and the corners of one card are one card."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

import numpy as np

from companion.cards import Card
from companion.vision.finder import Candidates

# Two reads are the same index seen twice when the second's centre lies within these
# fractions of a crop height across and along the better read's direction: across, of the
# better read's crop; along, of the smaller of the two crops (a coarse look's crop may be
# twice the index's height, and along it would reach the next index of a stack). Across
# is the tighter one: the indices of a fan sit side by side, a third of a crop apart.
SAME_INDEX_ACROSS = 0.25
SAME_INDEX_ALONG = 0.5
# Except that a read of another card reading the same way (within about 25 degrees) at
# least this share of the smaller crop's height across is the next index of a tight fan.
SIDE_BY_SIDE_ACROSS = 0.2
SIDE_BY_SIDE_COSINE = 0.9
# Two reads of one card reading the same way within this many of the smaller crop's
# heights are one index, not two copies side by side (cuts of one index by different
# looks lie up to about a third of a crop height apart).
SAME_CARD_NEAR = 0.75
# Two indices of one card are at most this many crop heights apart (the card's diagonal),
# of the larger of the two crops: a look may frame one index smaller than it is.
SAME_CARD_DISTANCE = 6.0
# With two packs, a further read of a card already found is its other corner only where
# one can be; elsewhere it is the second copy. In index heights, measured on the faces of
# all 55 designs: the far corner's index reads the other way round; a four-index design's
# other upper index reads the same way, 2.3..4.2 across and not along. Crops are cut
# about 1.35 index heights tall and turn a few degrees, so the side corner's bounds are
# loose: copies side by side in a fan are still one card where such a corner could lie
# and no far corner read belies it (below), or nearer than SAME_CARD_NEAR.
TURNED_COSINE = -0.5  # directions at least this opposed: the other way round
ALIGNED_COSINE = 0.5  # directions at least this alike: the same way
SIDE_CORNER_ACROSS = (1.0, 4.5)  # from, to, in the smaller crop's heights
SIDE_CORNER_ALONG = 0.5  # at most, in the smaller crop's heights ...
SIDE_CORNER_SLANT = 0.25  # ... plus this share of the gap across
# Where the card's far corners are read as well, they tell two copies side by side from a
# four-index card, whose indices lie in two columns, the lower ones turned: a further
# read beside a read is a side corner of its card only if every far corner read of that
# card (turned, within reach, at least FAR_CORNER_ALONG crops along) lies in the column
# of one of the two. A column is SIDE_COLUMN_WIDTH of the larger crop's heights wide
# either side, and wider further along, as perspective draws a card's sides together.
FAR_CORNER_ALONG = 1.0
SIDE_COLUMN_WIDTH = 0.6
SIDE_COLUMN_SLANT = 0.25
# A card read at this many distinct corners (reads at least OPEN_CORNERS_APART of its best
# read's crop heights from each other) lies open, nothing on its face. A lone read inside
# the quadrilateral of its corner indices (the fourth completed from three) and farther
# than FACE_CLEARANCE crop heights from each of them is then part of its picture (a
# queen's flower and pip read as a 4D), not a card. Where a fourth corner was not read,
# another card may cover it, and that card's index may lie on the face within
# UNREAD_CORNER_REACH crop heights of that corner: such a read stays.
OPEN_CARD_CORNERS = 3
OPEN_CORNERS_APART = 2.0
FACE_CLEARANCE = 0.5
UNREAD_CORNER_REACH = 1.5


class CornerIndices(Enum):
    """Which corners of a deck's cards carry the index."""

    TWO = "two"  # two opposite corners, as most decks
    FOUR = "four"  # all four corners, or not known

    def __str__(self) -> str:  # as command-line help shows the choices
        return self.value


class Doubt(Enum):
    """Why the reader's second look (second_look) doubts a card it read."""

    SUIT_COLOUR = "suit-colour"  # the index's ink is the other suit colour
    OTHER_CORNER = "other-corner"  # the card's far corner index reads another card
    SAME_SPOT = "same-spot"  # another card is read on its index, the other way round
    BLURRED = "blurred"  # the index is blurred and the read not all but certain
    INSIDE_CARD = "inside-card"  # read, larger than an index, on the face of a card read twice

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Read:
    """The reading of one candidate crop (its row in the frame's candidates)."""

    card: Card
    confidence: float
    row: int


@dataclass(frozen=True)
class Detection:
    """One card found in a frame."""

    card: Card
    confidence: float
    quad: np.ndarray  # 4 x 2 float32: the best index crop (TL, TR, BR, BL as it reads)
    indices: int  # how many corner indices of the card were read
    doubt: Doubt | None = None  # the second look disagrees: the read is unsure
    # The crops of every corner index it was read at, the best first (empty: only
    # ``quad`` is known), so that what lies at each of its corners is known.
    corners: tuple[np.ndarray, ...] = ()

    @property
    def corner_quads(self) -> tuple[np.ndarray, ...]:
        """The boxes of the corner indices it was read at (at least its best)."""
        return self.corners or (self.quad,)

    def scaled(self, factor: float) -> Detection:
        """The same detection with its boxes in pixels ``factor`` times larger."""
        return replace(
            self,
            quad=(self.quad * factor).astype(np.float32),
            corners=tuple((corner * factor).astype(np.float32) for corner in self.corners),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "card": str(self.card),
            "confidence": round(self.confidence, 4),
            "index_box": [[round(float(x), 1), round(float(y), 1)] for x, y in self.quad],
            "indices": self.indices,
            "doubt": None if self.doubt is None else str(self.doubt),
        }


@dataclass(frozen=True)
class PairRelations:
    """How the candidates at some rows lie to each other, each R x R with row i's view of
    column j: whether j shows the index i reads, if j is read as another card (not when
    they lie side by side as in a tight fan) or as i's card; whether j lies where another
    corner index of i's card can be, and whether beside i, reading the same way; and
    whether j lies where i's card's far corner can; whether the two read the same way
    round, or the other way round. Then the rows' centres and crop heights."""

    same_index: np.ndarray
    same_index_if_same_card: np.ndarray
    other_corner: np.ndarray
    beside: np.ndarray
    aligned: np.ndarray
    turned: np.ndarray
    far_corner: np.ndarray
    centres: np.ndarray
    heights: np.ndarray

    def side_corner_belied(self, first: int, second: int, far: int) -> bool:
        """Whether the far corner read ``far`` shows that ``second``, beside ``first``,
        is not the other upper index of ``first``'s card (see FAR_CORNER_ALONG). The
        columns are taken across the line through the two upper reads, not across their
        reading directions: a crop's direction may be 15-20 degrees off (both upper reads
        of a four-index card were, in a synthetic scene), and five crops along that moves
        a far corner more than a crop across."""
        if not (self.far_corner[first, far] or self.far_corner[second, far]):
            return False
        line = self.centres[second] - self.centres[first]
        span = float(np.linalg.norm(line))
        if span == 0.0:
            return False
        line /= span
        gap = self.centres[far] - self.centres[first]
        offset = float(gap @ line)
        along = abs(float(line[0] * gap[1] - line[1] * gap[0]))
        unit = float(max(self.heights[first], self.heights[second]))
        width = SIDE_COLUMN_WIDTH * unit + SIDE_COLUMN_SLANT * along
        return min(abs(offset), abs(offset - span)) > width


def pair_relations(candidates: Candidates, rows: np.ndarray) -> PairRelations:
    """The relations of the candidates at ``rows`` (see ``PairRelations``)."""
    centres = candidates.centres[rows].astype(np.float64)
    down = candidates.down[rows].astype(np.float64)
    across = np.stack([down[:, 1], -down[:, 0]], axis=1)
    heights = candidates.heights[rows].astype(np.float64)
    smaller = np.minimum(heights[:, None], heights[None, :])
    larger = np.maximum(heights[:, None], heights[None, :])
    gaps = centres[None, :, :] - centres[:, None, :]  # [i, j] = centre j - centre i
    along_gap = np.abs(np.einsum("ijk,ik->ij", gaps, down))
    across_gap = np.abs(np.einsum("ijk,ik->ij", gaps, across))
    reach_of_index = (across_gap < SAME_INDEX_ACROSS * heights[:, None]) & (
        along_gap < SAME_INDEX_ALONG * smaller
    )
    distance = np.linalg.norm(gaps, axis=2)
    within_reach = distance < SAME_CARD_DISTANCE * larger
    cosine = down @ down.T
    side_by_side = (across_gap >= SIDE_BY_SIDE_ACROSS * smaller) & (cosine >= SIDE_BY_SIDE_COSINE)
    same_index_if_same_card = reach_of_index | (
        (cosine >= ALIGNED_COSINE) & (distance < SAME_CARD_NEAR * smaller)
    )
    beside = (
        (cosine >= ALIGNED_COSINE)
        & (along_gap <= SIDE_CORNER_ALONG * smaller + SIDE_CORNER_SLANT * across_gap)
        & (across_gap >= SIDE_CORNER_ACROSS[0] * smaller)
        & (across_gap <= SIDE_CORNER_ACROSS[1] * smaller)
    )
    turned = cosine <= TURNED_COSINE
    other_corner = within_reach & (turned | beside)
    return PairRelations(
        same_index=reach_of_index & ~side_by_side,
        same_index_if_same_card=same_index_if_same_card,
        other_corner=other_corner,
        beside=beside,
        aligned=cosine >= ALIGNED_COSINE,
        turned=turned,
        far_corner=within_reach & turned & (along_gap >= FAR_CORNER_ALONG * heights[:, None]),
        centres=centres,
        heights=heights,
    )


def merge_reads(
    candidates: Candidates,
    reads: list[Read],
    *,
    copies: int,
    corners: CornerIndices = CornerIndices.FOUR,
) -> list[Detection]:
    """Greedy merge, best read first: a read of an index already taken is dropped, and a
    further index of a card already found is counted as that card's other corner (with a
    deck of ``copies`` > 1, only where another corner of it can be and no far corner read
    belies it, and, when the deck's cards carry their index in two ``corners`` only,
    never the same way round as another index of it; elsewhere it is another copy, while
    the deck has that many). A read left over is dropped."""
    ordered = sorted(reads, key=lambda read: -read.confidence)
    relations = pair_relations(candidates, np.array([read.row for read in ordered], int))

    def other_corner(first: int, second: int) -> bool:
        if not relations.other_corner[first, second]:
            return False
        if not relations.beside[first, second]:
            return True  # turned the other way: a far corner
        return not any(
            relations.side_corner_belied(first, second, far)
            for far, read in enumerate(ordered)
            if read.card == ordered[first].card and far not in (first, second)
        )

    def way_taken(card_reads: list[int], position: int) -> bool:
        # a card with two corner indices has one each way round: another index of it
        # reading the way ``position`` does (beside it, say, where a four-index card's
        # other upper index would lie) means that ``position`` is another copy's
        return corners is CornerIndices.TWO and any(
            relations.aligned[read, position]
            and not relations.same_index_if_same_card[read, position]
            for read in card_reads
        )

    kept: list[list[int]] = []  # per card found, its reads' positions in ordered, best first
    found: Counter[Card] = Counter()
    for position, item in enumerate(ordered):
        duplicate = False
        for card_reads in kept:
            other = card_reads[0]
            same_card = ordered[other].card == item.card
            same_index = relations.same_index_if_same_card if same_card else relations.same_index
            if same_index[other, position]:
                duplicate = True
                break
            if same_card and (
                copies == 1
                or (other_corner(other, position) and not way_taken(card_reads, position))
            ):
                card_reads.append(position)
                duplicate = True
                break
        if not duplicate and found[item.card] < copies:
            kept.append([position])
            found[item.card] += 1
    kept = _without_reads_in_open_faces(candidates, [read.row for read in ordered], kept)
    return [
        Detection(
            ordered[card_reads[0]].card,
            ordered[card_reads[0]].confidence,
            candidates.quad(ordered[card_reads[0]].row),
            len(card_reads),
            corners=tuple(candidates.quad(ordered[at].row) for at in card_reads),
        )
        for card_reads in kept
    ]


def _without_reads_in_open_faces(
    candidates: Candidates, rows: list[int], kept: list[list[int]]
) -> list[list[int]]:
    """``kept`` less the cards read once inside an open card's face (OPEN_CARD_CORNERS)."""
    import cv2

    faces = []
    for card_reads in kept:
        height = float(candidates.heights[rows[card_reads[0]]])  # its best read's crop
        centres = candidates.centres[[rows[at] for at in card_reads]]
        corners = _distinct_corners(centres, apart=OPEN_CORNERS_APART * height)
        if len(corners) >= OPEN_CARD_CORNERS:
            completed = _completed(corners)
            outline = cv2.convexHull(completed.astype(np.float32))
            unread = completed[len(corners) :]  # the corner added, if any
            faces.append((outline, corners, unread, height))

    def in_a_face(card_reads: list[int]) -> bool:
        centre = candidates.centres[rows[card_reads[0]]]
        return len(card_reads) == 1 and any(
            cv2.pointPolygonTest(outline, (float(centre[0]), float(centre[1])), False) > 0
            and np.linalg.norm(corners - centre, axis=1).min() > FACE_CLEARANCE * height
            and not (np.linalg.norm(unread - centre, axis=1) <= UNREAD_CORNER_REACH * height).any()
            for outline, corners, unread, height in faces
        )

    return [card_reads for card_reads in kept if not in_a_face(card_reads)]


def _distinct_corners(centres: np.ndarray, *, apart: float) -> np.ndarray:
    """The centres that lie at least ``apart`` from every one kept before them."""
    kept: list[np.ndarray] = []
    for centre in centres:
        if all(np.linalg.norm(centre - other) >= apart for other in kept):
            kept.append(centre)
    return np.array(kept, dtype=np.float32).reshape(-1, 2)


def _completed(corners: np.ndarray) -> np.ndarray:
    """Three corners of a card with the fourth added (the two farthest apart lie on a
    diagonal, the third at a right angle between them); more are returned as they are."""
    if len(corners) != OPEN_CARD_CORNERS:
        return corners
    pairs = ((0, 1, 2), (0, 2, 1), (1, 2, 0))
    first, second, middle = max(
        pairs, key=lambda p: float(np.linalg.norm(corners[p[0]] - corners[p[1]]))
    )
    fourth = corners[first] + corners[second] - corners[middle]
    return np.vstack([corners, fourth[None, :]])


@dataclass(frozen=True)
class CornersShown:
    """How many distinct corner indices of one card a photo shows, counted by the way
    they read: ``along`` the way its best read reads, ``turned`` the other way round."""

    along: int
    turned: int

    def evidence(self) -> CornerIndices | None:
        """What the photo says of the card's design: two indices reading the same way
        are a four-index card's upper (or lower) pair; one each way round, with no
        second either way, a two-index card's; anything less says nothing."""
        if max(self.along, self.turned) >= 2:
            return CornerIndices.FOUR
        if self.along == 1 and self.turned == 1:
            return CornerIndices.TWO
        return None


def corners_shown(candidates: Candidates, reads: list[Read]) -> CornersShown:
    """The distinct indices among ``reads`` (all of one card in a photo of it alone):
    reads of one index, cut by several looks, count once. Reads turned across (neither
    way round) are not counted."""
    if not reads:
        return CornersShown(along=0, turned=0)
    ordered = sorted(reads, key=lambda read: -read.confidence)
    relations = pair_relations(candidates, np.array([read.row for read in ordered], int))
    distinct: list[int] = []
    for position in range(len(ordered)):
        if not any(relations.same_index_if_same_card[kept, position] for kept in distinct):
            distinct.append(position)
    return CornersShown(
        along=int(np.count_nonzero(relations.aligned[0, distinct])),
        turned=int(np.count_nonzero(relations.turned[0, distinct])),
    )
