"""The printed mat as a picture (PNG output, and the mat that synthetic sessions film).

What is drawn, in millimetres, comes from ``mat_parts``; the vector writers (PDF, SVG)
draw the same parts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.assets.fonts import FontFace, font_path
from companion.table.layouts import ARUCO_DICTIONARY, SCALE_BAR_MM, MatLayout

INK = (40, 40, 40)
ZONE_INK = (90, 110, 90)
LABEL_INK = (120, 135, 120)
PAPER = (255, 255, 255)
LINE_MM = 0.8
TITLE_MM = 7.0  # cap height of the title
LABEL_MM = 4.0
SCALE_BAR_THICK_MM = 3.0
MARKER_CELLS = 6  # 4x4 data cells and a one-cell black border


@dataclass(frozen=True)
class Text:
    text: str
    x: float  # top-left of the text, mm
    y: float
    size: float  # font size (em), mm


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class MatParts:
    """Everything printed on a mat besides the markers, in millimetres."""

    zone_outlines: tuple[Rect, ...]
    scale_bar: Rect
    texts: tuple[Text, ...]


def mat_parts(layout: MatLayout) -> MatParts:
    texts = [Text(layout.title, layout.title_at[0], layout.title_at[1], TITLE_MM)]
    for zone in layout.zones:
        texts.append(Text(zone.label, zone.x + 2.5, zone.y + 2.5, LABEL_MM))
    bar_x, bar_y = layout.scale_bar_at
    texts.append(Text("10 cm", bar_x, bar_y + SCALE_BAR_THICK_MM + 1.0, LABEL_MM))
    return MatParts(
        zone_outlines=tuple(Rect(z.x, z.y, z.width, z.height) for z in layout.zones),
        scale_bar=Rect(bar_x, bar_y, SCALE_BAR_MM, SCALE_BAR_THICK_MM),
        texts=tuple(texts),
    )


def marker_bits(marker_id: int) -> np.ndarray:
    """The marker as MARKER_CELLS x MARKER_CELLS cells, 1 = black."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY)
    cells = cv2.aruco.generateImageMarker(dictionary, marker_id, MARKER_CELLS, borderBits=1)
    bits: np.ndarray = (cells < 128).astype(np.uint8)
    return bits


def draw_mat(layout: MatLayout, *, px_per_mm: float) -> Image.Image:
    """The mat drawn on white paper at ``px_per_mm``, RGB."""
    width, height = layout.size
    image = Image.new("RGB", (round(width * px_per_mm), round(height * px_per_mm)), PAPER)
    draw = ImageDraw.Draw(image)
    parts = mat_parts(layout)
    line = max(1, round(LINE_MM * px_per_mm))

    def px(value: float) -> int:
        return round(value * px_per_mm)

    for rect in parts.zone_outlines:
        draw.rectangle(
            (px(rect.x), px(rect.y), px(rect.x + rect.width), px(rect.y + rect.height)),
            outline=ZONE_INK,
            width=line,
        )
    bar = parts.scale_bar
    draw.rectangle(
        (px(bar.x), px(bar.y), px(bar.x + bar.width) - 1, px(bar.y + bar.height) - 1), fill=INK
    )
    for part in parts.texts:
        font = ImageFont.truetype(str(font_path(FontFace.SANS_BOLD)), max(6, px(part.size)))
        ink = INK if part.size >= TITLE_MM else LABEL_INK
        draw.text((px(part.x), px(part.y)), part.text, font=font, fill=ink)
    if layout.has_markers:
        for corner, marker_id in enumerate(layout.marker_ids):
            _paste_marker(image, layout, corner, marker_id, px_per_mm)
    return image


def _paste_marker(
    image: Image.Image, layout: MatLayout, corner: int, marker_id: int, px_per_mm: float
) -> None:
    corners = layout.marker_corners_mm(corner) * px_per_mm
    left, top = round(float(corners[0, 0])), round(float(corners[0, 1]))
    side = round(float(corners[1, 0])) - left
    cells = Image.fromarray(((1 - marker_bits(marker_id)) * 255).astype(np.uint8), "L")
    marker = cells.resize((side, side), Image.Resampling.NEAREST).convert("RGB")
    image.paste(marker, (left, top))
