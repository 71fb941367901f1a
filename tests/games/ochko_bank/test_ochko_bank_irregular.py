"""The irregularities of the rule file, each a decision the table records."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.events import parse_event
from tests.games.ochko_bank.ochko_bank_helpers import balances, hand_status, play, state_of, table

DEAL = """
bet 1 3
bet 2 5
card dealer 6D
card seat1 10S
card seat1 6S
card seat2 9H
card seat2 7H
"""


def kinds(game_json: dict[str, object]) -> list[str]:
    violations = game_json["violations"]
    assert isinstance(violations, list)
    return [v["kind"] for v in violations]


# The deal is not over while seat 2 waits for cards: a third card to seat 1 is too many.
OVERDEAL = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 10S\ncard seat1 6S\ncard seat1 AH\n"


def test_a_player_dealt_three_cards_keeps_any_two() -> None:
    game = play(table(), OVERDEAL + "card seat2 9H\ncard seat2 7H")
    assert game.to_json()["phase"] == "deal"
    with pytest.raises(IllegalEvent, match="cannot keep 2C"):
        game.apply(parse_event("keep 1 2C AH"))
    play(game, "keep 1 AH 10S")
    assert game.to_json()["phase"] == "play"
    assert balances(game) == [-4.5, 4.5, 0]  # a natural from the two cards kept


def test_the_extra_card_can_be_discarded_off_the_mat() -> None:
    game = play(table(), OVERDEAL + "gone seat1 6S\ncard seat2 9H\ncard seat2 7H")
    assert [str(c) for c in state_of(game).seats[1].hands[0].cards] == ["10S", "AH"]
    assert game.to_json()["phase"] == "play"


def test_keep_is_only_for_a_hand_dealt_too_many_cards() -> None:
    game = play(table(), DEAL)
    with pytest.raises(IllegalEvent, match="not dealt more than two"):
        game.apply(parse_event("keep 1 10S 6S"))


def test_a_player_dealt_one_card_takes_his_bet_back_or_the_missing_card() -> None:
    base = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 10S\ncard seat2 9H\ncard seat2 7H\n"
    game = play(table(), base)
    assert game.to_json()["phase"] == "deal"
    play(game, "withdraw 1")
    assert hand_status(game, 1) == "withdrawn"
    assert game.to_json()["turn"] == 2
    other = play(table(), base + "card seat1 5S")
    assert other.to_json()["turn"] == 1


def test_a_player_dealt_no_card_takes_his_bet_back() -> None:
    game = play(table(), "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat2 9H\ncard seat2 7H")
    play(game, "withdraw 1\nstand 2\ncard dealer 10C\ncard dealer 2C")
    assert balances(game) == [5, 0, -5]


def test_a_properly_dealt_player_cannot_withdraw() -> None:
    game = play(table(), DEAL.replace("card seat2 7H\n", ""))
    with pytest.raises(IllegalEvent, match="cannot take his bet back"):
        game.apply(parse_event("withdraw 1"))


@pytest.mark.parametrize(
    ("decision", "status"), [("accept 1", "drawing"), ("withdraw 1", "withdrawn")]
)
def test_a_card_dealt_face_up_is_accepted_or_the_bet_withdrawn(decision: str, status: str) -> None:
    game = play(table(), DEAL + "face-up 1")
    with pytest.raises(OutOfTurn, match="face up"):
        game.apply(parse_event("stand 1"))
    play(game, decision)
    assert hand_status(game, 1) == status
    assert game.to_json()["turn"] == (1 if status == "drawing" else 2)


def test_a_face_up_card_is_recorded_before_the_seat_moves() -> None:
    game = play(table(), DEAL + "card seat1 2C")
    with pytest.raises(OutOfTurn, match="before he makes a move"):
        game.apply(parse_event("face-up 1"))


def test_the_first_card_face_up_is_no_mistake_with_player_first_card_up() -> None:
    deal = "bet 1 3\ncard dealer 6D\ncard seat1 10S"
    with pytest.raises(IllegalEvent, match="player_first_card_up=on"):
        play(table(players=2, player_first_card_up="on"), deal + "\nface-up 1")
    game = play(table(players=2), deal + "\nface-up 1")
    assert state_of(game).seats[1].face_up_pending


def test_an_unasked_card_is_offered_then_passed_to_the_next_player_due() -> None:
    game = play(table(), DEAL + "card seat2 5C")  # seat 1 is drawing: seat 2 did not ask
    assert game.to_json()["offered"] == {
        "card": "5C",
        "seat": 2,
        "takers": [2, 1],
        "declined": [],
    }
    assert "unasked-card" in kinds(game.to_json())
    with pytest.raises(OutOfTurn, match="accept"):
        game.apply(parse_event("stand 1"))
    play(game, "refuse 2")
    assert game.to_json()["offered"]["seat"] == 1
    play(game, "accept 1\ngone seat2 5C\ncard seat1 5C")  # the card moves to seat 1
    assert [str(c) for c in state_of(game).seats[1].hands[0].cards] == ["10S", "6S", "5C"]
    assert state_of(game).expected == []


def test_an_unasked_card_accepted_by_its_receiver_stays() -> None:
    game = play(table(), DEAL + "card seat2 5C\naccept 2")
    assert game.to_json()["seats"][2]["hands"]["a"]["total"] == 21
    assert game.to_json()["turn"] == 1


def test_a_card_refused_by_everyone_is_discarded() -> None:
    game = play(table(), DEAL + "card seat2 5C\nrefuse 2\nrefuse 1")
    assert game.to_json()["offered"] is None
    assert len(state_of(game).seats[1].hands[0].cards) == 2
    assert game.to_json()["shoe"]["seen"] == 6


def test_a_card_exposed_in_the_pack_is_offered_to_the_player_drawing() -> None:
    game = play(table(), DEAL + "exposed 9C")
    assert game.to_json()["offered"]["seat"] == 1
    play(game, "accept 1\ncard seat1 9C")
    assert hand_status(game, 1) == "bust"
    assert balances(game) == [3, -3, 0]


def test_only_the_player_offered_decides() -> None:
    game = play(table(), DEAL + "exposed 9C")
    with pytest.raises(OutOfTurn, match="offered to seat 1"):
        game.apply(parse_event("accept 2"))


# Seats 1, 2 and 3 bet; seat 1 (13) draws first.
DEAL3 = """
bet 1 2
bet 2 2
bet 3 2
card dealer 8C
card seat1 9S
card seat1 4S
card seat2 10H
card seat2 4H
card seat3 10C
card seat3 2C
"""


def test_an_exposed_card_goes_to_the_seat_drawing_then_the_next_due_only() -> None:
    game = play(table(players=4), DEAL3 + "exposed 5D")
    assert game.to_json()["offered"]["takers"] == [1, 2]
    play(game, "refuse 1")
    with pytest.raises(OutOfTurn, match="offered to seat 1 and then seat 2 only"):
        game.apply(parse_event("accept 3"))
    with pytest.raises(OutOfTurn, match="seat 1 refused it"):
        game.apply(parse_event("accept 1"))
    play(game, "refuse 2")
    assert game.to_json()["offered"] is None
    assert game.to_json()["turn"] == 1
    for late in ("accept 3", "refuse 3"):
        with pytest.raises(OutOfTurn, match="went to the discards when seat 1 and seat 2"):
            game.apply(parse_event(late))
    play(game, "stand 1")
    assert game.to_json()["turn"] == 2


def test_an_unasked_card_goes_to_its_receiver_then_the_seat_drawing_only() -> None:
    game = play(table(players=4), DEAL3 + "card seat3 5D\nrefuse 3")
    assert game.to_json()["offered"]["seat"] == 1
    with pytest.raises(OutOfTurn, match="offered to seat 3 and then seat 1 only"):
        game.apply(parse_event("refuse 2"))
    play(game, "refuse 1\nstand 1")
    assert [str(c) for c in state_of(game).seats[2].hands[0].cards] == ["10H", "4H"]


def test_a_card_reaching_a_seat_with_nothing_in_play_is_offered_like_an_exposed_card() -> None:
    deal = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 10S\ncard seat1 6S\n"
    game = play(table(players=4), deal + "card seat2 9H\ncard seat2 7H\ncard seat3 5C")
    assert game.to_json()["offered"]["takers"] == [1, 2]


def test_an_unasked_card_to_the_drawers_own_stood_hand_goes_next_to_the_next_seat() -> None:
    split = DEAL3.replace("card seat1 9S\ncard seat1 4S", "card seat1 8S\ncard seat1 8D")
    game = play(table(players=4), split + "split 1\ncard seat1 3C\ncard seat1b 2D\nstand 1 a")
    play(game, "card seat1 5C")  # hand a stood: nobody asked for it
    assert game.to_json()["offered"]["takers"] == [1, 2]


def test_the_last_seat_to_draw_is_the_only_one_offered_an_exposed_card() -> None:
    game = play(table(players=4), DEAL3 + "stand 1\nstand 2\nexposed 5D")
    assert game.to_json()["offered"]["takers"] == [3]
    play(game, "refuse 3")
    assert game.to_json()["offered"] is None
    assert game.to_json()["turn"] == 3


def test_a_face_up_decision_is_still_taken_after_a_card_was_discarded() -> None:
    game = play(table(), DEAL + "face-up 2\nexposed 9C\nrefuse 1\nrefuse 2\naccept 2")
    assert not state_of(game).seats[2].face_up_pending


def test_a_player_dealt_one_card_may_take_the_missing_card_at_his_turn() -> None:
    deal = "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 AS\ncard seat2 9H\ncard seat2 7H\n"
    game = play(table(), deal + "accept 1")
    assert game.to_json()["phase"] == "play"
    assert game.to_json()["turn"] == 1
    with pytest.raises(OutOfTurn, match="second card first"):
        game.apply(parse_event("stand 1"))
    play(game, "card seat1 KD")  # the missing card: ace and king, a natural paid at once
    assert hand_status(game, 1) == "natural"
    assert balances(game) == [-4.5, 4.5, 0]
    assert game.to_json()["turn"] == 2


def test_the_missing_card_waits_for_the_players_turn() -> None:
    game = play(table(), "bet 1 3\nbet 2 5\ncard dealer 6D\ncard seat1 AS\naccept 1")
    with pytest.raises(OutOfTurn, match="at his turn"):
        game.apply(parse_event("card seat1 KD"))


def test_a_face_up_natural_once_paid_cannot_take_its_bet_back() -> None:
    deal = "bet 1 4\nbet 2 2\ncard dealer AS\ncard seat1 AH\ncard seat1 KH\ncard seat2 10H\n"
    game = play(table(), deal + "card seat2 6S\nface-up 1\npeek")  # the peek pays the natural
    assert not state_of(game).seats[1].face_up_pending
    with pytest.raises(OutOfTurn, match="cannot take his bet back now"):
        game.apply(parse_event("withdraw 1"))
    assert hand_status(game, 1) == "natural"
    assert balances(game) == [-6, 6, 0]


def test_taking_an_unasked_card_accepts_the_face_up_card() -> None:
    game = play(table(), DEAL + "face-up 2\ncard seat2 KS\naccept 2")  # 9 7 K: bust
    assert hand_status(game, 2) == "bust"
    with pytest.raises(OutOfTurn, match="cannot take his bet back now"):
        game.apply(parse_event("withdraw 2"))
    assert balances(game) == [5, 0, -5]


def test_the_round_ends_when_every_bettor_takes_his_bet_back_before_the_up_card() -> None:
    game = play(table(), "bet 1 4\nbet 2 2\ncard seat1 AH\nwithdraw 1\nwithdraw 2")
    assert game.to_json()["phase"] == "settled"
    play(game, "bet 1 3")
    assert game.to_json()["phase"] == "betting"
    assert game.to_json()["round"] == 2
