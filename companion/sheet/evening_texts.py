"""The words of the evening's page and the people's pages: the shared catalogues'
``sheet.evening.`` keys."""

from __future__ import annotations

from companion.values.language import Language
from companion.words import say, template

PREFIX = "sheet.evening."


def evening_text(key: str, language: Language, **values: object) -> str:
    return say(PREFIX + key, language, **values)


def evening_template(key: str, language: Language) -> str:
    """The words as written, their ``{values}`` left for the page to fill in."""
    return template(PREFIX + key, language)
