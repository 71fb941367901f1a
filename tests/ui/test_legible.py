"""Every text on every screen is legible on the 0.96-inch panel: its smallest letter at
least ``MIN_LETTER_HEIGHT`` pixels of ink, and ``LEFT_MARGIN`` pixels of paper left of it
(the title bar's cut-out text included). The screens are every golden picture (games,
menus, the unsure card, violations) and every game state of tests/ui/screen_states.py."""

from __future__ import annotations

import pytest

from companion.cards import Card, Rank, Suit
from companion.tools.gallery import screens
from companion.ui.canvas import SMALL, Pen, Sheet
from companion.ui.controller import UiContext, UiState, compose
from companion.ui.legibility import LEFT_MARGIN, MIN_LETTER_HEIGHT, is_legible, smallest_letter
from companion.ui.screens.layout import BODY, card_text, hand_line, line
from companion.ui.settings import UiSettings
from companion.values.language import Language
from tests.ui.screen_states import every_game_sheet

LONG_STATUS = "Camera lost: retrying, and a status too long for the line"


def illegible(sheet: Sheet) -> list[str]:
    found: list[str] = []
    for mark in sheet.marks:
        if not mark.drawn:
            continue
        if not is_legible(mark.drawn, mark.pen):
            height = smallest_letter(mark.drawn, mark.pen)
            found.append(f"{mark.drawn!r}: letters {height} px tall ({_pen_name(mark.pen)})")
        if mark.box.left < LEFT_MARGIN:
            found.append(f"{mark.drawn!r}: ink from column {mark.box.left}")
    return found


def _pen_name(pen: Pen) -> str:
    return f"{pen.size} px {pen.weight.name.lower()}"


def _first_ink_column(sheet: Sheet) -> int:
    box = sheet.image.getbbox()
    assert box is not None
    return box[0]


def test_every_golden_screen_is_legible() -> None:
    failures = [f"{screen.name}: {p}" for screen in screens() for p in illegible(screen.compose())]
    assert failures == []


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_every_game_screen_is_legible(language: Language) -> None:
    failures = [
        f"{where}: {problem}"
        for where, sheet in every_game_sheet(language)
        for problem in illegible(sheet)
    ]
    assert failures == []


def test_lowercase_in_the_smallest_face_is_caught() -> None:
    sheet = Sheet()
    sheet.text((LEFT_MARGIN, line(0)), "rank", SMALL)
    assert smallest_letter("rank", SMALL) == MIN_LETTER_HEIGHT - 1
    assert illegible(sheet) == ["'rank': letters 4 px tall (8 px regular)"]


def test_card_indices_in_the_smallest_face_pass() -> None:
    # Capitals, digits and suits of the 8-pixel face are 6 pixels tall: a long hand may
    # step down to it.
    assert is_legible("10♥ J♠ Q♦ K♣ A♥", SMALL)
    assert is_legible("В Д К Т", SMALL)


def test_a_jack_at_the_left_edge_keeps_the_margin() -> None:
    sheet = Sheet()
    jack = Card(Rank.JACK, Suit.SPADES)
    hand_line(sheet, line(0), [jack, jack], "21", Language.EN)
    assert card_text(jack, Language.EN) in sheet.marks[-1].drawn
    assert illegible(sheet) == []
    assert _first_ink_column(sheet) >= LEFT_MARGIN


def test_text_at_the_edge_is_caught() -> None:
    sheet = Sheet()
    sheet.text((0, line(0)), "J♠", BODY)
    assert illegible(sheet) == [f"'J♠': ink from column {sheet.marks[0].box.left}"]


def test_the_status_line_is_legible_in_every_language() -> None:
    for language in Language:
        context = UiContext(settings=UiSettings(language=language), status=LONG_STATUS)
        assert illegible(compose(UiState(), context)) == []
