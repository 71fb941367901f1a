"""The button actions offered in each phase, and that each offer is accepted."""

from __future__ import annotations

from companion.games.events import parse_event
from companion.games.session import Game
from tests.games.ochko21.ochko21_helpers import offer_events, play

FACE_UP = "card banker 10S\n"
START = "bank 10\n" + FACE_UP


def _offered(game: Game) -> list[str]:
    return [offer.name for offer in game.offers()]


def _all_accepted(game: Game) -> bool:
    return all(
        game.can_apply(event) is None for offer in game.offers() for event in offer_events(offer)
    )


def test_announcing_the_bank_offers_one_to_the_table_limit() -> None:
    game = play("", "max_bank=40")
    (offer,) = game.offers()
    assert offer.name == "bank"
    assert offer.amount is not None
    assert (offer.amount.low, offer.amount.high) == (1, 40)
    assert _all_accepted(game)


def test_the_stake_is_offered_up_to_the_bank_once_the_bankers_card_is_out() -> None:
    assert _offered(play("bank 10")) == []
    game = play(START)
    (offer,) = game.offers()
    assert offer.name == "stake"
    assert offer.amount is not None
    assert (offer.amount.low, offer.amount.high) == (1, 10)
    assert _all_accepted(game)


def test_the_player_may_stand_or_draw_in_the_dark() -> None:
    assert _offered(play(START + "stake 5")) == ["stand", "dark"]
    assert _offered(play(START + "stake 5", "dark_draw=off")) == ["stand"]


def test_shown_21_or_bust_offer_only_that() -> None:
    assert _offered(play(START + "stake 5\ncard player AH\ncard player 10H")) == ["twenty-one"]
    bust = play(START + "stake 5\ncard player KH\ncard player 10H\ncard player 9H")
    assert _offered(bust) == ["bust"]
    assert _all_accepted(bust)


def test_the_showdown_is_offered_once_both_hands_are_shown() -> None:
    assert _offered(play(START + "stake 5\nstand")) == []
    game = play(START + "stake 5\nstand\ncard player 9H")
    assert _offered(game) == ["showdown"]
    assert _all_accepted(game)


def test_a_hidden_bust_is_offered_instead_of_the_showdown() -> None:
    game = play(START + "stake 5\nstand\ncard player KH\ncard player 10H\ncard player 9H")
    assert _offered(game) == ["hidden-bust"]
    dark = play(START + "stake 5\ndark\ncard player KH\ncard player 10H\ncard player 9H")
    assert _offered(dark) == ["showdown"]
    # K + 10 + 9 + 9 = 32 is still 22 without the 10: bust before the dark card
    dark.apply(parse_event("card player 9D"))
    assert _offered(dark) == ["hidden-bust"]


def test_stuk_and_take_bank_are_offered_in_their_phases() -> None:
    lose = "card player KS\ncard player 10C\ncard player 9C\nbust\nclear player\nclear banker\n"
    stuk = play(f"bank 1\n{FACE_UP}stake 1\n{lose}card banker 9S\nstake 2\n{lose}", "players=2")
    assert _offered(stuk) == ["stuk"]
    over = play(
        f"bank 1\n{FACE_UP}stake 1\n{lose}card banker 9S\nstake 2\n{lose}"
        f"stuk\ncard banker 10S\nstake 1\n{lose}",
        "players=2",
    )
    assert _offered(over) == ["take-bank"]
    assert _all_accepted(over)
