"""Simple card faces drawn entirely with PIL and system fonts: they need no card art.

Every face is a white rounded card with the corner index (rank over suit pip) printed in
two corners (or four for some designs), pips or a framed letter in the middle. The index
boxes are measured from the drawn ink, so they are exact.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.cards import Card, IndexScript, Rank, Suit, index_label
from training.fonts import FONT_PACKAGES, FONT_ROOT, find_font
from training.types import FaceImage

FACE_HEIGHT = 350
CARD_ASPECT = 63.0 / 88.0  # poker size, width / height
CORNER_RADIUS_FRACTION = 0.055  # of the face width
INDEX_MARGIN_Y = 0.03  # index distance from the top edge, fraction of the height
CENTRE_PIP_FRACTION = 0.11
ACE_PIP_FRACTION = 0.3
PICTURE_LETTER_FRACTION = 0.3
RED_INK = (200, 22, 36, 255)
BLACK_INK = (22, 22, 26, 255)
BORDER_GREY = (150, 150, 150, 255)
ROTATION_UPRIGHT = 0
ROTATION_UPSIDE_DOWN = 180
ALPHA_OPAQUE = 255

SUIT_FONT_NAMES = ("DejaVuSans.ttf", "FreeSerif.ttf", "FreeSans.ttf")
WHITE = (250, 249, 244, 255)
CREAM = (246, 240, 222, 255)
IVORY = (242, 242, 234, 255)


class IndexCorners(Enum):
    TWO = 2  # top-left and bottom-right
    FOUR = 4  # all four corners


@dataclass(frozen=True)
class FontStyle:
    """How a font-drawn design lays out its face (fractions of the face)."""

    corners: IndexCorners
    rank_height: float
    pip_height: float
    margin_x: float
    paper: tuple[int, int, int, int]
    body_scale: float = 1.0  # pips of number cards drawn this much nearer the middle


@dataclass(frozen=True)
class FontDesign:
    """One font-drawn design: the font of the index letters and the face's style."""

    name: str
    font_file: Path
    style: FontStyle
    condensed_ten: bool  # squeeze "10" to the width of one letter


_TWO, _FOUR = IndexCorners.TWO, IndexCorners.FOUR
# Fonts whose index letters look like printed cards, each with a layout; a missing font is
# skipped. The last ones print big ("jumbo") indices.
_PREFERRED_FONTS: tuple[tuple[str, str, FontStyle], ...] = (
    ("sans-bold", "DejaVuSans-Bold.ttf", FontStyle(_TWO, 0.095, 0.065, 0.035, WHITE)),
    ("serif-bold", "DejaVuSerif-Bold.ttf", FontStyle(_TWO, 0.085, 0.06, 0.04, CREAM)),
    ("sans-cond-bold", "DejaVuSansCondensed-Bold.ttf", FontStyle(_FOUR, 0.1, 0.07, 0.03, WHITE)),
    ("serif-cond", "DejaVuSerifCondensed.ttf", FontStyle(_TWO, 0.09, 0.065, 0.035, WHITE)),
    ("sans", "DejaVuSans.ttf", FontStyle(_FOUR, 0.08, 0.055, 0.05, IVORY)),
    ("liberation-serif-bold", "LiberationSerif-Bold.ttf", FontStyle(_TWO, 0.1, 0.07, 0.03, WHITE)),
    (
        "liberation-sans-bold",
        "LiberationSans-Bold.ttf",
        FontStyle(_FOUR, 0.095, 0.065, 0.035, WHITE),
    ),
    ("free-serif-bold", "FreeSerifBold.ttf", FontStyle(_TWO, 0.09, 0.065, 0.04, WHITE)),
    ("free-sans-bold", "FreeSansBold.ttf", FontStyle(_TWO, 0.1, 0.06, 0.035, CREAM)),
    ("pt-sans-bold", "PTS75F.ttf", FontStyle(_TWO, 0.1, 0.065, 0.035, WHITE)),
    ("pt-serif-bold", "PTF75F.ttf", FontStyle(_TWO, 0.09, 0.06, 0.04, IVORY)),
    ("pt-sans-narrow-bold", "PTN77F.ttf", FontStyle(_FOUR, 0.11, 0.07, 0.03, WHITE)),
    ("roboto-bold", "Roboto-Bold.ttf", FontStyle(_TWO, 0.095, 0.065, 0.035, WHITE)),
    ("open-sans-bold", "OpenSans-Bold.ttf", FontStyle(_TWO, 0.09, 0.06, 0.035, WHITE)),
    ("libertine-bold", "LinLibertine_RB.otf", FontStyle(_TWO, 0.1, 0.065, 0.04, CREAM)),
    ("carlito-bold", "Carlito-Bold.ttf", FontStyle(_FOUR, 0.095, 0.065, 0.035, WHITE)),
    (
        "liberation-narrow-jumbo",
        "LiberationSansNarrow-Bold.ttf",
        FontStyle(_TWO, 0.15, 0.09, 0.03, WHITE, body_scale=0.7),
    ),
    (
        "roboto-cond-jumbo",
        "RobotoCondensed-Bold.ttf",
        FontStyle(_TWO, 0.14, 0.09, 0.03, IVORY, body_scale=0.7),
    ),
)


