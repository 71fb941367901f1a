"""Stage 1 on deck A: what each punter's card does, the banker's cards, comebacks."""

from __future__ import annotations

import pytest

from companion.cards import Card
from companion.games.errors import IllegalEvent, MisreadCard, OutOfTurn
from companion.games.events import Action, CardSeen
from companion.games.gwiazda.state import Phase, Status
from companion.games.session import Game
from tests.games.gwiazda.gwiazda_helpers import bank, play, reveal, state_of, table

STAKES = "pool 10\nstake 1 9\nstake 2 6\nstake 3 10"


def dealt(first: str, **options: object) -> Game:
    return play(table(**options), STAKES + "\n" + reveal(first))


def test_an_ace_doubles_the_stake_with_the_banks_money() -> None:
    state = state_of(dealt("AC"))
    assert (state.seats[1].stake, state.seats[1].added) == (18, 9)
    assert state.ledger.balances[1] - state.deal_start[1] == 9
    assert state.ledger.bank == 60 - 9
    assert state.seats[1].status is Status.IN


def test_a_queen_triples_the_stake() -> None:
    state = state_of(dealt("QS"))
    assert (state.seats[1].stake, state.seats[1].added) == (27, 18)
    assert state.ledger.bank == 60 - 18


def test_a_king_pays_the_stake_and_the_punter_leaves() -> None:
    state = state_of(dealt("KS"))
    assert state.seats[1].status is Status.LEFT
    assert state.seats[1].stake == 0 and state.seats[1].settled_stake == 9
    assert state.ledger.bank == 60 - 9
    assert state.stakes_total == 16


def test_the_special_suits_king_pays_double() -> None:
    state = state_of(play(table(), STAKES + "\n" + reveal("7C KH")))
    assert state.ledger.bank == 60 - 12
    assert state.ledger.balances[2] - state.deal_start[2] == 12


def test_a_jack_loses_the_stake_to_the_bank() -> None:
    state = state_of(dealt("JS"))
    assert state.seats[1].status is Status.JACKED
    assert state.ledger.bank == 60 + 9
    assert state.stakes_total == 16


def test_the_special_suits_jack_costs_twice_the_stake() -> None:
    state = state_of(dealt("JH"))
    assert state.ledger.bank == 60 + 18


def test_special_suit_option_moves_the_double_king_and_jack() -> None:
    hearts = state_of(dealt("KH", special_suit="D"))
    diamonds = state_of(dealt("KD", special_suit="D"))
    assert hearts.ledger.bank == 60 - 9
    assert diamonds.ledger.bank == 60 - 18
    jack = state_of(dealt("JD", special_suit="D"))
    assert jack.ledger.bank == 60 + 18


@pytest.mark.parametrize("card", ["2C", "7D", "10S", "9H"])
def test_any_other_card_does_nothing_yet(card: str) -> None:
    state = state_of(dealt(card))
    assert state.seats[1].stake == 9
    assert state.ledger.bank == 60
    assert state.seats[1].card == Card.parse(card)


def test_cards_go_to_the_staking_punters_from_the_bankers_left() -> None:
    game = play(table(players=8, banker=5), "pool 1\nstake 2 3\nstake 7 3\nstake 0 3")
    assert state_of(game).next_seat is None
    play(game, reveal("2C"))
    assert state_of(game).order == [7, 0, 2]
    assert state_of(game).seats[7].card == Card.parse("2C")
    assert state_of(game).next_seat == 0


def test_the_first_card_needs_a_stake() -> None:
    game = play(table(), "pool 5")
    with pytest.raises(OutOfTurn, match="no punter has staked"):
        game.apply(CardSeen("reveal", Card.parse("2C")))
    with pytest.raises(OutOfTurn, match="no punter has staked"):
        game.apply(CardSeen("bank", Card.parse("2C")))


def test_the_banker_has_three_cards_from_deck_a() -> None:
    game = play(table(), STAKES + "\n" + bank("2S") + "\n" + reveal("AC KH") + "\n" + bank("5D"))
    assert state_of(game).phase is Phase.DEAL
    play(game, reveal("7D") + "\n" + bank("JC"))
    state = state_of(game)
    assert state.phase is Phase.RESTAKE
    assert state.bank_cards == [Card.parse(c) for c in ("2S", "5D", "JC")]
    with pytest.raises(IllegalEvent, match="already has its three cards"):
        game.apply(CardSeen("bank", Card.parse("3D")))


def test_a_deck_a_card_seen_twice_is_a_misread() -> None:
    game = dealt("AC")
    with pytest.raises(MisreadCard, match="AC of deck A was already seen"):
        game.apply(CardSeen("reveal", Card.parse("AC")))
    with pytest.raises(MisreadCard, match="seat 1's card"):
        game.apply(CardSeen("bank", Card.parse("AC")))


def test_deck_b_waits_for_the_bank_cards() -> None:
    game = play(table(), STAKES + "\n" + reveal("2C 3C 4C"))
    with pytest.raises(OutOfTurn, match=r"\(0 of 3 seen\)"):
        game.apply(CardSeen("reveal", Card.parse("5C")))


def test_a_king_comes_back_with_consent_and_the_same_stake() -> None:
    game = dealt("KS")
    with pytest.raises(IllegalEvent, match="consent 1"):
        game.apply(Action("return", ("1", "9")))
    game.apply(Action("consent", ("1",)))
    with pytest.raises(IllegalEvent, match="already has the banker's consent"):
        game.apply(Action("consent", ("1",)))
    with pytest.raises(IllegalEvent, match="same 9 again"):
        game.apply(Action("return", ("1", "10")))
    game.apply(Action("return", ("1", "9")))
    place = state_of(game).seats[1]
    assert (place.status, place.stake, place.returned) == (Status.IN, 9, True)
    assert place.card == Card.parse("KS")  # he keeps his king for stage 2


def test_a_jack_comes_back_with_any_stake_without_consent() -> None:
    game = dealt("JS")
    with pytest.raises(IllegalEvent, match="without the banker's consent"):
        game.apply(Action("consent", ("1",)))
    with pytest.raises(IllegalEvent, match="at least 1"):
        game.apply(Action("return", ("1", "0")))
    game.apply(Action("return", ("1", "4")))
    assert state_of(game).seats[1].stake == 4
    assert state_of(game).stakes_total == 20


def test_only_a_leaver_comes_back() -> None:
    game = dealt("7S")
    for action in (Action("return", ("1", "5")), Action("consent", ("2",))):
        with pytest.raises(IllegalEvent, match="only a punter who left"):
            game.apply(action)


def test_no_comeback_once_deck_b_began() -> None:
    game = play(table(), STAKES + "\n" + reveal("KS 2C 3C") + "\n" + bank("4C 5C 6C"))
    game.apply(Action("consent", ("1",)))
    play(game, reveal("7C"))
    with pytest.raises(OutOfTurn, match="before deck B"):
        game.apply(Action("return", ("1", "9")))


def test_no_card_before_the_pool() -> None:
    for zone in ("reveal", "bank"):
        with pytest.raises(OutOfTurn, match="pool N"):
            table().apply(CardSeen(zone, Card.parse("2C")))


def test_seats_that_did_not_lose_or_leave_are_not_let_back() -> None:
    game = dealt("7S")
    with pytest.raises(IllegalEvent, match="seat 1 cannot be let back"):
        game.apply(Action("consent", ("1",)))
