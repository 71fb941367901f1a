from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card
from companion.ui.canvas import Sheet, text_width
from companion.ui.screens.layout import (
    SMALL,
    amount,
    card_text,
    cells,
    header,
    line,
    signed,
    wrap,
)
from companion.values.language import Language


def test_cards_use_the_players_own_indices() -> None:
    queen = Card.parse("QH")
    assert card_text(queen, Language.EN) == "Q♥"
    assert card_text(queen, Language.PL) == "D♥"
    assert card_text(Card.parse("AS"), Language.RU) == "Т♠"
    assert card_text(Card.parse("10C"), Language.RU) == "10♣"


def test_money_shows_half_chips_as_a_half() -> None:
    assert amount(12) == "12"
    assert amount(2.5) == "2½"
    assert amount(Fraction(1, 2)) == "½"
    assert amount(-2.5) == "-2½"
    assert signed(3) == "+3" and signed(-3) == "-3" and signed(0) == "0"


def test_body_lines_fit_under_the_title_bar() -> None:
    assert line(0) - 9 > 11  # an accented capital on the first line clears the bar
    assert line(4) + 2 <= 63  # a descender on the last line stays on the picture


def test_the_title_bar_is_inverted_with_dark_text() -> None:
    sheet = Sheet()
    header(sheet, "Lewa 1/2", "Atut D♥")
    assert sheet.image.getpixel((64, 0)) == 255
    assert not sheet.cut_marks()


def test_cells_highlight_one_and_say_where_they_end() -> None:
    sheet = Sheet()
    after = cells(sheet, 0, ["P1 1", "P2 0", "P3 2", "P4 ·", "P5 1"], per_line=4, highlight=1)
    assert after == 2
    second = sheet.marks[1]
    assert sheet.image.getpixel((second.box.left, second.box.top)) == 255


@given(st.lists(st.sampled_from(["lewa", "взятка", "trick", "deklaracja", "x"]), max_size=30))
def test_wrap_keeps_the_lines_and_the_width(words: list[str]) -> None:
    rows = wrap(" ".join(words), SMALL, 120, 2)
    assert len(rows) <= 2
    for row in rows[:-1]:
        assert text_width(row, SMALL) <= 120
    # The words kept are the first ones, in order; a last line that overflows ends in …
    kept = [word for word in " ".join(rows).split() if word != "…"]
    assert kept == words[: len(kept)]
