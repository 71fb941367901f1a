"""High Card's one screen: the round, then a line per seat with its card and points."""

from __future__ import annotations

from companion.ui.canvas import Sheet
from companion.ui.screens.layout import (
    BODY,
    RIGHT,
    card_text,
    followed_by,
    header,
    left_right,
    line,
    named,
)
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say
from tests.sixth_game.engine import HighCardView

NO_CARD = "-"


def page_count(view: HighCardView) -> int:
    return 1


def compose(
    sheet: Sheet,
    view: HighCardView,
    language: Language,
    page: int,
    chosen: int | None,
    names: SeatNames,
) -> None:
    header(sheet, say("high-card.round", language, round=view.round))
    for index, (points, card) in enumerate(zip(view.points, view.shown, strict=True)):
        shown = NO_CARD if card is None else card_text(card, language)
        who = named(names, index, BODY, RIGHT // 2, followed_by(shown))
        left_right(sheet, line(index), who, str(points), BODY)
