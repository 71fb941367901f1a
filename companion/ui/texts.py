"""Every word the screens show, in English, Polish and Russian.

One catalogue per language with the same keys, grouped by area (``common.``, ``oh-hell.``,
``oczko.``...). Values are ``str.format`` templates: ``say("common.seat", Language.PL,
seat=2)``. The Polish and Russian words are the ones said at the table (lewa, atut, bank;
взятка, козырь, банк, стук), not dictionary translations.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from companion.cards import Card, Rank
from companion.ui import reason_texts
from companion.ui.catalogue_en import ENGLISH
from companion.ui.catalogue_pl import POLISH
from companion.ui.catalogue_ru import RUSSIAN


class Language(Enum):
    EN = "en"
    PL = "pl"
    RU = "ru"


CATALOGUES: Mapping[Language, Mapping[str, str]] = {
    Language.EN: {**ENGLISH, **reason_texts.ENGLISH},
    Language.PL: {**POLISH, **reason_texts.POLISH},
    Language.RU: {**RUSSIAN, **reason_texts.RUSSIAN},
}


class MissingText(KeyError):
    """A key that the catalogue of a language does not have."""


def say(key: str, language: Language, **values: object) -> str:
    """The text for ``key`` in ``language``, with ``values`` filled in."""
    try:
        template = CATALOGUES[language][key]
    except KeyError:
        raise MissingText(f"no text {key!r} in {language.value}") from None
    return template.format(**values)


def seat_label(seat: int, language: Language, *, short: bool = False) -> str:
    """A seat as players call it: counted from 1 (the event script counts from 0)."""
    return say("common.seat_short" if short else "common.seat", language, number=seat + 1)


def rank_text(rank: Rank, language: Language) -> str:
    """The index printed on the card in the players' own decks (W/D/K/A, В/Д/К/Т)."""
    if rank.value <= Rank.TEN.value:
        return str(rank.value)
    return say(f"card.{rank.name.lower()}", language)


def card_text(card: Card, language: Language) -> str:
    return rank_text(card.rank, language) + card.suit.symbol
