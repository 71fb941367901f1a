"""The pool, the stakes written down before the deal, and new deals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.events import Action
from companion.games.gwiazda.state import Phase, Status
from tests.games.gwiazda.gwiazda_helpers import bank, play, reveal, state_of, table


def test_every_player_the_banker_too_pays_the_same_into_the_pool() -> None:
    game = play(table(players=7, banker=3), "pool 12")
    state = state_of(game)
    assert state.ledger.bank == 7 * 12
    assert state.ledger.balances == [Fraction(-12)] * 7
    assert state.phase is Phase.STAKES
    assert state.bank_before_deal == 84


@pytest.mark.parametrize("amount", ["0", "-4"])
def test_the_pool_needs_a_positive_amount(amount: str) -> None:
    with pytest.raises(IllegalEvent, match="at least 1"):
        table().apply(Action("pool", (amount,)))


def test_the_pool_is_formed_once() -> None:
    game = play(table(), "pool 5")
    with pytest.raises(OutOfTurn, match="already formed"):
        game.apply(Action("pool", ("5",)))


def test_no_stake_before_the_pool() -> None:
    with pytest.raises(OutOfTurn, match="pool N"):
        table().apply(Action("stake", ("1", "5")))


def test_stakes_are_written_down_replaced_and_taken_back() -> None:
    game = play(table(), "pool 5\nstake 1 9\nstake 2 6\nstake 1 4\nstake 2 0")
    state = state_of(game)
    assert [p.stake for p in state.seats[1:3]] == [4, 0]
    assert state.seats[1].status is Status.STAKED
    assert state.seats[2].status is Status.IDLE
    assert state.stakes_total == 4
    assert state.ledger.bank == 30  # a stake is written down, not paid


def test_the_banker_stakes_nothing() -> None:
    game = play(table(banker=4), "pool 5")
    with pytest.raises(IllegalEvent, match="seat 4 is the banker"):
        game.apply(Action("stake", ("4", "5")))


def test_a_negative_stake_is_refused() -> None:
    game = play(table(), "pool 5")
    with pytest.raises(IllegalEvent, match="cannot stake -1"):
        game.apply(Action("stake", ("1", "-1")))


def test_the_first_card_closes_the_stakes_and_writes_their_total() -> None:
    game = play(table(), "pool 5\nstake 1 9\nstake 3 6\ncard reveal 7C")
    state = state_of(game)
    assert state.opening_stakes == 15
    assert state.phase is Phase.DEAL
    with pytest.raises(OutOfTurn, match="stakes are written before the deal"):
        game.apply(Action("stake", ("2", "5")))


def test_a_late_stake_names_the_way_on_rather_than_a_refused_comeback() -> None:
    dealt = "pool 5\nstake 1 9\n" + reveal("7C") + "\n" + bank("2S 3S 4S")
    cover = play(table(), dealt + "\n" + reveal("9D"))
    with pytest.raises(OutOfTurn, match="next deal takes new stakes") as raised:
        cover.apply(Action("stake", ("2", "5")))
    assert "return" not in str(raised.value)
    over = play(table(), dealt + "\n" + reveal("2S"))
    assert state_of(over).phase is Phase.OVER
    with pytest.raises(OutOfTurn, match="start the next one with newdeal") as raised:
        over.apply(Action("stake", ("2", "5")))
    assert "return" not in str(raised.value)


def test_a_new_deal_keeps_the_bank_and_resets_the_deal() -> None:
    game = play(
        table(),
        "pool 10\nstake 1 5\n" + reveal("JC") + "\n" + bank("2S 3S 4S") + "\nnewdeal",
    )
    state = state_of(game)
    assert state.phase is Phase.STAKES
    assert state.deal == 2
    assert state.banker == 0
    assert state.ledger.bank == 65
    assert state.bank_before_deal == 65
    assert state.deck_a == {} and state.bank_cards == []
    assert state.seats[1].status is Status.IDLE and state.seats[1].card is None
    # Deck A is shuffled again: the same cards may come in the new deal.
    play(game, "stake 1 5\n" + reveal("JC") + "\n" + bank("2S"))


def test_a_new_deal_may_pass_the_bank() -> None:
    game = play(table(), "pool 10\nstake 1 5\n" + reveal("KC") + "\n" + bank("2S 3S 4S"))
    game.apply(Action("newdeal", ("1",)))
    state = state_of(game)
    assert state.banker == 1
    assert state.seats[1].status is Status.BANKER
    assert state.seats[0].status is Status.IDLE


def test_no_new_deal_while_stakes_are_on_the_table() -> None:
    game = play(table(), "pool 10\nstake 1 5\n" + reveal("9C") + "\n" + bank("2S 3S 4S"))
    with pytest.raises(OutOfTurn, match="once this one is settled"):
        game.apply(Action("newdeal"))
