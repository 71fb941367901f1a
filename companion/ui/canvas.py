"""The 128x64 one-bit picture and the text helpers every screen draws with.

Text goes through a ``Sheet``: it draws on the image and keeps a ``TextMark`` of each text
(where its ink landed, whether it had to be shortened), so a test can check that nothing
on any screen was cut or drawn past the edge, and the screen's transcript (its lines as
drawn) is read from the marks. The suits are drawn from ``suit_glyphs``, not the font.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from companion.assets.fonts import FontFace, font_path
from companion.ui import suit_glyphs

WIDTH = 128
HEIGHT = 64
ELLIPSIS = "…"
INK = 255
PAPER = 0


class Weight(Enum):
    """Which bundled face a pen writes with."""

    REGULAR = FontFace.CONDENSED
    BOLD = FontFace.CONDENSED_BOLD
    WIDE_BOLD = FontFace.SANS_BOLD


class Align(Enum):
    LEFT = "l"
    CENTRE = "m"
    RIGHT = "r"


@dataclass(frozen=True)
class Pen:
    """A text style: pixel size and weight. Sizes 8 to 11 read on a real 0.96" OLED."""

    size: int
    weight: Weight = Weight.REGULAR

    def font(self) -> ImageFont.FreeTypeFont:
        return _font(self.weight.value, self.size)


SMALL = Pen(8)
NORMAL = Pen(10)
NORMAL_BOLD = Pen(10, Weight.BOLD)
LARGE_BOLD = Pen(11, Weight.BOLD)


@lru_cache(maxsize=32)
def _font(face: FontFace, size: int) -> ImageFont.FreeTypeFont:
    # Loading a face from disk costs about a millisecond; screens draw many texts.
    # The basic layout: no shaping library, so the same pixels on every machine.
    return ImageFont.truetype(str(font_path(face)), size, layout_engine=ImageFont.Layout.BASIC)


def new_canvas() -> Image.Image:
    """A blank (black) one-bit picture of the display's size."""
    return Image.new("1", (WIDTH, HEIGHT), PAPER)


def _runs(text: str) -> list[str]:
    """``text`` cut into runs of letters and single suits (drawn from their own glyphs)."""
    runs: list[str] = []
    for character in text:
        if suit_glyphs.is_suit(character) or not runs or suit_glyphs.is_suit(runs[-1]):
            runs.append(character)
        else:
            runs[-1] += character
    return runs


def _run_widths(runs: list[str], pen: Pen) -> list[float]:
    """Each run's advance; a suit keeps a column of paper from a letter on either side."""
    widths: list[float] = []
    for index, run in enumerate(runs):
        if not suit_glyphs.is_suit(run):
            widths.append(pen.font().getlength(run))
            continue
        before = runs[index - 1][-1] if index else " "
        after = runs[index + 1][0] if index + 1 < len(runs) else " "
        shape = suit_glyphs.glyph(run, pen)
        widths.append(
            shape.advance(after_letter=not before.isspace(), before_letter=not after.isspace())
        )
    return widths


def text_width(text: str, pen: Pen) -> int:
    """Advance width of ``text`` in pixels."""
    return round(sum(_run_widths(_runs(text), pen)))


@dataclass(frozen=True)
class Fitted:
    """A text made to fit a width: what to draw, and whether it had to be shortened."""

    text: str
    shortened: bool


def fit_text(text: str, pen: Pen, width: int) -> Fitted:
    """``text`` if it fits in ``width`` pixels, else its longest prefix that fits with an
    ellipsis after it (just the ellipsis, or nothing, when even that does not fit)."""
    if text_width(text, pen) <= width:
        return Fitted(text, shortened=False)
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + ELLIPSIS, pen) <= width:
            low = middle
        else:
            high = middle - 1
    shortened = text[:low].rstrip() + ELLIPSIS
    if text_width(shortened, pen) > width:
        return Fitted("", shortened=True)
    return Fitted(shortened, shortened=True)


@dataclass(frozen=True)
class Box:
    left: int
    top: int
    right: int
    bottom: int

    def inside(self, width: int = WIDTH, height: int = HEIGHT) -> bool:
        return self.left >= 0 and self.top >= 0 and self.right <= width and self.bottom <= height


@dataclass(frozen=True)
class TextMark:
    """One text a sheet drew: the wanted text, what was drawn, its ink box, whether
    shortening was acceptable there (names may lose their tail, numbers never), the pen it
    was drawn with, whether it was ink on paper (not cut out of a filled bar), the
    baseline it stands on and whether it was struck through."""

    wanted: str
    drawn: str
    box: Box
    may_shorten: bool
    pen: Pen = NORMAL
    inked: bool = True
    baseline: int = 0
    struck: bool = False

    @property
    def shortened(self) -> bool:
        return self.drawn != self.wanted

    @property
    def cut(self) -> bool:
        """Drawn past the picture's edge, or shortened where that is not acceptable."""
        return not self.box.inside() or (self.shortened and not self.may_shorten)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    pen: Pen,
    *,
    max_width: int | None = None,
    align: Align = Align.LEFT,
    may_shorten: bool = False,
    fill: int = INK,
) -> TextMark:
    """Draw ``text`` with its baseline at ``xy[1]``; ``xy[0]`` is its left, centre or right
    edge by ``align``. With ``max_width`` the text is shortened to fit (see ``fit_text``)."""
    drawn = text if max_width is None else fit_text(text, pen, max_width).text
    if not drawn:
        box = Box(xy[0], xy[1], xy[0], xy[1])
    elif any(suit_glyphs.is_suit(character) for character in drawn):
        box = _draw_runs(draw, xy, drawn, pen, align, fill)
    else:
        box = _draw_plain(draw, xy, drawn, pen, align, fill)
    return TextMark(
        text, drawn, box, may_shorten=may_shorten, pen=pen, inked=fill == INK, baseline=xy[1]
    )


