from companion.cards import Card
from companion.games.engine import Violation
from companion.games.errors import IllegalEvent, OutOfTurn, RefusedEvent
from companion.ui.screens.violation import (
    compose_refusal,
    compose_violation,
    mentioned_cards,
    people_numbers,
)
from companion.ui.texts import Language


def test_cards_named_in_a_message_are_found_once_each() -> None:
    message = "seat 2 plays JS but did not follow spades in trick 1 (2C); JS again"
    assert mentioned_cards(message) == [Card.parse("JS"), Card.parse("2C")]
    assert mentioned_cards('"stake 12" refused') == []


def test_seats_in_engine_words_are_counted_from_one() -> None:
    assert (
        people_numbers("seat 0 cannot bid: it is seat 2's turn") == "P1 cannot bid: it is P3's turn"
    )


def test_a_revoke_shows_its_title_seat_cards_and_line() -> None:
    violation = Violation("revoke", "seat 2 plays JS but did not follow (2C)", seat=2, line=14)
    marks = [mark.drawn for mark in compose_violation(violation, Language.PL).marks]
    assert marks[0] == "Renons!"
    assert "Gracz 3" in marks and "W♠  2♣" in marks and "wiersz 14" in marks


def test_an_unknown_kind_shows_its_id_and_the_engines_words() -> None:
    violation = Violation("odd-thing", "seat 1 did something odd")
    marks = [mark.drawn for mark in compose_violation(violation, Language.EN).marks]
    assert marks[0] == "odd-thing"
    assert "P2 did something odd" in marks


def test_a_refusal_says_what_kind_and_why() -> None:
    cases: list[tuple[RefusedEvent, str]] = [
        (OutOfTurn("seat 3 cannot bid now"), "Не сейчас: не его ход"),
        (IllegalEvent("the hook"), "Не по правилам"),
    ]
    for refusal, headline in cases:
        marks = [mark.drawn for mark in compose_refusal("bid 3 1", refusal, Language.RU).marks]
        assert marks[:3] == ["Отклонено", headline, "bid 3 1"]
