"""What every text on the 0.96-inch panel keeps to, to be read at arm's length: its
smallest letter at least ``MIN_LETTER_HEIGHT`` pixels of ink tall, and at least
``LEFT_MARGIN`` pixels of paper between the panel's left edge and its ink. The screens
draw with these; tests/ui/test_legible.py holds every screen to them."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from companion.ui.canvas import INK, PAPER, Pen

# A lowercase letter of the 8-pixel face is 4 pixels of ink: "rank" read as a smudge on
# the panel. The 9-pixel faces give 5; capitals and digits of the 8-pixel face give 6.
MIN_LETTER_HEIGHT = 5
# A J or a 1 drawn from the first column reads as the panel's frame or a bar.
LEFT_MARGIN = 2

_PROBE = 64  # pixels square: room for one glyph of any pen the screens use
_PROBE_BASELINE = 48


@lru_cache(maxsize=4096)
def glyph_height(character: str, pen: Pen) -> int:
    """Rows of ink ``character`` covers when drawn with ``pen`` on the one-bit panel."""
    probe = Image.new("1", (_PROBE, _PROBE), PAPER)
    ImageDraw.Draw(probe).text(
        (_PROBE // 4, _PROBE_BASELINE), character, font=pen.font(), fill=INK, anchor="ls"
    )
    box = probe.getbbox()
    return 0 if box is None else box[3] - box[1]


def smallest_letter(text: str, pen: Pen) -> int | None:
    """The ink height of the shortest letter or digit of ``text`` (None: it has none,
    only signs such as a suit, a dash or a dot)."""
    heights = [glyph_height(character, pen) for character in set(text) if character.isalnum()]
    return min(heights, default=None)


def is_legible(text: str, pen: Pen) -> bool:
    height = smallest_letter(text, pen)
    return height is None or height >= MIN_LETTER_HEIGHT
