from __future__ import annotations

from companion.games.errors import IllegalEvent, MisreadCard, UnknownAction
from tests.games.oczko.oczko_helpers import play, refused, table


def test_cards_outside_the_36_card_deck_are_misreads() -> None:
    game = play(table(), "bank 10", "stake 1")
    for card in ("2H", "3S", "4D", "5C"):
        assert "not in the short36 deck" in refused(game, f"card punter {card}", MisreadCard)


def test_unknown_zone_is_refused() -> None:
    assert 'no zone "trick"' in refused(table(), "card trick 9S", UnknownAction)


def test_same_card_in_both_hands_is_a_misread() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter 9S", "card banker 8S")
    assert "already in the punter's hand" in refused(game, "card banker 9S", MisreadCard)
    assert "already in the banker's hand" in refused(game, "card punter 8S", MisreadCard)


def test_a_card_shown_again_in_its_own_hand_counts_once() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter 9S", "gone punter 9S")
    play(game, "card punter 9S")
    assert game.to_json()["punter_cards"] == ["9S"]


def test_a_played_card_is_a_misread_until_the_reshuffle() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter 10S", "card punter 9S")
    play(game, "card punter 8S")  # bust
    play(game, "stake 1")
    assert "since the last reshuffle" in refused(game, "card punter 9S", MisreadCard)
    play(game, "reshuffle", "card punter 9S")
    assert game.to_json()["punter_cards"] == ["9S"]


def test_reshuffle_keeps_the_cards_of_the_duel() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter 10S", "reshuffle")
    assert "already" in refused(game, "card banker 10S", MisreadCard)
    assert game.to_json()["seen_since_reshuffle"] == 1


def test_bottom_card_is_tracked_and_never_the_bankers() -> None:
    game = play(table(), "bank 10", "card stock 9D", "stake 1", "stand")
    assert game.to_json()["bottom_card"] == "9D"
    assert "never take the bottom card" in refused(game, "card banker 9D", IllegalEvent)


def test_only_one_bottom_card_until_the_reshuffle() -> None:
    game = play(table(), "bank 10", "card stock 9D")
    assert "bottom card is 9D" in refused(game, "card stock 8D", MisreadCard)
    play(game, "gone stock 9D", "card stock 9D")  # the camera lost it for a moment
    assert game.to_json()["stock_exhausted"] is False
    play(game, "reshuffle", "card stock 8D")
    assert game.to_json()["bottom_card"] == "8D"


def test_the_punter_may_draw_the_bottom_card_once() -> None:
    game = play(table(), "bank 10", "card stock 9D", "stake 1", "card punter 9D")
    state = game.to_json()
    assert state["stock_exhausted"] is True
    assert state["punter_total"] == 9
    assert "already drawn" in refused(game, "card stock 9D", MisreadCard)


def test_version_two_has_no_bottom_card() -> None:
    game = play(table(version="2"), "bank 10")
    assert "version II has no bottom card" in refused(game, "card stock 9D", IllegalEvent)


def test_gone_and_clear_of_hands_keep_the_duel() -> None:
    game = play(table(), "bank 10", "stake 1", "card punter 10S", "clear punter")
    play(game, "gone punter 10S", "clear banker")
    assert game.to_json()["punter_cards"] == ["10S"]
