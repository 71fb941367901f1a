"""The reasons the engines give (violations and refusals) have a text in every language,
and every violation and refusal of the scenarios reads in the table's words: seats from
1, no script line, no engine English where the engine gives a reason."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from companion.cards import Card
from companion.games.engine import Violation
from companion.games.errors import OutOfTurn, Reason, SeatRef
from companion.games.events import parse_event
from companion.games.people import People
from companion.games.registry import make_engine
from companion.games.script import ScriptError, parse_script
from companion.games.session import replay_script
from companion.values.language import Language
from companion.words import catalogue, seat_label
from companion.words.reasons import event_text, refusal_text, violation_text

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*/*.txt"))
REASON_KEY = re.compile(r'Reason\.of\(\s*"([a-z0-9-]+)"')


def _keys_in_the_engines() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "companion" / "games").rglob("*.py"):
        found.update(REASON_KEY.findall(path.read_text("utf-8")))
    return found


def test_every_reason_an_engine_gives_has_a_text_in_every_language() -> None:
    keys = _keys_in_the_engines()
    assert len(keys) > 40
    for language in Language:
        missing = sorted(key for key in keys if f"reason.{key}" not in catalogue(language))
        assert missing == [], language


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_every_scenarios_problems_read_in_the_tables_words(language: Language) -> None:
    said: list[str] = []
    for path in SCENARIOS:
        try:
            replay = replay_script(parse_script(path.read_text("utf-8"), path.name), True)
        except ScriptError:
            continue
        found: list[Violation] = [*replay.game.state.violations, *replay.refused]
        for violation in found:
            if violation.reason is None:
                continue
            text = violation_text(violation, language)
            template = catalogue(language)[f"reason.{violation.reason.key}"]
            assert _fields(template) <= set(violation.reason.value_map()), path.name
            assert "seat " not in text and "line" not in text, (path.name, text)
            said.append(text)
    assert len(said) > 10  # the scenarios do refuse and flag things


def test_a_seat_in_a_reason_is_counted_from_one_and_a_card_in_the_players_letters() -> None:
    seen = {"card": Card.parse("QH"), "first": SeatRef(3), "first_trick": 1}
    refusal = OutOfTurn("seat 0 ...", Reason.of("twice-played", trick=2, seat=SeatRef(0), **seen))
    assert refusal_text(refusal, Language.EN) == "Trick 2: P1 plays Q♥; P4 played it in trick 1"
    assert refusal_text(refusal, Language.RU) == (
        "Взятка 2: И1 играет Д♥; И4 сыграл её во взятке 1"
    )


def test_a_refusal_without_a_reason_counts_seats_from_one() -> None:
    assert refusal_text(OutOfTurn("seat 2 waits for seat 0"), Language.PL) == "P3 waits for P1"


def test_events_in_the_players_words() -> None:
    assert event_text(parse_event("bid 3 0"), Language.EN, seat_led={"bid"}) == "P4 bids 0"
    assert (
        event_text(parse_event("card trick 10H"), Language.PL, seat_led=frozenset()) == "lewa: 10♥"
    )
    assert (
        event_text(parse_event("clear trick"), Language.RU, seat_led=frozenset())
        == "взятка: убрать"
    )
    # A seat's zone is the seat, counted from 1, with a split hand's letter.
    assert (
        event_text(parse_event("card seat0b KC"), Language.EN, seat_led=frozenset()) == "K♣ on P1b"
    )


def test_a_leading_number_is_a_seat_only_where_the_game_says_so() -> None:
    # Очко 21's "stake 5" stakes five chips; Gwiazda's "stake 2 5" is P3 staking five.
    assert make_engine("ochko-21", {}).seat_led_actions.isdisjoint({"stake", "bank"})
    gwiazda_led = make_engine("gwiazda", {}).seat_led_actions
    assert event_text(parse_event("stake 2 5"), Language.EN, seat_led=gwiazda_led) == (
        "P3 stakes 5"
    )
    assert event_text(parse_event("stake 5"), Language.EN, seat_led=frozenset()) == "Stake 5"
    assert event_text(parse_event("bank 10"), Language.EN, seat_led=frozenset()) == (
        "Put up the bank 10"
    )


def test_a_named_games_reasons_and_events_call_the_seats_by_their_peoples_names() -> None:
    people = People.parse("Ania,Bartek,Celina,Dima")
    seen = {"card": Card.parse("QH"), "first": SeatRef(3), "first_trick": 1}
    refusal = OutOfTurn("seat 0 ...", Reason.of("twice-played", trick=2, seat=SeatRef(0), **seen))
    assert refusal_text(refusal, Language.EN, people=people) == (
        "Trick 2: Ania plays Q♥; Dima played it in trick 1"
    )
    assert refusal_text(OutOfTurn("seat 2 waits for seat 0"), Language.PL, people=people) == (
        "Celina waits for Ania"
    )
    seat_led = make_engine("oh-hell", {"players": "4"}).seat_led_actions
    bid = parse_event("bid 3 0")
    assert event_text(bid, Language.EN, seat_led=seat_led, people=people) == "Dima bids 0"
    assert event_text(bid, Language.EN, seat_led=seat_led) == "P4 bids 0"


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_a_named_scenarios_problems_name_its_people_never_its_seat_numbers(
    language: Language,
) -> None:
    text = (ROOT / "tests" / "scenarios" / "oh-hell" / "revoke.txt").read_text("utf-8")
    named = text.replace("dealer=0", "dealer=0 people=Ania,Bartek,Celina,Dima", 1)
    game = replay_script(parse_script(named, "revoke.txt"), True).game
    assert game.people is not None
    said = [violation_text(found, language, people=game.people) for found in game.state.violations]
    assert said and all("Celina" in line for line in said), said
    unnamed = seat_label(2, language, short=True)
    assert not any(re.search(rf"\b{unnamed}\b", line) for line in said), said
