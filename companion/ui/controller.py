"""The controller: a button press in, intents and a picture out. Pure.

``handle(state, press, context)`` returns the new ``UiState`` and the intents for the
app (apply an event, undo, start a game, change a setting, shut down, answer an unsure
card); ``render(state, context)`` draws the screen. The app applies the intents and
gives the controller the new context (the game's view and offers); if the game refuses
an event, ``refused(state, reason)`` shows why in a line and goes back to where the
player was. Every intent comes from what the context offers at that moment, so a press
that arrives late (during a redraw, two at once) acts on the table as it is, or not at
all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image

from companion.games.engine import Violation
from companion.games.session import Game
from companion.ui.canvas import HEIGHT, PAPER, WIDTH, Sheet
from companion.ui.intents import Intent
from companion.ui.menus import draw
from companion.ui.menus.common import Step, go
from companion.ui.menus.home import compose_home, handle_home, pinned, shown_outcome
from companion.ui.menus.main_menu import (
    compose_actions,
    compose_confirm,
    compose_menu,
    compose_scores,
    handle_actions,
    handle_confirm,
    handle_menu,
    handle_scores,
)
from companion.ui.menus.new_game import (
    compose_kept,
    compose_picker,
    compose_setup,
    compose_unfinished,
    handle_kept,
    handle_picker,
    handle_setup,
    handle_unfinished,
)
from companion.ui.menus.people import (
    compose_evening,
    compose_people,
    compose_seating,
    handle_evening,
    handle_people,
    handle_seating,
)
from companion.ui.menus.settings_menu import compose_settings, handle_settings
from companion.ui.menus.sheet_link import compose_sheet_link, handle_sheet_link
from companion.ui.menus.state import (
    CardPick,
    Confirm,
    EveningPage,
    GamePicker,
    GameSetup,
    Home,
    KeptGames,
    MainMenu,
    Mode,
    PeopleList,
    Scores,
    SeatingChoice,
    SettingsMenu,
    SheetAddress,
    TableActions,
    TableMenu,
    UiContext,
    UiState,
    Unfinished,
    UnsureReading,
    is_long,
)
from companion.ui.menus.table_entry import compose_table_menu, hand_entry, handle_table_menu
from companion.ui.menus.unsure import compose_unsure_question, handle_unsure
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.screens.violation import compose_violation
from companion.ui.settings import UiSettings
from companion.ui.summary import GameSummary, summarise
from companion.ui.views import game_view
from companion.values.sheet_address import SheetLink

STATUS_TOP = HEIGHT - 11
M = TypeVar("M")

__all__ = ["UiContext", "UiState", "compose", "context_for", "handle", "refused", "render"]


def handle(
    state: UiState, press: ButtonPress, context: UiContext
) -> tuple[UiState, tuple[Intent, ...]]:
    repeats = state.repeats + 1 if press.kind is PressKind.REPEAT else 0
    if state.notice or context.violation is not None:
        # a line or a screen over the rest (a refusal, a violation): any press only puts
        # it away, so no press lands on a screen the player could not see
        return dataclasses.replace(state, notice=None, repeats=repeats, before_send=None), ()
    state = dataclasses.replace(state, repeats=repeats, before_send=None)
    state = pinned(state, context)
    if context.unsure is not None:
        return handle_unsure(state, press, context)
    mode = shown_mode(state, context)
    state = dataclasses.replace(state, mode=mode)
    outcome = shown_outcome(state, context) if isinstance(mode, Home) else None
    if outcome is not None:  # a round's outcome, like any message: a press puts it away
        return dataclasses.replace(state, outcome_seen=outcome), ()
    if context.hand_entry is not None and isinstance(mode, Home) and is_long(press, Button.OK):
        return go(state, TableMenu())
    return _screen_of(mode).handle(state, mode, press, context)


def shown_mode(state: UiState, context: UiContext) -> Mode:
    """The mode the screen is in, home where what it showed went away: the unsure
    card's question (answered elsewhere), the game the scores were of, the hand entry
    (the camera reads again)."""
    mode = state.mode
    if (
        (isinstance(mode, CardPick) and context.unsure is None)
        or (context.view is None and isinstance(mode, Scores))
        or (context.hand_entry is None and isinstance(mode, TableMenu))
    ):
        return Home()
    return mode


@dataclass(frozen=True)
class ModeScreen(Generic[M]):
    """What a mode of the menus does with a press, and how it is drawn."""

    handle: Callable[[UiState, M, ButtonPress, UiContext], Step]
    compose: Callable[[UiState, M, UiContext], Sheet]


def _drawn(compose: Callable[[M, UiContext], Sheet]) -> Callable[[UiState, M, UiContext], Sheet]:
    """A mode's drawing that needs only the mode and the context."""
    return lambda _state, mode, context: compose(mode, context)


