"""Offers, games, options and their values in the player's words (the menus, the phone
sheet, the demo). An offer or an option without words yet still shows (the engine's
English label, the option's own name), so a new game option never breaks the menu."""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum

from companion.cards import Suit
from companion.games.engine import ActionOffer
from companion.games.options import option_order
from companion.values.language import Language
from companion.words import say, say_or, seat_label

# Options whose value is a seat number (counted from 0 in the script, from 1 on screen).
SEAT_OPTIONS = frozenset({"dealer", "banker"})


def offer_label(offer: ActionOffer, language: Language) -> str:
    """``bid 1`` as "Seat 2 bids", ``keep 3 QS 9H`` as "Seat 4 keeps QS 9H"; the engine's
    own (English) label for an offer the catalogue does not know."""
    args = list(offer.args)
    if args and args[0].isdigit():
        seat = seat_label(int(args.pop(0)), language)
        label = say_or(f"action.{offer.name}.seat", language, "", seat=seat)
    else:
        label = say_or(f"action.{offer.name}", language, "")
    if not label:
        return offer.label
    return " ".join((label, *args))


def game_name(game_id: str, language: Language) -> str:
    return say_or(f"menu.game.{game_id}", language, game_id)


def option_name(name: str, language: Language) -> str:
    return say_or(f"option.{name}", language, name)


def option_value(name: str, value: object, language: Language) -> str:
    """An option's value as the menu shows it."""
    if isinstance(value, bool):
        return say("menu.on" if value else "menu.off", language)
    if value is None:
        return say("menu.none", language)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Enum):
        return say_or(f"choice.{name}.{value.value}", language, str(value.value))
    if isinstance(value, int) and name in SEAT_OPTIONS:
        return seat_label(value, language)
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def options_in_words(
    options: object, language: Language, *, named: Collection[str] | None = None
) -> tuple[str, ...]:
    """A game's options as the new-game form says them ("Players: 4", "Dealer: P1"), in
    the form's order; ``named``: only these (the ones a script wrote out)."""
    return tuple(
        f"{option_name(name, language)}: {option_value(name, getattr(options, name), language)}"
        for name in option_order(type(options))
        if named is None or name in named
    )
