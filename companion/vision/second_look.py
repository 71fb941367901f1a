"""A second, independent look at a card read before it counts: the colour of its suit on
the index's own pixels, and the card's far corner index where that shows.

The reader's network reads an index from one crop; the second look asks two questions
that do not go through that read: is the ink of the index red or black (a pixel count,
no network), and does the index in the card's opposite corner, cut where the card's
shape puts it and read on its own, name the same card. A clear "no" to either makes the
read doubted (unsure, with its confidence), never a different card; no answer (too little
ink, a corner covered, nothing readable there) leaves the read as it was.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

import numpy as np

from companion.cards import Card, Suit
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH, cut_crops
from companion.vision.merging import (
    SAME_INDEX_ALONG,
    SIDE_BY_SIDE_ACROSS,
    SIDE_BY_SIDE_COSINE,
    Detection,
    Doubt,
)

# A card's face in units of its index box's height (the reader's crop, 1.35 index heights
# tall): about 4.3 tall and 2.8 wide, the index box at its top-left corner; measured on
# the flattened whole-card photos (the table's card_reads takes the same shape).
CARD_HEIGHT = 4.3
CARD_WIDTH = 2.8
# The box's centre from the face's corner, in box heights.
BOX_CENTRE = (CROP_WIDTH / CROP_HEIGHT / 2, 0.5)
RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
# edge_blur: the ink and paper levels, and the steepest rise, as percentiles of the crop
INK_PERCENTILE = 5.0
PAPER_PERCENTILE = 95.0
STEEPEST_PERCENTILE = 99.0
MIN_RISE = 1e-3  # grey levels a pixel: a flat crop
SIDE_BAND = 2  # pixels: the crop middle's outermost columns, no glyph's place
# A card's corner indices lie on its face as placed from its true corner, within this
# many box heights (crops turn and frame an index a little off).
FACE_CORNER_SLACK = 0.5


class SuitColour(Enum):
    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class SecondLookSettings:
    """The ink colour test and the far corner's read.

    Colours are taken after dividing each channel by the crop's paper white (its
    ``white_percentile``), so a lamp's colour or a dimmed table does not tint them."""

    white_percentile: float = 95.0
    min_white: float = 24.0  # a crop darker than this has too little light to tell colour
    # Only the middle of the crop is looked at: the glyph and pip lie there, the card's
    # edge and the table round it (a green board, a wooden top) mostly outside.
    margin_share: float = 0.15
    # Black ink: every channel under ``black_level`` of the paper's, and grey (channels
    # within ``grey_spread``); red ink: red within ``red_level`` of the paper's, the other
    # two at least ``red_gap`` under it. Wood and a green board are neither.
    black_level: float = 0.5
    grey_spread: float = 0.2
    red_level: float = 0.55
    red_gap: float = 0.35
    # Too little ink to judge: under this share of the looked-at pixels.
    min_ink_share: float = 0.03
    # The ink is one colour when at least this share of it is.
    one_colour_share: float = 0.8
    # The far corner names another card only when read at least this sure; a card found
    # elsewhere in the frame whose index lies within ``covering_reach`` box heights of the
    # far corner is that card's index over the corner, not an answer about this one.
    far_min_confidence: float = 0.99
    covering_reach: float = 1.0
    # Two cards read on one spot the other way round (directions at least this opposed,
    # their centres within ``same_spot_reach`` of the larger box's height) cannot both be
    # indices: one covers the other. The read at fewer corners is
    # doubted (both, at as many): a blurred queen's index, cut large, reads as a 4D.
    same_spot_cosine: float = -0.5
    same_spot_reach: float = 0.5
    # A blurred index (its edges' blur, estimated as below, at least ``blurred_from`` crop
    # pixels: sharp reads of the real photos measure 0.3-0.8, the tracker's cuts of
    # synthetic sessions 0.9-1.1) is taken only when read at least ``blurred_sure`` sure:
    # blurred out of focus, a 7's index read as a 2 at 0.93.
    blurred_from: float = 1.0
    blurred_sure: float = 0.99
    # A read whose whole box lies on the face of another card read at two corners or
    # more (the face placed from that card's index box, CARD_WIDTH x CARD_HEIGHT), and
    # whose box is at least ``inside_card_ratio`` times that card's index box tall, is
    # the card's picture or pips read as an index: one deck's indices are all one size,
    # and a photo's perspective changes that size within a frame by far less.
    inside_card_ratio: float = 1.25


