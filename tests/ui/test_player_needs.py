"""What a player needs on each game's screen, phase by phase, and a test that the view
carries it and the screen shows it, in every state of the bundled examples.

``NEEDS`` is the table: for each game and phase, what someone at the table must be able
to read there (whose turn, the amount due, the totals, the round's outcome, the bank, the
balances one press away). Each need has a check that looks at the view and at the texts
drawn on the table's screen (page 0), the balances page or the outcome screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pytest

from companion.games.registry import make_engine
from companion.games.round_outcome import RoundOutcome
from companion.games.script import parse_script
from companion.games.session import Game
from companion.ui.canvas import Sheet
from companion.ui.screens import compose_game, page_count
from companion.ui.screens.layout import amount, seat
from companion.ui.screens.outcome import compose_outcome
from companion.ui.views import game_view
from companion.values.language import Language
from tests.examples import example_scripts

LANGUAGE = Language.EN
NO_TOTAL = "–"  # a hand with no card yet
BANK_WORDS = ("Bank ", "Banker ", "In the bank ", "Total ")  # how the title bar names the bank


class Need(Enum):
    TURN = "whose turn"
    AMOUNT_DUE = "the amount due"
    TOTALS = "the totals"
    OUTCOME = "the round's outcome"
    BANK = "the bank"
    BALANCES = "the balances one press away"


NEEDS: dict[str, dict[str, frozenset[Need]]] = {
    "oh-hell": {
        "trump": frozenset({Need.TURN, Need.TOTALS}),  # the dealer; the hand just scored
        "bidding": frozenset({Need.TURN, Need.AMOUNT_DUE, Need.TOTALS}),
        "play": frozenset({Need.TURN, Need.TOTALS}),
        "over": frozenset({Need.TOTALS}),
    },
    "oczko": {
        "bank": frozenset({Need.TURN, Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "stake": frozenset({Need.TURN, Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "punter": frozenset({Need.TURN, Need.TOTALS, Need.BANK, Need.BALANCES}),
        "banker": frozenset({Need.TURN, Need.TOTALS, Need.BANK, Need.BALANCES}),
        "take-bank": frozenset({Need.BANK, Need.BALANCES}),
    },
    "ochko-21": {
        "announce-bank": frozenset({Need.TURN, Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "stake": frozenset({Need.TURN, Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "player-draws": frozenset({Need.TURN, Need.TOTALS, Need.BANK, Need.BALANCES}),
        "banker-draws": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "stuk": frozenset({Need.BANK, Need.BALANCES}),
        "take-bank": frozenset({Need.BANK, Need.BALANCES}),
    },
    "ochko-bank": {
        "betting": frozenset({Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "deal": frozenset({Need.BANK, Need.BALANCES}),
        "naturals": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "play": frozenset({Need.TURN, Need.TOTALS, Need.BANK, Need.BALANCES}),
        "dealer": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "settled": frozenset({Need.OUTCOME, Need.BANK, Need.BALANCES}),
    },
    "gwiazda": {
        "pool": frozenset({Need.AMOUNT_DUE, Need.BANK, Need.BALANCES}),
        "stakes": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "deal": frozenset({Need.BANK, Need.BALANCES}),
        "restake": frozenset({Need.BANK, Need.BALANCES}),
        "cover": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "guard": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "won-lost": frozenset({Need.TOTALS, Need.BANK, Need.BALANCES}),
        "over": frozenset({Need.OUTCOME, Need.BANK, Need.BALANCES}),
    },
}


@dataclass(frozen=True)
class Screens:
    """The texts a state's screens draw: the table (page 0, with the amount the buttons
    start at), every page, and the outcome screen when the view has an outcome."""

    table: list[str]
    pages: list[list[str]]
    outcome: list[str]


def _texts(sheet: Sheet) -> list[str]:
    return [mark.drawn for mark in sheet.marks]


def _screens(game: Game) -> Screens:
    view = game_view(game)
    chosen = next((o.amount.low for o in game.offers() if o.amount is not None), None)
    table = _texts(compose_game(view, LANGUAGE, page=0, chosen=chosen))
    pages = [_texts(compose_game(view, LANGUAGE, page=p)) for p in range(page_count(view))]
    outcome: list[str] = []
    found = getattr(view, "outcome", None)
    if isinstance(found, RoundOutcome):
        sheet = Sheet()
        compose_outcome(sheet, found, LANGUAGE)
        outcome = _texts(sheet)
    return Screens(table, pages, outcome)


# Phases where the one to act is the banker (he names the bank) or the dealer (he turns
# up the trump).
BANKER_ACTS = frozenset({"bank", "announce-bank"})


def _turn_seat(view: Any) -> int | None:
    """The seat the table waits for: the one to bid, stake or draw; the taker of a
    finished trick (he leads next); the banker naming his bank; the dealer."""
    phase = view.phase.value
    if phase in BANKER_ACTS:
        return int(view.banker)
    if phase == "trump":
        return int(view.dealer)
    for name in ("turn", "punter", "bidder", "to_play", "trick_winner", "next"):
        value = getattr(view, name, None)
        if isinstance(value, int):
            return value
    return None


def _has(texts: list[str], word: str) -> bool:
    return any(word in text for text in texts)


def _totals(view: Any) -> list[str]:
    """The totals the phase is about, as the screen writes them."""
    game = type(view).__name__
    if game == "OhHellView":
        phase = view.phase.value
        if phase == "over":
            return [f"{seat(s.seat, LANGUAGE)} {s.score}" for s in view.seats]
        if phase == "trump":
            # The hand just scored: each seat's tricks against its bid (none before hand 1).
            last = view.score_sheet[-1] if view.score_sheet else None
            return (
                []
                if last is None
                else [f"{t}/{b}" for t, b in zip(last.tricks, last.bids, strict=True)]
            )
        if phase == "bidding":
            return [f"Σ {view.bids_total}"]
        return [f"{s.tricks}/{'·' if s.bid is None else s.bid}" for s in view.seats]
    if game == "OczkoView":
        total = view.punter_total if view.phase.value == "punter" else view.banker_total
        return [NO_TOTAL if total is None else str(total)]
    if game == "Ochko21View":
        drawing = view.phase.value == "player-draws"
        total = view.player_total if drawing else view.banker_total
        return [NO_TOTAL if total is None else str(total)]
    if game == "OchkoBankView":
        total = view.dealer.total
        return [str(total.value)] if view.dealer.cards else []
    if game == "GwiazdaView":
        return [str(view.stakes_total)]
    raise AssertionError(f"no totals known for {game}")


def _amount_due(view: Any, game: Game) -> list[str]:
    offers = [offer for offer in game.offers() if offer.amount is not None]
    if type(view).__name__ == "OhHellView":
        return [] if view.bidder is None else [f"{seat(view.bidder, LANGUAGE)}:"]
    if not offers:
        return []
    choice = offers[0].amount
    assert choice is not None
    return [str(choice.low), str(choice.high)]


def problems(game: Game, needs: frozenset[Need]) -> list[str]:
    view = game_view(game)
    phase = view.phase.value  # type: ignore[attr-defined]
    shown = _screens(game)
    found: list[str] = []
    checks: dict[Need, Callable[[], bool]] = {
        Need.TURN: lambda: (
            (turn := _turn_seat(view)) is not None and _has(shown.table, seat(turn, LANGUAGE))
        ),
        Need.AMOUNT_DUE: lambda: all(_has(shown.table, w) for w in _amount_due(view, game)),
        Need.TOTALS: lambda: all(_has(shown.table, w) for w in _totals(view)),
        Need.OUTCOME: lambda: (
            bool(shown.outcome)
            and all(
                _has(shown.outcome, seat(result.seat, LANGUAGE))
                for result in view.outcome.seats  # type: ignore[attr-defined]
            )
        ),
        Need.BANK: lambda: any(
            text.startswith(BANK_WORDS) and amount(abs(view.bank)) in text  # type: ignore[attr-defined]
            for text in shown.table
        ),
        Need.BALANCES: lambda: any(
            all(_has(page, seat(s.seat, LANGUAGE)) for s in view.seats)  # type: ignore[attr-defined]
            and _has(page, "Balances")
            for page in shown.pages[1:2]
        ),
    }
    for need in sorted(needs, key=lambda n: n.value):
        if not checks[need]():
            found.append(f"{phase}: {need.value} missing")
    return found


def _states(name: str) -> Iterator[tuple[int, Game]]:
    text = dict(example_scripts())[f"{name}.txt"]
    script = parse_script(text, name)
    game = Game(make_engine(script.game, script.options))
    yield 0, game
    for line in script.lines:
        game.apply(line.event, line.number)
        yield line.number, game


@pytest.mark.parametrize("name", sorted(NEEDS))
def test_every_phase_shows_what_a_player_needs(name: str) -> None:
    failures: list[str] = []
    phases_seen: set[str] = set()
    for number, game in _states(name):
        phase = game_view(game).phase.value  # type: ignore[attr-defined]
        phases_seen.add(phase)
        needs = NEEDS[name].get(phase, frozenset())
        failures.extend(f"line {number}: {p}" for p in problems(game, needs))
    assert failures == []
    assert phases_seen <= set(NEEDS[name]), "a phase without a row in the table"


def test_a_missing_need_is_found() -> None:
    # The Oh Hell table while bidding, checked as if it had to show a bank: it has none.
    _, game = next((n, g) for n, g in _states("oh-hell") if n >= 3)
    needs = NEEDS["oh-hell"]["bidding"] | {Need.BALANCES}
    assert problems(game, needs) == ["bidding: the balances one press away missing"]