def available_designs() -> list[FontDesign]:
    """The font designs whose font files exist on this machine."""
    designs = []
    for position, (name, file_name, style) in enumerate(_PREFERRED_FONTS):
        path = find_font(file_name)
        if path is not None:
            designs.append(FontDesign(name, path, style, condensed_ten=position % 2 == 1))
    if not designs:
        raise FileNotFoundError(
            f"no index font found under {FONT_ROOT}: install " + " ".join(FONT_PACKAGES)
        )
    return designs


def _suit_font_path() -> Path:
    for name in SUIT_FONT_NAMES:
        path = find_font(name)
        if path is not None:
            return path
    raise FileNotFoundError("no font with suit symbols found: install fonts-dejavu-core")


def _ink(suit: Suit) -> tuple[int, int, int, int]:
    return RED_INK if suit.is_red else BLACK_INK


def _text_tile(
    text: str, font: ImageFont.FreeTypeFont, ink: tuple[int, int, int, int]
) -> Image.Image:
    """The text drawn on a transparent tile cropped tight to its ink."""
    left, top, right, bottom = font.getbbox(text)
    size = (int(right - left) + 4, int(bottom - top) + 4)
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(tile).text((2 - left, 2 - top), text, font=font, fill=ink)
    bbox = tile.getbbox()
    return tile.crop(bbox) if bbox is not None else tile


def _fit_height(tile: Image.Image, height: int, max_width: int | None = None) -> Image.Image:
    width = max(1, round(tile.width * height / max(1, tile.height)))
    if max_width is not None and width > max_width:
        width = max_width
    return tile.resize((width, height), Image.Resampling.LANCZOS)