@dataclass(frozen=True)
class FarCorners:
    """Where the far corner indices of some detections lie (working-image pixels): one
    row per detection, as cut_crops takes them."""

    centres: np.ndarray  # N x 2 float32
    down: np.ndarray  # N x 2 float32 unit vectors
    heights: np.ndarray  # N float32


def far_corners(quads: Sequence[np.ndarray]) -> FarCorners:
    """The far corner boxes of index boxes (4 x 2, TL TR BR BL as each reads): the box
    turned half round about the centre of the face that lies down and right of it."""
    centres, downs, heights = [], [], []
    for quad in quads:
        origin = quad[0].astype(np.float64)
        across = quad[1].astype(np.float64) - origin
        down = quad[3].astype(np.float64) - origin
        height = float(np.linalg.norm(down)) or 1.0
        width = float(np.linalg.norm(across)) or 1.0
        across, down = across / width, down / height
        u, v = CARD_WIDTH - BOX_CENTRE[0], CARD_HEIGHT - BOX_CENTRE[1]
        centres.append(origin + (across * u + down * v) * height)
        downs.append(-down)
        heights.append(height)
    return FarCorners(
        np.array(centres, np.float32).reshape(-1, 2),
        np.array(downs, np.float32).reshape(-1, 2),
        np.array(heights, np.float32),
    )