def _draw_plain(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, pen: Pen, align: Align, fill: int
) -> Box:
    font = pen.font()
    anchor = align.value + "s"
    if align is Align.LEFT:
        xy = (xy[0] + _overhang(draw, xy, text, pen), xy[1])
    draw.text(xy, text, font=font, fill=fill, anchor=anchor)
    left, top, right, bottom = draw.textbbox(xy, text, font=font, anchor=anchor)
    return Box(int(left), int(top), int(right), int(bottom))


def _overhang(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, pen: Pen) -> int:
    """How far a left-aligned text's ink reaches left of ``xy`` (a J's hook): it is moved
    right by that much, so that a margin holds."""
    left = draw.textbbox(xy, text, font=pen.font(), anchor="ls")[0]
    return max(xy[0] - int(left), 0)


def _draw_runs(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, pen: Pen, align: Align, fill: int
) -> Box:
    """A text with suits: its letters from the font, its suits from their glyphs, run by
    run from the left edge its alignment gives."""
    runs = _runs(text)
    widths = _run_widths(runs, pen)
    width = sum(widths)
    x = float(xy[0])
    if align is Align.CENTRE:
        x -= width / 2
    elif align is Align.RIGHT:
        x -= width
    baseline = xy[1]
    if align is Align.LEFT and not suit_glyphs.is_suit(runs[0]):
        x += _overhang(draw, (round(x), baseline), runs[0], pen)
    boxes: list[tuple[int, int, int, int]] = []
    for index, (run, advance) in enumerate(zip(runs, widths, strict=True)):
        left = round(x)
        if suit_glyphs.is_suit(run):
            lead = suit_glyphs.GAP if index and not runs[index - 1][-1].isspace() else 0
            boxes.append(suit_glyphs.draw_suit(draw, left + lead, baseline, run, pen, fill))
        elif run.strip():
            draw.text((left, baseline), run, font=pen.font(), fill=fill, anchor="ls")
            found = draw.textbbox((left, baseline), run, font=pen.font(), anchor="ls")
            boxes.append((int(found[0]), int(found[1]), int(found[2]), int(found[3])))
        x += advance
    if not boxes:
        return Box(round(x), baseline, round(x), baseline)
    return Box(
        min(box[0] for box in boxes),
        min(box[1] for box in boxes),
        max(box[2] for box in boxes),
        max(box[3] for box in boxes),
    )


class Sheet:
    """A picture being drawn, with the marks of the texts on it."""

    def __init__(self) -> None:
        self.image = new_canvas()
        self.draw = ImageDraw.Draw(self.image)
        self.marks: list[TextMark] = []

    def text(
        self,
        xy: tuple[int, int],
        text: str,
        pen: Pen = NORMAL,
        *,
        max_width: int | None = None,
        align: Align = Align.LEFT,
        may_shorten: bool = False,
        fill: int = INK,
    ) -> TextMark:
        mark = draw_text(
            self.draw,
            xy,
            text,
            pen,
            max_width=max_width,
            align=align,
            may_shorten=may_shorten,
            fill=fill,
        )
        self.marks.append(mark)
        return mark

    def rule(self, y: int, *, left: int = 0, right: int = WIDTH - 1) -> None:
        """A horizontal one-pixel line."""
        self.draw.line([(left, y), (right, y)], fill=INK)

    def box(self, left: int, top: int, right: int, bottom: int, *, filled: bool = False) -> None:
        self.draw.rectangle(
            [(left, top), (right, bottom)], outline=INK, fill=INK if filled else None
        )

    def strike(self, mark: TextMark) -> None:
        """Strike a drawn text through (a forbidden value, say); its mark says so."""
        middle = (mark.box.top + mark.box.bottom) // 2
        self.draw.line([(mark.box.left - 1, middle), (mark.box.right, middle)], fill=INK)
        for index, kept in enumerate(self.marks):
            if kept is mark:
                self.marks[index] = replace(mark, struck=True)

    def invert(self, left: int, top: int, right: int, bottom: int) -> None:
        """Swap ink and paper inside a box (a highlighted row)."""
        region = self.image.crop((left, top, right + 1, bottom + 1))
        self.image.paste(ImageChops.invert(region), (left, top))

    def cut_marks(self) -> list[TextMark]:
        return [mark for mark in self.marks if mark.cut]
