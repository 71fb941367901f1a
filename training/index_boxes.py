"""Find the corner indices on a rendered face from its ink.

Ink is what differs clearly from the card's paper. Connected pieces of ink that lie wholly
in a corner zone are candidates; the index is grown from the piece nearest the corner,
taking pieces stacked under it (the suit pip) or beside it (the "1" and "0" of a 10).
The same search on the face turned half a turn finds the bottom-right index; the
top-right and bottom-left corners count as indices only when they repeat the first one.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

INK_DISTANCE = 70.0  # RGB distance from the paper that counts as ink
OPAQUE = 128
BORDER_FRACTION = 0.025  # band along the card edge ignored (outline strokes)
PAPER_BAND = 0.07  # inner edge of the band that samples the paper, fraction of the width
ZONE_WIDTH = 0.34  # corner zone, fractions of the face
ZONE_HEIGHT = 0.48
MAX_INDEX_WIDTH = 0.3
MAX_INDEX_HEIGHT = 0.42
MIN_PIECE_AREA = 0.00015  # fraction of the face area
MIN_SEED_HEIGHT = 0.025  # fraction of the face height
STACK_GAP = 0.06  # vertical gap between rank and pip, fraction of the face height
SIDE_GAP = 0.03  # horizontal gap between the digits of 10, fraction of the width
TOUCH = 0.01  # rank and pip may overlap this much, fraction of the face height
REPEAT_CORRELATION = 0.6  # ink correlation above which a corner repeats the index
MIN_OVERLAP = 0.3
HALF_TURN = 180
UPRIGHT = 0
PixelBox = tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive), pixels


@dataclass(frozen=True)
class CornerIndex:
    """One printed index in pixels of the upright face; ``rank`` is its rank glyph's box."""

    box: PixelBox
    rank: PixelBox
    rotation: int


def paper_colour(rgba: np.ndarray) -> np.ndarray:
    """The card's paper: the median colour of a band just inside the card's edge."""
    opaque = (rgba[..., 3] > OPAQUE).astype(np.uint8)
    width = rgba.shape[1]
    outer = max(1, round(width * BORDER_FRACTION))
    inner = max(outer + 1, round(width * PAPER_BAND))
    near = cv2.erode(opaque, np.ones((2 * outer + 1, 2 * outer + 1), np.uint8))
    far = cv2.erode(opaque, np.ones((2 * inner + 1, 2 * inner + 1), np.uint8))
    band = (near > 0) & (far == 0)
    if not band.any():
        band = opaque > 0
    return np.asarray(np.median(rgba[..., :3][band], axis=0), np.float32)


def ink_mask(rgba: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """Pixels that differ from the paper, inside the card, away from its outline."""
    width = rgba.shape[1]
    distance = np.linalg.norm(rgba[..., :3].astype(np.float32) - paper, axis=2)
    opaque = (rgba[..., 3] > OPAQUE).astype(np.uint8)
    border = max(1, round(width * BORDER_FRACTION))
    inner = cv2.erode(opaque, np.ones((2 * border + 1, 2 * border + 1), np.uint8))
    return np.asarray((distance > INK_DISTANCE) & (inner > 0), bool)


def _union(a: PixelBox, b: PixelBox) -> PixelBox:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _overlap(a0: int, a1: int, b0: int, b1: int) -> float:
    """Overlap of two intervals as a fraction of the shorter one."""
    shared = min(a1, b1) - max(a0, b0)
    return shared / max(1, min(a1 - a0, b1 - b0))


def _pieces(ink: np.ndarray) -> list[PixelBox]:
    """Boxes of the ink pieces lying wholly inside the top-left zone."""
    height, width = ink.shape
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    zone_w, zone_h = width * ZONE_WIDTH, height * ZONE_HEIGHT
    min_area = MIN_PIECE_AREA * width * height
    boxes = []
    for label in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[label])
        if area >= min_area and x + w <= zone_w and y + h <= zone_h:
            boxes.append((x, y, x + w, y + h))
    return boxes


