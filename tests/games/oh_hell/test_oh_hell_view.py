"""OhHellView: typed values for the screens, the same JSON for ``--json``."""

from __future__ import annotations

from companion.cards import Card, Suit
from companion.games.oh_hell.state import Phase
from companion.games.oh_hell.view import OhHellView
from companion.ui.views import game_view
from tests.games.oh_hell.oh_hell_helpers import play, table


def _view(options: dict[str, object], text: str) -> OhHellView:
    view = game_view(play(table(**options), text))
    assert isinstance(view, OhHellView)
    return view


def test_cards_and_suits_are_typed_and_print_as_before() -> None:
    view = _view({"players": 4}, "card trump 9H")
    assert view.trump == Card.parse("9H") and view.trump_suit is Suit.HEARTS
    assert view.phase is Phase.BIDDING
    assert view.to_json()["trump"] == "9H" and view.to_json()["trump_suit"] == "H"


def test_the_seat_winning_an_unfinished_trick_follows_trumps() -> None:
    view = _view(
        {"players": 4, "hand": 3},
        "card trump 9H\nbid 1 0\nbid 2 0\nbid 3 0\nbid 0 0\ncard trick KS\ncard trick AS",
    )
    assert [played.seat for played in view.trick] == [1, 2]
    assert view.winning == 2 and view.trick_winner is None
    ruffed = _view(
        {"players": 4, "hand": 3},
        "card trump 9H\nbid 1 0\nbid 2 0\nbid 3 0\nbid 0 0\ncard trick KS\ncard trick AS\n"
        "card trick 2H",
    )
    assert ruffed.winning == 3
    assert "winning" not in ruffed.to_json()


def test_hidden_simultaneous_bids_stay_hidden_in_the_view() -> None:
    view = _view({"players": 4, "simultaneous_bids": True}, "card trump 9H")
    assert view.simultaneous_bids
    assert [place.bid for place in view.seats] == [None] * 4 and view.bids_total is None


def test_without_the_hook_nothing_is_forbidden() -> None:
    view = _view({"players": 4, "hand": 3}, "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 1")
    assert view.bidder == 0 and view.forbidden_bid is None