class FontFaceDrawer:
    """Draws faces of one font design at one face height."""

    def __init__(self, design: FontDesign, face_height: int = FACE_HEIGHT) -> None:
        self.design = design
        self.height = face_height
        self.width = round(face_height * CARD_ASPECT)
        big = round(face_height * 0.3)
        self._letter_font = ImageFont.truetype(str(design.font_file), big)
        self._suit_font = ImageFont.truetype(str(_suit_font_path()), big)

    def index_tile(self, label: str, suit: Suit) -> Image.Image:
        """Rank over pip, centred on each other, on a transparent tile cropped to the ink."""
        ink = _ink(suit)
        rank_height = round(self.height * self.design.style.rank_height)
        pip_height = round(self.height * self.design.style.pip_height)
        rank = _text_tile(label, self._letter_font, ink)
        letter_width = round(rank_height * 0.75)
        max_width = letter_width if (self.design.condensed_ten and len(label) > 1) else None
        rank = _fit_height(rank, rank_height, max_width)
        pip = _fit_height(_text_tile(suit.symbol, self._suit_font, ink), pip_height)
        gap = max(1, round(self.height * 0.008))
        width = max(rank.width, pip.width)
        tile = Image.new("RGBA", (width, rank_height + gap + pip_height), (0, 0, 0, 0))
        tile.alpha_composite(rank, ((width - rank.width) // 2, 0))
        tile.alpha_composite(pip, ((width - pip.width) // 2, rank_height + gap))
        return tile

    def _blank(self) -> Image.Image:
        face = Image.new("RGBA", (self.width, self.height), (0, 0, 0, 0))
        radius = round(self.width * CORNER_RADIUS_FRACTION)
        ImageDraw.Draw(face).rounded_rectangle(
            (0, 0, self.width - 1, self.height - 1),
            radius=radius,
            fill=self.design.style.paper,
            outline=BORDER_GREY,
            width=1,
        )
        return face

    def _centre(self, face: Image.Image, card: Card, label: str) -> None:
        ink = _ink(card.suit)
        if card.rank is Rank.ACE:
            pip = _fit_height(
                _text_tile(card.suit.symbol, self._suit_font, ink),
                round(self.height * ACE_PIP_FRACTION),
            )
            face.alpha_composite(
                pip, ((self.width - pip.width) // 2, (self.height - pip.height) // 2)
            )
            return
        if card.rank.is_picture:
            self._picture(face, card, label)
            return
        pip = _fit_height(
            _text_tile(card.suit.symbol, self._suit_font, ink),
            round(self.height * CENTRE_PIP_FRACTION),
        )
        squeeze = self.design.style.body_scale
        for px, py in PIP_LAYOUTS[card.rank.value]:
            fx, fy = 0.5 + (px - 0.5) * squeeze, 0.5 + (py - 0.5) * squeeze
            tile = pip.rotate(ROTATION_UPSIDE_DOWN) if fy > 0.5 else pip
            x = round(fx * self.width - tile.width / 2)
            y = round(fy * self.height - tile.height / 2)
            face.alpha_composite(tile, (x, y))

    def _picture(self, face: Image.Image, card: Card, label: str) -> None:
        ink = _ink(card.suit)
        frame = (
            round(self.width * 0.2),
            round(self.height * 0.17),
            round(self.width * 0.8),
            round(self.height * 0.83),
        )
        draw = ImageDraw.Draw(face)
        draw.rectangle(frame, outline=ink, width=max(1, self.height // 120))
        letter = _fit_height(
            _text_tile(label, self._letter_font, ink),
            round(self.height * PICTURE_LETTER_FRACTION),
        )
        face.alpha_composite(
            letter, ((self.width - letter.width) // 2, (self.height - letter.height) // 2)
        )

    def draw(self, card: Card, script: IndexScript) -> FaceImage:
        label = index_label(card.rank, script)
        face = self._blank()
        self._centre(face, card, label)
        tile = self.index_tile(label, card.suit)
        x0 = round(self.width * self.design.style.margin_x)
        y0 = round(self.height * INDEX_MARGIN_Y)
        placements = [(x0, y0, ROTATION_UPRIGHT)]
        x_far = self.width - x0 - tile.width
        y_far = self.height - y0 - tile.height
        placements.append((x_far, y_far, ROTATION_UPSIDE_DOWN))
        if self.design.style.corners is IndexCorners.FOUR:
            placements.append((x_far, y0, ROTATION_UPRIGHT))
            placements.append((x0, y_far, ROTATION_UPSIDE_DOWN))
        boxes = []
        rotations = []
        for x, y, rotation in placements:
            drawn = tile if rotation == ROTATION_UPRIGHT else tile.rotate(ROTATION_UPSIDE_DOWN)
            face.alpha_composite(drawn, (x, y))
            boxes.append(
                (
                    x / self.width,
                    y / self.height,
                    (x + tile.width) / self.width,
                    (y + tile.height) / self.height,
                )
            )
            rotations.append(rotation)
        return FaceImage(
            design=f"font:{self.design.name}",
            script=script,
            card=card,
            rgba=np.asarray(face, dtype=np.uint8).copy(),
            index_boxes=tuple(boxes),
            index_rotations=tuple(rotations),
        )


# Pip centres of the number cards as fractions of the face (x, y).
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.2), (0.5, 0.8)),
    3: ((0.5, 0.2), (0.5, 0.5), (0.5, 0.8)),
    4: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.8), (0.7, 0.8)),
    5: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)),
    6: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    7: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.35), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    8: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.5, 0.35),
        (0.3, 0.5),
        (0.7, 0.5),
        (0.5, 0.65),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
    9: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.3, 0.4),
        (0.7, 0.4),
        (0.5, 0.5),
        (0.3, 0.6),
        (0.7, 0.6),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
    10: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.5, 0.3),
        (0.3, 0.4),
        (0.7, 0.4),
        (0.3, 0.6),
        (0.7, 0.6),
        (0.5, 0.7),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
}


def all_cards() -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank)


def font_faces(
    *,
    scripts: Iterable[IndexScript] = tuple(IndexScript),
    cards: Sequence[Card] | None = None,
    designs: Sequence[FontDesign] | None = None,
    face_height: int = FACE_HEIGHT,
) -> list[FaceImage]:
    """Every card (or the given ones) of every font design in every script.

    Faces that print the same in two scripts (number cards, the Polish K) share one image.
    """
    chosen_cards = all_cards() if cards is None else tuple(cards)
    chosen_designs = available_designs() if designs is None else list(designs)
    script_list = list(scripts)
    faces: list[FaceImage] = []
    for design in chosen_designs:
        drawer = FontFaceDrawer(design, face_height)
        drawn: dict[tuple[Card, str], FaceImage] = {}
        for script in script_list:
            for card in chosen_cards:
                key = (card, index_label(card.rank, script))
                same = drawn.get(key)
                if same is None:
                    same = drawer.draw(card, script)
                    drawn[key] = same
                faces.append(dataclasses.replace(same, script=script))
    return faces
