import pytest

from companion.ui.texts import CATALOGUES, Language, MissingText, say, seat_label


def test_every_key_is_in_every_language() -> None:
    english = set(CATALOGUES[Language.EN])
    for language in Language:
        assert set(CATALOGUES[language]) == english, language


def test_every_template_takes_the_same_values_in_every_language() -> None:
    import string

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for key, template in CATALOGUES[Language.EN].items():
        for language in Language:
            assert fields(CATALOGUES[language][key]) == fields(template), (key, language)


def test_say_fills_in_values() -> None:
    assert say("common.seat", Language.PL, number=3) == "Gracz 3"
    assert say("common.seat", Language.RU, number=3) == "Игрок 3"


def test_seats_are_counted_from_one_for_people() -> None:
    assert seat_label(0, Language.EN) == "Player 1"
    assert seat_label(2, Language.RU, short=True) == "И3"


def test_an_unknown_key_is_a_clear_error() -> None:
    with pytest.raises(MissingText, match="no text 'nope' in pl"):
        say("nope", Language.PL)


def test_game_names_are_written_in_each_languages_own_letters() -> None:
    cyrillic = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
    for key in [key for key in CATALOGUES[Language.EN] if key.startswith("menu.game.")]:
        for language in Language:
            letters = {c for c in CATALOGUES[language][key].lower() if c.isalpha()}
            in_cyrillic = letters <= cyrillic
            assert in_cyrillic == (language is Language.RU), (key, language)
