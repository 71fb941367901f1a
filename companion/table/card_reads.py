"""Cards read in a zone, in mat millimetres, and where a card's face lies from its index.

A card's face is estimated from its index box alone: the body of the card lies down from
the index as the index reads (for the top-left index and for the bottom-right one, which
reads upside down), and to the right of it, or to the left where the index is a card's
top-right one (decks with four indices). Sizes are in units of the index box's height,
as the reader frames it: a card is about 4.3 box heights tall and 2.8 wide (measured on
the flattened whole-card photos the reader reads whole)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from companion.cards import Card
from companion.vision.merging import Doubt
from companion.vision.second_look import CARD_HEIGHT, CARD_WIDTH  # index box heights

# The part of a face away from its corners and edges: where the picture of a court card
# or the middle pips are. A card's own index never lies there.
INTERIOR_ACROSS = (0.35, 2.45)
INTERIOR_DOWN = (1.6, 3.0)
# Round the face, the slack of the estimate when asking what a card hides.
FACE_SLACK = 0.3


@dataclass(frozen=True, eq=False)
class CardRead:
    """One card read in a zone: its index box (4 x 2, TL TR BR BL as it reads) in mm."""

    card: Card
    confidence: float
    quad: np.ndarray
    indices: int = 1
    clipped: bool = False  # the index reached past the cut it was read on (clipped_by_cut)
    doubt: Doubt | None = None  # the reader's second look disagrees: never a card

    @property
    def centre(self) -> np.ndarray:
        return np.asarray(self.quad.mean(axis=0), dtype=np.float64)


def box_frame(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, float]:
    """The box's origin (its top-left as it reads), unit vectors across and down, and its
    height and width."""
    origin = quad[0].astype(np.float64)
    across = quad[1].astype(np.float64) - origin
    down = quad[3].astype(np.float64) - origin
    width = float(np.linalg.norm(across)) or 1.0
    height = float(np.linalg.norm(down)) or 1.0
    return origin, across / width, down / height, height, width


def in_box_units(quad: np.ndarray, point: np.ndarray) -> tuple[float, float]:
    """Where ``point`` lies from the box's top-left, across and down, in box heights."""
    origin, across, down, height, _ = box_frame(quad)
    offset = np.asarray(point, dtype=np.float64) - origin
    return float(offset @ across) / height, float(offset @ down) / height


def in_face_interior(quad: np.ndarray, point: np.ndarray) -> bool:
    """Whether ``point`` lies inside the face of the card whose index box is ``quad``,
    away from its corners and edges. Only the body down and to the right is taken: where
    the index is a four-index card's top-right one, its top-left index, read too, places
    the face (the other way round, the faces of cards turned across the frame cover
    their neighbours)."""
    u, v = in_box_units(quad, point)
    return (
        INTERIOR_DOWN[0] <= v <= INTERIOR_DOWN[1] and INTERIOR_ACROSS[0] <= u <= INTERIOR_ACROSS[1]
    )


def under_face(quad: np.ndarray, point: np.ndarray, *, slack: float = FACE_SLACK) -> bool:
    """Whether ``point`` may lie under the card whose index box is ``quad`` (its body down
    and to the right of the index, with ``slack`` box heights round it)."""
    u, v = in_box_units(quad, point)
    return -slack <= v <= CARD_HEIGHT + slack and -slack <= u <= CARD_WIDTH + slack


def face_corners(quad: np.ndarray) -> np.ndarray:
    """The corners (4 x 2) of the face of the card whose index box is ``quad``: its body
    down and to the right of the index as it reads, as ``under_face`` takes it."""
    origin, across, down, height, _ = box_frame(quad)
    return np.array(
        [
            origin + (across * u + down * v) * height
            for u, v in (
                (0.0, 0.0),
                (CARD_WIDTH, 0.0),
                (CARD_WIDTH, CARD_HEIGHT),
                (0.0, CARD_HEIGHT),
            )
        ]
    )


def within_reach(quad: np.ndarray, point: np.ndarray) -> bool:
    """Whether ``point`` is no farther from the index box's centre than the card's
    diagonal, the box being either of the card's indices."""
    _, _, _, height, _ = box_frame(quad)
    distance = float(np.linalg.norm(np.asarray(point, np.float64) - quad.mean(axis=0)))
    return distance <= (math.hypot(CARD_WIDTH, CARD_HEIGHT) + FACE_SLACK) * height


def clipped_by_cut(
    quad: np.ndarray, cut: tuple[float, float, float, float], bounds: tuple[float, float]
) -> bool:
    """Whether the index was read cut short: an edge of the cut it was read on (left, top,
    right, bottom) passes within half the box's shorter side of its centre, other than the
    edges of the whole picture (0 and ``bounds``, its width and height), past which there
    is nothing to clip. The centre and the shorter side are taken because the detector
    frames some indices far too tall. A part of an index can look like another card's
    whole one (half an 8 reads as a jack); a card that changed is cut with a margin round
    all of it, so its index lies well inside the cut: a clipped read is of a card that was
    there before."""
    left, top, right, bottom = cut
    width, height = bounds
    _, _, _, box_height, box_width = box_frame(quad)
    reach = min(box_height, box_width) / 2
    x, y = (float(value) for value in quad.mean(axis=0))
    return bool(
        (left > 0.0 and x - reach < left)
        or (top > 0.0 and y - reach < top)
        or (right < width and x + reach > right)
        or (bottom < height and y + reach > bottom)
    )


def without_reads_in_faces(
    reads: Sequence[CardRead], *, settled: Collection[Card] = ()
) -> tuple[CardRead, ...]:
    """The reads less those inside the face of another card read with them, away from its
    corners: a card's index lies at its corner, so such a read is its picture or pips
    misread; a read of two or more corner indices of one card is a card. Where two reads
    lie in each other's faces, both stay. Reads of the
    ``settled`` cards (already on the zone) are kept and judge none: a card laid later
    may well lie over an older card's middle (rows of cards overlapping)."""
    hosts = [read for read in reads if read.card not in settled]
    kept: list[CardRead] = []
    for read in reads:
        inside = (
            read.indices < 2
            and read.card not in settled
            and any(
                other is not read
                and other.card != read.card
                and in_face_interior(other.quad, read.centre)
                and not in_face_interior(read.quad, other.centre)
                for other in hosts
            )
        )
        if not inside:
            kept.append(read)
    return tuple(kept)


def without_reads_over_known(
    reads: Sequence[CardRead], *, settled: Collection[Card]
) -> tuple[CardRead, ...]:
    """The reads less those of a new card whose index box holds the index of a ``settled``
    card (one already on the zone) read with it: a card laid over that index would hide
    it, so such a read is the reader taking two neighbouring indices (one card's rank,
    another's pip) or a piece of one for a card."""
    known = [read.centre for read in reads if read.card in settled]
    return tuple(
        read
        for read in reads
        if read.card in settled or not any(_holds(read.quad, centre) for centre in known)
    )


def _holds(quad: np.ndarray, point: np.ndarray) -> bool:
    """Whether ``point`` lies inside the index box ``quad``."""
    across, down = in_box_units(quad, point)
    _, _, _, height, width = box_frame(quad)
    return 0.0 <= down <= 1.0 and 0.0 <= across <= width / height
