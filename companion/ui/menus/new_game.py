"""A new game: pick the game, then its options (every field of the game's options
dataclass, at its default), then start. The form is made by ``game_options``."""

from __future__ import annotations

import dataclasses

from companion.games.registry import game_ids
from companion.games.spec import GameSpec
from companion.ui.canvas import Sheet
from companion.ui.intents import StartGame
from companion.ui.menus import draw
from companion.ui.menus.amounts import FAST_AFTER_REPEATS, FAST_STRIDE
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.game_options import (
    FieldKind,
    OptionField,
    default_options,
    finish_per_seat,
    option_fields,
    start_per_seat,
    step_option,
    step_seat,
)
from companion.ui.menus.state import (
    GamePicker,
    GameSetup,
    Home,
    MainMenu,
    UiContext,
    UiState,
    direction,
    is_short,
)
from companion.ui.presses import Button, ButtonPress
from companion.values.language import Language
from companion.words import say, seat_label
from companion.words.labels import game_name, option_name, option_value


def handle_picker(
    state: UiState, picker: GamePicker, press: ButtonPress, context: UiContext
) -> Step:
    if direction(press):
        return go(state, GamePicker((picker.cursor - direction(press)) % len(game_ids())))
    if is_short(press, Button.OK):
        game = game_ids()[picker.cursor % len(game_ids())]
        return go(state, GameSetup(game, default_options(game)))
    if press.button is Button.BACK:
        return go(state, MainMenu())
    return stay(state)


def compose_picker(picker: GamePicker, context: UiContext) -> Sheet:
    language = context.language
    rows = [draw.Row(game_name(game, language)) for game in game_ids()]
    sheet = draw.new_sheet()
    draw.menu(sheet, say("menu.new_game", language), rows, picker.cursor % len(game_ids()))
    return sheet


def handle_setup(state: UiState, setup: GameSetup, press: ButtonPress, context: UiContext) -> Step:
    fields = option_fields(type(setup.options))
    count = len(fields) + 1  # the options, then "start"
    on_start = setup.cursor == len(fields)
    stride = FAST_STRIDE if state.repeats >= FAST_AFTER_REPEATS else 1
    if setup.editing and setup.seat is not None:
        return _edit_seat(state, setup, fields[setup.cursor], setup.seat, press, stride)
    if setup.editing:
        field = fields[setup.cursor]
        if direction(press):
            options = step_option(setup.options, field, direction(press), stride=stride)
            return go(state, dataclasses.replace(setup, options=options))
        if press.button in (Button.OK, Button.BACK):
            return go(state, dataclasses.replace(setup, editing=False))
        return stay(state)
    if direction(press):
        return go(
            state, dataclasses.replace(setup, cursor=(setup.cursor - direction(press)) % count)
        )
    if press.button is Button.BACK:
        return go(state, GamePicker(game_ids().index(setup.game)))
    if not is_short(press, Button.OK):
        return stay(state)
    if on_start:
        return dataclasses.replace(state, mode=Home()), (
            StartGame(GameSpec(setup.game, setup.options)),
        )
    field = fields[setup.cursor]
    if field.kind is FieldKind.SWITCH:
        return go(state, dataclasses.replace(setup, options=step_option(setup.options, field, 1)))
    if field.kind is FieldKind.FIXED:
        return stay(state)
    if field.kind is FieldKind.PER_SEAT:
        options = start_per_seat(setup.options, field)
        return go(state, dataclasses.replace(setup, options=options, editing=True, seat=0))
    return go(state, dataclasses.replace(setup, editing=True))


def _edit_seat(
    state: UiState, setup: GameSetup, field: OptionField, seat: int, press: ButtonPress, stride: int
) -> Step:
    """A per-seat option: UP/DOWN change this seat's value, OK goes to the next seat
    (after the last, back to the list), BACK goes back to the list at once."""
    if direction(press):
        options = step_seat(setup.options, field, seat, direction(press), stride=stride)
        return go(state, dataclasses.replace(setup, options=options))
    last_seat = seat + 1 >= len(getattr(setup.options, field.name))
    if is_short(press, Button.OK) and not last_seat:
        return go(state, dataclasses.replace(setup, seat=seat + 1))
    if press.button in (Button.OK, Button.BACK):
        options = finish_per_seat(setup.options, field)
        return go(state, dataclasses.replace(setup, options=options, editing=False, seat=None))
    return stay(state)


def compose_setup(setup: GameSetup, context: UiContext) -> Sheet:
    language = context.language
    rows = [
        draw.Row(option_name(field.name, language), _value(setup, index, field, language))
        for index, field in enumerate(option_fields(type(setup.options)))
    ]
    rows.append(draw.Row(say("menu.start", language) + " ▶"))
    sheet = draw.new_sheet()
    draw.menu(sheet, game_name(setup.game, language), rows, setup.cursor, editing=setup.editing)
    return sheet


def _value(setup: GameSetup, index: int, field: OptionField, language: Language) -> str:
    value = getattr(setup.options, field.name)
    if setup.seat is not None and index == setup.cursor:
        return f"{seat_label(setup.seat, language, short=True)}: {value[setup.seat]}"
    return option_value(field.name, value, language)
