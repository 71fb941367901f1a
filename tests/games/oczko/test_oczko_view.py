"""OczkoView: the limits the buttons offer and the duel's typed values."""

from __future__ import annotations

from companion.cards import Card
from companion.games.oczko.hands import Obligation
from companion.games.oczko.state import Outcome
from companion.games.oczko.view import OczkoView
from companion.ui.views import game_view
from tests.games.oczko.oczko_helpers import play, table


def _view(*lines: str, **options: str) -> OczkoView:
    view = game_view(play(table(**options), *lines))
    assert isinstance(view, OczkoView)
    return view


def test_the_limits_are_the_banks_then_the_stakes() -> None:
    opening = _view(lower_limit="2", upper_limit="20")
    assert opening.limits is not None
    assert (opening.limits.low, opening.limits.high) == (2, 20)
    staking = _view("bank 10", "card stock 8C")
    assert staking.limits is not None and staking.limits.high == 10
    assert "limits" not in staking.to_json()


def test_the_duel_holds_cards_totals_specials_and_the_obligation() -> None:
    aces = _view("bank 10", "card stock 8C", "stake 4", "card punter AS")
    assert aces.punter_cards == (Card.parse("AS"),) and aces.punter_total == 11
    assert aces.punter_special is None
    won = _view("bank 10", "card stock 8C", "stake 4", "card punter AS", "card punter AH")
    assert won.punter_cards == () and won.results[-1].outcome is Outcome.PUNTER_SPECIAL
    duel = _view(
        "bank 10",
        "card stock 8C",
        "stake 4",
        "card punter 10H",
        "stand",
        "card banker 6H",
        "card banker 9C",
    )
    assert duel.banker_cards == (Card.parse("6H"), Card.parse("9C"))
    assert duel.banker_total == 15
    assert duel.banker_obligation is Obligation.MUST_DRAW
    assert duel.to_json()["banker_obligation"] == "must_draw"
