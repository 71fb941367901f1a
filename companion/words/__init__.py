"""Every word the table is told, in English, Polish and Russian, by one lookup.

    say("common.seat", Language.PL, number=2)        # "Gracz 2"
    say_or("action.settle", language, "settle")      # a fallback where a key may be missing

The words of a language are one catalogue, gathered from two places:

- the words every game shares, one module per language (``catalogue_en``,
  ``catalogue_pl``, ``catalogue_ru``): the menus and settings, the screens' common words,
  what went wrong and an event as people name it (``reason.`` ``event.`` ``zone.``), the
  running app's words (``camera.`` ``journal.`` ``entry.``) and the phone sheet's
  (``sheet.``);
- each registered game's own words (``GamePlugin.words``, ``words.py`` in its folder):
  its name (``menu.game.ID``), its actions, options and their values, its reasons and
  violations, its screens' words and its sheet's (``sheet.ID.``), found through the
  registry.

A key is had once: a game's word that the shared words or another game already have is
a ``DuplicateWord`` when the words are gathered (again whenever a game is registered). A
new area (a roster, say) adds its keys to the shared catalogues, in all three languages
(a test holds them to the same keys).

Values are ``str.format`` templates. The Polish and Russian words are the ones said at the
table (lewa, atut, bank; взятка, козырь, банк, стук), not dictionary translations. Seats
are counted from 1 (P1 is the script's seat 0) and cards written with the players' own
indices (W/D/K/A, В/Д/К/Т).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.cards import Card, Rank
from companion.games import registry
from companion.values.language import Language, Words
from companion.words.catalogue_en import ENGLISH
from companion.words.catalogue_pl import POLISH
from companion.words.catalogue_ru import RUSSIAN

__all__ = [
    "COMMON",
    "DuplicateWord",
    "Language",
    "MissingText",
    "card_text",
    "catalogue",
    "rank_text",
    "say",
    "say_or",
    "seat_label",
    "template",
]

# The words every game shares.
COMMON: Words = {Language.EN: ENGLISH, Language.PL: POLISH, Language.RU: RUSSIAN}


class MissingText(KeyError):
    """A key that the catalogue of a language does not have."""


class DuplicateWord(ValueError):
    """A key that two catalogues both have (a game's and the shared words, or two games')."""


class _Gathered:
    """The catalogue of each language, gathered again when the registry changes."""

    def __init__(self) -> None:
        self.version = -1
        self.words: dict[Language, dict[str, str]] = {}

    def of(self, language: Language) -> Mapping[str, str]:
        if self.version != registry.version():
            self.words = _gather()
            self.version = registry.version()
        return self.words[language]


def _gather() -> dict[Language, dict[str, str]]:
    gathered = {language: dict(COMMON[language]) for language in Language}
    owner = {key: "the shared words" for key in COMMON[Language.EN]}
    for plugin in registry.plugins():
        for language in Language:
            for key, words in plugin.words.get(language, {}).items():
                if key in gathered[language] and owner.get(key) != plugin.game_id:
                    raise DuplicateWord(
                        f'{plugin.game_id}: the word "{key}" is in {owner.get(key, "another game")}'
                    )
                gathered[language][key] = words
                owner[key] = plugin.game_id
    return gathered


_GATHERED = _Gathered()


def catalogue(language: Language) -> Mapping[str, str]:
    """Every word of ``language``: the shared ones and every registered game's."""
    return _GATHERED.of(language)


def template(key: str, language: Language) -> str:
    """The words for ``key`` in ``language`` as written, their ``{values}`` unfilled."""
    try:
        return catalogue(language)[key]
    except KeyError:
        raise MissingText(f"no text {key!r} in {language.value}") from None


def say(key: str, language: Language, **values: object) -> str:
    """The text for ``key`` in ``language``, with ``values`` filled in; ``MissingText``
    when there is none."""
    return template(key, language).format(**values)


def say_or(key: str, language: Language, fallback: str, **values: object) -> str:
    """The text for ``key``, or ``fallback`` where there is none (a game's action or
    option that has no words yet still shows, by its own name)."""
    words = catalogue(language).get(key)
    return fallback if words is None else words.format(**values)


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