def box_crops(image: np.ndarray, quads: Sequence[np.ndarray]) -> np.ndarray:
    """The upright crops of index boxes, as the reader cut them."""
    if not quads:
        return np.zeros((0, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)
    stacked = np.stack([quad.astype(np.float32) for quad in quads])
    centres = stacked.mean(axis=1)
    down = stacked[:, 3] - stacked[:, 0]
    heights = np.linalg.norm(down, axis=1)
    down = down / np.maximum(heights, 1e-6)[:, None]
    return cut_crops(image, centres, down.astype(np.float32), heights.astype(np.float32))


def _ink_counts(crop: np.ndarray, settings: SecondLookSettings) -> tuple[int, int, int] | None:
    """The black and the red ink pixels of the middle of an index crop (BGR), and how many
    pixels were looked at (None: too little light to tell)."""
    height, width = crop.shape[:2]
    top, left = round(height * settings.margin_share), round(width * settings.margin_share)
    middle = crop[top : height - top, left : width - left].reshape(-1, 3).astype(np.float32)
    if middle.shape[0] == 0:
        return None
    white = np.percentile(middle, settings.white_percentile, axis=0)
    if float(white.min()) < settings.min_white:
        return None
    blue, green, red = (middle / white).T
    brightest = np.maximum(np.maximum(blue, green), red)
    darkest = np.minimum(np.minimum(blue, green), red)
    black = (brightest < settings.black_level) & (brightest - darkest < settings.grey_spread)
    reddish = (red >= settings.red_level) & (red - np.maximum(blue, green) >= settings.red_gap)
    glyphs = _without_lines_along(
        (black | reddish).reshape(height - 2 * top, width - 2 * left)
    ).reshape(-1)
    black, reddish = black & glyphs, reddish & glyphs
    return int(np.count_nonzero(black)), int(np.count_nonzero(reddish)), middle.shape[0]


def _without_lines_along(ink: np.ndarray) -> np.ndarray:
    """The ink mask (the crop's middle) less the runs that lie wholly in a side's
    outermost SIDE_BAND columns: the crop is cut round the index, so its glyphs lie
    inside, and a sliver along a side is the card's edge, a shadow or the table beside a
    crop cut a little off the index."""
    import cv2

    width = ink.shape[1]
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    left = stats[:, cv2.CC_STAT_LEFT]
    right = left + stats[:, cv2.CC_STAT_WIDTH]
    slivers = [n for n in range(1, count) if right[n] <= SIDE_BAND or left[n] >= width - SIDE_BAND]
    if not slivers:
        return ink
    return ink & ~np.isin(labels, slivers)


def has_ink(crop: np.ndarray, settings: SecondLookSettings) -> bool:
    """Whether an index crop shows enough ink to say anything (a corner washed out by a
    lamp's glare, or an empty one, does not)."""
    counts = _ink_counts(crop, settings)
    return counts is not None and counts[0] + counts[1] >= settings.min_ink_share * counts[2]


def ink_colour(crop: np.ndarray, settings: SecondLookSettings) -> SuitColour | None:
    """Whether the ink of an index crop (BGR) is red or black (None: too little light or
    ink, or ink of both colours)."""
    counts = _ink_counts(crop, settings)
    if counts is None:
        return None
    black_count, red_count, looked_at = counts
    ink = black_count + red_count
    if ink < settings.min_ink_share * looked_at:
        return None
    if red_count >= settings.one_colour_share * ink:
        return SuitColour.RED
    if black_count >= settings.one_colour_share * ink:
        return SuitColour.BLACK
    return None


def edge_blur(crop: np.ndarray) -> float:
    """How blurred a crop's sharpest edges are, in crop pixels: a step edge blurred by a
    Gaussian of sigma s rises at most contrast / (s * sqrt(2 pi)) a pixel, so s is the
    contrast (ink to paper) over that steepest rise (a high percentile, not the maximum,
    so that one noisy pixel does not count)."""
    grey = crop.mean(axis=2, dtype=np.float32) if crop.ndim == 3 else crop.astype(np.float32)
    low, high = np.percentile(grey, [INK_PERCENTILE, PAPER_PERCENTILE])
    rows, columns = np.gradient(grey)
    steepest = float(np.percentile(np.hypot(rows, columns), STEEPEST_PERCENTILE))
    return float(high - low) / max(steepest, MIN_RISE) / math.sqrt(2 * math.pi)


def suit_colour(card: Card) -> SuitColour:
    return SuitColour.RED if card.suit in RED_SUITS else SuitColour.BLACK


class FarCornerReader(Protocol):
    """What far corner crops read as: the card for each crop read at least
    ``min_confidence`` sure (None elsewhere). The reader supplies it."""

    def far_cards(self, crops: np.ndarray, min_confidence: float) -> list[Card | None]: ...


def second_look(
    image: np.ndarray,
    detections: Sequence[Detection],
    far_reader: FarCornerReader,
    settings: SecondLookSettings | None = None,
) -> list[Detection]:
    """The detections (in ``image``'s pixels), those the second look doubts marked with
    their doubt; the card and confidence stay as read."""
    settings = settings or SecondLookSettings()
    if not detections:
        return []
    quads = [detection.quad for detection in detections]
    crops = box_crops(image, quads)
    colours = [ink_colour(crop, settings) for crop in crops]
    doubts: list[Doubt | None] = [
        Doubt.SUIT_COLOUR if colour is not None and colour != suit_colour(d.card) else None
        for colour, d in zip(colours, detections, strict=True)
    ]
    for i, (crop, detection) in enumerate(zip(crops, detections, strict=True)):
        unsure_enough = doubts[i] is None and detection.confidence < settings.blurred_sure
        if unsure_enough and edge_blur(crop) >= settings.blurred_from:
            doubts[i] = Doubt.BLURRED
    for i, j in _turned_on_one_spot(detections, settings):
        if doubts[i] is None and detections[i].indices <= detections[j].indices:
            doubts[i] = Doubt.SAME_SPOT
    for i in _inside_another_card(detections, settings):
        if doubts[i] is None:
            doubts[i] = Doubt.INSIDE_CARD
    # A card read at two corners already had its second look from the merge.
    lone = [i for i, d in enumerate(detections) if doubts[i] is None and d.indices < 2]
    if lone:
        far = far_corners([quads[i] for i in lone])
        crops = cut_crops(image, far.centres, far.down, far.heights)
        read = far_reader.far_cards(crops, settings.far_min_confidence)
        for position, i in enumerate(lone):
            card = read[position]
            if card is None or card == detections[i].card:
                continue
            if not has_ink(crops[position], settings):
                continue  # a corner washed out by a lamp's glare answers nothing
            if not _covered_by(
                card, far.centres[position], far.heights[position], detections, settings
            ):
                doubts[i] = Doubt.OTHER_CORNER
    return [
        detection if doubt is None else replace(detection, doubt=doubt)
        for detection, doubt in zip(detections, doubts, strict=True)
    ]


def _turned_on_one_spot(
    detections: Sequence[Detection], settings: SecondLookSettings
) -> list[tuple[int, int]]:
    """Every ordered pair (i, j) of different cards where i's read lies on the spot of
    one of j's corner indices: the other way round, a centre within ``same_spot_reach``
    of the larger box's height of the other's; the same way round, the same index as
    the merge tells it (closer across than the next index of a tight fan). One spot
    holds one index, so a misread beside or over a card's corner (a queen's flower and
    pip as a 4D, a club's corner cut again and read as a spade) is caught at whichever
    corner it lies; the merge compared it with the card's best read only."""
    pairs = []
    for i, first in enumerate(detections):
        centre, down, height = _box_frame(first.quad)
        for j, second in enumerate(detections):
            if first.card == second.card:
                continue
            for corner in second.corner_quads:
                other_centre, other_down, other_height = _box_frame(corner)
                gap = other_centre - centre
                cosine = float(down @ other_down)
                if cosine <= settings.same_spot_cosine:
                    reach = settings.same_spot_reach * max(height, other_height)
                    on_spot = float(np.linalg.norm(gap)) <= reach
                else:
                    smaller = min(height, other_height)
                    across = abs(float(gap[0] * down[1] - gap[1] * down[0]))
                    on_spot = (
                        cosine >= SIDE_BY_SIDE_COSINE
                        and across < SIDE_BY_SIDE_ACROSS * smaller
                        and abs(float(gap @ down)) < SAME_INDEX_ALONG * smaller
                    )
                if on_spot:
                    pairs.append((i, j))
                    break
    return pairs


def _box_frame(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """An index box's centre, its unit reading direction (down) and its height."""
    down = quad[3].astype(np.float64) - quad[0].astype(np.float64)
    height = max(float(np.linalg.norm(down)), 1e-6)
    return quad.mean(axis=0).astype(np.float64), down / height, height


def _inside_another_card(
    detections: Sequence[Detection], settings: SecondLookSettings
) -> list[int]:
    """The reads whose whole box lies on the face of another card read at two corners or
    more, every box they were read at ``inside_card_ratio`` times that card's largest
    index box tall or more (one deck's indices are one size: a card read at one corner
    framed as its index is, lying open over the other, is no picture). The face is
    placed from the corner its other corners agree with (a four-index card's side corner
    would put it beside the card)."""
    inside = []
    for i, read in enumerate(detections):
        height = min(_box_height(quad) for quad in read.corner_quads)
        for j, card in enumerate(detections):
            if j == i or card.card == read.card or card.indices < 2:
                continue
            corner = _face_corner(card)
            box_height = max(_box_height(quad) for quad in card.corner_quads)
            if box_height <= 0.0 or height < settings.inside_card_ratio * box_height:
                continue
            if _on_face(corner, read.quad, slack=0.0):
                inside.append(i)
                break
    return inside


def _box_height(quad: np.ndarray) -> float:
    return float(np.linalg.norm(quad[3] - quad[0]))


def _face_corner(card: Detection) -> np.ndarray:
    """The index box of ``card`` whose face (down and right of it as it reads) holds the
    most of its other corner indices, its best read's where none does better."""
    quads = card.corner_quads
    centres = [quad.mean(axis=0)[None, :] for quad in quads]

    def agreeing(quad: np.ndarray) -> int:
        return sum(_on_face(quad, centre, slack=FACE_CORNER_SLACK) for centre in centres)

    return max(quads, key=agreeing)  # the first (best) wins a tie


def _on_face(quad: np.ndarray, points: np.ndarray, *, slack: float) -> bool:
    """Whether every point lies on the face of the card whose index box is ``quad`` (its
    body CARD_WIDTH x CARD_HEIGHT box heights down and right of the box's top-left, as
    it reads), with ``slack`` box heights round it."""
    origin = quad[0].astype(np.float64)
    across = quad[1].astype(np.float64) - origin
    down = quad[3].astype(np.float64) - origin
    box_height = float(np.linalg.norm(down))
    if box_height <= 0.0:
        return False
    across /= max(float(np.linalg.norm(across)), MIN_RISE)
    down /= box_height
    offsets = np.asarray(points, np.float64) - origin
    along, below = offsets @ across / box_height, offsets @ down / box_height
    return bool(
        np.all((along >= -slack) & (along <= CARD_WIDTH + slack))
        and np.all((below >= -slack) & (below <= CARD_HEIGHT + slack))
    )


def _covered_by(
    card: Card,
    centre: np.ndarray,
    height: float,
    detections: Sequence[Detection],
    settings: SecondLookSettings,
) -> bool:
    """Whether ``card`` was found with an index near ``centre``: its own index lies over
    the far corner there."""
    reach = settings.covering_reach * height
    return any(
        other.card == card and float(np.linalg.norm(other.quad.mean(axis=0) - centre)) <= reach
        for other in detections
    )
