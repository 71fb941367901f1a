"""The one lookup of words: the shared catalogues and every game's own, the same keys and
values in every language, each key had once, a registered game's words found and gone
again."""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Iterator

import pytest

from companion.games.registry import plugin, plugins, register, unregister
from companion.values.language import Language
from companion.words import COMMON, DuplicateWord, MissingText, catalogue, say, say_or, seat_label


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_is_in_every_language() -> None:
    english = set(catalogue(Language.EN))
    for language in Language:
        assert set(catalogue(language)) == english, language


@pytest.mark.parametrize("game", [p.game_id for p in plugins()])
def test_each_games_own_words_are_in_every_language(game: str) -> None:
    words = plugin(game).words
    assert words[Language.EN], game
    for language in Language:
        assert set(words[language]) == set(words[Language.EN]), (game, language)


def test_the_shared_words_are_in_every_language() -> None:
    for language in Language:
        assert set(COMMON[language]) == set(COMMON[Language.EN]), language


def test_every_template_takes_the_same_values_in_every_language() -> None:
    for key, template in catalogue(Language.EN).items():
        for language in Language:
            assert fields(catalogue(language)[key]) == fields(template), (key, language)
            assert catalogue(language)[key].strip(), (key, language)


def test_say_fills_in_values() -> None:
    assert say("common.seat", Language.PL, number=3) == "Gracz 3"
    assert say("common.seat", Language.RU, number=3) == "Игрок 3"
    assert say("entry.card", Language.PL, zone="trick") == "Karta: trick"
    assert say("sheet.events", Language.RU, count=4) == "событий: 4"


def test_a_game_says_its_own_words_and_the_shared_ones() -> None:
    assert say("menu.game.oh-hell", Language.PL) == "Ile lew (Oh Hell)"
    assert say("oh-hell.trump", Language.EN, card="9♥") == "Trump 9♥"
    assert "oh-hell.trump" in plugin("oh-hell").words[Language.EN]
    assert "oh-hell.trump" not in COMMON[Language.EN]


def test_say_or_falls_back_where_there_are_no_words() -> None:
    assert say_or("action.nope", Language.EN, "nope") == "nope"
    assert say_or("common.seat", Language.EN, "?", number=1) == "Player 1"


def test_seats_are_counted_from_one_for_people() -> None:
    assert seat_label(0, Language.EN) == "Player 1"
    assert seat_label(2, Language.RU, short=True) == "И3"


def test_an_unknown_key_is_a_clear_error() -> None:
    with pytest.raises(MissingText, match="no text 'nope' in pl"):
        say("nope", Language.PL)


def test_game_names_are_written_in_each_languages_own_letters() -> None:
    cyrillic = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
    for key in [key for key in catalogue(Language.EN) if key.startswith("menu.game.")]:
        for language in Language:
            letters = {c for c in catalogue(language)[key].lower() if c.isalpha()}
            in_cyrillic = letters <= cyrillic
            assert in_cyrillic == (language is Language.RU), (key, language)


@pytest.fixture
def cleanup() -> Iterator[list[str]]:
    """Games a test registers, unregistered after it."""
    registered: list[str] = []
    yield registered
    for game in registered:
        unregister(game)


def test_a_registered_games_words_are_found_and_go_with_it(cleanup: list[str]) -> None:
    words = {language: {"menu.game.blitz": f"Blitz {language.value}"} for language in Language}
    blitz = dataclasses.replace(plugin("oczko"), game_id="blitz", words=words)
    register(blitz)
    cleanup.append("blitz")
    assert say("menu.game.blitz", Language.RU) == "Blitz ru"
    unregister("blitz")
    cleanup.clear()
    assert "menu.game.blitz" not in catalogue(Language.RU)


def test_a_word_another_catalogue_has_is_refused(cleanup: list[str]) -> None:
    words = {language: {"common.seat": "Seat {number}"} for language in Language}
    register(dataclasses.replace(plugin("oczko"), game_id="copycat", words=words))
    cleanup.append("copycat")
    with pytest.raises(DuplicateWord, match=r'copycat: the word "common\.seat" is in the shared'):
        say("common.seat", Language.EN, number=1)
