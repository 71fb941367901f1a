"""Named screens for the golden pictures: each game and phase in each language, built by
replaying a real event script (a bundled example or a test scenario) cut after some events.

``python -m companion.tools.gallery --write tests/ui/golden`` writes every screen as
``NAME.png``; tests/ui/test_gallery.py compares them pixel for pixel. Other screens (menus)
join the list through ``NamedScreen`` values of their own.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from companion.cards import Card, Rank, Suit
from companion.games.engine import Violation
from companion.games.events import parse_event
from companion.games.people import People
from companion.games.registry import plugin
from companion.games.round_outcome import RoundOutcome
from companion.games.script import parse_script
from companion.games.session import Game, Replay, replay_script
from companion.tools.menu_samples import SAMPLES as MENU_SAMPLES
from companion.ui.canvas import Sheet
from companion.ui.goodbye import compose_goodbye
from companion.ui.screens import compose_game
from companion.ui.screens.layout import table_names
from companion.ui.screens.outcome import compose_outcome
from companion.ui.screens.unsure import PickerFocus, UnsureCard, compose_unsure
from companion.ui.screens.violation import compose_refusal, compose_violation
from companion.ui.views import game_view
from companion.values.language import Language

TESTS = Path(__file__).resolve().parents[2] / "tests"


@dataclass(frozen=True)
class NamedScreen:
    """A screen with a file name: ``compose`` draws it afresh each time."""

    name: str
    compose: Callable[[], Sheet]


@dataclass(frozen=True)
class ScriptPoint:
    """A state to draw: a script (``example:oh-hell``, ``scenario:oh-hell/revoke`` or
    ``ui:oh-hell-seven`` from tests/ui/scripts) replayed up to its first ``events`` event
    lines (all of them when None)."""

    script: str
    events: int | None = None

    def text(self) -> str:
        kind, _, name = self.script.partition(":")
        if kind == "example":
            return plugin(name).example_text()
        if kind == "scenario":
            return (TESTS / "scenarios" / f"{name}.txt").read_text("utf-8")
        if kind == "ui":
            return (TESTS / "ui" / "scripts" / f"{name}.txt").read_text("utf-8")
        raise ValueError(f"unknown script kind in {self.script!r} (example:, scenario: or ui:)")

    def replay(self) -> Replay:
        script = parse_script(self.text(), self.script)
        if self.events is not None:
            script = dataclasses.replace(script, lines=script.lines[: self.events])
        return replay_script(script, keep_going=True)

    def game(self) -> Game:
        return self.replay().game

    def last_violation(self) -> Violation:
        """The last violation flagged or event refused (refusals come after the state's)."""
        replay = self.replay()
        found = [*replay.game.state.violations, *replay.refused]
        if not found:
            raise ValueError(f"{self.script} flags no violation")
        last: Violation = found[-1]
        return last


def game_screen(
    name: str,
    point: ScriptPoint,
    language: Language,
    *,
    page: int = 0,
    chosen: int | None = None,
    people: People | None = None,
) -> NamedScreen:
    def compose() -> Sheet:
        view = game_view(point.game())
        return compose_game(view, language, page=page, chosen=chosen, people=people)

    return NamedScreen(f"{name}-{language.value}", compose)


def outcome_screen(
    name: str, point: ScriptPoint, language: Language, people: People | None = None
) -> NamedScreen:
    """The outcome of the round that ended at ``point`` (a money game's view carries it)."""

    def compose() -> Sheet:
        outcome = getattr(game_view(point.game()), "outcome", None)
        if not isinstance(outcome, RoundOutcome):
            raise ValueError(f"{point.script} after {point.events} events ends no round")
        sheet = Sheet()
        compose_outcome(sheet, outcome, language, table_names(people, language))
        return sheet

    return NamedScreen(f"{name}-{language.value}", compose)


def violation_screen(
    name: str, point: ScriptPoint, language: Language, people: People | None = None
) -> NamedScreen:
    def compose() -> Sheet:
        return compose_violation(point.last_violation(), language, people=people)

    return NamedScreen(f"{name}-{language.value}", compose)


def refusal_screen(
    name: str, point: ScriptPoint, event: str, language: Language, people: People | None = None
) -> NamedScreen:
    """The screen of ``event`` refused by the game at ``point``."""

    def compose() -> Sheet:
        parsed = parse_event(event)
        refusal = point.game().can_apply(parsed)
        if refusal is None:
            raise ValueError(f"{event!r} is accepted at {point.script}")
        seat_led = point.game().engine.seat_led_actions
        return compose_refusal(parsed, refusal, language, seat_led=seat_led, people=people)

    return NamedScreen(f"{name}-{language.value}", compose)


def unsure_screen(name: str, unsure: UnsureCard, language: Language) -> NamedScreen:
    return NamedScreen(f"{name}-{language.value}", lambda: compose_unsure(unsure, language))


def _in_every_language(
    name: str, point: ScriptPoint, *, page: int = 0, chosen: int | None = None
) -> list[NamedScreen]:
    return [game_screen(name, point, language, page=page, chosen=chosen) for language in Language]


GAME_POINTS: tuple[tuple[str, ScriptPoint, int, int | None], ...] = (
    # name, state, page, the amount the buttons reached
    ("oh-hell-trump", ScriptPoint("example:oh-hell", 0), 0, None),
    ("oh-hell-bidding", ScriptPoint("example:oh-hell", 3), 0, 1),
    ("oh-hell-hook", ScriptPoint("scenario:oh-hell/hook-offers"), 0, 2),
    ("oh-hell-trick", ScriptPoint("example:oh-hell", 17), 0, None),
    ("oh-hell-trick-won", ScriptPoint("example:oh-hell", 19), 0, None),
    ("oh-hell-last-trick", ScriptPoint("example:oh-hell", 9), 0, None),
    ("oh-hell-hand-over", ScriptPoint("example:oh-hell", 10), 0, None),
    ("oh-hell-tricks-bids", ScriptPoint("example:oh-hell", 20), 1, None),
    ("oh-hell-score-sheet", ScriptPoint("example:oh-hell"), 2, None),
    ("oh-hell-score-sheet-last", ScriptPoint("example:oh-hell"), 3, None),
    ("oh-hell-seven-trick", ScriptPoint("ui:oh-hell-seven"), 0, None),
    ("oh-hell-seven-bidding", ScriptPoint("ui:oh-hell-seven", 4), 0, 0),
    ("oh-hell-seven-tricks-bids", ScriptPoint("ui:oh-hell-seven"), 1, None),
    ("oh-hell-game-over", ScriptPoint("ui:oh-hell-game-over"), 0, None),
    ("oczko-bank", ScriptPoint("example:oczko", 0), 0, 10),
    ("oczko-stake", ScriptPoint("example:oczko", 9), 0, 3),
    ("oczko-punter", ScriptPoint("example:oczko", 5), 0, None),
    ("oczko-must-draw", ScriptPoint("example:oczko", 17), 0, None),
    ("oczko-may-not-draw", ScriptPoint("example:oczko", 18), 0, None),
    ("oczko-take-bank", ScriptPoint("example:oczko", 45), 0, None),
    ("oczko-broke-bank", ScriptPoint("scenario:oczko/any-win-breaks-bank"), 0, None),
    ("oczko-balances", ScriptPoint("example:oczko"), 1, None),
    ("ochko21-announce", ScriptPoint("example:ochko-21", 0), 0, 10),
    ("ochko21-stake", ScriptPoint("example:ochko-21", 3), 0, 5),
    ("ochko21-player", ScriptPoint("example:ochko-21", 17), 0, None),
    ("ochko21-dark", ScriptPoint("example:ochko-21", 28), 0, None),
    ("ochko21-stuk-due", ScriptPoint("example:ochko-21", 40), 0, None),
    ("ochko21-stuk-round", ScriptPoint("example:ochko-21", 42), 0, None),
    ("ochko21-take-bank", ScriptPoint("example:ochko-21", 57), 0, None),
    ("ochko21-next-bank", ScriptPoint("example:ochko-21", 61), 0, None),
    ("ochko21-balances", ScriptPoint("example:ochko-21"), 1, None),
    ("ochko-bank-betting", ScriptPoint("example:ochko-bank", 0), 0, 2),
    ("ochko-bank-play", ScriptPoint("example:ochko-bank", 11), 0, None),
    ("ochko-bank-dealer", ScriptPoint("example:ochko-bank", 14), 0, None),
    ("ochko-bank-settled", ScriptPoint("example:ochko-bank", 15), 0, None),
    ("ochko-bank-split", ScriptPoint("example:ochko-bank", 36), 0, None),
    ("ochko-bank-naturals", ScriptPoint("example:ochko-bank", 57), 0, None),
    ("ochko-bank-offered", ScriptPoint("example:ochko-bank", 70), 0, None),
    ("ochko-bank-balances", ScriptPoint("example:ochko-bank"), 1, None),
    ("gwiazda-pool", ScriptPoint("example:gwiazda", 0), 0, 20),
    ("gwiazda-stakes", ScriptPoint("example:gwiazda", 4), 0, 10),
    ("gwiazda-deal", ScriptPoint("example:gwiazda", 13), 0, None),
    ("gwiazda-restake", ScriptPoint("example:gwiazda", 15), 0, None),
    ("gwiazda-guard", ScriptPoint("example:gwiazda", 21), 0, None),
    ("gwiazda-won-lost", ScriptPoint("example:gwiazda", 30), 0, None),
    ("gwiazda-payouts", ScriptPoint("example:gwiazda", 45), 0, None),
    ("gwiazda-match", ScriptPoint("scenario:gwiazda/match-on-cover"), 0, None),
    ("gwiazda-balances", ScriptPoint("example:gwiazda"), 1, None),
    ("gwiazda-twelve-deal", ScriptPoint("ui:gwiazda-twelve"), 0, None),
    ("gwiazda-twelve-more", ScriptPoint("ui:gwiazda-twelve"), 1, None),
    ("gwiazda-twelve-balances", ScriptPoint("ui:gwiazda-twelve"), 2, None),
)


# The games played by people with names: short ones, one long, two alike (Bartek and
# Barbara), Cyrillic.
_FOUR = People.parse("Bartłomiej,Ania,Barbara,Dima")
_THREE = People.parse("Ania,Maksymilian,Олег")
_SEVEN = People.parse("Ania,Bartek,Barbara,Celina,Dima,Ewa,Franciszek")
NAMED_POINTS: tuple[tuple[str, ScriptPoint, int, int | None, People], ...] = (
    ("named-oh-hell-bidding", ScriptPoint("example:oh-hell", 3), 0, 1, _FOUR),
    ("named-oh-hell-trick", ScriptPoint("example:oh-hell", 17), 0, None, _FOUR),
    ("named-oh-hell-tricks-bids", ScriptPoint("example:oh-hell", 20), 1, None, _FOUR),
    ("named-oh-hell-score-sheet", ScriptPoint("example:oh-hell"), 2, None, _FOUR),
    ("named-oczko-punter", ScriptPoint("example:oczko", 5), 0, None, _THREE),
    ("named-ochko21-stake", ScriptPoint("example:ochko-21", 3), 0, 5, _THREE),
    ("named-ochko-bank-play", ScriptPoint("example:ochko-bank", 11), 0, None, _FOUR),
    ("named-ochko-bank-balances", ScriptPoint("example:ochko-bank"), 1, None, _FOUR),
    ("named-gwiazda-deal", ScriptPoint("example:gwiazda", 13), 0, None, _SEVEN),
)

NAMED_OUTCOMES: tuple[tuple[str, ScriptPoint, People], ...] = (
    ("named-oczko-outcome-bank-taken", ScriptPoint("example:oczko", 46), _THREE),
    ("named-ochko-bank-outcome", ScriptPoint("example:ochko-bank", 15), _FOUR),
)
NAMED_VIOLATIONS: tuple[tuple[str, ScriptPoint, People], ...] = (
    ("named-violation-revoke", ScriptPoint("scenario:oh-hell/revoke"), _FOUR),
    ("named-violation-hidden-bust", ScriptPoint("example:ochko-21", 57), _THREE),
)
NAMED_REFUSALS: tuple[tuple[str, ScriptPoint, str, People], ...] = (
    ("named-refusal-out-of-turn", ScriptPoint("example:oh-hell", 2), "bid 3 1", _FOUR),
)


OUTCOME_POINTS: tuple[tuple[str, ScriptPoint], ...] = (
    ("oczko-outcome", ScriptPoint("example:oczko", 45)),
    ("oczko-outcome-unshown", ScriptPoint("example:oczko", 13)),
    ("ochko21-outcome", ScriptPoint("example:ochko-21", 29)),
    ("ochko-bank-outcome", ScriptPoint("example:ochko-bank", 15)),
    ("gwiazda-outcome", ScriptPoint("example:gwiazda", 45)),
    ("oczko-outcome-bank-taken", ScriptPoint("example:oczko", 46)),
    ("ochko21-outcome-bank-broken", ScriptPoint("example:ochko-21", 71)),
    ("ochko-bank-outcome-round-2", ScriptPoint("example:ochko-bank", 42)),
)
VIOLATION_POINTS: tuple[tuple[str, ScriptPoint], ...] = (
    ("violation-revoke", ScriptPoint("scenario:oh-hell/revoke")),
    ("violation-duplicate", ScriptPoint("scenario:oh-hell/duplicate-card")),
    ("violation-refused", ScriptPoint("scenario:ochko-21/keep-going")),
    ("violation-hidden-bust", ScriptPoint("example:ochko-21", 57)),
)
REFUSALS: tuple[tuple[str, ScriptPoint, str], ...] = (
    ("refusal-hook", ScriptPoint("scenario:oh-hell/hook-offers"), "bid 0 1"),
    ("refusal-out-of-turn", ScriptPoint("example:oh-hell", 2), "bid 3 1"),
)
_QUEEN_OF_HEARTS = Card.parse("QH")
UNSURE: tuple[tuple[str, UnsureCard], ...] = (
    ("unsure-accept", UnsureCard.of("trick", _QUEEN_OF_HEARTS, 0.62)),
    (
        "unsure-rank",
        UnsureCard("trick", _QUEEN_OF_HEARTS, 0.62, Rank.KING, Suit.HEARTS, PickerFocus.RANK),
    ),
    (
        "unsure-suit",
        UnsureCard("trick", _QUEEN_OF_HEARTS, 0.62, Rank.KING, Suit.DIAMONDS, PickerFocus.SUIT),
    ),
)


def screens() -> tuple[NamedScreen, ...]:
    found: list[NamedScreen] = []
    for name, point, page, chosen in GAME_POINTS:
        found.extend(_in_every_language(name, point, page=page, chosen=chosen))
    for language in Language:
        for name, point, page, chosen, people in NAMED_POINTS:
            found.append(
                game_screen(name, point, language, page=page, chosen=chosen, people=people)
            )
        for name, point, people in NAMED_OUTCOMES:
            found.append(outcome_screen(name, point, language, people))
        for name, point, people in NAMED_VIOLATIONS:
            found.append(violation_screen(name, point, language, people))
        for name, point, event, people in NAMED_REFUSALS:
            found.append(refusal_screen(name, point, event, language, people))
        found.extend(outcome_screen(name, point, language) for name, point in OUTCOME_POINTS)
        found.extend(violation_screen(name, point, language) for name, point in VIOLATION_POINTS)
        found.extend(
            refusal_screen(name, point, event, language) for name, point, event in REFUSALS
        )
        found.extend(unsure_screen(name, unsure, language) for name, unsure in UNSURE)
        found.extend(
            NamedScreen(f"{sample.name}-{language.value}", partial(sample.compose, language))
            for sample in MENU_SAMPLES
        )
        found.append(NamedScreen(f"goodbye-{language.value}", partial(compose_goodbye, language)))
    return tuple(found)


def write(folder: Path, *, scale: int = 1) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for screen in screens():
        image = screen.compose().image
        if scale != 1:
            image = image.resize((image.width * scale, image.height * scale), resample=0)
        path = folder / f"{screen.name}.png"
        image.save(path)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.gallery",
        description="Write every named screen as NAME.png (the golden pictures).",
    )
    parser.add_argument("--write", required=True, type=Path, help="the folder to write into")
    parser.add_argument(
        "--scale", type=int, default=1, help="enlarge each pixel this many times (to look at)"
    )
    args = parser.parse_args(argv)
    if args.scale < 1:
        parser.error(f"--scale {args.scale}: give a whole number from 1")
    written = write(args.write, scale=args.scale)
    print(f"{len(written)} screens written to {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
