"""The goodbye screen says all of its words in every language."""

from __future__ import annotations

import pytest

from companion.ui.goodbye import compose_goodbye
from companion.ui.menus import draw
from companion.values.language import Language
from companion.words import say
from tests.ui.test_fit import problems


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_the_goodbye_fits_whole(language: Language) -> None:
    lines = draw.wrap(say("goodbye.text", language), draw.BODY, draw.RIGHT - draw.MARGIN)
    assert len(lines) <= draw.BODY_LINES
    sheet = compose_goodbye(language)
    assert problems(sheet) == []
    drawn = " ".join(mark.drawn for mark in sheet.marks[1:])
    assert drawn == " ".join(say("goodbye.text", language).split())
