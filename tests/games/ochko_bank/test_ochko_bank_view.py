"""OchkoBankView: the dealer's duty, soft totals, bet limits; the JSON as before."""

from __future__ import annotations

from companion.games.ochko_bank.state import HandStatus
from companion.games.ochko_bank.view import DealerDuty, OchkoBankView
from companion.ui.views import game_view
from tests.games.ochko_bank.ochko_bank_helpers import play, table

ROUND = """
bet 1 4
bet 2 2
card dealer 9S
card seat1 AS
card seat1 KH
card seat2 AH
card seat2 6S
"""


def _view(text: str, **options: object) -> OchkoBankView:
    view = game_view(play(table(**options), text))
    assert isinstance(view, OchkoBankView)
    return view


def test_a_soft_hand_keeps_both_values_and_the_json_its_flag() -> None:
    view = _view(ROUND, players=3)
    hand = view.seats[2].hands[0]
    assert (hand.total.value, hand.total.soft) == (17, True)
    assert view.seats[1].hands[0].status is HandStatus.NATURAL
    seat = view.to_json()["seats"][2]
    assert seat["total"] == "soft 17" and seat["hands"]["a"]["soft"] is True


def test_the_dealers_duty_and_the_bet_limits() -> None:
    betting = _view("", players=3, min_bet=2, max_bet=20)
    assert (betting.bet_limits.low, betting.bet_limits.high) == (2, 20)
    assert betting.duty is None
    dealer = _view(ROUND + "stand 2\ncard dealer 7C", players=3)
    assert dealer.duty is DealerDuty.MUST_DRAW
    assert dealer.to_json()["obligation"] == dealer.obligation
