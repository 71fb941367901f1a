"""The data contract between the synthetic data (faces, scenes) and the reader's trainer."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.cards import Card, IndexScript


@dataclass(frozen=True)
class FaceImage:
    """One rendered card face, upright, with its corner-index boxes."""

    design: str  # "gnome:<name>", "kde:<name>", "font:<name>" ...
    script: IndexScript
    card: Card
    rgba: np.ndarray  # H x W x 4 uint8, the face upright, alpha 0 outside the card
    index_boxes: tuple[tuple[float, float, float, float], ...]
    # each corner index (rank glyph + suit pip) as (x0, y0, x1, y1) in 0..1 face
    # coordinates; the box as printed (the bottom-right index is printed upside down)
    index_rotations: tuple[int, ...]
    # for each box: 0 if its index reads upright on the upright face, 180 if upside
    # down (90/270 if a design prints it sideways)


@dataclass(frozen=True)
class PlacedIndex:
    quad: np.ndarray  # 4 x 2 float32 image pixels: the index box corners in the
    # index's own reading order: top-left, top-right,
    # bottom-right, bottom-left as the index reads upright
    visible: float  # 0..1 fraction of the box visible (not covered, in frame)
    glyph_visible: float  # the same for the rank glyph's part of the box (its top part)
    pip_visible: float  # and for the suit pip's part (the rest, below the glyph)

    def edge_midpoints(self) -> tuple[np.ndarray, np.ndarray]:
        """The midpoints of the box's top and bottom edges (as the index reads)."""
        quad = self.quad.astype(np.float32)
        return (quad[0] + quad[1]) / 2, (quad[2] + quad[3]) / 2

    def height(self) -> float:
        """The box's height in image pixels: from its top edge's midpoint to its bottom's."""
        top, bottom = self.edge_midpoints()
        return float(np.linalg.norm(bottom - top))


@dataclass(frozen=True)
class PlacedCard:
    card: Card
    design: str
    script: IndexScript
    outline: np.ndarray  # 4 x 2 float32 card corners in image pixels (face TL, TR, BR, BL)
    visible: float  # 0..1 fraction of the card's area visible
    indices: tuple[PlacedIndex, ...]


@dataclass(frozen=True)
class Scene:
    image: np.ndarray  # H x W x 3 uint8, BGR (OpenCV order)
    cards: tuple[PlacedCard, ...]  # in stacking order, bottom first
    blur_pixels: float = 0.0  # how wide the camera's blur smears a point (0: sharp)
    decks: int = 1  # how many packs the cards were dealt from (two may repeat a card)
