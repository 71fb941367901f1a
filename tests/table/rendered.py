"""Small rendered table frames for the tracker's tests: font-drawn cards on a green cloth,
seen straight from above at a known scale (no markers; the view is given)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.assets.fonts import FontFace, font_path
from companion.cards import Card, Suit

CARD_MM = (63.0, 88.0)
CLOTH_BGR = (60, 110, 40)
SUIT_SIGNS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RED = (200, 20, 30)
BLACK = (20, 20, 25)


@dataclass(frozen=True)
class Placed:
    """A card on the table: its top-left corner (mm) and its turn (degrees)."""

    card: Card
    x: float
    y: float
    degrees: float = 0.0


def card_face(card: Card, px_per_mm: float) -> Image.Image:
    """A white card with its index (rank over pip) in the top-left and bottom-right."""
    width, height = round(CARD_MM[0] * px_per_mm), round(CARD_MM[1] * px_per_mm)
    face = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=round(3 * px_per_mm),
        fill=(250, 249, 244, 255),
        outline=(150, 150, 150, 255),
    )
    ink = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK
    rank_font = ImageFont.truetype(str(font_path(FontFace.SANS_BOLD)), round(8 * px_per_mm))
    pip_font = ImageFont.truetype(str(font_path(FontFace.SANS_BOLD)), round(6 * px_per_mm))
    corner = Image.new("RGBA", (round(14 * px_per_mm), round(18 * px_per_mm)), (0, 0, 0, 0))
    corner_draw = ImageDraw.Draw(corner)
    rank = str(card)[:-1]
    centre = corner.width / 2
    corner_draw.text((centre, 0), rank, font=rank_font, fill=ink, anchor="mt")
    corner_draw.text(
        (centre, 9.5 * px_per_mm), SUIT_SIGNS[card.suit], font=pip_font, fill=ink, anchor="mt"
    )
    margin = round(1.5 * px_per_mm)
    face.alpha_composite(corner, (margin, margin))
    turned = corner.rotate(180)
    face.alpha_composite(turned, (width - margin - turned.width, height - margin - turned.height))
    middle = ImageFont.truetype(str(font_path(FontFace.SANS_BOLD)), round(22 * px_per_mm))
    draw.text((width / 2, height / 2), SUIT_SIGNS[card.suit], font=middle, fill=ink, anchor="mm")
    return face


def table_image(size_mm: tuple[float, float], cards: list[Placed], px_per_mm: float) -> np.ndarray:
    """A BGR picture of the cloth with the cards laid in order (later ones on top)."""
    width, height = round(size_mm[0] * px_per_mm), round(size_mm[1] * px_per_mm)
    cloth = np.zeros((height, width, 3), np.uint8)
    cloth[:] = CLOTH_BGR
    return with_cards(cloth, cards, px_per_mm)


def with_cards(background: np.ndarray, cards: list[Placed], px_per_mm: float) -> np.ndarray:
    """A BGR picture (a top-down mat or cloth) with the cards laid on it in order."""
    picture = Image.fromarray(np.ascontiguousarray(background[:, :, ::-1])).convert("RGBA")
    for placed in cards:
        face = card_face(placed.card, px_per_mm).rotate(placed.degrees, expand=True)
        picture.alpha_composite(face, (round(placed.x * px_per_mm), round(placed.y * px_per_mm)))
    rgb = np.asarray(picture.convert("RGB"))
    return np.ascontiguousarray(rgb[:, :, ::-1])
