"""The four suits read apart in every face the screens draw with: each pair differs in at
least a third of the larger glyph's ink, at the best overlap of the two (the font's club
was its spade with one more row); and a suit drawn in a text takes the room it is
measured to take."""

from __future__ import annotations

import itertools

import pytest

from companion.tools.suit_figures import APART, closest_pair, difference, glyph_image, screen_pens
from companion.ui.canvas import SMALL, Pen, Sheet, text_width
from companion.ui.screens.layout import BODY, BODY_BOLD, HUGE, TITLE
from companion.ui.suit_glyphs import SUIT_SYMBOLS, digit_height, glyph

PENS = screen_pens()


def test_the_screens_draw_with_the_small_body_and_large_faces() -> None:
    assert {SMALL, BODY, BODY_BOLD, TITLE, HUGE} <= set(PENS)


@pytest.mark.parametrize("pen", PENS, ids=lambda pen: f"{pen.size}-{pen.weight.name.lower()}")
def test_every_pair_of_suits_reads_apart(pen: Pen) -> None:
    pair, share = closest_pair(pen)
    assert share >= APART, f"{pair} differ in {share:.2f} of their ink in {pen}"


@pytest.mark.parametrize("pen", PENS, ids=lambda pen: f"{pen.size}-{pen.weight.name.lower()}")
def test_a_suit_stands_no_taller_than_the_digits_beside_it(pen: Pen) -> None:
    for symbol in SUIT_SYMBOLS:
        assert glyph_image(symbol, pen).height <= digit_height(pen)
        assert glyph(symbol, pen).height >= digit_height(pen) - 3


def test_the_measure_tells_a_shape_from_itself_shifted() -> None:
    for first, second in itertools.combinations(SUIT_SYMBOLS, 2):
        assert difference(first, first, BODY) == 0
        assert difference(first, second, BODY) == difference(second, first, BODY)


def test_a_card_with_its_suit_takes_the_room_it_is_measured_to() -> None:
    for text in ("10♠ 7♣", "A♦", "♥", "K♠: 21"):
        for pen in (SMALL, BODY, HUGE):
            sheet = Sheet()
            mark = sheet.text((2, 30), text, pen)
            assert mark.box.right - mark.box.left <= text_width(text, pen) + 1
            assert mark.drawn == text
