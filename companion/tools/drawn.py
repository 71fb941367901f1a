"""Simple card faces and table frames drawn with PIL, for the benchmark and the tests.

These need no Debian card art: a white face with the rank and suit pip in two opposite
corners or in all four (the bottom ones upside down) and the pips in the middle, placed
on a plain textured table at any angle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.cards import Card, IndexScript, Rank, index_label
from companion.vision.merging import CornerIndices

FACE_WIDTH = 250
FACE_HEIGHT = 350
INDEX_LEFT = 0.05
INDEX_TOP = 0.04
GLYPH_HEIGHT = 0.11  # of the face height
PIP_HEIGHT = 0.08
CENTRE_PIP_HEIGHT = 0.16
RED = (200, 20, 30)
BLACK = (20, 20, 20)
PAPER = (250, 250, 245)
FONT_PATHS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
)
SYMBOL_FONT_PATH = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
HALF_TURN = 180


@dataclass(frozen=True)
class DrawnCard:
    card: Card
    outline: np.ndarray  # 4 x 2 float32: face TL, TR, BR, BL in frame pixels


def _font(
    size: int, paths: tuple[Path, ...] = FONT_PATHS
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in paths:
        if path.is_file():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def _text_tile(
    text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, colour: tuple[int, int, int]
) -> Image.Image:
    left, top, right, bottom = (int(v) for v in font.getbbox(text))
    tile = Image.new("RGBA", (right - left + 2, bottom - top + 2), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((1 - left, 1 - top), text, font=font, fill=(*colour, 255))
    return tile


def draw_face(
    card: Card,
    script: IndexScript = IndexScript.ENGLISH,
    letters: Mapping[Rank, str] | None = None,
    *,
    corners: CornerIndices = CornerIndices.TWO,
) -> np.ndarray:
    """The card's face, upright, as an RGB array of FACE_HEIGHT x FACE_WIDTH; ``letters``
    overrides the script's index letter of some ranks (a deck the reader never saw);
    ``corners``: the index in the top-left and bottom-right corners, or in all four."""
    label = (letters or {}).get(card.rank) or index_label(card.rank, script)
    face = Image.new("RGB", (FACE_WIDTH, FACE_HEIGHT), PAPER)
    draw = ImageDraw.Draw(face)
    draw.rectangle((0, 0, FACE_WIDTH - 1, FACE_HEIGHT - 1), outline=(180, 180, 180))
    colour = RED if card.suit.is_red else BLACK
    glyph = _text_tile(label, _font(int(GLYPH_HEIGHT * FACE_HEIGHT * 1.3)), colour)
    glyph = glyph.resize(
        (
            glyph.width * int(GLYPH_HEIGHT * FACE_HEIGHT) // glyph.height,
            int(GLYPH_HEIGHT * FACE_HEIGHT),
        )
    )
    pip_font = _font(int(PIP_HEIGHT * FACE_HEIGHT * 1.4), (SYMBOL_FONT_PATH,))
    pip = _text_tile(card.suit.symbol, pip_font, colour)
    pip = pip.resize(
        (pip.width * int(PIP_HEIGHT * FACE_HEIGHT) // pip.height, int(PIP_HEIGHT * FACE_HEIGHT))
    )
    width = max(glyph.width, pip.width)
    index = Image.new("RGBA", (width, glyph.height + pip.height + 4), (0, 0, 0, 0))
    index.paste(glyph, ((width - glyph.width) // 2, 0), glyph)
    index.paste(pip, ((width - pip.width) // 2, glyph.height + 4), pip)
    x, y = int(INDEX_LEFT * FACE_WIDTH), int(INDEX_TOP * FACE_HEIGHT)
    face.paste(index, (x, y), index)
    turned = index.rotate(HALF_TURN)
    face.paste(turned, (FACE_WIDTH - x - turned.width, FACE_HEIGHT - y - turned.height), turned)
    if corners is CornerIndices.FOUR:
        face.paste(index, (FACE_WIDTH - x - index.width, y), index)
        face.paste(turned, (x, FACE_HEIGHT - y - turned.height), turned)
    big = _text_tile(
        card.suit.symbol,
        _font(int(CENTRE_PIP_HEIGHT * FACE_HEIGHT * 1.4), (SYMBOL_FONT_PATH,)),
        colour,
    )
    face.paste(big, ((FACE_WIDTH - big.width) // 2, (FACE_HEIGHT - big.height) // 2), big)
    return np.asarray(face)


def table_background(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A brownish table with soft wood-like streaks (BGR)."""
    base = np.array(rng.uniform([30, 60, 90], [70, 110, 150]), dtype=np.float32)
    streaks = cv2.resize(
        rng.normal(0, 12, (height // 8 + 1, 4)).astype(np.float32), (width, height)
    )
    image = base[None, None, :] + streaks[:, :, None] + rng.normal(0, 3, (height, width, 1))
    return np.clip(image, 0, 255).astype(np.uint8)


def table_frame(
    cards: list[Card],
    *,
    width: int = 1280,
    height: int = 720,
    card_height: float = 200.0,
    seed: int = 0,
    script: IndexScript = IndexScript.ENGLISH,
    letters: Mapping[Rank, str] | None = None,
    corners: CornerIndices = CornerIndices.TWO,
) -> tuple[np.ndarray, list[DrawnCard]]:
    """A BGR frame with the cards laid out apart on a grid, each at a random angle."""
    rng = np.random.default_rng(seed)
    frame = table_background(rng, width, height)
    columns = max(1, int(np.ceil(np.sqrt(len(cards) * width / height))))
    rows = max(1, int(np.ceil(len(cards) / columns)))
    placed: list[DrawnCard] = []
    for number, card in enumerate(cards):
        row, column = divmod(number, columns)
        centre = np.array([(column + 0.5) * width / columns, (row + 0.5) * height / rows])
        angle = rng.uniform(0, 360)
        placed.append(
            _lay(frame, card, centre, angle, card_height / FACE_HEIGHT, script, letters, corners)
        )
    return frame, placed


def row_frame(
    cards: list[Card],
    *,
    step: float,
    angle: float = 0.0,
    width: int = 1280,
    height: int = 720,
    card_height: float = 200.0,
    seed: int = 0,
    script: IndexScript = IndexScript.ENGLISH,
    corners: CornerIndices = CornerIndices.TWO,
) -> tuple[np.ndarray, list[DrawnCard]]:
    """A BGR frame with the cards dealt in a row about its middle, as a hand lies on a
    mat: each ``step`` card widths to the right of the one before (under 1, it lies over
    part of it), the row and every card turned ``angle`` degrees anticlockwise."""
    frame = table_background(np.random.default_rng(seed), width, height)
    scale = card_height / FACE_HEIGHT
    turn = np.radians(angle)
    right = np.array([np.cos(turn), -np.sin(turn)])  # a card's width direction, as drawn
    middle = np.array([width / 2, height / 2])
    placed: list[DrawnCard] = []
    for number, card in enumerate(cards):
        offset = (number - (len(cards) - 1) / 2) * step * FACE_WIDTH * scale
        centre = middle + offset * right
        placed.append(_lay(frame, card, centre, angle, scale, script, None, corners))
    return frame, placed


def _lay(
    frame: np.ndarray,
    card: Card,
    centre: np.ndarray,
    angle: float,
    scale: float,
    script: IndexScript,
    letters: Mapping[Rank, str] | None,
    corners: CornerIndices,
) -> DrawnCard:
    """Draw the card's face onto ``frame`` (in place) centred at ``centre``, turned
    ``angle`` degrees anticlockwise and scaled ``scale`` times, over what lies there."""
    height, width = frame.shape[:2]
    face = cv2.cvtColor(draw_face(card, script, letters, corners=corners), cv2.COLOR_RGB2BGR)
    matrix = cv2.getRotationMatrix2D((FACE_WIDTH / 2, FACE_HEIGHT / 2), angle, scale)
    matrix[:, 2] += centre - np.array([FACE_WIDTH / 2, FACE_HEIGHT / 2])
    warped = cv2.warpAffine(face, matrix, (width, height))
    mask = cv2.warpAffine(np.full(face.shape[:2], 255, np.uint8), matrix, (width, height))
    frame[mask > 0] = warped[mask > 0]
    face_corners = np.array(
        [[0, 0], [FACE_WIDTH, 0], [FACE_WIDTH, FACE_HEIGHT], [0, FACE_HEIGHT]], np.float32
    )
    outline = cv2.transform(face_corners[None], matrix)[0].astype(np.float32)
    return DrawnCard(card, outline)
