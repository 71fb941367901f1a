"""The screens of a problem at the table: a violation the engine flagged (a revoke, a card
seen twice...) or an event it refused, saying why in a line."""

from __future__ import annotations

import re

from PIL import Image

from companion.cards import Card
from companion.games.engine import Violation
from companion.games.errors import IllegalEvent, MisreadCard, OutOfTurn, RefusedEvent
from companion.ui.canvas import Align, Sheet
from companion.ui.screens.layout import (
    BIG,
    BODY,
    MARGIN,
    RIGHT,
    SMALL,
    card_text,
    centred,
    header,
    line,
    wrap,
)
from companion.ui.texts import CATALOGUES, Language, say, seat_label

CARD_WORD = re.compile(r"(?<![\w\"])(10|[2-9JQKA])([SHDC])(?![\w])")
SEAT_WORD = re.compile(r"\bseat (\d+)")
MOST_CARDS = 3
REASON_LINES = 2


def mentioned_cards(message: str) -> list[Card]:
    """The cards an engine's message names, in order, each once."""
    found: list[Card] = []
    for match in CARD_WORD.finditer(message):
        card = Card.parse(match.group(0))
        if card not in found:
            found.append(card)
    return found


def people_numbers(message: str) -> str:
    """An engine message with its seats counted from 1 as on the screens ("seat 0" is P1)."""
    return SEAT_WORD.sub(lambda match: f"P{int(match.group(1)) + 1}", message)


def compose_violation(violation: Violation, language: Language) -> Sheet:
    sheet = Sheet()
    key = f"violation.{violation.kind}"
    known = key in CATALOGUES[language] and violation.kind != "refused"
    header(sheet, say(key, language) if key in CATALOGUES[language] else violation.kind)
    if violation.seat is not None:
        centred(sheet, line(0), seat_label(violation.seat, language), BODY)
    cards = mentioned_cards(violation.message)[:MOST_CARDS]
    if cards and known:
        text = "  ".join(card_text(card, language) for card in cards)
        centred(sheet, line(2), text, BIG)
    elif not known:
        # Refusals and unknown kinds: only the engine's words say what went wrong.
        _reason(sheet, violation.message, 2)
    if violation.line is not None:
        where = say("violation.line", language, line=violation.line)
        sheet.text((RIGHT, line(4) + 1), where, SMALL, align=Align.RIGHT)
    return sheet


def _reason(sheet: Sheet, message: str, first: int) -> None:
    """The engine's own words (English), small, over the last lines."""
    rows = wrap(people_numbers(message), SMALL, RIGHT - MARGIN, REASON_LINES)
    for index, row in enumerate(rows):
        sheet.text(
            (MARGIN, line(first + index) + 4),
            row,
            SMALL,
            max_width=RIGHT - MARGIN,
            may_shorten=True,
        )


def draw_violation(violation: Violation, language: Language) -> Image.Image:
    return compose_violation(violation, language).image


def refusal_key(refusal: RefusedEvent) -> str:
    if isinstance(refusal, OutOfTurn):
        return "refused.out-of-turn"
    if isinstance(refusal, MisreadCard):
        return "refused.misread"
    if isinstance(refusal, IllegalEvent):
        return "refused.illegal"
    return "refused.unknown"


def compose_refusal(event: str, refusal: RefusedEvent, language: Language) -> Sheet:
    """An event the engine refused: what kind of refusal, the event, the engine's reason."""
    sheet = Sheet()
    header(sheet, say("violation.refused", language))
    sheet.text((MARGIN, line(0)), say(refusal_key(refusal), language), BODY)
    sheet.text((MARGIN, line(1)), event, BODY, max_width=RIGHT - MARGIN, may_shorten=True)
    _reason(sheet, str(refusal), 2)
    return sheet


def draw_refusal(event: str, refusal: RefusedEvent, language: Language) -> Image.Image:
    return compose_refusal(event, refusal, language).image
