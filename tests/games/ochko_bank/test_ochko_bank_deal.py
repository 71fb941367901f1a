"""Bets, the deal, the peek and the naturals."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.events import parse_event
from tests.games.ochko_bank.ochko_bank_helpers import balances, hand_status, play, state_of, table

DEAL_9_UP = """
bet 1 4
bet 2 2
card dealer 9S
card seat1 AS
card seat1 KH
card seat2 10H
card seat2 6S
"""


def test_bets_outside_the_table_limits_are_refused() -> None:
    game = table(min_bet=2, max_bet=5)
    for amount in ("1", "6"):
        with pytest.raises(IllegalEvent, match=r"limits are 2\.\.5"):
            game.apply(parse_event(f"bet 1 {amount}"))
    play(game, "bet 1 5")
    assert state_of(game).seats[1].bet == 5


def test_the_dealer_does_not_bet() -> None:
    with pytest.raises(IllegalEvent, match="seat 0 is the dealer"):
        table().apply(parse_event("bet 0 3"))


def test_a_bet_can_be_changed_or_taken_off_before_the_deal() -> None:
    game = play(table(), "bet 1 3\nbet 1 0\nbet 2 4")
    assert not state_of(game).seats[1].playing
    with pytest.raises(IllegalEvent, match="seat 1 has no bet"):
        game.apply(parse_event("card seat1 5H"))


def test_no_card_before_a_bet() -> None:
    with pytest.raises(OutOfTurn, match="no bets yet"):
        table().apply(parse_event("card dealer 9S"))


def test_no_bet_once_the_deal_has_begun() -> None:
    game = play(table(), "bet 1 3\ncard seat1 5H")
    with pytest.raises(OutOfTurn, match="before the deal"):
        game.apply(parse_event("bet 2 3"))


def test_a_natural_is_paid_3_to_2_at_once_when_the_dealer_cannot_have_one() -> None:
    game = play(table(), DEAL_9_UP)
    assert game.to_json()["phase"] == "play"
    assert balances(game) == [-6, 6, 0]
    assert hand_status(game, 1) == "natural"
    assert game.to_json()["turn"] == 2


@pytest.mark.parametrize(("rounding", "paid"), [("none", 4.5), ("down", 4), ("up", 5)])
def test_a_natural_on_an_odd_bet_pays_half_chips_or_rounds(rounding: str, paid: float) -> None:
    game = play(
        table(round_payout=rounding), "bet 1 3\ncard dealer 5S\ncard seat1 AS\ncard seat1 QH"
    )
    assert balances(game)[:2] == [-paid, paid]


def test_an_ace_up_waits_for_the_peek_before_paying_naturals() -> None:
    game = play(table(), DEAL_9_UP.replace("9S", "AD"))
    assert game.to_json()["phase"] == "naturals"
    assert balances(game) == [0, 0, 0]
    play(game, "peek")
    assert game.to_json()["phase"] == "play"
    assert balances(game) == [-6, 6, 0]


def test_the_dealer_may_not_peek_on_a_low_up_card() -> None:
    game = play(table(), "bet 1 2\ncard dealer 9S\ncard seat1 5H")
    with pytest.raises(IllegalEvent, match="only when it is an ace, a ten or a picture"):
        game.apply(parse_event("peek"))


def test_the_announced_natural_collects_each_bet_and_stands_off_a_natural() -> None:
    game = play(table(), DEAL_9_UP.replace("9S", "KD") + "card dealer AC")
    assert game.to_json()["phase"] == "settled"
    assert game.to_json()["dealer"]["natural"] is True
    assert balances(game) == [2, 0, -2]
    assert hand_status(game, 1) == "stand-off"
    assert hand_status(game, 2) == "lost"


def test_a_seat_without_cards_takes_its_bet_back_against_the_natural() -> None:
    game = play(table(), "bet 1 4\nbet 2 2\ncard dealer AD\ncard seat1 9S\ncard seat1 7S")
    play(game, "withdraw 2")
    play(game, "card dealer KS")
    assert balances(game) == [4, -4, 0]
    assert hand_status(game, 2) == "withdrawn"


def test_the_unannounced_natural_counts_as_a_plain_21() -> None:
    game = play(table(), "bet 1 4\ncard dealer AD\ncard seat1 9S\ncard seat1 7S")
    play(game, "card seat1 5H\nstand 1\ncard dealer KS")
    assert game.to_json()["phase"] == "settled"
    assert balances(game) == [0, 0, 0]
    assert hand_status(game, 1) == "push"
    assert [v["kind"] for v in game.to_json()["violations"]] == ["unannounced-natural"]


def test_the_first_players_move_pays_the_naturals_when_nothing_was_announced() -> None:
    game = play(table(), DEAL_9_UP.replace("9S", "10C"))
    play(game, "stand 2")
    assert balances(game)[1] == 6


def test_a_hole_card_shown_on_a_low_up_card_is_flagged() -> None:
    game = play(table(), "bet 1 4\ncard dealer 8D\ncard dealer 7C\ncard seat1 9S\ncard seat1 7S")
    assert [v["kind"] for v in game.to_json()["violations"]] == ["hole-card-shown"]
    play(game, "stand 1")
    assert game.to_json()["phase"] == "dealer"
    play(game, "card dealer 3H")
    assert balances(game) == [4, -4, 0]


def test_the_dealer_gets_one_up_card_at_the_deal() -> None:
    game = play(table(), "bet 1 4\ncard dealer 9D\ncard seat1 9S\ncard seat1 7S")
    with pytest.raises(OutOfTurn, match="after every player"):
        play(game, "card dealer 7C\ncard dealer 2C")


def test_a_hole_card_shown_on_an_ace_is_a_peek_without_a_natural() -> None:
    game = play(table(), DEAL_9_UP.replace("9S", "AD") + "card dealer 5C")
    assert game.to_json()["phase"] == "play"
    assert game.to_json()["violations"] == []
    assert balances(game) == [-6, 6, 0]


def test_while_naturals_wait_the_first_drawer_is_the_first_seat_without_one() -> None:
    game = play(table(), DEAL_9_UP.replace("9S", "QD"))
    assert {(o.name, o.args) for o in game.offers()} >= {("stand", ("2",)), ("peek", ())}
    assert ("stand", ("1",)) not in {(o.name, o.args) for o in game.offers()}
    play(game, "stand 2")
    assert balances(game) == [-6, 6, 0]


def test_the_natural_shown_mid_deal_returns_the_bet_of_a_seat_short_of_cards() -> None:
    game = play(table(), "bet 1 4\nbet 2 2\ncard dealer AD\ncard seat1 9S\ncard seat1 7S")
    play(game, "card seat2 5C\ncard dealer QS")
    assert game.to_json()["phase"] == "settled"
    assert hand_status(game, 2) == "withdrawn"
    assert balances(game) == [4, -4, 0]


def test_an_irregular_deal_is_settled_before_the_natural_is_shown() -> None:
    game = play(table(), "bet 1 4\nbet 2 2\ncard dealer AD\ncard seat1 9S\ncard seat1 7S")
    play(game, "card seat1 2S")
    with pytest.raises(OutOfTurn, match="seat 1 must settle his irregular deal"):
        game.apply(parse_event("card dealer QS"))