def _handle_table_menu(
    state: UiState, menu: TableMenu, press: ButtonPress, context: UiContext
) -> Step:
    if context.hand_entry is None:  # left for home before this (``shown_mode``)
        return go(state, Home())
    return handle_table_menu(state, menu, press, context.hand_entry)


# Every mode of the menus, one row each (a card pick is the unsure question's own).
MODES: Mapping[type[Mode], ModeScreen[Any]] = {
    Home: ModeScreen(handle_home, compose_home),
    MainMenu: ModeScreen(handle_menu, _drawn(compose_menu)),
    TableActions: ModeScreen(handle_actions, _drawn(compose_actions)),
    Confirm: ModeScreen(handle_confirm, _drawn(compose_confirm)),
    Unfinished: ModeScreen(handle_unfinished, _drawn(compose_unfinished)),
    KeptGames: ModeScreen(handle_kept, _drawn(compose_kept)),
    Scores: ModeScreen(handle_scores, _drawn(compose_scores)),
    SettingsMenu: ModeScreen(handle_settings, _drawn(compose_settings)),
    SheetAddress: ModeScreen(handle_sheet_link, _drawn(compose_sheet_link)),
    GamePicker: ModeScreen(handle_picker, _drawn(compose_picker)),
    GameSetup: ModeScreen(handle_setup, _drawn(compose_setup)),
    TableMenu: ModeScreen(_handle_table_menu, _drawn(compose_table_menu)),
    EveningPage: ModeScreen(handle_evening, _drawn(compose_evening)),
    PeopleList: ModeScreen(handle_people, _drawn(compose_people)),
    SeatingChoice: ModeScreen(handle_seating, _drawn(compose_seating)),
}


def _screen_of(mode: Mode) -> ModeScreen[Any]:
    screen = MODES.get(type(mode))
    if screen is None:
        raise TypeError(f"no row for the mode {mode!r}")  # a programming error
    return screen


def refused(state: UiState, reason: str) -> UiState:
    """The app refused the event just sent: back to where it was sent from, saying why."""
    line = " ".join(reason.split())
    return dataclasses.replace(
        state, mode=state.before_send or state.mode, notice=line, before_send=None
    )


def compose(state: UiState, context: UiContext) -> Sheet:
    """The screen as a sheet, with the marks of its texts (for the fit tests): a flagged
    violation over all else, and the status line at the bottom while there is one."""
    if context.violation is not None:
        sheet = compose_violation(context.violation, context.language, people=context.people)
    else:
        sheet = _compose_mode(state, context)
        if state.notice:
            draw.notice(sheet, state.notice)
    if context.status is not None and not state.notice:
        _status_bar(sheet, context.status)
    return sheet


def _status_bar(sheet: Sheet, text: str) -> None:
    sheet.box(0, STATUS_TOP, WIDTH - 1, HEIGHT - 1, filled=True)
    sheet.text(
        (draw.MARGIN, HEIGHT - 3),
        text,
        draw.BODY,
        max_width=draw.RIGHT - draw.MARGIN,
        may_shorten=True,
        fill=PAPER,
    )


def _compose_mode(state: UiState, context: UiContext) -> Sheet:
    if context.unsure is not None:
        return compose_unsure_question(state, context)
    mode = shown_mode(state, context)
    return _screen_of(mode).compose(state, mode, context)


def render(state: UiState, context: UiContext) -> Image.Image:
    return compose(state, context).image


def context_for(
    game: Game | None,
    settings: UiSettings | None = None,
    *,
    unsure: UnsureReading | None = None,
    by_hand: bool = False,
    violation: Violation | None = None,
    status: str | None = None,
    sheet_link: SheetLink | None = None,
    journal_id: int | None = None,
    kept: tuple[GameSummary, ...] = (),
) -> UiContext:
    """The context of a game as it stands (None: no game started yet); ``by_hand``:
    cards are entered by hand (no camera reads the table); ``journal_id``: the game's
    number in the journal; ``kept``: the unfinished games kept to be resumed."""
    settings = settings or UiSettings()
    if game is None:
        return UiContext(
            settings=settings, unsure=unsure, status=status, sheet_link=sheet_link, kept=kept
        )
    events = game.events
    return UiContext(
        view=game_view(game),
        offers=game.offers(),
        settings=settings,
        last_event=events[-1] if events else None,
        unsure=unsure,
        hand_entry=hand_entry(game) if by_hand else None,
        violation=violation,
        status=status,
        sheet_link=sheet_link,
        seat_led=game.engine.seat_led_actions,
        summary=summarise(game, journal_id),
        kept=kept,
        spec=game.spec,
    )
