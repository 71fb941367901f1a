from hypothesis import given
from hypothesis import strategies as st

from companion.ui.canvas import (
    ELLIPSIS,
    HEIGHT,
    NORMAL,
    SMALL,
    WIDTH,
    Align,
    Pen,
    Sheet,
    Weight,
    fit_text,
    new_canvas,
    text_width,
)


def test_new_canvas_is_a_black_one_bit_picture_of_the_display() -> None:
    image = new_canvas()
    assert image.mode == "1"
    assert image.size == (WIDTH, HEIGHT) == (128, 64)
    assert image.getbbox() is None


def test_a_text_that_fits_is_not_shortened() -> None:
    fitted = fit_text("Bank 120", NORMAL, WIDTH)
    assert fitted.text == "Bank 120"
    assert not fitted.shortened


def test_a_long_text_is_shortened_with_an_ellipsis_to_the_width() -> None:
    fitted = fit_text("Konstantynopolitańczykowianeczka", NORMAL, 50)
    assert fitted.shortened
    assert fitted.text.endswith(ELLIPSIS)
    assert text_width(fitted.text, NORMAL) <= 50
    assert "Konstantynopolitańczykowianeczka".startswith(fitted.text[:-1])


@given(st.text(min_size=1, max_size=30), st.integers(min_value=0, max_value=128))
def test_fit_text_never_exceeds_the_width(text: str, width: int) -> None:
    fitted = fit_text(text, SMALL, width)
    assert text_width(fitted.text, SMALL) <= width
    assert fitted.shortened == (fitted.text != text)


def test_bold_is_wider_than_regular() -> None:
    assert text_width("Взятка", Pen(10, Weight.WIDE_BOLD)) > text_width("Взятка", Pen(10))


def test_sheet_marks_where_the_ink_landed() -> None:
    sheet = Sheet()
    mark = sheet.text((2, 12), "Łódź", NORMAL)
    assert not mark.cut
    assert mark.box.left >= 1 and mark.box.bottom <= 13
    # The Polish capital's accent stands above the cap height yet inside the box.
    bbox = sheet.image.getbbox()
    assert bbox is not None
    assert bbox[1] >= mark.box.top and bbox[3] <= mark.box.bottom + 1


def test_text_past_the_edge_is_reported_cut() -> None:
    sheet = Sheet()
    sheet.text((120, 12), "Bank 120", NORMAL)
    sheet.text((0, 4), "Tall", NORMAL)
    assert len(sheet.cut_marks()) == 2


def test_shortening_is_cut_unless_allowed() -> None:
    sheet = Sheet()
    number = sheet.text((0, 12), "123456789012345", NORMAL, max_width=20)
    name = sheet.text((0, 30), "Konstantynopolitańczyk", NORMAL, max_width=40, may_shorten=True)
    assert number.cut
    assert name.shortened and not name.cut


def test_right_aligned_text_ends_at_its_x() -> None:
    sheet = Sheet()
    mark = sheet.text((127, 12), "42", NORMAL, align=Align.RIGHT)
    assert 125 <= mark.box.right <= 128


def test_invert_swaps_ink_and_paper() -> None:
    sheet = Sheet()
    sheet.box(0, 0, 9, 9, filled=True)
    sheet.invert(0, 0, 19, 9)
    assert sheet.image.getpixel((5, 5)) == 0
    assert sheet.image.getpixel((15, 5)) == 255


def test_strike_crosses_the_text() -> None:
    sheet = Sheet()
    mark = sheet.text((10, 20), "3", NORMAL)
    before = sheet.image.copy()
    sheet.strike(mark)
    assert sheet.image.tobytes() != before.tobytes()


def test_suit_glyphs_have_ink_in_the_condensed_face() -> None:
    for suit in "♠♥♦♣":
        sheet = Sheet()
        sheet.text((0, 12), suit, NORMAL)
        assert sheet.image.getbbox() is not None
