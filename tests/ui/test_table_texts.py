from __future__ import annotations

import string

from companion.ui.table_texts import APP_TEXTS, app_say
from companion.ui.texts import Language


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_has_every_text_with_the_same_values() -> None:
    english = APP_TEXTS[Language.EN]
    for language in Language:
        texts = APP_TEXTS[language]
        assert set(texts) == set(english), language
        for key, template in english.items():
            assert fields(texts[key]) == fields(template), (key, language)


def test_a_text_is_filled_in() -> None:
    assert app_say("entry.card", Language.PL, zone="trick") == "Karta: trick"
