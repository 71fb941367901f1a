"""Random lawful games of every game, read screen by screen: after each event every page
of the game's screen, the amount being chosen, and the round's outcome (when the box
shows one) are drawn, and the game's reader checks every number on them against the
engine. The Polish and Russian screens must show the same numbers as the English."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.games.events import Event
from companion.games.registry import make_engine
from companion.games.round_outcome import RoundOutcome
from companion.games.session import Game
from companion.ui.canvas import Sheet
from companion.ui.screens import compose_game, page_count
from companion.ui.screens.outcome import compose_outcome
from companion.ui.transcript import lines
from companion.ui.views import game_view
from companion.values.language import Language
from tests.ui.oracle.reading import Screen, Tally

OTHER_LANGUAGES = (Language.PL, Language.RU)
# the numbers of a line: amounts, totals, seats (P1, G1, И1); not the cards' ranks (a
# long hand shows as many of its last cards as the language's words leave room for)
_NUMBERS = re.compile(r"(?<!\d)\d+½?(?![\d½♠♥♦♣])|(?<!\d)½")


class Watcher(Protocol):
    """A game's reader: it follows the game event by event (``seen``) and reads a screen
    (``read``); ``kind`` is "page N", "chosen N" or "outcome"."""

    def seen(self, before: Any, event: Event, game: Game) -> None: ...

    def read(self, screen: Screen, kind: str, game: Game) -> None: ...


@dataclass(frozen=True)
class GamePlan:
    """How to play a game at random: its option sets, the next lawful event (None: the
    game cannot go on), and its reader."""

    options: Sequence[dict[str, str]]
    next_event: Callable[[Game, random.Random], Event | None]
    watcher: Callable[[Game], Watcher]


def _sheets(game: Game, language: Language) -> list[tuple[str, Sheet]]:
    view = game_view(game)
    found = [
        (f"page {page}", compose_game(view, language, page=page))
        for page in range(page_count(view))
    ]
    amounts = [offer for offer in game.offers() if offer.amount is not None]
    if len(amounts) == 1:
        assert amounts[0].amount is not None
        chosen = amounts[0].amount.values()[-1]
        found.append((f"chosen {chosen}", compose_game(view, language, page=0, chosen=chosen)))
    outcome = getattr(view, "outcome", None)
    if isinstance(outcome, RoundOutcome):
        sheet = Sheet()
        compose_outcome(sheet, outcome, language)
        found.append(("outcome", sheet))
    return found


def _numbers(sheet: Sheet) -> Counter[str]:
    return Counter(_NUMBERS.findall(" ".join(lines(sheet.marks))))


def play(game_id: str, plan: GamePlan, seed: int, steps: int, *, languages: bool) -> Tally:
    """One random game of ``steps`` events at most, every screen read after each."""
    rng = random.Random(seed)
    options = plan.options[rng.randrange(len(plan.options))]
    game = Game(make_engine(game_id, dict(options)))
    watcher = plan.watcher(game)
    tally = Tally()
    for step in range(steps + 1):
        english = _sheets(game, Language.EN)
        for kind, sheet in english:
            where = f"{game_id} {options} seed {seed} event {step} {kind}"
            screen = Screen(sheet.marks, where, tally)
            try:
                watcher.read(screen, kind, game)
            except (IndexError, KeyError, StopIteration, ValueError) as error:
                # a line naming a seat or a hand the table does not have, say
                screen.wrong(f"the screen cannot be read: {type(error).__name__} {error}")
            screen.finish()
        if languages:
            for language in OTHER_LANGUAGES:
                for (kind, sheet), (_, other) in zip(english, _sheets(game, language), strict=True):
                    if _numbers(other) != _numbers(sheet):
                        tally.mismatches.append(
                            f"{game_id} seed {seed} event {step} {kind} {language.value}: "
                            f"numbers {sorted(_numbers(other).elements())} where English "
                            f"shows {sorted(_numbers(sheet).elements())}"
                        )
        if step == steps:
            break
        event = plan.next_event(game, rng)
        if event is None:
            break
        before = game.state
        game.apply(event)
        watcher.seen(before, event, game)
    return tally
