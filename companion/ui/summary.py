"""A game summed up for the player in a few words ("Oh Hell, hand 2/10"): which game,
how far it got, whether it is over. Read from the game's view (its hand, round or deal,
whichever it has), so no game is named here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.session import Game
from companion.ui.views import NoView, game_view
from companion.values.language import Language
from companion.words import say
from companion.words.labels import game_name

OVER_PHASE = "over"


@dataclass(frozen=True)
class GameSummary:
    """``journal_id``: the game's number in the journal (None: not journaled);
    ``progress``: how far it got, as (what, number, out of) from its view, e.g.
    ("hand", 2, 10), ("round", 4, None); None when the view says neither."""

    game: str
    events: int
    over: bool
    progress: tuple[str, int, int | None] | None = None
    journal_id: int | None = None

    @property
    def unfinished(self) -> bool:
        """Played some way, and not over: what a new game would replace."""
        return self.events > 0 and not self.over


def summarise(game: Game, journal_id: int | None = None) -> GameSummary:
    try:
        state = game_view(game).to_json()
    except NoView:
        state = {}
    over = state.get("phase") == OVER_PHASE and not game.offers()
    return GameSummary(game.engine.game_id, len(game.events), over, _progress(state), journal_id)


def _progress(state: dict[str, Any]) -> tuple[str, int, int | None] | None:
    for what, out_of in (("hand", "hands"), ("round", "rounds"), ("deal", None)):
        number = state.get(what)
        if isinstance(number, int):
            total = state.get(out_of) if out_of else None
            return what, number, total if isinstance(total, int) else None
    return None


def summary_text(summary: GameSummary, language: Language) -> str:
    """ "Oh Hell · hand 2/10", "Oczko · round 3/4", "Gwiazda · 12 events"."""
    return f"{game_name(summary.game, language)} · {progress_text(summary, language)}"


def progress_text(summary: GameSummary, language: Language) -> str:
    """How far the game got: "hand 2/10", "round 4", "12 events"."""
    if summary.progress is None:
        return say("progress.events", language, count=summary.events)
    what, number, total = summary.progress
    if total is None:
        return say(f"progress.{what}", language, number=number)
    return say(f"progress.{what}-of", language, number=number, total=total)
