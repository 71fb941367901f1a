from __future__ import annotations

from companion.games.errors import IllegalEvent, OutOfTurn
from tests.games.oczko.oczko_helpers import balances, play, refused, table


def test_banker_puts_up_the_bank_within_the_limits() -> None:
    game = table(lower_limit="2", upper_limit="8")
    assert "limits are 2..8" in refused(game, "bank 9", IllegalEvent)
    assert "limits are 2..8" in refused(game, "bank 1", IllegalEvent)
    play(game, "bank 8")
    state = game.to_json()
    assert (state["bank"], state["initial_stake"], state["phase"]) == (8, 8, "stake")
    assert balances(game) == [-8, 0, 0]


def test_first_punter_sits_on_the_bankers_left() -> None:
    game = play(table(players="4", banker="3"), "bank 5")
    assert game.to_json()["punter"] == 0


def test_stake_between_lower_limit_and_bank() -> None:
    game = play(table(lower_limit="2"), "bank 6")
    assert "lower limit is 2" in refused(game, "stake 1", IllegalEvent)
    assert "the bank holds 6" in refused(game, "stake 7", IllegalEvent)
    play(game, "stake 6")
    assert game.to_json()["stake"] == 6


def test_stake_cap_follows_the_growing_bank_by_default() -> None:
    game = play(table(), "bank 5", "stake 5", "bust", "stake 10")
    assert game.to_json()["stake"] == 10


def test_max_stake_initial_caps_at_the_initial_stake() -> None:
    game = play(table(max_stake="initial"), "bank 5", "stake 5", "bust")
    assert "initial stake was 5" in refused(game, "stake 6", IllegalEvent)
    offer = next(o for o in game.offers() if o.name == "stake")
    assert offer.amount is not None
    assert (offer.amount.low, offer.amount.high) == (1, 5)


def test_lower_limit_gives_way_when_the_bank_is_smaller() -> None:
    game = play(table(lower_limit="5"), "bank 5", "stake 5")
    play(game, "stand", "card punter 10S", "card punter 9S", "card banker 10H", "card banker 8H")
    play(game, "showdown")  # the punter wins 5 of the 5: the bank is broken
    assert game.to_json()["banker"] == 1
    game2 = play(table(lower_limit="3", upper_limit="9"), "bank 4", "stake 3", "stand")
    play(game2, "card punter 10S", "card punter 9S", "card banker 10H", "card banker 8H")
    play(game2, "showdown")  # bank 1, below the lower limit
    assert game2.to_json()["bank"] == 1
    play(game2, "stake 1")
    assert game2.to_json()["stake"] == 1


def test_loser_pays_the_bank_winner_is_paid_from_it() -> None:
    game = play(table(), "bank 10", "stake 4", "bust")
    assert balances(game) == [-10, -4, 0]
    play(game, "stake 3", "card punter AS", "card punter 10S")
    assert balances(game) == [-10, -4, 3]
    assert game.to_json()["bank"] == 11


def test_broken_bank_makes_the_winner_banker() -> None:
    game = play(table(), "bank 10", "stake 10", "card punter AS", "card punter AH")
    state = game.to_json()
    assert (state["banker"], state["phase"], state["bank"]) == (1, "bank", 0)
    assert state["results"][0]["broke_bank"] is True
    play(game, "bank 6")
    assert game.to_json()["punter"] == 2


def test_any_win_breaks_bank_takes_everything() -> None:
    game = play(table(any_win_breaks_bank="on"), "bank 10", "stake 1")
    play(game, "card punter AS", "card punter 10S")
    state = game.to_json()
    assert (state["banker"], state["bank"]) == (1, 0)
    assert balances(game) == [-10, 10, 0]


def test_without_any_win_breaks_bank_a_small_win_keeps_the_banker() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter AS", "card punter 10S")
    assert game.to_json()["banker"] == 0
    assert game.to_json()["bank"] == 9


def test_take_bank_at_three_times_the_initial_stake() -> None:
    game = play(table(players="2", upper_limit="5"), "bank 5", "stake 5", "bust")
    assert "less than 3 times" in refused(game, "take-bank", IllegalEvent)
    play(game, "stake 5", "bust")
    assert game.to_json()["may_take_bank"] is True
    play(game, "take-bank")
    assert balances(game) == [10, -10]
    state = game.to_json()
    assert (state["banker"], state["phase"], state["bank"]) == (1, "bank", 0)


def test_take_bank_only_between_duels() -> None:
    game = play(table(players="2", upper_limit="5"), "bank 5", "stake 5", "bust", "stake 5")
    play(game, "bust", "stake 1")
    assert "between duels" in refused(game, "take-bank", OutOfTurn)


def test_rounds_count_one_duel_with_every_punter() -> None:
    game = play(table(players="4"), "bank 10")
    rounds = []
    for _ in range(6):
        rounds.append(game.to_json()["round"])
        play(game, "stake 1", "bust")
    assert rounds == [1, 1, 1, 2, 2, 2]


def test_after_four_rounds_the_banker_must_take_the_bank() -> None:
    game = play(table(players="3"), "bank 10")
    for _ in range(8):
        play(game, "stake 1", "bust")
    state = game.to_json()
    assert (state["phase"], state["round"], state["may_take_bank"]) == ("take-bank", 4, True)
    assert "rounds are over" in refused(game, "stake 1", OutOfTurn)
    play(game, "take-bank")
    assert game.to_json()["banker"] == 1
    assert balances(game) == [8, -4, -4]


def test_double_the_bank_when_the_stock_runs_out() -> None:
    game = play(table(), "bank 10", "card stock 6S", "stake 2", "card punter 6S", "double")
    assert game.to_json()["bank"] == 20
    assert balances(game) == [-20, 0, 0]
    assert game.to_json()["phase"] == "doubled"


def test_throw_in_returns_the_stake_and_moves_on() -> None:
    game = play(table(), "bank 10", "stake 2", "card punter 6S", "gone punter 6S")
    play(game, "double", "throw-in")
    state = game.to_json()
    assert balances(game) == [-20, 0, 0]
    assert (state["punter"], state["phase"]) == (2, "stake")
    assert state["results"][0]["outcome"] == "thrown-in"
    assert "only after the stock ran out" in refused(game, "throw-in", OutOfTurn)
