"""One player's game against the bank: stakes, 21, busts, the dark draw, the showdown."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.games.errors import IllegalEvent, OutOfTurn
from companion.games.ochko21.state import Outcome, Phase
from companion.games.script import parse_events as events
from companion.games.session import Game
from tests.games.ochko21.ochko21_helpers import WORKED_EXAMPLE, play, state_of

START = "bank 10\ncard banker 10S\n"


def _result(game: Game, seat: int) -> Outcome:
    last = state_of(game).seats[seat].last
    assert last is not None
    return last.outcome


def _balance(game: Game, seat: int) -> Fraction:
    return state_of(game).ledger.balances[seat]


def test_worked_example() -> None:
    game = play(WORKED_EXAMPLE)
    state = state_of(game)
    assert state.bank == 10
    assert [int(b) for b in state.ledger.balances] == [-10, 5, -5]
    assert _result(game, 1) is Outcome.WON
    assert _result(game, 2) is Outcome.BUST


@pytest.mark.parametrize("amount", [1, 10])
def test_a_stake_may_be_anything_up_to_the_bank(amount: int) -> None:
    game = play(START + f"stake {amount}")
    assert state_of(game).stake == amount
    assert state_of(game).phase is Phase.PLAYER


@pytest.mark.parametrize(("amount", "needle"), [(11, "the bank holds 10"), (0, "at least 1")])
def test_a_stake_outside_the_bank_is_refused(amount: int, needle: str) -> None:
    refusal = play(START).can_apply(events(f"stake {amount}")[0])
    assert isinstance(refusal, IllegalEvent)
    assert needle in str(refusal)
    assert "seat 1" in str(refusal)


def test_twenty_one_takes_the_stake_at_once() -> None:
    game = play(START + "stake 6\ncard player AH\ncard player 10H\ntwenty-one")
    assert _result(game, 1) is Outcome.OCHKO
    assert _balance(game, 1) == 6
    assert state_of(game).bank == 4


def test_twenty_one_needs_21_shown() -> None:
    game = play(START + "stake 6\ncard player AH")
    assert isinstance(game.can_apply(events("twenty-one")[0]), IllegalEvent)


def test_a_declared_bust_pays_the_stake() -> None:
    game = play(START + "stake 6\ncard player KH\ncard player 10H\ncard player 9H\nbust")
    assert _result(game, 1) is Outcome.BUST
    assert _balance(game, 1) == -6
    assert state_of(game).bank == 16


def test_a_bust_must_be_shown() -> None:
    game = play(START + "stake 6\ncard player KH")
    refusal = game.can_apply(events("bust")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "total 4" in str(refusal)


HIDDEN = START + "stake 4\nstand\ncard banker 8C\ncard player KH\ncard player 10H\ncard player 9H\n"


def test_a_caught_hidden_bust_pays_double() -> None:
    game = play(HIDDEN + "hidden-bust")
    assert _result(game, 1) is Outcome.HIDDEN_BUST
    assert _balance(game, 1) == -8
    assert state_of(game).bank == 18
    assert state_of(game).seats[1].double_penalties == 1
    assert [v.kind for v in state_of(game).violations] == ["hidden-bust"]


def test_the_showdown_refuses_to_settle_a_hidden_bust() -> None:
    refusal = play(HIDDEN).can_apply(events("showdown")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "hidden-bust" in str(refusal)


def test_hidden_bust_needs_a_total_over_21() -> None:
    game = play(START + "stake 4\nstand\ncard banker 8C\ncard player KH")
    assert isinstance(game.can_apply(events("hidden-bust")[0]), IllegalEvent)


DARK = START + "stake 4\ndark\ncard banker 8C\ncard player KH\ncard player 10H\ncard player 9H\n"


def test_a_dark_bust_is_never_charged_double() -> None:
    game = play(DARK + "showdown")
    assert _result(game, 1) is Outcome.DARK_BUST
    assert _balance(game, 1) == -4
    assert state_of(game).violations == []
    refusal = play(DARK).can_apply(events("hidden-bust")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "never charged double" in str(refusal)


BUST_BEFORE_DARK = (
    START + "stake 4\ndark\ncard banker 8C\ncard player 10H\ncard player 9H\ncard player 8H\n"
)


@pytest.mark.parametrize("dark_card", ["6S", "AS", "7S"])
def test_a_bust_hidden_before_the_dark_card_pays_double(dark_card: str) -> None:
    hand = BUST_BEFORE_DARK + f"card player {dark_card}\n"
    refusal = play(hand).can_apply(events("showdown")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "before his dark card" in str(refusal)
    game = play(hand + "hidden-bust")
    assert _result(game, 1) is Outcome.HIDDEN_BUST
    assert _balance(game, 1) == -8
    assert state_of(game).seats[1].double_penalties == 1


def test_a_dark_card_that_may_have_made_the_bust_is_charged_once() -> None:
    # 10 + 9 + K (4) = 23: without the 10 the rest is 13, so the dark card may be the 10.
    game = play(
        START + "stake 4\ndark\ncard banker 8C\ncard player 10H\ncard player 9H\n"
        "card player KS\nshowdown"
    )
    assert _result(game, 1) is Outcome.DARK_BUST
    assert _balance(game, 1) == -4


def test_the_dark_draw_ends_the_players_drawing() -> None:
    game = play(START + "stake 4\ndark")
    state = state_of(game)
    assert state.phase is Phase.BANKER
    assert state.dark
    assert state.seats[1].dark_draws == 1
    assert isinstance(game.can_apply(events("stand")[0]), OutOfTurn)


def test_dark_draw_off_refuses_the_dark_card() -> None:
    refusal = play(START + "stake 4", "dark_draw=off").can_apply(events("dark")[0])
    assert isinstance(refusal, IllegalEvent)
    assert "dark_draw=off" in str(refusal)


def _showdown(player: str, banker: str) -> Game:
    shown = "\n".join(f"card player {c}" for c in player.split())
    drawn = "\n".join(f"card banker {c}" for c in banker.split())
    return play(f"bank 10\ncard banker 10S\nstake 3\nstand\n{drawn}\n{shown}\nshowdown")


def test_the_higher_total_wins_the_showdown() -> None:
    game = _showdown("AH 9H", "7C")  # 20 against 17
    assert _result(game, 1) is Outcome.WON
    assert _balance(game, 1) == 3


def test_a_lower_total_loses_the_showdown() -> None:
    game = _showdown("9H 8H", "AC")  # 17 against 21
    assert _result(game, 1) is Outcome.LOST
    assert _balance(game, 1) == -3


def test_equal_totals_go_to_the_banker() -> None:
    game = _showdown("10H 9H", "9C")  # 19 against 19
    assert _result(game, 1) is Outcome.LOST


def test_a_banker_over_21_loses() -> None:
    game = _showdown("6H 7H", "7C 8C")  # 13 against 25
    assert _result(game, 1) is Outcome.WON


def test_the_showdown_needs_both_hands_shown() -> None:
    game = play(START + "stake 3\nstand")
    refusal = game.can_apply(events("showdown")[0])
    assert isinstance(refusal, OutOfTurn)
    assert "not shown yet" in str(refusal)


@pytest.mark.parametrize("action", ["stand", "dark"])
def test_no_standing_on_shown_cards_over_21_or_at_21(action: str) -> None:
    over = play(START + "stake 3\ncard player KH\ncard player 10H\ncard player 9H")
    assert isinstance(over.can_apply(events(action)[0]), IllegalEvent)
    at_21 = play(START + "stake 3\ncard player AH\ncard player 10H")
    assert isinstance(at_21.can_apply(events(action)[0]), IllegalEvent)


def test_the_next_player_needs_the_table_cleared_and_a_new_banker_card() -> None:
    done = START + "stake 3\ncard player AH\ncard player 10H\ntwenty-one\n"
    assert isinstance(play(done).can_apply(events("stake 1")[0]), OutOfTurn)
    cleared = done + "clear player\nclear banker\n"
    refusal = play(cleared).can_apply(events("stake 1")[0])
    assert isinstance(refusal, OutOfTurn)
    assert "face-up card is not on the mat" in str(refusal)
    game = play(cleared + "card banker 9S\nstake 1")
    assert state_of(game).turn == 2
