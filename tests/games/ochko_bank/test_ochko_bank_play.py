"""The players' draw, busts, the dealer's draw, the showdown and splits."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.events import parse_event
from tests.games.ochko_bank.ochko_bank_helpers import balances, hand_status, play, state_of, table

TWO_SEATS = """
bet 1 3
bet 2 5
card dealer 6D
card seat1 10S
card seat1 6S
card seat2 9H
card seat2 8H
"""


def test_players_draw_in_turn_from_the_dealers_left() -> None:
    game = play(table(players=3, dealer=2), "bet 0 1\nbet 1 1\ncard dealer 6D")
    play(game, "card seat0 9S\ncard seat0 8S\ncard seat1 9C\ncard seat1 7C")
    assert game.to_json()["turn"] == 0
    with pytest.raises(OutOfTurn, match="seat 0's turn"):
        game.apply(parse_event("stand 1"))


def test_a_bust_pays_the_bet_at_once_and_passes_the_turn() -> None:
    game = play(table(), TWO_SEATS + "card seat1 KH")
    assert hand_status(game, 1) == "bust"
    assert balances(game) == [3, -3, 0]
    assert game.to_json()["turn"] == 2


def test_a_card_to_the_player_drawing_is_a_hit() -> None:
    game = play(table(), TWO_SEATS + "card seat1 2H\ncard seat1 2C")
    assert state_of(game).seats[1].hands[0].cards[-1].rank.value == 2
    assert game.to_json()["seats"][1]["hands"]["a"]["total"] == 20


def test_the_dealer_draws_to_17_and_the_showdown_settles() -> None:
    game = play(table(), TWO_SEATS + "stand 1\nstand 2")
    assert game.to_json()["phase"] == "dealer"
    assert game.to_json()["dealer"]["obligation"] == "turn up the hole card"
    play(game, "card dealer 5C")
    assert game.to_json()["dealer"]["obligation"].startswith("must draw")
    play(game, "card dealer 6C")
    assert game.to_json()["phase"] == "settled"
    assert hand_status(game, 1) == "lost"
    assert hand_status(game, 2) == "push"
    assert balances(game) == [3, -3, 0]


def test_equal_totals_are_a_stand_off_and_higher_wins() -> None:
    game = play(table(), TWO_SEATS + "card seat1 AH\nstand 1\ncard seat2 2C\nstand 2")
    play(game, "card dealer AC")
    assert hand_status(game, 1) == "push"
    assert hand_status(game, 2) == "won"
    assert balances(game) == [-5, 0, 5]


def test_the_dealer_stands_on_soft_17() -> None:
    game = play(table(), TWO_SEATS + "stand 1\nstand 2\ncard dealer AC")
    assert game.to_json()["phase"] == "settled"
    assert game.to_json()["dealer"]["total"] == 17
    assert game.to_json()["dealer"]["soft"] is True
    assert balances(game) == [3, -3, 0]


def test_a_dealer_bust_pays_every_standing_hand() -> None:
    game = play(table(), TWO_SEATS + "card seat1 QC\nstand 2\ncard dealer 10C\ncard dealer 9C")
    assert balances(game) == [-2, -3, 5]
    assert hand_status(game, 1) == "bust"


def test_when_every_hand_is_settled_the_dealer_does_not_play() -> None:
    game = play(table(players=2), "bet 1 3\ncard dealer 6D\ncard seat1 10S\ncard seat1 6S")
    play(game, "card seat1 9S")
    assert game.to_json()["phase"] == "settled"
    play(game, "card dealer 10H")  # the hole card turned up after the round changes nothing
    assert balances(game) == [3, -3]


def test_no_player_card_while_the_dealer_draws() -> None:
    game = play(table(), TWO_SEATS + "stand 1\nstand 2")
    with pytest.raises(OutOfTurn, match="dealer draws now"):
        game.apply(parse_event("card seat1 2C"))


SPLIT_DEAL = "bet 1 4\ncard dealer 7D\ncard seat1 8S\ncard seat1 8H\n"


def test_a_pair_splits_into_two_hands_with_equal_bets_settled_apart() -> None:
    game = play(table(players=2), SPLIT_DEAL + "split 1")
    hands = game.to_json()["seats"][1]["hands"]
    assert [h["cards"] for h in hands.values()] == [["8S"], ["8H"]]
    assert [h["bet"] for h in hands.values()] == [4, 4]
    assert game.to_json()["seats"][1]["cards"] == "8S | 8H"
    play(game, "gone seat1 8H\ncard seat1b 8H")  # the card moving to its pile is no new card
    play(game, "card seat1 10C\ncard seat1b 5C\nstand 1 a\ncard seat1b KC")
    assert hand_status(game, 1, 0) == "stood"
    assert hand_status(game, 1, 1) == "bust"
    assert balances(game) == [4, -4]
    play(game, "card dealer 10H")
    assert hand_status(game, 1, 0) == "won"
    assert balances(game) == [0, 0]


def test_a_queen_and_a_king_are_not_a_pair() -> None:
    game = play(table(players=2), "bet 1 4\ncard dealer 7D\ncard seat1 QS\ncard seat1 KH")
    with pytest.raises(IllegalEvent, match="not a pair"):
        game.apply(parse_event("split 1"))


def test_each_split_hand_gets_its_second_card_first() -> None:
    game = play(table(players=2), SPLIT_DEAL + "split 1\ncard seat1 2C")
    with pytest.raises(OutOfTurn, match="hand b"):
        game.apply(parse_event("card seat1 3C"))
    with pytest.raises(IllegalEvent, match="say which"):
        game.apply(parse_event("stand 1"))


@pytest.mark.parametrize(("resplit", "hands"), [("off", None), ("on", 3)])
def test_resplit_option(resplit: str, hands: int | None) -> None:
    game = play(table(players=2, resplit=resplit), SPLIT_DEAL + "split 1\ncard seat1 8D")
    event = parse_event("split 1 a")
    if hands is None:
        with pytest.raises(IllegalEvent, match="option resplit"):
            game.apply(event)
    else:
        game.apply(event)
        assert len(game.to_json()["seats"][1]["hands"]) == hands


@pytest.mark.parametrize(
    ("option", "status", "balance"), [("off", "drawing", 0), ("on", "natural", 6)]
)
def test_split_natural_option(option: str, status: str, balance: int) -> None:
    deal = "bet 1 4\ncard dealer 7D\ncard seat1 AS\ncard seat1 AH\nsplit 1\ncard seat1 KC"
    game = play(table(players=2, split_natural=option), deal)
    assert hand_status(game, 1, 0) == status
    assert balances(game)[1] == balance


def test_a_split_21_without_split_natural_is_a_plain_21() -> None:
    deal = "bet 1 4\ncard dealer 7D\ncard seat1 AS\ncard seat1 AH\nsplit 1\ncard seat1 KC"
    game = play(table(players=2), deal + "\ncard seat1b 9C\nstand 1 a\nstand 1 b")
    play(game, "card dealer 4S\ncard dealer 10S")
    assert game.to_json()["seats"][1]["status"].split(" | ") == ["push", "lost"]
    assert balances(game) == [4, -4]


def test_a_split_of_a_short_dealt_pair_follows_split_natural() -> None:
    # Seat 1 was dealt one ace, took the missing card at his turn (another ace) and split.
    deal = "bet 1 4\ncard dealer 7D\ncard seat1 AS\naccept 1\ncard seat1 AH\nsplit 1\n"
    game = play(table(players=2), deal + "card seat1 KC")
    assert hand_status(game, 1, 0) == "drawing"
    assert balances(game) == [0, 0]


def test_no_split_hand_stands_before_each_hand_has_its_second_card() -> None:
    game = play(table(players=2), SPLIT_DEAL + "split 1\ncard seat1 3C")
    assert [o.name for o in game.offers()] == ["marker"]
    with pytest.raises(OutOfTurn, match=r"hand b \(seat1b\) still has one card"):
        game.apply(parse_event("stand 1 a"))
    play(game, "card seat1b 10C\nstand 1 a")
    assert hand_status(game, 1, 0) == "stood"
