"""The sheet's own words in English, Polish and Russian, and the choice of a page's language.

Words the screens already say (seat labels, the bank, game names, offers) come from the
screens' catalogues (``companion.ui.texts``); only what the OLED never shows is here.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.ui.texts import Language

SHEET_TEXTS: Mapping[Language, Mapping[str, str]] = {
    Language.EN: {
        "title": "Score sheet",
        "games": "Games",
        "current": "Current game",
        "no-game": "No game in the journal yet.",
        "hand": "Hand",
        "cards": "Cards",
        "trump": "Trump",
        "total": "Total",
        "row.duel": "Duel",
        "row.game": "Game",
        "row.round": "Round",
        "row.deal": "Deal",
        "settled-by": "Settled by",
        "chart.points": "Points over the hands",
        "chart.bids-made": "Bids made",
        "chart.balances": "Balances over the rounds",
        "started": "started {time}",
        "finished": "finished {time}",
        "unfinished": "in play",
        "live": "live",
        "offline": "reconnecting…",
        "csv": "Download CSV",
        "events": "{count} events",
        "now": "Now",
        "bid-took": "bid/took",
    },
    Language.PL: {
        "title": "Tabela wyników",
        "games": "Gry",
        "current": "Bieżąca gra",
        "no-game": "W dzienniku nie ma jeszcze żadnej gry.",
        "hand": "Rozdanie",
        "cards": "Karty",
        "trump": "Atut",
        "total": "Razem",
        "row.duel": "Pojedynek",
        "row.game": "Gra",
        "row.round": "Runda",
        "row.deal": "Rozdanie",
        "settled-by": "Rozliczone przez",
        "chart.points": "Punkty w kolejnych rozdaniach",
        "chart.bids-made": "Ugrane deklaracje",
        "chart.balances": "Salda w kolejnych rundach",
        "started": "początek {time}",
        "finished": "koniec {time}",
        "unfinished": "w toku",
        "live": "na żywo",
        "offline": "łączę ponownie…",
        "csv": "Pobierz CSV",
        "events": "zdarzeń: {count}",
        "now": "Teraz",
        "bid-took": "dekl./lewy",
    },
    Language.RU: {
        "title": "Запись игры",
        "games": "Игры",
        "current": "Текущая игра",
        "no-game": "В журнале пока нет ни одной игры.",
        "hand": "Сдача",
        "cards": "Карты",
        "trump": "Козырь",
        "total": "Итого",
        "row.duel": "Поединок",
        "row.game": "Игра",
        "row.round": "Круг",
        "row.deal": "Сдача",
        "settled-by": "Расчёт по",
        "chart.points": "Очки по сдачам",
        "chart.bids-made": "Выполненные заказы",
        "chart.balances": "Балансы по кругам",
        "started": "начало {time}",
        "finished": "конец {time}",
        "unfinished": "идёт",
        "live": "онлайн",
        "offline": "переподключение…",
        "csv": "Скачать CSV",
        "events": "событий: {count}",
        "now": "Сейчас",
        "bid-took": "заказ/взял",
    },
}

LANGUAGE_NAMES: Mapping[Language, str] = {
    Language.EN: "English",
    Language.PL: "Polski",
    Language.RU: "Русский",
}


def sheet_text(key: str, language: Language, **values: object) -> str:
    return SHEET_TEXTS[language][key].format(**values)


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
