"""The classical Raspberry Pi card detector as EdjeElectronics' OpenCV-Playing-Card-Detector
publishes it (Cards.py and CardDetector.py, 2017), written anew step for step as the cost
baseline of the tracker: every frame is read whole, nothing is remembered between frames.

Per frame: grey, a 5x5 Gaussian blur, a threshold at the grey of a background pixel near
the top middle plus BKG_THRESH; every outline (with its nesting) is traced, all are
sorted by area, and each gets its area, perimeter and a polygon within 1% of its
perimeter; an outline of a card's area (its published pixel bounds), with no parent and
four corners, is a card. Per card: its corners again, its bounding box, centre; the card
warped flat to 200x300 (colour, then grey); its corner 32x84 zoomed four times,
thresholded at a white pixel's grey less CARD_THRESH; the rank (upper) and suit (lower)
parts each outlined, their largest outline cut and sized to the templates (70x125,
70x100), and compared with 13 rank and 4 suit templates by the sum of absolute
differences; then the result drawn onto the frame (the centre, the name twice, the
outlines), as its loop does before showing the frame (no window is shown here).

The templates are made here from a bundled font (the project's own, not the published
card pictures), so the comparison costs what the published one does.

    python -m companion.tools.classical_cards FOLDER    # prints the cards found a frame
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# The published constants (Cards.py).
BKG_THRESH = 60
CARD_THRESH = 30
CORNER_WIDTH = 32
CORNER_HEIGHT = 84
RANK_SIZE = (70, 125)  # width, height
SUIT_SIZE = (70, 100)
RANK_DIFF_MAX = 2000
SUIT_DIFF_MAX = 700
CARD_MAX_AREA = 120000
CARD_MIN_AREA = 25000
BLUR_SIZE = (5, 5)
OUTLINE_TOLERANCE = 0.01  # of the perimeter
FLAT_SIZE = (200, 300)
ZOOM = 4
WHITE_SAMPLE = (15, CORNER_WIDTH * ZOOM // 2)  # row, column of the zoomed corner
RANK_ROWS = (20, 185)
SUIT_ROWS = (186, 336)
PART_COLUMNS = 128
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = ("S", "D", "C", "H")
SUIT_SYMBOLS = ("♠", "♦", "♣", "♥")
UNKNOWN = "?"


@dataclass(frozen=True)
class Templates:
    ranks: tuple[np.ndarray, ...]  # RANK_SIZE binary pictures, in RANK_NAMES' order
    suits: tuple[np.ndarray, ...]  # SUIT_SIZE, in SUIT_NAMES' order


@dataclass(frozen=True)
class Found:
    """A card outline and what its corner matched (``?`` where no template was near)."""

    corners: np.ndarray  # 4 x 2, frame pixels
    rank: str
    suit: str
    rank_difference: int
    suit_difference: int


def _glyph(text: str, size: tuple[int, int]) -> np.ndarray:
    """A glyph's ink, white on black, cut to its box and sized as a template."""
    import cv2
    from PIL import Image, ImageDraw, ImageFont

    from companion.assets.fonts import FontFace, font_path

    font = ImageFont.truetype(str(font_path(FontFace.SANS_BOLD)), 160)
    tile = Image.new("L", (400, 240), 0)
    ImageDraw.Draw(tile).text((20, 20), text, font=font, fill=255)
    box = tile.getbbox()
    ink = np.asarray(tile.crop(box) if box is not None else tile)
    sized = cv2.resize(ink, size)
    _, binary = cv2.threshold(sized, 127, 255, cv2.THRESH_BINARY)
    return np.asarray(binary)


def make_templates() -> Templates:
    """The 13 rank and 4 suit templates (the published ones are photos of one deck's
    corner; these are a font's glyphs, the same sizes)."""
    return Templates(
        ranks=tuple(_glyph(name, RANK_SIZE) for name in RANK_NAMES),
        suits=tuple(_glyph(symbol, SUIT_SIZE) for symbol in SUIT_SYMBOLS),
    )


def thresholded(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The frame grey, and blurred and thresholded at the background's grey plus
    BKG_THRESH (the background sampled a hundredth of the height down, in the middle)."""
    import cv2

    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    blurred = cv2.GaussianBlur(grey, BLUR_SIZE, 0)
    height, width = grey.shape
    level = int(grey[height // 100, width // 2]) + BKG_THRESH
    _, binary = cv2.threshold(blurred, level, 255, cv2.THRESH_BINARY)
    return grey, binary


def card_outlines(binary: np.ndarray) -> list[np.ndarray]:
    """Every outline, largest first, of a card's area, with no parent, of four corners."""
    import cv2

    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return []
    order = sorted(range(len(contours)), key=lambda i: cv2.contourArea(contours[i]), reverse=True)
    cards = []
    for i in order:
        contour = contours[i]
        area = cv2.contourArea(contour)
        perimeter = cv2.arcLength(contour, True)
        corners = cv2.approxPolyDP(contour, OUTLINE_TOLERANCE * perimeter, True)
        if CARD_MIN_AREA < area < CARD_MAX_AREA and hierarchy[0][i][3] == -1 and len(corners) == 4:
            cards.append(contour)
    return cards


def flattened(image: np.ndarray, corners: np.ndarray, width: int, height: int) -> np.ndarray:
    """The card warped flat to FLAT_SIZE, grey; its corners ordered as the card lies
    (upright, across, or turned near 45 degrees, by its bounding box's shape)."""
    import cv2

    points = corners.reshape(4, 2).astype(np.float32)
    sums = points.sum(axis=1)
    differences = np.diff(points, axis=1).ravel()
    top_left, bottom_right = points[np.argmin(sums)], points[np.argmax(sums)]
    top_right, bottom_left = points[np.argmin(differences)], points[np.argmax(differences)]
    ordered = np.array([top_left, top_right, bottom_right, bottom_left], np.float32)
    if width >= 1.2 * height:  # lying across
        ordered = np.array([bottom_left, top_left, top_right, bottom_right], np.float32)
    elif 0.8 * height < width < 1.2 * height:  # turned about 45 degrees
        tilted_left = points[1][1] <= points[3][1]
        ordered = points[[1, 0, 3, 2]] if tilted_left else points[[0, 3, 2, 1]]
    flat_width, flat_height = FLAT_SIZE
    target = np.array(
        [[0, 0], [flat_width - 1, 0], [flat_width - 1, flat_height - 1], [0, flat_height - 1]],
        np.float32,
    )
    warped = cv2.warpPerspective(image, cv2.getPerspectiveTransform(ordered, target), FLAT_SIZE)
    grey: np.ndarray = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY)
    return grey


