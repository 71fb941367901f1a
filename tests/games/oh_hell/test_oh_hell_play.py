"""Trick cards from the camera: attribution, winners, clearing, take-backs, flags, hands."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn, UnknownAction
from companion.games.events import Action
from tests.games.oh_hell.oh_hell_helpers import WORKED_EXAMPLE, as_json, play, state_of, table

BIDS_HAND3 = "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 1\nbid 0 2\n"


def kinds(game: object) -> list[tuple[str, int | None]]:
    return [(v.kind, v.seat) for v in state_of(game).violations]  # type: ignore[arg-type]


def test_worked_example_scores_eleven_for_seat_3() -> None:
    game = play(table(hand=3, dealer=0), WORKED_EXAMPLE)
    data = as_json(game)
    assert [seat["score"] for seat in data["seats"]] == [0, 0, 0, 11]
    (row,) = data["score_sheet"]
    assert row == {
        "hand": 3,
        "size": 3,
        "dealer": 0,
        "trump": "9H",
        "bids": [2, 1, 0, 1],
        "tricks": [1, 0, 1, 1],
        "points": [0, 0, 0, 11],
        "scores": [0, 0, 0, 11],
    }
    assert data["violations"] == []


def test_cards_are_attributed_in_play_order_from_the_leader() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S")
    data = as_json(game)
    assert data["trick"] == [{"seat": 1, "card": "KS"}, {"seat": 2, "card": "2S"}]
    assert data["to_play"] == 3
    assert data["turn"] == 3


def test_the_trick_winner_scores_a_trick_and_leads_next() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S\ncard trick 4H")
    play(game, "card trick AS")
    data = as_json(game)
    assert data["trick_winner"] == 3
    assert [seat["tricks"] for seat in data["seats"]] == [0, 0, 0, 1]
    assert data["to_play"] is None
    play(game, "clear trick")
    assert as_json(game)["to_play"] == 3
    assert as_json(game)["trick_number"] == 2


def test_the_next_card_waits_for_the_trick_zone_to_be_cleared() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S\ncard trick 4H")
    play(game, "card trick AS")
    with pytest.raises(OutOfTurn, match="the trick won by seat 3 is still on the table"):
        play(game, "card trick QC")


def test_cards_before_the_bids_are_refused() -> None:
    game = play(table(hand=3), "card trump 9H\nbid 1 1")
    with pytest.raises(OutOfTurn, match="not every seat has bid"):
        play(game, "card trick KS")


def test_an_unfinished_trick_cannot_be_cleared() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS")
    with pytest.raises(IllegalEvent, match=r"the trick is not finished \(1 of 4 cards played\)"):
        play(game, "clear trick")
    with pytest.raises(OutOfTurn, match="already empty"):
        play(table(hand=3), BIDS_HAND3 + "clear trick")


def test_the_last_card_can_be_taken_back() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S\ngone trick 2S")
    assert as_json(game)["trick"] == [{"seat": 1, "card": "KS"}]
    assert as_json(game)["to_play"] == 2
    play(game, "card trick 3S")
    assert as_json(game)["trick"][1] == {"seat": 2, "card": "3S"}


def test_only_the_last_card_can_be_taken_back() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S")
    with pytest.raises(IllegalEvent, match=r"only the last card played \(2S, seat 2\)"):
        play(game, "gone trick KS")
    with pytest.raises(IllegalEvent, match="QD is not in the trick zone"):
        play(game, "gone trick QD")


def test_a_finished_trick_is_gathered_card_by_card() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2S\ncard trick 4H")
    play(game, "card trick AS\ngone trick 2S\ngone trick KS\ngone trick AS")
    assert state_of(game).trick_winner == 3
    play(game, "gone trick 4H")
    assert as_json(game)["trick"] == []
    assert as_json(game)["to_play"] == 3
    assert [seat["tricks"] for seat in as_json(game)["seats"]] == [0, 0, 0, 1]


def test_a_card_seen_twice_in_a_hand_is_flagged() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick KS")
    assert kinds(game) == [("duplicate-card", 2)]
    assert "seat 1 played it in trick 1" in state_of(game).violations[0].message
    game = play(table(hand=3), BIDS_HAND3 + "card trick 9H")
    assert kinds(game) == [("duplicate-card", 1)]
    assert "trump card" in state_of(game).violations[0].message


def test_a_card_may_return_in_the_next_hand() -> None:
    game = play(table(hand=3, dealer=0), WORKED_EXAMPLE + "card trump KS")
    assert kinds(game) == []


def test_a_revoke_is_flagged_once_with_the_seat() -> None:
    script = BIDS_HAND3 + (
        "card trick KS\ncard trick 2C\ncard trick 4S\ncard trick AS\nclear trick\n"
        "card trick 5D\ncard trick 7D\ncard trick JS\ncard trick 2D\nclear trick\n"
    )
    game = play(table(hand=3), script)
    assert kinds(game) == [("revoke", 2)]
    assert "did not follow spades in trick 1 (2C)" in state_of(game).violations[0].message
    play(game, "card trick 3S")
    assert kinds(game) == [("revoke", 2)]


def test_leading_a_suit_not_followed_before_is_a_revoke() -> None:
    script = BIDS_HAND3 + "card trick KS\ncard trick 2S\ncard trick 4H\ncard trick AS\nclear trick"
    game = play(table(hand=3), script + "\ncard trick QS")
    assert kinds(game) == [("revoke", 3)]


def test_the_trick_number_counts_from_one() -> None:
    game = play(table(hand=3), BIDS_HAND3)
    assert as_json(game)["trick_number"] == 1
    play(game, "card trick KS\ncard trick 2S\ncard trick 4H\ncard trick AS")
    assert as_json(game)["trick_number"] == 1
    play(game, "clear trick")
    assert as_json(game)["trick_number"] == 2


def test_the_last_trick_of_a_hand_stays_until_cleared() -> None:
    game = play(table(hand=1, dealer=0), "card trump 9H\nbid 1 1\nbid 2 0\nbid 3 0\nbid 0 0")
    play(game, "card trick KS\ncard trick 2S\ncard trick 4S\ncard trick AS")
    play(game, "card trump 3D\nbid 2 1\nbid 3 0\nbid 0 0\nbid 1 0")
    data = as_json(game)
    assert (data["hand"], data["phase"], data["trick_number"], data["to_play"]) == (
        2,
        "play",
        1,
        None,
    )
    assert data["score_sheet"][0]["points"] == [0, 0, 10, 10]
    with pytest.raises(OutOfTurn, match="still on the table"):
        play(game, "card trick 5C")
    play(game, "clear trick\ncard trick 5C")
    assert as_json(game)["trick"] == [{"seat": 2, "card": "5C"}]


def test_not_following_alone_is_not_flagged() -> None:
    game = play(table(hand=3), BIDS_HAND3 + "card trick KS\ncard trick 2C\ncard trick 4H")
    assert kinds(game) == []


def test_la_podrida_flags_a_trump_after_neither_following_nor_trumping() -> None:
    script = BIDS_HAND3 + (
        "card trick KS\ncard trick 2C\ncard trick 4S\ncard trick AS\nclear trick\n"
        "card trick 5D\ncard trick 7D\ncard trick JH\n"
    )
    assert kinds(play(table(hand=3), script)) == []
    assert kinds(play(table(hand=3, la_podrida=True), script)) == [("trump-revoke", 2)]


def test_the_next_hand_has_one_more_card_and_the_next_dealer() -> None:
    game = play(table(hand=3, dealer=0), WORKED_EXAMPLE)
    data = as_json(game)
    assert (data["hand"], data["hand_size"], data["dealer"], data["phase"]) == (4, 4, 1, "trump")
    play(game, "card trump 2C")
    assert as_json(game)["bidder"] == 2


def test_starting_scores_are_added_to() -> None:
    game = play(table(hand=3, scores=(5, 6, 7, 8)), WORKED_EXAMPLE)
    assert [seat["score"] for seat in as_json(game)["seats"]] == [5, 6, 7, 19]


def test_the_no_trump_hand_skips_the_trump_card() -> None:
    game = table(players=7, hand=7)
    data = as_json(game)
    assert (data["phase"], data["no_trump"], data["bidder"]) == ("bidding", True, 1)
    with pytest.raises(IllegalEvent, match="hand 7 is played without a trump"):
        play(game, "card trump 9H")


def test_a_trump_card_turned_up_twice_is_refused() -> None:
    game = play(table(hand=3), "card trump 9H")
    with pytest.raises(OutOfTurn, match="the trump card of hand 3 is already 9H"):
        play(game, "card trump 10H")


def test_the_trump_zone_may_be_emptied() -> None:
    game = play(table(hand=3), "card trump 9H\ngone trump 9H")
    assert as_json(game)["trump"] == "9H"
    with pytest.raises(IllegalEvent, match="9H is not in the trump zone"):
        play(game, "gone trump 9H")
    play(game, "clear trump")
    assert as_json(game)["trump_suit"] == "H"


def test_the_trump_card_put_back_is_the_same_trump() -> None:
    game = play(table(hand=3), "card trump 9H\ngone trump 9H\ncard trump 9H\nbid 1 1")
    assert (as_json(game)["trump"], len(state_of(game).violations)) == ("9H", 0)
    play(game, "gone trump 9H")
    with pytest.raises(IllegalEvent, match="9H is not in the trump zone"):
        play(game, "gone trump 9H")


def test_no_trump_hand_none_turns_up_a_trump_in_the_last_hand() -> None:
    game = table(players=3, schedule="down", hand=15, no_trump_hand="none")
    assert as_json(game)["phase"] == "trump"
    play(game, "card trump 9H")
    assert as_json(game)["trump"] == "9H"


def test_the_game_ends_after_the_last_hand_with_the_winner() -> None:
    game = play(
        table(players=3, schedule="down", hand=15, dealer=1, scores=(3, 0, 0)),
        "bid 2 1\nbid 0 0\nbid 1 0\ncard trick AS\ncard trick 2S\ncard trick 3S",
    )
    data = as_json(game)
    assert data["phase"] == "over"
    assert [seat["score"] for seat in data["seats"]] == [13, 10, 11]
    assert data["outcome"]["winners"] == [0]
    assert "seat 0 has the most points (13)" in data["outcome"]["reason"]
    with pytest.raises(OutOfTurn, match="the game is over"):
        play(game, "card trick 4S")
    play(game, "clear trick")


def test_a_tie_shares_the_win() -> None:
    game = play(
        table(players=3, schedule="down", hand=15, dealer=1, scores=(1, 0, 0)),
        "bid 2 1\nbid 0 0\nbid 1 0\ncard trick AS\ncard trick 2S\ncard trick 3S",
    )
    assert as_json(game)["outcome"]["winners"] == [0, 2]


def test_unknown_actions_and_zones_are_refused() -> None:
    game = table()
    with pytest.raises(UnknownAction, match='oh-hell has no action "stake"'):
        game.apply(Action("stake", ("5",)))
    with pytest.raises(UnknownAction, match='no zone "hand"'):
        play(game, "card hand 9H")
