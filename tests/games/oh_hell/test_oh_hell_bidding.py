"""Bids: in turn, within the hand size, the hook, simultaneous bids, the offers."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn, UnknownAction
from companion.games.events import Action
from tests.games.oh_hell.oh_hell_helpers import as_json, bid, play, state_of, table


def bidding_table(**options: object) -> object:
    return play(table(hand=3, **options), "card trump 9H")


def test_the_player_left_of_the_dealer_bids_first_and_the_dealer_last() -> None:
    game = play(table(hand=3, dealer=2), "card trump 9H")
    assert as_json(game)["bidder"] == 3
    play(game, "bid 3 1\nbid 0 0\nbid 1 2")
    assert as_json(game)["bidder"] == 2
    play(game, "bid 2 3")
    assert as_json(game)["phase"] == "play"
    assert as_json(game)["to_play"] == 3


def test_a_bid_out_of_turn_is_refused() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(OutOfTurn, match="seat 2 cannot bid now: it is seat 1's turn to bid"):
        game.apply(bid(2, 1))


def test_a_bid_above_the_hand_size_is_refused() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(IllegalEvent, match="seat 1 cannot bid 4: the hand has 3 cards"):
        game.apply(bid(1, 4))
    with pytest.raises(IllegalEvent, match="seat 1 cannot bid -1"):
        game.apply(bid(1, -1))


def test_bids_from_zero_to_the_hand_size_are_accepted() -> None:
    game = play(table(hand=3), "card trump 9H\nbid 1 0\nbid 2 3\nbid 3 1\nbid 0 3")
    assert [seat["bid"] for seat in as_json(game)["seats"]] == [3, 0, 3, 1]
    assert as_json(game)["bids_total"] == 7


def test_bids_wait_for_the_trump_card() -> None:
    game = table(hand=3)
    with pytest.raises(OutOfTurn, match="the trump card is not turned up"):
        game.apply(bid(1, 1))


def test_nobody_bids_twice() -> None:
    game = play(table(hand=3, simultaneous_bids=True), "card trump 9H\nbid 2 1")
    with pytest.raises(OutOfTurn, match="seat 2 has already bid"):
        game.apply(bid(2, 0))


def test_bad_bid_arguments_are_refused() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(UnknownAction, match='expected "bid SEAT TRICKS"'):
        game.apply(Action("bid", ("1",)))
    with pytest.raises(UnknownAction, match="there is no seat 4"):
        game.apply(bid(4, 1))
    with pytest.raises(UnknownAction, match='"x" is not a whole number'):
        game.apply(Action("bid", ("1", "x")))


def test_the_hook_forbids_the_dealers_bid_that_makes_the_total() -> None:
    game = play(table(hand=3, hook=True), "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 1")
    (offer,) = game.offers()
    assert offer.args == ("0",)
    assert offer.amount is not None and offer.amount.values() == (0, 2, 3)
    with pytest.raises(IllegalEvent, match="with the hook the bids may not add up to 3"):
        game.apply(bid(0, 1))
    game.apply(bid(0, 2))
    assert as_json(game)["phase"] == "play"


def test_without_the_hook_the_total_may_equal_the_tricks() -> None:
    game = play(table(hand=3), "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 1")
    (offer,) = game.offers()
    assert offer.amount is not None and offer.amount.values() == (0, 1, 2, 3)
    game.apply(bid(0, 1))
    assert as_json(game)["bids_total"] == 3


def test_the_hook_binds_only_the_last_bidder() -> None:
    game = play(table(hand=3, hook=True), "card trump 9H")
    (offer,) = game.offers()
    assert offer.amount is not None and offer.amount.excluded == ()
    play(game, "bid 1 3\nbid 2 3\nbid 3 3")
    (offer,) = game.offers()
    assert offer.amount is not None and offer.amount.excluded == ()


def test_simultaneous_bids_all_at_once() -> None:
    game = play(table(hand=3, dealer=0, simultaneous_bids=True), "card trump 9H\nbids 2 1 0 1")
    assert [seat["bid"] for seat in as_json(game)["seats"]] == [2, 1, 0, 1]
    assert as_json(game)["phase"] == "play"
    assert as_json(game)["to_play"] == 1


def test_simultaneous_bids_seat_by_seat_in_any_order_stay_hidden() -> None:
    game = play(table(hand=3, simultaneous_bids=True), "card trump 9H\nbid 3 1\nbid 0 2")
    data = as_json(game)
    assert data["bidder"] is None
    assert data["bids_entered"] == 2
    assert [seat["bid"] for seat in data["seats"]] == [None] * 4
    assert [offer.args for offer in game.offers()] == [("1",), ("2",)]
    play(game, "bid 2 0\nbid 1 1")
    assert [seat["bid"] for seat in as_json(game)["seats"]] == [2, 1, 0, 1]


def test_simultaneous_bids_are_checked_one_by_one() -> None:
    game = play(table(hand=3, simultaneous_bids=True), "card trump 9H")
    with pytest.raises(IllegalEvent, match="seat 2 cannot bid 5: the hand has 3 cards"):
        game.apply(Action("bids", ("1", "1", "5", "0")))
    with pytest.raises(UnknownAction, match='expected "bids B0 B1 B2 B3"'):
        game.apply(Action("bids", ("1", "1")))
    play(game, "bid 1 1")
    with pytest.raises(OutOfTurn, match="seat 1 has already bid"):
        game.apply(Action("bids", ("1", "1", "1", "0")))


def test_nobody_may_pass() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(UnknownAction, match='oh-hell has no action "pass"'):
        game.apply(Action("pass", ("1",)))


def test_bids_at_once_need_the_option() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(IllegalEvent, match="needs simultaneous_bids=on"):
        game.apply(Action("bids", ("1", "1", "1", "0")))


def test_bids_after_bidding_are_refused() -> None:
    game = play(table(hand=1), "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 1\nbid 0 0")
    with pytest.raises(OutOfTurn, match="the bids are in"):
        game.apply(bid(1, 0))
    assert state_of(game).bids == [0, 1, 0, 1]
