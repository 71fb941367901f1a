"""The round's outcome on the home screen: after a money game's round it shows until the
next round's first event or a press (a press puts it away and does nothing else); its
texts fit in every language; the balances are one press from the table screen; the bank
says what its number is; a stake of 0 says the seat sits the round out."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import ImageChops

from companion.games.round_outcome import BankMeaning, RoundOutcome, SeatOutcome
from companion.games.session import Game
from companion.tools.gallery import ScriptPoint
from companion.ui.canvas import Sheet
from companion.ui.controller import compose
from companion.ui.menus.state import Home
from companion.ui.screens import draw_game, page_count
from companion.ui.screens.outcome import bank_text, compose_outcome
from companion.ui.views import game_view
from companion.values.language import Language
from companion.words import say
from tests.ui.table_driver import BACK, DOWN, DOWN_HELD, LONG_OK, UP, Table
from tests.ui.test_fit import problems

# A money game's round just ended (the example's events so far) and the next event,
# the next round's first.
ROUND_ENDS = [
    ("oczko", 9, "stake 3"),
    ("ochko-21", 11, "card banker 8S"),
    ("ochko-bank", 15, "bet 1 2"),
    ("gwiazda", 45, "newdeal"),
]
EXAMPLES = ["oczko", "ochko-21", "ochko-bank", "gwiazda"]


def table_after(name: str, events: int) -> Table:
    return Table(game=ScriptPoint(f"example:{name}", events).game())


def outcome_of(game: Game | None) -> RoundOutcome | None:
    assert game is not None
    outcome = getattr(game_view(game), "outcome", None)
    assert outcome is None or isinstance(outcome, RoundOutcome)
    return outcome


def shows_outcome(table: Table) -> bool:
    outcome = outcome_of(table.game)
    if outcome is None:
        return False
    sheet = Sheet()
    compose_outcome(sheet, outcome, Language.EN)
    return ImageChops.difference(table.screen(), sheet.image).getbbox() is None


@pytest.mark.parametrize(("name", "events", "next_event"), ROUND_ENDS)
def test_the_outcome_stays_until_the_next_rounds_first_event(
    name: str, events: int, next_event: str
) -> None:
    table = table_after(name, events)
    assert shows_outcome(table)
    table.camera(next_event)  # applies the event as the app does, camera's or buttons'
    assert outcome_of(table.game) is None
    assert not shows_outcome(table)


@pytest.mark.parametrize(("name", "events", "next_event"), ROUND_ENDS)
def test_a_press_puts_the_outcome_away_and_does_nothing_else(
    name: str, events: int, next_event: str
) -> None:
    table = table_after(name, events)
    before = table.events()
    mode = table.state.mode
    table.press(UP)
    assert not shows_outcome(table)
    assert table.events() == before and table.state.mode == mode
    # the table screen (or the amount due) is back, with UP and DOWN working as ever
    table.press(DOWN)
    assert not shows_outcome(table)


def test_a_long_press_on_the_outcome_only_puts_it_away_too() -> None:
    table = table_after("ochko-bank", 15)
    table.press(LONG_OK)
    assert isinstance(table.state.mode, Home) and not shows_outcome(table)
    table.press(LONG_OK)
    assert not isinstance(table.state.mode, Home)
    table.press(BACK)
    assert not shows_outcome(table)  # seen: not shown again on coming back


@pytest.mark.parametrize("language", list(Language), ids=[language.value for language in Language])
def test_every_outcome_of_the_examples_fits(language: Language) -> None:
    failures: list[str] = []
    seen = 0
    for name in EXAMPLES:
        for events in range(len(ScriptPoint(f"example:{name}").game().events) + 1):
            outcome = outcome_of(ScriptPoint(f"example:{name}", events).game())
            if outcome is None:
                continue
            seen += 1
            sheet = Sheet()
            compose_outcome(sheet, outcome, language)
            failures.extend(f"{name}@{events}: {problem}" for problem in problems(sheet))
    assert seen > 0
    assert failures == []


def test_the_widest_outcome_fits() -> None:
    """Eleven punters at Gwiazda's widest table, three-digit amounts."""
    for seats in (4, 11):
        outcome = RoundOutcome(
            tuple(SeatOutcome(seat, -100 if seat % 2 else 100) for seat in range(1, seats + 1)),
            banker=0,
            banker_total=None,
            bank=1000,
            meaning=BankMeaning.SIZE,
        )
        for language in Language:
            sheet = Sheet()
            compose_outcome(sheet, outcome, language)
            assert problems(sheet) == []


