"""Stage 2 on deck B: covering cards, guards, the won-and-lost cards and matches."""

from __future__ import annotations

import pytest

from companion.cards import Card
from companion.games.errors import MisreadCard, OutOfTurn
from companion.games.events import CardSeen
from companion.games.gwiazda.state import Phase, Stage, Status
from companion.games.session import Game
from tests.games.gwiazda.gwiazda_helpers import bank, play, reveal, state_of, table

# Seat 1 holds AC (stake 18, 9 of it the bank's), seat 2 holds 7D (stake 6).
STAGE1 = "pool 10\nstake 1 9\nstake 2 6\n" + reveal("AC 7D") + "\n" + bank("2S 5D JC")
COVER = "3H 8C QS"
GUARD = "4C 9H 10S"
SOCIETY = "4S 6H 9C 10D KS AH 2H 6C 8D JH QD 5C 3S 7S KD 8S"


def stage2(match: str = "card") -> Game:
    return play(table(match=match), STAGE1)


def test_the_first_three_cards_cover_the_bank() -> None:
    game = play(stage2(), reveal("3H 8C"))
    assert state_of(game).phase is Phase.COVER
    play(game, reveal("QS"))
    state = state_of(game)
    assert state.phase is Phase.GUARD
    assert state.deck_b.cover == [Card.parse(c) for c in COVER.split()]
    assert state.stakes_total == 24


def test_a_covering_card_identical_to_a_bank_card_loses_every_stake() -> None:
    state = state_of(play(stage2(), reveal("3H JC")))
    assert state.phase is Phase.OVER
    assert state.match is not None and state.match.stage is Stage.COVER
    assert [state.seats[n].status for n in (1, 2)] == [Status.LOST, Status.LOST]
    assert state.ledger.bank == 60 - 9 + 18 + 6
    assert state.ledger.balances[1] - state.deal_start[1] == -9


def test_a_guard_identical_to_a_bank_card_loses_every_stake() -> None:
    state = state_of(play(stage2(), reveal(COVER + " 4C 2S")))
    assert state.match is not None and state.match.stage is Stage.GUARD
    assert state.phase is Phase.OVER
    assert state.ledger.bank == 60 - 9 + 24


def test_a_same_rank_card_matches_only_with_match_rank() -> None:
    plain = state_of(play(stage2("card"), reveal("3H 5H")))
    assert plain.match is None and plain.phase is Phase.COVER
    by_rank = state_of(play(stage2("rank"), reveal("3H 5H")))
    assert by_rank.match is not None and by_rank.match.bank_card == Card.parse("5D")
    assert by_rank.phase is Phase.OVER


def test_a_deck_b_card_may_equal_a_deck_a_card() -> None:
    state = state_of(play(stage2(), reveal("AC 7D")))
    assert state.deck_b.cover == [Card.parse("AC"), Card.parse("7D")]


def test_a_face_up_deck_b_card_seen_twice_is_a_misread() -> None:
    game = play(stage2(), reveal(COVER + " 4C"))
    with pytest.raises(MisreadCard, match="8C of deck B was already seen face up"):
        game.apply(CardSeen("reveal", Card.parse("8C")))


def won_lost(laid: str) -> Game:
    return play(stage2(), reveal(f"{COVER} {GUARD} {laid}"))


def test_the_won_and_lost_pay_the_punters_whose_card_appears() -> None:
    game = won_lost(f"{COVER} {GUARD} {SOCIETY.replace('8S', '7D')}")
    state = state_of(game)
    assert state.phase is Phase.OVER
    assert state.seats[2].status is Status.WON
    assert state.seats[1].status is Status.LOST
    assert state.ledger.balances[2] - state.deal_start[2] == 6
    assert state.ledger.balances[1] - state.deal_start[1] == -9
    assert state.ledger.bank == 60 - 9 + 18 - 6


def test_a_doubled_stake_wins_the_whole_stake_again() -> None:
    game = won_lost(f"{COVER} {GUARD} {SOCIETY.replace('8S', 'AC')}")
    state = state_of(game)
    assert state.seats[1].status is Status.WON
    assert state.ledger.balances[1] - state.deal_start[1] == 9 + 18
    assert state.seats[2].status is Status.LOST


def test_nobody_is_paid_before_the_22nd_card() -> None:
    game = won_lost(f"7D {COVER}")
    state = state_of(game)
    assert state.phase is Phase.WON_LOST
    assert state.seats[2].status is Status.IN
    assert state.ledger.bank == 60 - 9


def test_a_society_card_matching_a_bank_card_loses_every_stake() -> None:
    state = state_of(won_lost("7D 4S 5D"))
    assert state.match is not None and state.match.stage is Stage.SOCIETY
    assert state.seats[2].status is Status.LOST
    assert state.phase is Phase.OVER


def test_the_won_and_lost_are_the_same_22_cards() -> None:
    game = won_lost("3H")
    with pytest.raises(MisreadCard, match="already laid out"):
        game.apply(CardSeen("reveal", Card.parse("3H")))
    game = won_lost(SOCIETY)
    assert state_of(game).deck_b.society_seen == 16
    with pytest.raises(MisreadCard, match=r"\(3H 8C QS 4C 9H 10S\)"):
        game.apply(CardSeen("reveal", Card.parse("7D")))


def test_no_card_after_the_deal_is_settled() -> None:
    game = play(stage2(), reveal("JC"))
    with pytest.raises(OutOfTurn, match="newdeal"):
        game.apply(CardSeen("reveal", Card.parse("2C")))


def test_deck_b_with_no_stake_left_changes_no_money() -> None:
    game = play(table(), "pool 10\nstake 1 9\n" + reveal("KC") + "\n" + bank("2S 5D JC"))
    play(game, reveal("JC"))
    state = state_of(game)
    assert state.phase is Phase.OVER
    assert state.seats[1].status is Status.LEFT
    assert state.ledger.bank == 60 - 9
