"""The four suits drawn pixel by pixel: the font's ♠ and ♣ are one blob apart at the sizes
the panel uses (the club is the spade with one more row), so the screens draw their own.

Each suit has a design a few pixels tall; a pen gets the design (scaled up by a whole
number) whose height comes nearest its digits' without passing them, so that a suit stands
as tall as the rank beside it. tests/ui/test_suit_glyphs.py measures how far apart the
four are in every pen the screens use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PIL import Image, ImageDraw, ImageFont


class Pen(Protocol):
    """What a glyph needs of the canvas's pen (the canvas draws with these glyphs, so they
    do not import it): its font, and a value to cache the glyph by."""

    def font(self) -> ImageFont.FreeTypeFont: ...

    def __hash__(self) -> int: ...


SUIT_SYMBOLS = "♠♥♦♣"
GAP = 1  # paper after a suit, as a letter keeps
_MAX_SCALE = 3

# Designs by height: ``#`` is ink. A spade has a point and a foot, a club three round lobes
# with paper between them, a heart a notch and a point, a diamond is narrow.
_DESIGNS: dict[int, dict[str, str]] = {
    6: {
        "♠": "..#.. .###. ##### #.#.# ..#.. .###.",
        "♥": "##.## ##### ##### .###. ..#..",
        "♦": "..#.. .###. ##### .###. ..#..",
        "♣": ".###. .###. ..#.. ##.## ##### ..#..",
    },
    7: {
        "♠": "...#... ..###.. .#####. ####### ###.### ...#... ..###..",
        "♥": ".##.##. ####### ####### .#####. ..###.. ...#...",
        "♦": "...#... ..###.. ..###.. .#####. ..###.. ..###.. ...#...",
        "♣": "..###.. ..###.. ...#... ##.#.## ####### ##.#.## ..###..",
    },
    9: {
        "♠": (
            "....#.... ...###... ..#####.. .#######. ######### ######### .###.###. "
            "....#.... ..#####.."
        ),
        "♥": (".##...##. ####.#### ######### ######### .#######. ..#####.. ...###... ....#...."),
        "♦": "...#... ..###.. ..###.. .#####. ####### .#####. ..###.. ..###.. ...#...",
        "♣": (
            "...###... ..#####.. ..#####.. ...###... .##...##. ###.#.### .##.#.##. "
            "....#.... ..#####.."
        ),
    },
}


@dataclass(frozen=True)
class Glyph:
    """A suit's pixels: ``rows`` of ink (``#``) and paper, top row first, at ``scale``."""

    rows: tuple[str, ...]
    scale: int

    @property
    def width(self) -> int:
        return max(len(row) for row in self.rows) * self.scale

    @property
    def height(self) -> int:
        return len(self.rows) * self.scale

    def advance(self, *, after_letter: bool, before_letter: bool) -> int:
        """Its width with a column of paper before it after a letter (a rank's index may
        end flush with its advance) and after it before a letter (not before a space)."""
        return GAP * after_letter + self.width + GAP * before_letter

    def pixels(self) -> list[tuple[int, int]]:
        """The inked pixels, (column, row) from the glyph's top left."""
        return [
            (x * self.scale + dx, y * self.scale + dy)
            for y, row in enumerate(self.rows)
            for x, cell in enumerate(row)
            if cell == "#"
            for dy in range(self.scale)
            for dx in range(self.scale)
        ]


def is_suit(character: str) -> bool:
    return len(character) == 1 and character in SUIT_SYMBOLS


_PROBE = 64  # pixels square: room for a digit of any pen
_PROBE_ORIGIN = (8, 48)


def _ink_height(pen: Pen, text: str) -> int:
    """Rows of ``text``'s ink as the panel draws it."""
    probe = Image.new("1", (_PROBE, _PROBE), 0)
    ImageDraw.Draw(probe).text(_PROBE_ORIGIN, text, font=pen.font(), fill=1, anchor="ls")
    box = probe.getbbox()
    return 0 if box is None else box[3] - box[1]


@lru_cache(maxsize=64)
def digit_height(pen: Pen) -> int:
    """Rows of ink of the pen's digits (all DejaVu digits stand on the baseline)."""
    return max(_ink_height(pen, "8"), 1)


@lru_cache(maxsize=64)
def glyph(symbol: str, pen: Pen) -> Glyph:
    """The suit ``symbol`` as ``pen`` draws it."""
    height, scale = _design_size(digit_height(pen))
    return Glyph(tuple(_DESIGNS[height][symbol].split()), scale)


def _design_size(wanted: int) -> tuple[int, int]:
    """The design height and scale whose product comes nearest ``wanted`` from below (the
    smallest design where even that is too tall)."""
    options = [
        (height, scale)
        for height in _DESIGNS
        for scale in range(1, _MAX_SCALE + 1)
        if height * scale <= wanted
    ]
    if not options:
        return min(_DESIGNS), 1
    return max(options, key=lambda option: (option[0] * option[1], -option[1]))


def draw_suit(
    draw: ImageDraw.ImageDraw, left: int, baseline: int, symbol: str, pen: Pen, fill: int
) -> tuple[int, int, int, int]:
    """Draw the suit with its bottom row just above ``baseline`` (where digits end) and its
    first column at ``left``; its ink box (right and bottom exclusive)."""
    shape = glyph(symbol, pen)
    top = baseline - shape.height
    draw.point([(left + x, top + y) for x, y in shape.pixels()], fill=fill)
    return left, top, left + shape.width, baseline
