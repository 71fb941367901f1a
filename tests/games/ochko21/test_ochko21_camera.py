"""What the camera sees: the three zones, duplicates, the stock card, and cards that
appear at the wrong moment."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, MisreadCard, OutOfTurn, UnknownAction
from companion.games.events import CardGone, CardSeen, ZoneCleared
from companion.games.script import parse_events as events
from tests.games.ochko21.ochko21_helpers import play, state_of

SHOWN = """
bank 10
card banker 10S
stake 5
card player AS
card player 10H
twenty-one
"""


def _refusal(text: str, event_text: str, *words: str) -> Exception | None:
    game = play(text, *words)
    return game.can_apply(events(event_text)[0])


def test_a_card_outside_the_chosen_deck_is_a_misread() -> None:
    assert isinstance(_refusal("bank 10", "card banker 6S", "deck=32"), MisreadCard)
    assert _refusal("bank 10", "card banker 6S", "deck=36") is None
    assert isinstance(_refusal("bank 10", "card banker 5S", "deck=36"), MisreadCard)
    assert _refusal("bank 10", "card banker 5S", "deck=52") is None


def test_a_card_already_on_the_mat_is_a_misread() -> None:
    refusal = _refusal("card stock 9C\nbank 10\ncard banker 10S\nstake 1\nstand", "card player 9C")
    assert isinstance(refusal, MisreadCard)
    assert "stock zone" in str(refusal)


def test_played_cards_still_on_the_mat_count_as_seen() -> None:
    assert isinstance(_refusal(SHOWN, "card stock AS"), MisreadCard)


def test_played_cards_put_away_may_come_again() -> None:
    game = play(SHOWN + "clear player\nclear banker\ncard banker AS")
    assert state_of(game).table["banker"] == [Card.parse("AS")]


def test_the_pack_shows_one_card() -> None:
    refusal = _refusal("card stock 9C", "card stock 8C")
    assert isinstance(refusal, IllegalEvent)
    assert "already shows 9C" in str(refusal)
    game = play("card stock 9C\nclear stock\ncard stock 8C")
    assert state_of(game).table["stock"] == [Card.parse("8C")]


def test_gone_removes_the_card_and_refuses_a_card_not_there() -> None:
    game = play("bank 10\ncard banker 10S")
    game.apply(CardGone("banker", Card.parse("10S")))
    assert state_of(game).table["banker"] == []
    refusal = game.can_apply(CardGone("banker", Card.parse("9S")))
    assert isinstance(refusal, IllegalEvent)
    assert "not in the banker zone" in str(refusal)


def test_clearing_takes_away_the_played_cards() -> None:
    game = play(SHOWN)
    assert state_of(game).stale == {Card.parse(c) for c in ("10S", "AS", "10H")}
    game.apply(ZoneCleared("player"))
    assert state_of(game).stale == {Card.parse("10S")}
    game.apply(ZoneCleared("banker"))
    assert state_of(game).stale == set()


def test_the_banker_draws_only_after_the_player_stands() -> None:
    assert isinstance(_refusal("bank 10\ncard banker 10S\nstake 5", "card banker 7C"), OutOfTurn)
    assert _refusal("bank 10\ncard banker 10S\nstake 5\nstand", "card banker 7C") is None


def test_the_banker_has_one_face_up_card_before_the_stake() -> None:
    refusal = _refusal("bank 10\ncard banker 10S", "card banker 7C")
    assert isinstance(refusal, OutOfTurn)
    assert "already has his face-up card 10S" in str(refusal)


def test_the_new_card_comes_after_the_played_cards_are_put_away() -> None:
    refusal = _refusal(SHOWN + "clear player", "card banker 8S")
    assert isinstance(refusal, OutOfTurn)
    assert "puts the played cards away" in str(refusal)


def test_player_cards_are_shown_only_during_his_game() -> None:
    assert isinstance(_refusal("bank 10\ncard banker 10S", "card player 9H"), OutOfTurn)
    assert isinstance(_refusal("", "card player 9H"), OutOfTurn)
    assert isinstance(_refusal(SHOWN, "card player 9H"), OutOfTurn)


def test_an_unknown_zone_is_refused() -> None:
    game = play("")
    assert isinstance(game.can_apply(CardSeen("trick", Card.parse("9H"))), UnknownAction)
