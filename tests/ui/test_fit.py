"""Every text of every screen fits the 128x64 picture in all three languages: nothing is
drawn past an edge, nothing is shortened except where shortening is allowed (a hand's
cards beside its total, an engine's English reason), and no two texts overlap.

The game states are every state of the bundled examples (after each event) and the final
state of every scenario, on every page, with the largest amount the buttons may reach.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli.demo import example_scripts
from companion.games.registry import make_engine
from companion.games.script import ScriptError, parse_script
from companion.games.session import Game, replay_script
from companion.tools.gallery import screens
from companion.ui.canvas import Sheet, TextMark
from companion.ui.screens import compose_game, page_count
from companion.ui.texts import Language
from companion.ui.views import game_view

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE.parent / "scenarios").glob("*/*.txt"))
# The widest tables: seven at Oh Hell, twelve at Gwiazda.
WIDE_TABLES = sorted((HERE / "scripts").glob("*.txt"))
# Accents above capitals and descenders below a line may touch the line next to them.
LINE_TOUCH = 3


def problems(sheet: Sheet) -> list[str]:
    found = [
        f"cut: {mark.wanted!r} drawn {mark.drawn!r} at {mark.box}" for mark in sheet.cut_marks()
    ]
    drawn = [mark for mark in sheet.marks if mark.drawn]
    for index, first in enumerate(drawn):
        for second in drawn[index + 1 :]:
            if _overlap(first, second):
                found.append(f"overlap: {first.drawn!r} and {second.drawn!r}")
    return found


def _overlap(first: TextMark, second: TextMark) -> bool:
    across = min(first.box.right, second.box.right) - max(first.box.left, second.box.left)
    down = min(first.box.bottom, second.box.bottom) - max(first.box.top, second.box.top)
    return across > 0 and down > LINE_TOUCH


def _example_games() -> Iterator[tuple[str, Game]]:
    wide = [(path.name, path.read_text("utf-8")) for path in WIDE_TABLES]
    for name, text in [*example_scripts(), *wide]:
        script = parse_script(text, name)
        game = Game(make_engine(script.game, script.options))
        yield f"{name}@0", game
        for line in script.lines:
            game.apply(line.event, line.number)
            yield f"{name}@{line.number}", game


def _scenario_games() -> Iterator[tuple[str, Game]]:
    for path in SCENARIOS:
        try:
            replay = replay_script(
                parse_script(path.read_text("utf-8"), path.name), keep_going=True
            )
        except ScriptError:
            continue  # a scenario of a malformed script has no state to draw
        yield f"{path.parent.name}/{path.name}", replay.game


def _amounts(game: Game) -> list[int | None]:
    """No amount, and the largest any offer lets the buttons reach."""
    highs = [offer.amount.high for offer in game.offers() if offer.amount is not None]
    return [None, *highs[:1]]


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_every_game_screen_fits(language: Language) -> None:
    failures: list[str] = []
    for games in (_example_games(), _scenario_games()):
        for where, game in games:
            view = game_view(game)
            for page in range(page_count(view)):
                for chosen in _amounts(game) if page == 0 else [None]:
                    sheet = compose_game(view, language, page=page, chosen=chosen)
                    failures.extend(f"{where} page {page}: {p}" for p in problems(sheet))
    assert failures == []


def test_every_gallery_screen_fits() -> None:
    failures = [f"{screen.name}: {p}" for screen in screens() for p in problems(screen.compose())]
    assert failures == []


def test_a_cut_text_is_found() -> None:
    sheet = Sheet()
    sheet.text((100, 20), "a text too long for the rest of the line")
    sheet.text((0, 20), "under it")
    sheet.text((0, 20), "and again")
    assert len(problems(sheet)) == 2
