"""The bank: its announcement, the turn order, the стук and its round, and the bank
ending broken, flown or taken and passing to the banker's left."""

from __future__ import annotations

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.ochko21.state import BankEnd, Phase
from companion.games.script import parse_events as events
from tests.games.ochko21.ochko21_helpers import play, state_of


def _bust(card: str = "9C") -> str:
    """The current player shows 4 + 10 + 9 = 23 and declares his bust."""
    return f"card player KS\ncard player 10C\ncard player {card}\nbust\n"


def _lose(stake: int) -> str:
    """The current player goes for ``stake`` and busts, then the table is put away."""
    return f"card banker 10S\nstake {stake}\n{_bust()}clear player\nclear banker\n"


def _win(stake: int) -> str:
    return (
        f"card banker 10S\nstake {stake}\ncard player AH\ncard player 10H\ntwenty-one\n"
        "clear player\nclear banker\n"
    )


def test_the_banker_pays_his_bank_in() -> None:
    state = state_of(play("bank 10"))
    assert state.bank == 10
    assert state.ledger.balances[0] == -10
    assert state.initial_stake == 10
    assert state.turn == 1
    assert state.round == 1


def test_a_bank_above_the_table_limit_is_refused() -> None:
    refusal = play("", "max_bank=20").can_apply(events("bank 21")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "1 to 20" in str(refusal)


def test_players_play_in_turn_from_the_bankers_left() -> None:
    game = play("bank 10\n", "players=4", "banker=2")
    order = []
    for _ in range(4):
        order.append(state_of(game).turn)
        for event in events(_lose(1)):
            game.apply(event)
    assert order == [3, 0, 1, 3]
    assert state_of(game).round == 2


def test_the_stuk_is_due_at_three_times_the_initial_stake() -> None:
    game = play("bank 5\n" + _lose(5) + _lose(4), "players=3")
    assert state_of(game).bank == 14
    assert state_of(game).phase is Phase.STAKE
    game = play("bank 5\n" + _lose(5) + _lose(5), "players=3")
    assert state_of(game).bank == 15
    assert state_of(game).phase is Phase.STUK
    game.apply(events("card banker 9S")[0])
    assert isinstance(game.can_apply(events("stake 1")[0]), OutOfTurn)


def test_the_stuk_round_gives_each_player_one_game_then_the_banker_takes_the_rest() -> None:
    game = play("bank 5\n" + _lose(5) + _lose(5) + "stuk\n", "players=3")
    state = state_of(game)
    assert state.stuk_round
    assert state.stuk_bank == 15
    assert state.turn == 1
    for event in events(_lose(15)):
        game.apply(event)
    assert state_of(game).phase is Phase.STAKE
    assert state_of(game).turn == 2
    for event in events(_win(10)):
        game.apply(event)
    state = state_of(game)
    assert state.phase is Phase.TAKE_BANK
    assert state.bank == 20
    game.apply(events("take-bank")[0])
    state = state_of(game)
    assert state.bank == 0
    assert state.ledger.balances[0] == -5 + 20
    assert state.banker == 1
    assert state.phase is Phase.ANNOUNCE
    assert state.banks[-1].end is BankEnd.TAKEN
    assert state.banks[-1].taken == 20


def test_a_stuk_stake_may_be_the_whole_bank_but_not_more() -> None:
    game = play("bank 5\n" + _lose(5) + _lose(5) + "stuk\ncard banker 10S\n", "players=3")
    assert game.can_apply(events("stake 15")[0]) is None
    assert isinstance(game.can_apply(events("stake 16")[0]), IllegalEvent)


def test_the_banker_flies_when_the_stuk_round_empties_the_bank() -> None:
    game = play("bank 5\n" + _lose(5) + _lose(5) + "stuk\n" + _win(15), "players=3")
    state = state_of(game)
    assert state.bank == 0
    assert state.banks[-1].end is BankEnd.FLOWN
    assert state.banker == 1
    assert state.ledger.balances[0] == -5


def test_a_broken_bank_passes_to_the_bankers_left_not_to_the_winner() -> None:
    game = play("bank 6\n" + _lose(1) + _win(7), "players=4")
    state = state_of(game)
    assert state.ledger.balances[2] == 7
    assert state.banks[-1].end is BankEnd.BROKEN
    assert state.banker == 1
    assert state.phase is Phase.ANNOUNCE
    game.apply(events("bank 8")[0])
    assert state_of(game).turn == 2


def test_the_bank_passes_around_the_table() -> None:
    text = "bank 1\n" + _win(1) + "bank 1\n" + _win(1) + "bank 1\n" + _win(1)
    state = state_of(play(text, "players=3"))
    assert [record.banker for record in state.banks] == [0, 1, 2]
    assert state.banker == 0


@pytest.mark.parametrize("action", ["stuk", "take-bank", "bank 5"])
def test_bank_actions_out_of_their_phase_are_refused(action: str) -> None:
    refusal = play("bank 10").can_apply(events(action)[0])
    assert isinstance(refusal, OutOfTurn)
    assert "not possible now" in str(refusal)
