"""How far apart the four suits are as the panel draws them:
``python -m companion.tools.suit_figures``.

For every pen the gallery's screens draw text with, each suit is drawn the way a screen
draws it (``Sheet.text``) and each pair compared: the pixels that differ, at the best of
the nine one-pixel shifts of one over the other, as a share of the larger glyph's ink.
A pair at a third or more reads apart at arm's length (the club was the spade with one
more row: 0.14 in the 9-pixel bold face of the font, which the screens no longer use).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable

from PIL import Image, ImageChops

from companion.ui.canvas import Pen, Sheet
from companion.ui.suit_glyphs import SUIT_SYMBOLS

APART = 1 / 3  # the least share of differing pixels for two suits to read apart
_ORIGIN = (20, 40)
_SHIFTS = (-1, 0, 1)


def glyph_image(symbol: str, pen: Pen) -> Image.Image:
    """The suit alone, cropped to its ink, as a screen draws it with ``pen``."""
    sheet = Sheet()
    sheet.text(_ORIGIN, symbol, pen)
    box = sheet.image.getbbox()
    return sheet.image if box is None else sheet.image.crop(box)


def _ink(image: Image.Image) -> int:
    return image.histogram()[-1]  # a one-bit picture's ink is its last bin


def difference(first: str, second: str, pen: Pen) -> float:
    """The share of pixels that differ between two suits, at their best overlap."""
    one, two = glyph_image(first, pen), glyph_image(second, pen)
    width = max(one.width, two.width) + 2
    height = max(one.height, two.height) + 2
    base = Image.new("1", (width, height), 0)
    base.paste(one, (1, 1))
    best = width * height
    for dx, dy in itertools.product(_SHIFTS, _SHIFTS):
        moved = Image.new("1", (width, height), 0)
        moved.paste(two, (1 + dx, 1 + dy))
        best = min(best, _ink(ImageChops.logical_xor(base, moved)))
    return best / max(_ink(one), _ink(two))


def closest_pair(pen: Pen) -> tuple[str, float]:
    """The two suits nearest alike in ``pen``, and how far apart they are."""
    pairs = [
        (first + second, difference(first, second, pen))
        for first, second in itertools.combinations(SUIT_SYMBOLS, 2)
    ]
    return min(pairs, key=lambda pair: pair[1])


def screen_pens() -> list[Pen]:
    """Every pen the gallery's screens (each game and phase, menus, problems, in three
    languages) draw a text with."""
    from companion.tools.gallery import screens

    found = {mark.pen for screen in screens() for mark in screen.compose().marks}
    return sorted(found, key=lambda pen: (pen.size, pen.weight.name))


def rows(pens: Iterable[Pen]) -> list[str]:
    lines = [f"{'pen':<22} {'closest pair':>12} {'apart':>6}  every pair"]
    for pen in pens:
        pairs = [
            f"{a}{b} {difference(a, b, pen):.2f}"
            for a, b in itertools.combinations(SUIT_SYMBOLS, 2)
        ]
        pair, share = closest_pair(pen)
        name = f"{pen.size} px {pen.weight.name.lower()}"
        lines.append(f"{name:<22} {pair:>12} {share:>6.2f}  {'  '.join(pairs)}")
    return lines


def main() -> int:
    pens = screen_pens()
    print("\n".join(rows(pens)))
    worst = min(closest_pair(pen)[1] for pen in pens)
    print(f"closest of all: {worst:.2f} (apart at {APART:.2f} or more)")
    return 0 if worst >= APART else 1


if __name__ == "__main__":
    sys.exit(main())
