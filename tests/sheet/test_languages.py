"""A page's language chosen from the phone's Accept-Language, whatever the phone sends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.sheet.languages import UnknownLanguage, accepted_language, parse_language
from companion.values.language import Language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("pl-PL,pl;q=0.9,en;q=0.8", Language.PL),
        ("de-DE,ru;q=0.3,en;q=0.7", Language.EN),
        ("en;q=0.2, ru-RU", Language.RU),
        ("de, fr", Language.PL),  # none of ours: the box's
        ("ru;q=0", Language.PL),  # q=0 means "not this one"
        ("", Language.PL),
    ],
)
def test_the_phones_best_language_of_ours(header: str, expected: Language) -> None:
    assert accepted_language(header, Language.PL) is expected


@given(header=st.text(max_size=200), fallback=st.sampled_from(Language))
def test_any_header_gives_a_language(header: str, fallback: Language) -> None:
    assert accepted_language(header, fallback) in Language


def test_an_unknown_lang_is_named() -> None:
    with pytest.raises(UnknownLanguage, match='lang "xx" is not one of en, pl, ru'):
        parse_language("xx")
