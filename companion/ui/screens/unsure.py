"""The unsure-card screen: the camera read a card without enough confidence. OK accepts
the reading; or the rank and suit pickers name the card."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PIL import Image

from companion.cards import Card, Rank, Suit
from companion.ui.canvas import WIDTH, Align, Sheet
from companion.ui.screens.layout import (
    BODY,
    HUGE,
    MARGIN,
    RIGHT,
    SMALL,
    card_text,
    header,
    line,
    rank_text,
)
from companion.values.language import Language
from companion.words import say


class PickerFocus(Enum):
    """What UP/DOWN change now."""

    ACCEPT = "accept"  # nothing yet: OK takes the reading as it is
    RANK = "rank"
    SUIT = "suit"


@dataclass(frozen=True)
class UnsureCard:
    """The reading, how sure the reader was, and the pickers' current rank and suit."""

    zone: str
    reading: Card
    confidence: float
    rank: Rank
    suit: Suit
    focus: PickerFocus = PickerFocus.ACCEPT

    @classmethod
    def of(cls, zone: str, reading: Card, confidence: float) -> UnsureCard:
        return cls(zone, reading, confidence, reading.rank, reading.suit)

    def picked(self) -> Card:
        return Card(self.rank, self.suit)


PICKER_LEFT = 72


def compose_unsure(unsure: UnsureCard, language: Language) -> Sheet:
    sheet = Sheet()
    percent = round(unsure.confidence * 100)
    header(sheet, say("unsure.title", language), f"{percent}%")
    reading = card_text(unsure.reading, language) + "?"
    sheet.text((MARGIN + 2, line(1) + 5), reading, HUGE)
    _picker(
        sheet,
        line(0) + 1,
        say("unsure.rank", language),
        rank_text(unsure.rank, language),
        focused=unsure.focus is PickerFocus.RANK,
    )
    _picker(
        sheet,
        line(2) - 1,
        say("unsure.suit", language),
        unsure.suit.symbol,
        focused=unsure.focus is PickerFocus.SUIT,
    )
    sheet.text((MARGIN, line(4)), _hint(unsure, language), BODY)
    return sheet


def _picker(sheet: Sheet, baseline: int, label: str, value: str, *, focused: bool) -> None:
    sheet.text((PICKER_LEFT, baseline), label, BODY)
    mark = sheet.text((RIGHT - 6, baseline + 1), value, BODY, align=Align.CENTRE)
    if focused:
        sheet.invert(
            mark.box.left - 4, mark.box.top - 1, min(mark.box.right + 3, WIDTH - 1), mark.box.bottom
        )
        sheet.text((RIGHT - 6, baseline - 8), "▲", SMALL, align=Align.CENTRE)


def _hint(unsure: UnsureCard, language: Language) -> str:
    if unsure.focus is PickerFocus.ACCEPT:
        return say("unsure.accept", language)
    if unsure.focus is PickerFocus.RANK:
        return say("unsure.pick-rank", language)
    return say("unsure.pick-suit", language, card=card_text(unsure.picked(), language))


def draw_unsure(unsure: UnsureCard, language: Language) -> Image.Image:
    return compose_unsure(unsure, language).image