def find_top_left(ink: np.ndarray, *, two_glyphs: bool) -> CornerIndex | None:
    """The index nearest the top-left corner of the ink mask, or None.

    ``two_glyphs``: the rank may be printed as two pieces side by side (the 10).
    """
    height, width = ink.shape
    pieces = _pieces(ink)
    seeds = [p for p in pieces if p[3] - p[1] >= MIN_SEED_HEIGHT * height]
    if not seeds:
        return None
    seed = min(seeds, key=lambda p: np.hypot(p[0] / width, p[1] / height))
    rank = seed
    box = seed
    stack_gap = STACK_GAP * height
    side_gap = SIDE_GAP * width
    touch = TOUCH * height
    grown = True
    while grown:
        grown = False
        for piece in pieces:
            if piece == box or (
                piece[0] >= box[0]
                and piece[1] >= box[1]
                and piece[2] <= box[2]
                and piece[3] <= box[3]
            ):
                continue
            beside = (
                two_glyphs
                and _overlap(piece[1], piece[3], rank[1], rank[3]) > MIN_OVERLAP
                and 0 <= piece[0] - rank[2] <= side_gap
            )
            below = (
                _overlap(piece[0], piece[2], box[0], box[2]) > MIN_OVERLAP
                and -touch <= piece[1] - box[3] <= stack_gap
            )
            merged = _union(box, piece)
            too_big = (
                merged[2] - merged[0] > MAX_INDEX_WIDTH * width
                or merged[3] - merged[1] > MAX_INDEX_HEIGHT * height
            )
            if (beside or below) and not too_big:
                if beside:
                    rank = _union(rank, piece)
                box = merged
                grown = True
    if box == rank:
        return None  # a glyph without a pip under it is not an index
    return CornerIndex(box, rank, UPRIGHT)


def _turn_box(box: PixelBox, width: int, height: int) -> PixelBox:
    x0, y0, x1, y1 = box
    return (width - x1, height - y1, width - x0, height - y0)


def _mirror_box(box: PixelBox, width: int) -> PixelBox:
    x0, y0, x1, y1 = box
    return (width - x1, y0, width - x0, y1)


def _same_ink(ink_a: np.ndarray, box_a: PixelBox, ink_b: np.ndarray, box_b: PixelBox) -> bool:
    """Whether two boxes hold the same ink (correlation of the masks, resized to match)."""
    a = ink_a[box_a[1] : box_a[3], box_a[0] : box_a[2]].astype(np.float32)
    b = ink_b[box_b[1] : box_b[3], box_b[0] : box_b[2]].astype(np.float32)
    if a.size == 0 or b.size == 0:
        return False
    b = np.asarray(cv2.resize(b, (a.shape[1], a.shape[0])), np.float32)
    a -= a.mean()
    b -= b.mean()
    norm = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return norm > 0 and float((a * b).sum()) / norm > REPEAT_CORRELATION


def _corner_pair(ink: np.ndarray, *, two_glyphs: bool) -> list[tuple[PixelBox, PixelBox]]:
    """(box, rank) of the top-left index, and of the top-right one when it repeats it."""
    width = ink.shape[1]
    first = find_top_left(ink, two_glyphs=two_glyphs)
    if first is None:
        return []
    pairs = [(first.box, first.rank)]
    mirrored = find_top_left(np.ascontiguousarray(ink[:, ::-1]), two_glyphs=two_glyphs)
    if mirrored is not None:
        box = _mirror_box(mirrored.box, width)
        if _same_ink(ink, first.box, ink, box):
            pairs.append((box, _mirror_box(mirrored.rank, width)))
    return pairs


def find_indices(rgba: np.ndarray, *, two_glyphs: bool) -> list[CornerIndex]:
    """Every corner index of an upright face: top-left, bottom-right, and any repeats.

    ``two_glyphs``: the rank may be two glyphs side by side (pass True for the 10).
    """
    height, width = rgba.shape[:2]
    ink = ink_mask(rgba, paper_colour(rgba))
    turned_ink = np.ascontiguousarray(ink[::-1, ::-1])
    upright = _corner_pair(ink, two_glyphs=two_glyphs)
    turned = _corner_pair(turned_ink, two_glyphs=two_glyphs)
    # A corner hidden by touching art is taken to mirror the opposite one, when the ink
    # there matches; otherwise the face is not used.
    if not upright and turned:
        if not _same_ink(turned_ink, turned[0][0], ink, turned[0][0]):
            return []
        upright = turned
    if not turned and upright:
        if not _same_ink(ink, upright[0][0], turned_ink, upright[0][0]):
            return []
        turned = upright
    return [CornerIndex(box, rank, UPRIGHT) for box, rank in upright] + [
        CornerIndex(_turn_box(box, width, height), _turn_box(rank, width, height), HALF_TURN)
        for box, rank in turned
    ]
