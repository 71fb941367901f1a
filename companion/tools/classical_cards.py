"""A classical per-frame card detector, the cost baseline of the tracker: every frame is
thresholded whole, its outlines traced, each four-cornered outline of a card's size warped
flat and its corner index compared with a set of index templates. Nothing is remembered
between frames, so every frame costs the same whatever happens on the table.

    python -m companion.tools.classical_cards FOLDER    # prints the cards found a frame

It reads cards poorly (a card partly covered, a fan, a card on a light mat have no clean
outline); it is here for what such a detector costs a frame, not for its answers."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# A card's outline covers this share of the frame at least and at most (a card at
# 0.5-0.8 m fills about 0.3-0.8% of the frame).
MIN_AREA_SHARE = 0.001
MAX_AREA_SHARE = 0.05
# The outline is simplified to within this share of its length.
OUTLINE_TOLERANCE = 0.02
BLUR_SIZE = (5, 5)
# A flattened card, pixels (63 x 88 mm at 3 px/mm), and its index corner.
FLAT_SIZE = (189, 264)
CORNER_SIZE = (30, 84)
# Index templates: ranks and suits a deck prints, each a small binary picture.
TEMPLATE_SIZE = (20, 56)
TEMPLATES = 17
TEMPLATE_SEED = 7


@dataclass(frozen=True)
class Found:
    """A card outline and its best template (the number of the template, its score)."""

    corners: np.ndarray  # 4 x 2, frame pixels
    template: int
    score: float


def index_templates() -> np.ndarray:
    """Stand-in templates (seeded noise, binary): the comparison costs what real ones
    would."""
    rng = np.random.default_rng(TEMPLATE_SEED)
    width, height = TEMPLATE_SIZE
    return (rng.random((TEMPLATES, height, width)) > 0.5).astype(np.uint8) * 255


def find_cards(image: np.ndarray, templates: np.ndarray) -> list[Found]:
    """The card outlines of one BGR frame, each flattened and its index matched."""
    import cv2

    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    blurred = cv2.GaussianBlur(grey, BLUR_SIZE, 0)
    _, binary = cv2.threshold(blurred, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    frame_area = float(image.shape[0] * image.shape[1])
    flat_width, flat_height = FLAT_SIZE
    target = np.array(
        [[0, 0], [flat_width - 1, 0], [flat_width - 1, flat_height - 1], [0, flat_height - 1]],
        np.float32,
    )
    found = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if not MIN_AREA_SHARE * frame_area <= area <= MAX_AREA_SHARE * frame_area:
            continue
        outline = cv2.approxPolyDP(contour, OUTLINE_TOLERANCE * cv2.arcLength(contour, True), True)
        if len(outline) != 4 or not cv2.isContourConvex(outline):
            continue
        corners = _in_order(outline.reshape(4, 2).astype(np.float32))
        flat = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(corners, target), FLAT_SIZE)
        corner = flat[: CORNER_SIZE[1], : CORNER_SIZE[0]]
        small = cv2.resize(corner, TEMPLATE_SIZE, interpolation=cv2.INTER_AREA)
        _, index = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        gaps = [float(cv2.norm(index, template, cv2.NORM_L1)) for template in templates]
        best = int(np.argmin(gaps))
        found.append(Found(corners, best, gaps[best]))
    return found


def _in_order(corners: np.ndarray) -> np.ndarray:
    """Four corners as top-left, top-right, bottom-right, bottom-left (by their sums and
    differences of coordinates)."""
    sums = corners.sum(axis=1)
    differences = np.diff(corners, axis=1).ravel()
    return np.array(
        [
            corners[np.argmin(sums)],
            corners[np.argmin(differences)],
            corners[np.argmax(sums)],
            corners[np.argmax(differences)],
        ],
        np.float32,
    )


def main(argv: Sequence[str] | None = None) -> int:
    from companion.device.camera import FolderSource, SourceError

    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.classical_cards",
        description="A classical per-frame card detector over a folder of frames: the "
        "cards it finds in each, one line a frame.",
    )
    parser.add_argument("folder", type=Path, help="a folder of frames (read in name order)")
    args = parser.parse_args(argv)
    templates = index_templates()
    try:
        source = FolderSource(args.folder)
        for frame in source.frames():
            found = find_cards(frame.image, templates)
            print(f"{frame.number} {len(found)}")
    except SourceError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
