"""The menu's people and evening: the evening's page, the roster, who sits where in a
game about to start, and the same people's next game in one press (as they sat, or with
the next dealer or banker)."""

from __future__ import annotations

import dataclasses

from companion.games.errors import OptionError
from companion.games.spec import GameSpec
from companion.ui import roster_editor, seating
from companion.ui.canvas import Sheet
from companion.ui.intents import ChangeRoster
from companion.ui.menus import draw
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.game_options import FieldKind, is_valid, option_fields
from companion.ui.menus.new_game import replace_game
from companion.ui.menus.state import (
    EveningPage,
    Home,
    MainMenu,
    PeopleList,
    SeatingChoice,
    UiContext,
    UiState,
    direction,
    moved,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens import evening as evening_screen

# The option that says who deals or holds the bank first, by game.
FIRST_SEAT_OPTIONS = ("dealer", "banker")


def next_game(spec: GameSpec, *, new_dealer: bool) -> GameSpec | None:
    """The same game with the same people: the same options but no starting scores, and
    (``new_dealer``) the deal or the bank passed to the next seat; None where the game
    has no dealer or banker to pass on."""
    options = spec.options
    defaults = type(options)()
    for field in option_fields(type(options)):
        if field.kind is FieldKind.PER_SEAT:
            options = dataclasses.replace(options, **{field.name: getattr(defaults, field.name)})
    if new_dealer:
        name = next((name for name in FIRST_SEAT_OPTIONS if hasattr(options, name)), None)
        if name is None:
            return None
        moved = dataclasses.replace(options, **{name: (getattr(options, name) + 1) % spec.seats})
        if not is_valid(moved):
            return None
        options = moved
    try:
        return GameSpec(spec.game, options).with_people(spec.people)
    except OptionError:
        return None


# -- the evening -----------------------------------------------------------------------------


def handle_evening(
    state: UiState, page: EveningPage, press: ButtonPress, context: UiContext
) -> Step:
    if direction(press):
        count = evening_screen.page_count(context.evening)
        return go(state, EveningPage(moved(page.page % count, count, press)))
    if press.button is Button.BACK:
        return go(state, MainMenu(state.menu_at or 0))
    if press.button is Button.OK:
        return go(state, Home())
    return stay(state)


def compose_evening(page: EveningPage, context: UiContext) -> Sheet:
    sheet = draw.new_sheet()
    count = evening_screen.page_count(context.evening)
    evening_screen.compose(sheet, context.evening, context.language, page.page % count)
    return sheet


# -- the roster --------------------------------------------------------------------------------


def handle_people(
    state: UiState, people: PeopleList, press: ButtonPress, context: UiContext
) -> Step:
    edited = roster_editor.press(people.editor, context.roster, press)
    if edited.left:
        return go(state, MainMenu(state.menu_at or 0))
    state = dataclasses.replace(state, mode=PeopleList(edited.editor))
    if edited.change is None:
        return stay(state)
    return dataclasses.replace(state, before_send=people), (ChangeRoster(edited.change),)


def compose_people(people: PeopleList, context: UiContext) -> Sheet:
    return roster_editor.compose(people.editor, context.roster, context.language)


# -- who sits where ------------------------------------------------------------------------------


def handle_seating(
    state: UiState, choice: SeatingChoice, press: ButtonPress, context: UiContext
) -> Step:
    seated = seating.press(choice.seating, press)
    if seated.outcome is seating.Outcome.LEFT:
        return go(state, MainMenu(state.menu_at or 0))
    if seated.outcome is seating.Outcome.CHOOSING:
        return go(state, SeatingChoice(seated.seating, choice.spec))
    return replace_game(state, context, spec=choice.spec.with_people(seated.people))


def compose_seating(choice: SeatingChoice, context: UiContext) -> Sheet:
    return seating.compose(choice.seating, context.language)
