"""The game screens the layout tests look at: every state of the bundled examples (after
each event) and of the widest tables, the final state of every scenario, on every page,
with no amount and with the largest amount the buttons may reach."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from companion.games.registry import make_engine
from companion.games.script import ScriptError, parse_script
from companion.games.session import Game, replay_script
from companion.ui.canvas import Sheet
from companion.ui.screens import compose_game, page_count
from companion.ui.views import game_view
from companion.values.language import Language
from tests.examples import example_scripts

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE.parent / "scenarios").glob("*/*.txt"))
# The widest tables: seven at Oh Hell, twelve at Gwiazda.
WIDE_TABLES = sorted((HERE / "scripts").glob("*.txt"))


def example_games() -> Iterator[tuple[str, Game]]:
    """Each state of each example, in turn (the same ``Game`` moved on: draw it at once)."""
    wide = [(path.name, path.read_text("utf-8")) for path in WIDE_TABLES]
    for name, text in [*example_scripts(), *wide]:
        script = parse_script(text, name)
        game = Game(make_engine(script.game, script.options))
        yield f"{name}@0", game
        for line in script.lines:
            game.apply(line.event, line.number)
            yield f"{name}@{line.number}", game


def scenario_games() -> Iterator[tuple[str, Game]]:
    for path in SCENARIOS:
        try:
            replay = replay_script(
                parse_script(path.read_text("utf-8"), path.name), keep_going=True
            )
        except ScriptError:
            continue  # a scenario of a malformed script has no state to draw
        yield f"{path.parent.name}/{path.name}", replay.game


def amounts(game: Game) -> list[int | None]:
    """No amount, and the largest any offer lets the buttons reach."""
    highs = [offer.amount.high for offer in game.offers() if offer.amount is not None]
    return [None, *highs[:1]]


def every_game_sheet(language: Language) -> Iterator[tuple[str, Sheet]]:
    for games in (example_games(), scenario_games()):
        for where, game in games:
            view = game_view(game)
            for page in range(page_count(view)):
                for chosen in amounts(game) if page == 0 else [None]:
                    sheet = compose_game(view, language, page=page, chosen=chosen)
                    yield f"{where} page {page} amount {chosen}", sheet
