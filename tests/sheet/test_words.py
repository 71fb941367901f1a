"""The sheet in the table's words: every page of every example game, after each of its
events, in Polish and in Russian, holds no word of the event script (an action's name, a
zone's, an option's, a card written as the script writes it, ``name=value``); and the
money columns add up, on every row, to what the words under the table say."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from companion.games.events import Action
from companion.games.registry import make_engine
from companion.games.session import Game
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE
from companion.sheet.page import sheet_page
from companion.sheet.source import JournalReader
from companion.values.language import Language
from companion.words import catalogue
from tests.journal.helpers import example
from tests.sheet.helpers import EXAMPLE_GAMES, open_journal

# What the page's script draws nothing of: for programs (the script's first line, the
# game's id), or drawn by the script in the reader's own form (times, counts, flags).
NOT_SHOWN = frozenset(
    {"header", "game", "started", "finished", "last_move", "latest", "id", "adds_up_to"}
)
SCRIPT_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b")
OPTION_WORD = re.compile(r"\b[a-z_]+=\S+")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Latin words a Russian page may hold: the other languages' own names in the links to
# them, the file kind, Roman numerals (Oczko's versions I and II)
RUSSIAN_LATIN = frozenset({"English", "Polski", "CSV", "II"})
WORDS_LANGUAGES = (Language.PL, Language.RU)
SCRIPT_WORDS = ("card", "gone", "clear", "game")


def _shown_texts(value: Any, key: str = "") -> Iterator[str]:
    if key in NOT_SHOWN:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _shown_texts(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from _shown_texts(item)


class _VisibleText(HTMLParser):
    """The text of a page outside its <script> elements."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_script = self._in_script or tag == "script"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if not self._in_script and data.strip():
            self.texts.append(data)


def _page_texts(sheet_json: dict[str, Any], language: Language) -> list[str]:
    page = _VisibleText()
    page.feed(sheet_page(None, language, sheet_json, datetime.now(UTC)))
    return [*page.texts, *_shown_texts(sheet_json)]


def _own_words(language: Language) -> set[str]:
    """Every word the language's own catalogues use (the Polish for a bank is "bank", and
    Polish players say "stuk" as Russians say стук)."""
    texts = catalogue(language).values()
    return {word.lower() for text in texts for word in re.findall(r"[\w-]+", text)}


def _script_words(game: Game, actions: set[str], language: Language) -> set[str]:
    """The script's own words for this game, less those the language shares with it."""
    engine = game.engine
    options = {field.name for field in dataclasses.fields(engine.options)}
    return {*actions, *engine.zones, *options, *SCRIPT_WORDS} - _own_words(language)


def _problems(
    texts: list[str], words: set[str], language: Language, english: AbstractSet[str] = frozenset()
) -> list[str]:
    """What in ``texts`` is the script's (``words``, cards, options) or the engines' own
    English (``english``: their offers' labels, which a missing word would fall back to)."""
    found = [f"{label!r} in {text!r}" for text in texts for label in english if label in text]
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words))) + r")(?![\w-])")
    for text in texts:
        for match in (SCRIPT_CARD, OPTION_WORD, pattern):
            found += [f"{hit!r} in {text!r}" for hit in match.findall(text)]
        if language is Language.RU:
            latin = [word for word in LATIN_WORD.findall(text) if word not in RUSSIAN_LATIN]
            found += [f"{word!r} in {text!r}" for word in latin]
    return found


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_no_page_of_an_example_game_holds_script_words_in_polish_or_russian(
    tmp_path: Path, name: str
) -> None:
    script = example(name)
    # every action the game could be sent is script: those played and those offered
    actions = {line.event.name for line in script.lines if isinstance(line.event, Action)}
    english: set[str] = set()
    shadow = Game(make_engine(script.game, script.options))
    pages = 0
    with open_journal(tmp_path) as journal:
        played = JournaledGame.start(journal, script.spec())
        reader = JournalReader(tmp_path / JOURNAL_FILE)
        try:
            for line in [None, *script.lines]:
                if line is not None:
                    played.record_event(line.event, source=Source.CAMERA)
                    shadow.apply(line.event)
                actions |= {offer.name for offer in shadow.offers()}
                english |= {offer.label for offer in shadow.offers()}
                for language in WORDS_LANGUAGES:
                    sheet = reader.sheet(None, language).to_json()
                    words = _script_words(shadow, actions, language)
                    texts = _page_texts(sheet, language)
                    problems = _problems(texts, words, language, english)
                    assert problems == [], (name, language.value, line)
                    pages += 1
        finally:
            reader.close()
    assert pages == 2 * (len(script.lines) + 1)
    assert sheet["rows"], "the example settles no row: its words were never looked at"


def test_the_scan_finds_the_script_words_it_looks_for() -> None:
    """The scan itself: the texts the sheet once showed are caught."""
    game = Game(make_engine("ochko-bank", {}))
    words = _script_words(game, {"take-bank", "showdown"}, Language.PL)
    for text in (
        "card dealer AD",
        "take-bank",
        "showdown",
        "min_bet=1 max_bet=10",
        "Krupier: QD",
        "bankier: 9♦ (reshuffle_warning)",
    ):
        assert _problems([text], words, Language.PL), text
    assert _problems(["Сдача 3: банкир: Т♦ · Take the bank"], words, Language.RU)
    assert _problems(["Rozdanie 3 · bankier: A♦ · Zabierz bank"], words, Language.PL) == []
    assert _problems(["Gracze: everyone pays in"], words, Language.PL, {"everyone pays in"})
