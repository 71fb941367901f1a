from companion.cards import Card, Suit
from companion.games.engine import Violation
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, RefusedEvent, SeatRef
from companion.games.events import parse_event
from companion.ui.screens.violation import compose_refusal, compose_violation
from companion.values.language import Language

REVOKE = Reason.of(
    "revoke",
    trick=1,
    seat=SeatRef(1),
    card=Card.parse("4S"),
    led=Suit.CLUBS,
    now=Card.parse("8C"),
)


def _body(violation: Violation, language: Language) -> str:
    marks = compose_violation(violation, language).marks
    return " ".join(mark.drawn for mark in marks[1:])


def test_a_revoke_says_the_trick_the_player_and_the_cards() -> None:
    violation = Violation("revoke", "seat 1 plays 8C ...", seat=1, line=39, reason=REVOKE)
    marks = compose_violation(violation, Language.EN).marks
    assert marks[0].drawn == "Revoke!"
    assert _body(violation, Language.EN) == "Trick 1: P2 played 4♠ on a club lead; now plays 8♣"
    assert "39" not in _body(violation, Language.EN)


def test_a_revoke_in_polish_and_russian() -> None:
    violation = Violation("revoke", "seat 1 ...", seat=1, line=39, reason=REVOKE)
    assert _body(violation, Language.PL) == "Lewa 1: G2 dał 4♠ na wyjście w trefle; teraz gra 8♣"
    assert _body(violation, Language.RU) == "Взятка 1: И2 дал 4♠ на ход в трефы; теперь ходит 8♣"


def test_a_violation_without_a_reason_shows_the_engines_words_counted_from_one() -> None:
    violation = Violation("odd-thing", "seat 1 did something odd", seat=1)
    marks = [mark.drawn for mark in compose_violation(violation, Language.EN).marks]
    assert marks[0] == "odd-thing"
    assert "Player 2" in marks and "P2 did something odd" in marks


def test_a_refusal_says_what_kind_the_event_in_peoples_words_and_why() -> None:
    reason = Reason.of("bid-turn", seat=SeatRef(3), due=SeatRef(2))
    cases: list[tuple[RefusedEvent, str]] = [
        (OutOfTurn("seat 3 cannot bid now", reason), "Не сейчас: не его ход"),
        (IllegalEvent("seat 3 cannot bid now", reason), "Не по правилам"),
    ]
    for refusal, headline in cases:
        sheet = compose_refusal(parse_event("bid 3 1"), refusal, Language.RU, seat_led={"bid"})
        marks = [mark.drawn for mark in sheet.marks]
        assert marks[:2] == [headline, "И4: заказ 1"]
        assert " ".join(marks[2:]) == "И4 не заказывает сейчас: очередь И3"
