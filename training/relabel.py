"""Repaint the rank letter of a corner index: English J Q K A become W D K A or В Д К Т.

The old letter's box is filled with the paper around it, and the new letter is drawn with
a font at the old letter's height, colour and place. The suit pip stays as printed.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from training.fonts import find_font
from training.index_boxes import (
    HALF_TURN,
    INK_DISTANCE,
    CornerIndex,
    PixelBox,
    paper_colour,
)

RELABEL_FONTS = (
    "DejaVuSerif-Bold.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSerifCondensed-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "LiberationSerif-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "FreeSerifBold.ttf",
    "FreeSansBold.ttf",
    "PTS75F.ttf",  # PT Sans Bold
    "PTF75F.ttf",  # PT Serif Bold
    "PTN77F.ttf",  # PT Sans Narrow Bold
    "Roboto-Bold.ttf",
    "RobotoCondensed-Bold.ttf",
    "OpenSans-Bold.ttf",
    "LinLibertine_RB.otf",
    "Carlito-Bold.ttf",
)
FONT_RENDER_SIZE = 160
ERASE_PAD = 1
RING = 3
MAX_WIDEN = 1.6  # the new letter may be this much wider than the old one


@dataclass(frozen=True)
class Relabelled:
    rgba: np.ndarray
    corners: tuple[CornerIndex, ...]


def font_for(design: str) -> Path:
    """A font for the design's new letters, the same one every time for a design."""
    available = [path for path in map(find_font, RELABEL_FONTS) if path is not None]
    if not available:
        raise FileNotFoundError("no font for relabelling found: install fonts-dejavu-core")
    return available[zlib.crc32(design.encode()) % len(available)]


def _letter_tile(letter: str, font: ImageFont.FreeTypeFont) -> np.ndarray:
    """The letter's coverage (0..1), cropped to its ink."""
    left, top, right, bottom = font.getbbox(letter)
    size = (int(right - left) + 8, int(bottom - top) + 8)
    tile = Image.new("L", size, 0)
    ImageDraw.Draw(tile).text((4 - left, 4 - top), letter, font=font, fill=255)
    bbox = tile.getbbox()
    cropped = tile.crop(bbox) if bbox is not None else tile
    return np.asarray(cropped, np.float32) / 255.0


def _median_colour(pixels: np.ndarray, fallback: np.ndarray) -> np.ndarray:
    if len(pixels) == 0:
        return fallback
    return np.asarray(np.median(pixels, axis=0), np.float32)


def _repaint_upright(
    rgba: np.ndarray,
    rank: PixelBox,
    letter_tile: np.ndarray,
    paper: np.ndarray,
    max_height: int | None,
) -> PixelBox:
    """Replace the glyph in ``rank`` (an upright corner) in place; returns the new glyph box."""
    height, width = rgba.shape[:2]
    x0, y0, x1, y1 = rank
    colours = rgba[..., :3].astype(np.float32)
    region = colours[y0:y1, x0:x1].reshape(-1, 3)
    is_ink = np.linalg.norm(region - paper, axis=1) > INK_DISTANCE
    ink = _median_colour(region[is_ink], np.zeros(3, np.float32))
    rx0, ry0 = max(0, x0 - RING - ERASE_PAD), max(0, y0 - RING - ERASE_PAD)
    rx1, ry1 = min(width, x1 + RING + ERASE_PAD), min(height, y1 + ERASE_PAD)
    ring = colours[ry0:ry1, rx0:rx1].reshape(-1, 3)
    plain = np.linalg.norm(ring - paper, axis=1) <= INK_DISTANCE
    background = _median_colour(ring[plain], paper)
    ex0, ey0 = max(0, x0 - ERASE_PAD), max(0, y0 - ERASE_PAD)
    ex1, ey1 = min(width, x1 + ERASE_PAD), min(height, y1 + ERASE_PAD)
    rgba[ey0:ey1, ex0:ex1, :3] = background.astype(np.uint8)

    glyph_height = y1 - y0 if max_height is None else min(y1 - y0, max_height)
    tile_h, tile_w = letter_tile.shape
    glyph_width = max(1, round(tile_w * glyph_height / tile_h))
    glyph_width = min(glyph_width, round(MAX_WIDEN * (x1 - x0)))
    coverage = (
        np.asarray(
            Image.fromarray((letter_tile * 255).astype(np.uint8)).resize(
                (glyph_width, glyph_height), Image.Resampling.LANCZOS
            ),
            np.float32,
        )[..., None]
        / 255.0
    )
    gx0 = max(0, (x0 + x1) // 2 - glyph_width // 2)
    gx1 = min(width, gx0 + glyph_width)
    gy1 = y0 + glyph_height
    target = rgba[y0:gy1, gx0:gx1, :3].astype(np.float32)
    cover = coverage[:, : gx1 - gx0]
    rgba[y0:gy1, gx0:gx1, :3] = (target * (1 - cover) + ink * cover).astype(np.uint8)
    return (gx0, y0, gx1, gy1)


def _turn(box: PixelBox, width: int, height: int) -> PixelBox:
    x0, y0, x1, y1 = box
    return (width - x1, height - y1, width - x0, height - y0)


def relabel(
    rgba: np.ndarray,
    corners: tuple[CornerIndex, ...],
    letter: str,
    font_file: Path,
    *,
    max_height: int | None = None,
) -> Relabelled:
    """The face with every corner's rank glyph replaced by ``letter``.

    ``max_height`` caps the new letter's height (a Q's tail makes its box taller than the
    design's other letters).
    """
    height, width = rgba.shape[:2]
    font = ImageFont.truetype(str(font_file), FONT_RENDER_SIZE)
    tile = _letter_tile(letter, font)
    paper = paper_colour(rgba)
    face = rgba.copy()
    new_corners = []
    for corner in corners:
        turned = corner.rotation == HALF_TURN
        work = np.ascontiguousarray(face[::-1, ::-1]) if turned else face
        rank = _turn(corner.rank, width, height) if turned else corner.rank
        box = _turn(corner.box, width, height) if turned else corner.box
        glyph = _repaint_upright(work, rank, tile, paper, max_height)
        new_box = (min(box[0], glyph[0]), box[1], max(box[2], glyph[2]), box[3])
        if turned:
            face = np.ascontiguousarray(work[::-1, ::-1])
            glyph, new_box = _turn(glyph, width, height), _turn(new_box, width, height)
        new_corners.append(CornerIndex(new_box, glyph, corner.rotation))
    return Relabelled(face, tuple(new_corners))
