"""A violation, a refusal or an event in the reader's language and the table's words:
seats called by the people's names where the game names them, else counted from 1 (P1..),
cards with the players' own indices, the trick or round named. The screens, the undo
question and the command line all say them through here."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from companion.cards import Card, Suit
from companion.games.engine import Violation
from companion.games.errors import (
    IllegalEvent,
    MisreadCard,
    OutOfTurn,
    Reason,
    RefusedEvent,
    SeatRef,
)
from companion.games.events import (
    Action,
    CardGone,
    CardSeen,
    Event,
    ZoneCleared,
    leading_seat,
    seat_zone,
)
from companion.games.people import People
from companion.values.language import Language
from companion.words import card_text, say, say_or, seat_label

SEAT_WORD = re.compile(r"\bseat (\d+)")


def seat(number: int, language: Language, people: People | None = None) -> str:
    """A seat as the table calls it: the person's name, or P1.. (counted from 1)."""
    if people is not None and 0 <= number < len(people.names):
        return people.name(number)
    return seat_label(number, language, short=True)


def zone_text(zone: str, language: Language, people: People | None = None) -> str:
    """A zone of the mat as players name it: a seat's zone as the seat (P1, P3b; a named
    seat's second hand "Celina b"), the others in the reader's language ("trick" in
    English, "lewa", "взятка")."""
    seat_hand = seat_zone(zone)
    if seat_hand is not None:
        number, hand = seat_hand
        who = seat(number, language, people)
        return f"{who} {hand}" if hand and people is not None else who + hand
    return say_or(f"zone.{zone}", language, zone)


def people_numbers(message: str, people: People | None = None) -> str:
    """An engine's English account with its seats called as on the screens ("seat 0" is
    P1, or its person): what a person reads where the engine gives no short reason."""
    return SEAT_WORD.sub(lambda match: seat(int(match.group(1)), Language.EN, people), message)


def reason_text(reason: Reason, language: Language, *, people: People | None = None) -> str:
    values = {name: _value(name, value, language, people) for name, value in reason.values}
    return say(f"reason.{reason.key}", language, **values)


def _value(name: str, value: object, language: Language, people: People | None) -> str:
    if name == "zone" and isinstance(value, str):
        return zone_text(value, language, people)
    if value is None:
        return "–"
    if isinstance(value, SeatRef):
        return seat(value.index, language, people)
    if isinstance(value, Card):
        return card_text(value, language)
    if isinstance(value, Suit):
        return say(f"suit-led.{value.name.lower()}", language)
    return str(value)


def entered_text(reason: Reason, language: Language, *, people: People | None = None) -> str:
    """Why a card entered by hand was refused, in hand-entry words ("Q♥ is the trump
    card", not a camera's "a misread"); the usual reason where there are none."""
    values = {name: _value(name, value, language, people) for name, value in reason.values}
    text = say_or(f"entered.{reason.key}", language, "", **values)
    return text or reason_text(reason, language, people=people)


def refusal_kind_key(refusal: RefusedEvent) -> str:
    if isinstance(refusal, OutOfTurn):
        return "refused.out-of-turn"
    if isinstance(refusal, MisreadCard):
        return "refused.misread"
    if isinstance(refusal, IllegalEvent):
        return "refused.illegal"
    return "refused.unknown"


def refusal_text(refusal: RefusedEvent, language: Language, *, people: People | None = None) -> str:
    """The engine's short reason; where it gives none yet, its English account."""
    if refusal.reason is not None:
        return reason_text(refusal.reason, language, people=people)
    return people_numbers(str(refusal), people)


def violation_text(
    violation: Violation, language: Language, *, people: People | None = None
) -> str:
    """The violation's reason in the table's words; where the engine gives none, its
    English account."""
    if violation.reason is not None:
        return reason_text(violation.reason, language, people=people)
    return people_numbers(violation.message, people)


def event_text(
    event: Event,
    language: Language,
    *,
    seat_led: AbstractSet[str],
    people: People | None = None,
) -> str:
    """An event as the players name it: "P4 bids 0" (or "Dima bids 0"), "8♣ on trick";
    ``seat_led``: the game's actions whose first argument is a seat
    (``GameEngine.seat_led_actions``)."""
    if isinstance(event, CardSeen):
        card, zone = card_text(event.card, language), zone_text(event.zone, language, people)
        return say("event.card", language, card=card, zone=zone)
    if isinstance(event, CardGone):
        card, zone = card_text(event.card, language), zone_text(event.zone, language, people)
        return say("event.gone", language, card=card, zone=zone)
    if isinstance(event, ZoneCleared):
        return say("event.clear", language, zone=zone_text(event.zone, language, people))
    return _action_text(event, language, leading_seat(event, seat_led), people)


def _action_text(
    action: Action, language: Language, first_seat: int | None, people: People | None
) -> str:
    if first_seat is not None:
        who = seat(first_seat, language, people)
        rest = action.args[1:]
        label = say_or(f"action.{action.name}.seat", language, "", seat=who)
        if label:
            return " ".join((label, *rest))
        return " ".join((action.name, who, *rest))
    label = say_or(f"action.{action.name}", language, action.name)
    return " ".join((label, *action.args))
