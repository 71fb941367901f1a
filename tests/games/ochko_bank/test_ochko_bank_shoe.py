"""The two-deck pack: copies since the shuffle, the marker card, reshuffles, warnings."""

from __future__ import annotations

import pytest

from companion.cards import FRENCH52
from companion.games.errors import MisreadCard, OutOfTurn
from companion.games.events import parse_event
from companion.games.ochko_bank.shoe import cards_left, check_can_deal, note_dealt
from tests.games.ochko_bank.ochko_bank_helpers import play, state_of, table

DEAL = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 10S\ncard seat1 6S\ncard seat2 9H\n"


def test_a_card_may_appear_twice_but_a_third_copy_is_a_misread() -> None:
    game = play(table(), DEAL + "card seat2 10S")
    with pytest.raises(MisreadCard, match="10S has already been seen 2 times"):
        game.apply(parse_event("card seat1 10S"))


def test_copies_are_counted_across_rounds_until_the_shuffle() -> None:
    round_one = DEAL + "card seat2 9C\nstand 1\nstand 2\ncard dealer 9D\ncard dealer 2C\n"
    game = play(table(), round_one + "bet 1 2\ncard seat1 9H")
    with pytest.raises(MisreadCard):
        game.apply(parse_event("card seat1 9H"))
    play(table(), round_one + "bet 1 2\nreshuffle\ncard seat1 9H\ncard seat1 9H")


def test_the_shoe_counts_cards_seen_and_left() -> None:
    game = play(table(), DEAL)
    assert game.to_json()["shoe"]["seen"] == 4
    assert game.to_json()["shoe"]["left"] == 100
    assert game.to_json()["reshuffle_soon"] is False
    assert play(table(reshuffle_warning=101), DEAL).to_json()["reshuffle_soon"] is True


def test_at_the_marker_dealing_stops_until_the_reshuffle() -> None:
    game = play(table(), DEAL + "clear marker")
    assert game.to_json()["reshuffle_soon"] is True
    with pytest.raises(OutOfTurn, match="marker card"):
        game.apply(parse_event("card seat2 7C"))
    play(game, "reshuffle")
    shoe = game.to_json()["shoe"]
    assert (shoe["seen"], shoe["shuffles"], shoe["marker_reached"]) == (4, 1, False)
    play(game, "card seat2 7C")
    assert game.to_json()["phase"] == "play"


def test_the_cards_in_play_stay_out_of_a_reshuffle_at_the_marker() -> None:
    game = play(table(), DEAL + "card seat2 9H\nmarker\nreshuffle")
    with pytest.raises(MisreadCard):
        game.apply(parse_event("card seat1 9H"))


def test_mid_round_the_dealer_reshuffles_only_at_the_marker() -> None:
    game = play(table(), DEAL)
    with pytest.raises(OutOfTurn, match="marker is still covered"):
        game.apply(parse_event("reshuffle"))


def test_before_a_deal_the_dealer_may_gather_and_reshuffle_everything() -> None:
    game = play(table(), DEAL + "card seat2 9C\nstand 1\nstand 2\ncard dealer 9D\ncard dealer 2C")
    play(game, "reshuffle")
    assert game.to_json()["shoe"]["seen"] == 0
    assert state_of(game).shoe.shuffles == 1


def test_the_pack_reaches_its_marker_after_104_cards() -> None:
    state = state_of(table())
    pack = [card for card in FRENCH52.distinct_cards for _ in range(2)]
    for card in pack[:-1]:
        note_dealt(state, card)
    assert cards_left(state) == 1
    assert not state.shoe.marker_reached
    note_dealt(state, pack[-1])
    assert state.shoe.marker_reached
    with pytest.raises(OutOfTurn, match="marker card"):
        check_can_deal(state, pack[0])