# A point of each example with an amount due (the start) and one mid-round with none.
AMOUNT_DUE_AND_IN_PLAY = [("oczko", 5), ("ochko-21", 17), ("ochko-bank", 11), ("gwiazda", 21)]


@pytest.mark.parametrize(("name", "in_play"), AMOUNT_DUE_AND_IN_PLAY)
def test_the_balances_are_one_press_from_the_table_screen(name: str, in_play: int) -> None:
    """While an amount is due BACK shows them; otherwise UP does (the last page)."""
    for events, press in ((0, BACK), (in_play, UP)):
        table = table_after(name, events)
        assert outcome_of(table.game) is None
        table.press(press)
        view = game_view(table.game) if table.game is not None else None
        assert view is not None
        balances = draw_game(view, Language.EN, page=page_count(view) - 1)
        assert ImageChops.difference(table.screen(), balances).getbbox() is None, (name, press)
        table.press(BACK)  # and BACK is back on the table screen (or the amount due)
        assert isinstance(table.state.mode, Home) and not table.state.mode.browsing


def test_the_bank_says_what_its_number_is() -> None:
    for language in Language:
        size = bank_text(30, BankMeaning.SIZE, language, full=True)
        result = bank_text(-5, BankMeaning.BANKER_RESULT, language, full=True)
        assert "30" in size and "-5" in result and size != result
        assert bank_text(5, BankMeaning.BANKER_RESULT, language).endswith("+5")
    assert bank_text(-5, BankMeaning.BANKER_RESULT, Language.EN) == "Banker -5"
    assert bank_text(-5, BankMeaning.BANKER_RESULT, Language.EN, full=True) == (
        "Banker's result -5"
    )
    assert bank_text(30, BankMeaning.SIZE, Language.RU, full=True) == "В банке 30"


def test_a_stake_of_zero_says_the_seat_sits_the_round_out() -> None:
    table = Table.playing("game ochko-bank players=4\n")
    note = say("amount.zero-sits-out", Language.EN)
    # the first seat's bet is due: step down to 0
    for _ in range(12):
        table.press(DOWN_HELD)
    words = _drawn_texts(table)
    assert note in words
    table.press(UP)
    assert note not in _drawn_texts(table)


def test_a_stake_of_zero_on_the_games_own_screen_says_it_too() -> None:
    """One seat betting: the table screen itself asks for the bet (its limits start at
    the minimum, 0 still sits out)."""
    table = Table.playing("game ochko-bank players=2\n")
    for _ in range(12):
        table.press(DOWN_HELD)
    assert say("amount.zero-sits-out", Language.EN) in _drawn_texts(table)
    for language in Language:
        table.settings = dataclasses.replace(table.settings, language=language)
        assert problems(compose(table.state, table.context())) == []
    table.press(UP)
    assert say("amount.zero-sits-out", Language.RU) not in _drawn_texts(table)


def test_a_gwiazda_stake_of_zero_says_it_too() -> None:
    """Six seats or more: the picker of one seat's stake among the punters'."""
    table = Table.playing("game gwiazda players=6 banker=0\npool 10\n")
    for _ in range(12):
        table.press(DOWN_HELD)
    for language in Language:
        table.settings = dataclasses.replace(table.settings, language=language)
        assert say("amount.zero-sits-out", language) in _drawn_texts(table)
        assert problems(compose(table.state, table.context())) == []


def test_a_bid_of_zero_is_a_bid() -> None:
    table = Table.playing("game oh-hell players=4 hand=3 dealer=0\ncard trump 9H\n")
    for _ in range(5):
        table.press(DOWN_HELD)
    assert say("amount.zero-sits-out", Language.EN) not in _drawn_texts(table)


def _drawn_texts(table: Table) -> list[str]:
    return [mark.drawn for mark in compose(table.state, table.context()).marks if mark.drawn]
