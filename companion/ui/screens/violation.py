"""The screens of a problem at the table: a violation the engine flagged (a revoke, a card
seen twice...) or an event it refused, saying why in a line."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from companion.games.engine import Violation
from companion.games.errors import RefusedEvent
from companion.games.events import Event
from companion.games.people import People
from companion.ui.canvas import Sheet
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    MARGIN,
    RIGHT,
    centred,
    header,
    line,
    wrap,
)
from companion.values.language import Language
from companion.words import say, say_or, seat_label
from companion.words.reasons import (
    event_text,
    refusal_kind_key,
    refusal_text,
    violation_text,
)

BODY_ROWS = 5  # the body lines under the title


def compose_violation(
    violation: Violation, language: Language, *, people: People | None = None
) -> Sheet:
    """What kind of problem in the title, then in the table's words what happened: the
    trick or round, the players (by name where the game names them), the cards."""
    if violation.kind == "refused":
        title = say("violation.refused", language)
    else:
        title = say_or(f"violation.{violation.kind}", language, violation.kind)
    sheet = Sheet()
    header(sheet, title)
    if violation.reason is None and violation.seat is not None:
        seat = violation.seat
        centred(
            sheet,
            line(0),
            seat_label(seat, language) if people is None else people.name(seat),
            BODY,
        )
        _words(sheet, violation_text(violation, language, people=people), 1)
    else:
        _words(sheet, violation_text(violation, language, people=people), 0)
    return sheet


def _words(sheet: Sheet, text: str, first: int) -> None:
    """``text`` over the body lines from ``first``, its tail shortened if it is longer."""
    rows = wrap(text, BODY, RIGHT - MARGIN, BODY_ROWS - first)
    for index, row in enumerate(rows):
        sheet.text(
            (MARGIN, line(first + index)), row, BODY, max_width=RIGHT - MARGIN, may_shorten=True
        )


def compose_refusal(
    event: Event,
    refusal: RefusedEvent,
    language: Language,
    *,
    seat_led: AbstractSet[str],
    people: People | None = None,
) -> Sheet:
    """An event the engine refused: what kind of refusal, the event in the players' words,
    the engine's short reason; ``seat_led``: as for ``event_text``."""
    sheet = Sheet()
    header(sheet, say(refusal_kind_key(refusal), language))
    sheet.text(
        (MARGIN, line(0)),
        event_text(event, language, seat_led=seat_led, people=people),
        BODY_BOLD,
        max_width=RIGHT - MARGIN,
        may_shorten=True,
    )
    _words(sheet, refusal_text(refusal, language, people=people), 1)
    return sheet
