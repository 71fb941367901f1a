from __future__ import annotations

from importlib import resources

from companion.games.events import Action
from companion.ui.intents import ApplyEvent
from companion.ui.menus.home import due_amount
from companion.ui.menus.state import Home
from companion.ui.practice import PracticeTable
from tests.ui.table_driver import DOWN, LONG_BACK, OK, UP


def example(name: str) -> PracticeTable:
    text = resources.files("companion.examples").joinpath(f"{name}.txt").read_text("utf-8")
    return PracticeTable.from_text(text, name)


def events(table: PracticeTable) -> list[str]:
    assert table.game is not None
    return [str(event) for event in table.game.events]


def shown_bid(table: PracticeTable) -> int:
    home = table.state.mode
    assert isinstance(home, Home)
    picked = due_amount(table.state, home, table.context())
    assert picked is not None
    return picked.value


def test_camera_events_come_from_the_script_up_to_the_next_button_action() -> None:
    table = example("oh-hell")
    assert events(table) == ["card trump 8D"]  # then the script waits for "bid 1 1"
    table.press(UP)
    table.press(OK)
    assert events(table)[-1] == "bid 1 1"
    assert table.following_script


def test_the_script_goes_on_after_the_players_actions() -> None:
    table = example("oh-hell")
    for bid in (1, 1, 0, 0):  # the example's four bids
        while shown_bid(table) != bid:
            table.press(UP if bid > shown_bid(table) else DOWN)
        table.press(OK)
    assert events(table)[5:9] == [
        "card trick KS",
        "card trick 4D",
        "card trick QS",
        "card trick 9C",
    ]


def test_leaving_the_script_stops_the_camera() -> None:
    table = example("oh-hell")
    intents = table.press(OK)  # bids 0 where the script says 1
    assert intents == (ApplyEvent(Action("bid", ("1", "0"))),)
    assert not table.following_script
    table.press(LONG_BACK)
    table.press(OK)  # undo, confirmed
    assert events(table) == ["card trump 8D"]
