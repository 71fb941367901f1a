"""Card faces drawn with the bundled DejaVu fonts, as the reader learnt them: a white
rounded card, the corner index (rank over suit pip) top-left and, turned over,
bottom-right, pips, a framed letter for a picture card or one big pip for an ace."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from companion.assets.fonts import FontFace, font_path
from companion.cards import Card, IndexScript, Rank, Suit, index_label
from companion.table.layouts import CARD_HEIGHT_MM, CARD_WIDTH_MM

# Fractions of the face height (rank, pip, pip in the body) and width (margins), those of
# the reader's "sans-bold" training faces.
RANK_HEIGHT = 0.095
PIP_HEIGHT = 0.065
MARGIN_X = 0.035
MARGIN_Y = 0.03
BODY_PIP = 0.11
ACE_PIP = 0.3
PICTURE_LETTER = 0.3
CORNER_RADIUS = 0.055  # of the width
RED = (200, 22, 36, 255)
BLACK = (22, 22, 26, 255)
EDGE = (150, 150, 150, 255)
FACE = (250, 249, 244, 255)
SANS_WIDTH = 1.0 / 0.9  # DejaVu Sans Condensed is 90% as wide as DejaVu Sans
FACES_KEPT = 64  # drawn faces kept (about 0.2 MB each at 3 px/mm)

# Pip centres (fractions of the face) of the number cards.
_LEFT, _MID, _RIGHT = 0.3, 0.5, 0.7
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_MID, 0.22), (_MID, 0.78)),
    3: ((_MID, 0.22), (_MID, 0.5), (_MID, 0.78)),
    4: ((_LEFT, 0.22), (_RIGHT, 0.22), (_LEFT, 0.78), (_RIGHT, 0.78)),
}
_PIPS[5] = (*_PIPS[4], (_MID, 0.5))
_PIPS[6] = (*_PIPS[4], (_LEFT, 0.5), (_RIGHT, 0.5))
_PIPS[7] = (*_PIPS[6], (_MID, 0.36))
_PIPS[8] = (*_PIPS[7], (_MID, 0.64))
_PIPS[9] = (*_PIPS[4], (_LEFT, 0.41), (_RIGHT, 0.41), (_LEFT, 0.59), (_RIGHT, 0.59), (_MID, 0.5))
_PIPS[10] = (*_PIPS[9][:8], (_MID, 0.32), (_MID, 0.68))


def _pip(suit: Suit, height: int) -> Image.Image:
    """A suit sign as the reader's faces print it: DejaVu Sans (not bold), here the
    bundled condensed cut drawn back to the regular width."""
    return _glyph(suit.symbol, height, _ink(suit), face=FontFace.CONDENSED, widen=SANS_WIDTH)


def _ink(suit: Suit) -> tuple[int, int, int, int]:
    return RED if suit.is_red else BLACK


@cache
def _font(face: FontFace, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(face)), size)


def _glyph(
    text: str,
    height: int,
    ink: tuple[int, int, int, int],
    *,
    face: FontFace = FontFace.SANS_BOLD,
    widen: float = 1.0,
) -> Image.Image:
    """The text's ink on a transparent tile, scaled to ``height`` pixels tall and
    ``widen`` times its own width."""
    font = _font(face, 200)
    left, top, right, bottom = font.getbbox(text)
    tile = Image.new("RGBA", (int(right - left) + 8, int(bottom - top) + 8), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((4 - left, 4 - top), text, font=font, fill=ink)
    box = tile.getbbox()
    if box is not None:
        tile = tile.crop(box)
    width = max(1, round(tile.width * widen * height / max(1, tile.height)))
    return tile.resize((width, max(1, height)), Image.Resampling.LANCZOS)


def _index(label: str, suit: Suit, face_height: int) -> Image.Image:
    ink = _ink(suit)
    rank = _glyph(label, round(face_height * RANK_HEIGHT), ink)
    pip = _pip(suit, round(face_height * PIP_HEIGHT))
    gap = max(1, round(face_height * 0.008))
    width = max(rank.width, pip.width)
    tile = Image.new("RGBA", (width, rank.height + gap + pip.height), (0, 0, 0, 0))
    tile.alpha_composite(rank, ((width - rank.width) // 2, 0))
    tile.alpha_composite(pip, ((width - pip.width) // 2, rank.height + gap))
    return tile


def card_face(card: Card, script: IndexScript, px_per_mm: float) -> Image.Image:
    """The face of ``card`` (RGBA, poker size) at ``px_per_mm``."""
    return _card_face(card, script, round(px_per_mm * 100))


@lru_cache(maxsize=FACES_KEPT)
def _card_face(card: Card, script: IndexScript, centi_px_per_mm: int) -> Image.Image:
    scale = centi_px_per_mm / 100
    width, height = round(CARD_WIDTH_MM * scale), round(CARD_HEIGHT_MM * scale)
    face = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(face)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=round(width * CORNER_RADIUS),
        fill=FACE,
        outline=EDGE,
        width=1,
    )
    label = index_label(card.rank, script)
    ink = _ink(card.suit)
    if card.rank is Rank.ACE:
        pip = _pip(card.suit, round(height * ACE_PIP))
        face.alpha_composite(pip, ((width - pip.width) // 2, (height - pip.height) // 2))
    elif card.rank.is_picture:
        line = max(1, height // 120)
        draw.rectangle(
            (round(width * 0.2), round(height * 0.17), round(width * 0.8), round(height * 0.83)),
            outline=ink,
            width=line,
        )
        letter = _glyph(label, round(height * PICTURE_LETTER), ink)
        face.alpha_composite(letter, ((width - letter.width) // 2, (height - letter.height) // 2))
    else:
        pip = _pip(card.suit, round(height * BODY_PIP))
        for fx, fy in _PIPS[card.rank.value]:
            tile = pip.rotate(180) if fy > 0.5 else pip
            face.alpha_composite(
                tile, (round(fx * width - tile.width / 2), round(fy * height - tile.height / 2))
            )
    index = _index(label, card.suit, height)
    x0, y0 = round(width * MARGIN_X), round(height * MARGIN_Y)
    face.alpha_composite(index, (x0, y0))
    face.alpha_composite(index.rotate(180), (width - x0 - index.width, height - y0 - index.height))
    return face
