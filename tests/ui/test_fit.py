"""Every text of every screen fits the 128x64 picture in all three languages: nothing is
drawn past an edge, nothing is shortened except where shortening is allowed (a hand's
cards beside its total, an engine's English reason), and no two texts overlap.

The game states are those of tests/ui/screen_states.py.
"""

from __future__ import annotations

import pytest

from companion.cards import FRENCH52
from companion.tools.gallery import screens
from companion.ui.canvas import Sheet, TextMark
from companion.ui.screens.layout import header
from companion.values.language import Language
from companion.words import card_text, say
from tests.ui.screen_states import every_game_sheet

OH_HELL_MOST_CARDS = 13  # a hand's cards at most (four players of 52)

# Accents above capitals and descenders below a line may touch the line next to them.
LINE_TOUCH = 3


def problems(sheet: Sheet) -> list[str]:
    found = [
        f"cut: {mark.wanted!r} drawn {mark.drawn!r} at {mark.box}" for mark in sheet.cut_marks()
    ]
    drawn = [mark for mark in sheet.marks if mark.drawn]
    for index, first in enumerate(drawn):
        for second in drawn[index + 1 :]:
            if _overlap(first, second):
                found.append(f"overlap: {first.drawn!r} and {second.drawn!r}")
    return found


def _overlap(first: TextMark, second: TextMark) -> bool:
    across = min(first.box.right, second.box.right) - max(first.box.left, second.box.left)
    down = min(first.box.bottom, second.box.bottom) - max(first.box.top, second.box.top)
    return across > 0 and down > LINE_TOUCH


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_every_game_screen_fits(language: Language) -> None:
    failures = [
        f"{where}: {problem}"
        for where, sheet in every_game_sheet(language)
        for problem in problems(sheet)
    ]
    assert failures == []


def test_every_gallery_screen_fits() -> None:
    failures = [f"{screen.name}: {p}" for screen in screens() for p in problems(screen.compose())]
    assert failures == []


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_oh_hells_title_bars_fit_beside_every_trump(language: Language) -> None:
    """The bidding and the trick titles of every hand size, beside each trump card (a ten
    is the widest) or no trump: a random game turns up few of them."""
    rights = [
        say("oh-hell.trump", language, card=card_text(card, language))
        for card in FRENCH52.distinct_cards
    ]
    rights.append(say("oh-hell.no-trump", language))
    failures = []
    for size in range(1, OH_HELL_MOST_CARDS + 1):
        titles = (
            say("oh-hell.bidding", language, size=size),
            say("oh-hell.trick", language, trick=size, tricks=size),
        )
        for title in titles:
            for right in rights:
                sheet = Sheet()
                header(sheet, title, right)
                failures += [f"{title} | {right}: {problem}" for problem in problems(sheet)]
    assert failures == []


def test_a_cut_text_is_found() -> None:
    sheet = Sheet()
    sheet.text((100, 20), "a text too long for the rest of the line")
    sheet.text((0, 20), "under it")
    sheet.text((0, 20), "and again")
    assert len(problems(sheet)) == 2
