"""The choice of a page's language: the phone's wish (``Accept-Language``) or a ``lang``
asked for, and each language by its own name. The sheet's words are in
``companion.words`` (``sheet.``), beside the screens'."""

from __future__ import annotations

from collections.abc import Mapping

from companion.values.language import Language

LANGUAGE_NAMES: Mapping[Language, str] = {
    Language.EN: "English",
    Language.PL: "Polski",
    Language.RU: "Русский",
}


class UnknownLanguage(ValueError):
    """A ``lang`` asked for that the sheet does not speak."""


def parse_language(code: str) -> Language:
    try:
        return Language(code)
    except ValueError:
        names = ", ".join(language.value for language in Language)
        raise UnknownLanguage(f'lang "{code[:20]}" is not one of {names}') from None


def accepted_language(header: str | None, fallback: Language) -> Language:
    """The phone's most wanted language that the sheet speaks (``Accept-Language``, by
    its q-values), else ``fallback`` (the box's language)."""
    best: tuple[float, Language] | None = None
    for item in (header or "").split(","):
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().split("-")[0].lower()
        try:
            language = Language(primary)
        except ValueError:
            continue
        weight = _quality(params)
        if weight > 0 and (best is None or weight > best[0]):
            best = (weight, language)
    return fallback if best is None else best[1]


def _quality(params: str) -> float:
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name.strip() == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0