def _largest_part(part: np.ndarray, size: tuple[int, int]) -> np.ndarray | None:
    """The part's largest outline's box, sized as a template (None: no ink)."""
    import cv2

    contours, _ = cv2.findContours(part, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    largest = max(contours, key=cv2.contourArea)
    x, y, w, h = cv2.boundingRect(largest)
    sized: np.ndarray = cv2.resize(part[y : y + h, x : x + w], size)
    return sized


def _best(picture: np.ndarray | None, templates: Sequence[np.ndarray]) -> tuple[int, int]:
    """The template nearest ``picture`` by the sum of absolute differences (in 255s)."""
    import cv2

    if picture is None:
        return -1, 10_000
    gaps = [int(np.sum(cv2.absdiff(picture, template)) / 255) for template in templates]
    best = int(np.argmin(gaps))
    return best, gaps[best]


def read_card(image: np.ndarray, contour: np.ndarray, templates: Templates) -> Found:
    """One card outline's corner read against the templates."""
    import cv2

    perimeter = cv2.arcLength(contour, True)
    corners = cv2.approxPolyDP(contour, OUTLINE_TOLERANCE * perimeter, True)
    _, _, width, height = cv2.boundingRect(contour)
    flat = flattened(image, corners, width, height)
    corner = cv2.resize(flat[:CORNER_HEIGHT, :CORNER_WIDTH], (0, 0), fx=ZOOM, fy=ZOOM)
    level = max(1, int(corner[WHITE_SAMPLE]) - CARD_THRESH)
    _, ink = cv2.threshold(corner, level, 255, cv2.THRESH_BINARY_INV)
    rank = _largest_part(ink[RANK_ROWS[0] : RANK_ROWS[1], :PART_COLUMNS], RANK_SIZE)
    suit = _largest_part(ink[SUIT_ROWS[0] : SUIT_ROWS[1], :PART_COLUMNS], SUIT_SIZE)
    rank_at, rank_gap = _best(rank, templates.ranks) if suit is not None else (-1, 10_000)
    suit_at, suit_gap = _best(suit, templates.suits) if rank is not None else (-1, 10_000)
    return Found(
        corners.reshape(-1, 2).astype(np.float32),
        RANK_NAMES[rank_at] if rank_gap < RANK_DIFF_MAX else UNKNOWN,
        SUIT_NAMES[suit_at] if suit_gap < SUIT_DIFF_MAX else UNKNOWN,
        rank_gap,
        suit_gap,
    )


def draw_results(image: np.ndarray, found: Sequence[Found], outlines: Sequence[np.ndarray]) -> None:
    """As the published loop does: each card's centre and name (twice, for an outline),
    then all card outlines."""
    import cv2

    font = cv2.FONT_HERSHEY_SIMPLEX
    for card in found:
        x, y = (int(v) for v in card.corners.mean(axis=0))
        cv2.circle(image, (x, y), 5, (255, 0, 0), -1)
        for text, line in ((f"{card.rank} of", y - 10), (card.suit, y + 25)):
            cv2.putText(image, text, (x - 60, line), font, 1, (0, 0, 0), 3, cv2.LINE_AA)
            cv2.putText(image, text, (x - 60, line), font, 1, (50, 200, 200), 2, cv2.LINE_AA)
    if outlines:
        cv2.drawContours(image, list(outlines), -1, (255, 0, 0), 2)


def find_cards(image: np.ndarray, templates: Templates) -> list[Found]:
    """The cards of one BGR frame, each read at its corner (and drawn onto ``image``)."""
    _, binary = thresholded(image)
    outlines = card_outlines(binary)
    found = [read_card(image, contour, templates) for contour in outlines]
    draw_results(image, found, outlines)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    from companion.device.camera import FolderSource, SourceError

    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.classical_cards",
        description="EdjeElectronics' classical card detector's steps over a folder of "
        "frames: the cards it finds in each, one line a frame.",
    )
    parser.add_argument("folder", type=Path, help="a folder of frames (read in name order)")
    args = parser.parse_args(argv)
    templates = make_templates()
    try:
        source = FolderSource(args.folder)
        for frame in source.frames():
            found = find_cards(frame.image, templates)
            names = " ".join(f"{card.rank}{card.suit}" for card in found)
            print(f"{frame.number} {len(found)} {names}".rstrip())
    except SourceError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
