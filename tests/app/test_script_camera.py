"""The terminal's practice table: the example's camera events fed up to each button
action the player enters, until the player leaves the script."""

from __future__ import annotations

from companion.app.messages import CameraState
from companion.app.script_camera import practice_table
from companion.games.registry import plugin
from companion.games.spec import GameSpec
from companion.ui.intents import StartGame
from companion.ui.menus.home import due_amount
from companion.ui.menus.state import Home, TableMenu
from companion.ui.presses import Button, ButtonPress, PressKind
from tests.ui.table_driver import DOWN, LONG_BACK, OK, UP

LONG_OK = ButtonPress(Button.OK, PressKind.LONG)


class Practice:
    """The terminal's table and its script camera, pressed as the terminal does."""

    def __init__(self, name: str) -> None:
        text = plugin(name).example_text()
        self.table, self.camera = practice_table(text, name)

    def press(self, press: ButtonPress) -> None:
        self.table.press(press)
        self.camera.feed(self.table)


def example(name: str) -> Practice:
    return Practice(name)


def events(practice: Practice) -> list[str]:
    game = practice.table.game
    assert game is not None
    return [str(event) for event in game.events]


def shown_bid(practice: Practice) -> int:
    table = practice.table
    assert isinstance(table.ui.mode, Home)
    picked = due_amount(table.ui, table.context())
    assert picked is not None
    return picked.value


def test_camera_events_come_from_the_script_up_to_the_next_button_action() -> None:
    table = example("oh-hell")
    assert events(table) == ["card trump 8D"]  # then the script waits for "bid 1 1"
    table.press(UP)
    table.press(OK)
    assert events(table)[-1] == "bid 1 1"
    assert table.camera.following


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


def test_leaving_the_script_stops_the_camera_and_cards_are_entered_by_hand() -> None:
    table = example("oh-hell")
    table.press(OK)  # bids 0 where the script says 1
    assert events(table)[-1] == "bid 1 0"
    assert not table.camera.following
    assert table.table.camera is CameraState.ENDED
    table.press(LONG_BACK)
    table.press(DOWN)
    table.press(OK)  # undo, confirmed
    assert events(table) == ["card trump 8D"]
    table.press(LONG_OK)  # no camera now: the table menu
    assert isinstance(table.table.ui.mode, TableMenu)


def test_a_new_game_leaves_the_script_of_the_old_one() -> None:
    table = example("oczko")
    table.table.carry_out(StartGame(GameSpec.parse("game oh-hell players=4")))
    table.camera.feed(table.table)
    assert events(table) == [] and not table.camera.following
