"""A new game: pick the game, then its options (every field of the game's options
dataclass, at its default), then who sits where (asked where the box knows names), then
start; or resume a game kept for later. The form is made by ``game_options``. Every row
of the form is changed the same way: OK opens its value, UP/DOWN change it, OK keeps it,
BACK puts it back.

A game at the table that is unfinished is never replaced without asking: keep it (to
resume from the menu) or abandon it (marked so in the journal, the export and the
sheet). One that is over, or where nothing was played, gives way at once."""

from __future__ import annotations

import dataclasses

from companion.games.registry import game_ids
from companion.games.spec import GameSpec
from companion.ui import seating
from companion.ui.canvas import Sheet
from companion.ui.intents import Intent, Previous, ResumeGame, StartGame
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
    KeptGames,
    MainMenu,
    SeatingChoice,
    UiContext,
    UiState,
    Unfinished,
    direction,
    is_held,
    is_short,
    moved,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.summary import progress_text
from companion.values.language import Language
from companion.words import say, seat_label
from companion.words.labels import game_name, option_name, option_value


def handle_picker(
    state: UiState, picker: GamePicker, press: ButtonPress, context: UiContext
) -> Step:
    if direction(press):
        return go(state, GamePicker(moved(picker.cursor, len(game_ids()), press)))
    if is_short(press, Button.OK):
        game = game_ids()[picker.cursor % len(game_ids())]
        return go(state, GameSetup(game, default_options(game)))
    if press.button is Button.BACK:
        return go(state, MainMenu(state.menu_at or 0))
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
            options = step_option(
                setup.options, field, direction(press), stride=stride, held=is_held(press)
            )
            return go(state, dataclasses.replace(setup, options=options))
        if is_short(press, Button.OK):
            return go(state, dataclasses.replace(setup, editing=False, before=None))
        if press.button is Button.BACK:
            return go(state, _put_back(setup))
        return stay(state)
    if direction(press):
        return go(state, dataclasses.replace(setup, cursor=moved(setup.cursor, count, press)))
    if press.button is Button.BACK:
        return go(state, GamePicker(game_ids().index(setup.game)))
    if not is_short(press, Button.OK):
        return stay(state)
    if on_start:
        return start_game(state, GameSpec(setup.game, setup.options), context)
    field = fields[setup.cursor]
    if field.kind is FieldKind.FIXED:
        return stay(state)
    editing = dataclasses.replace(setup, editing=True, before=setup.options)
    if field.kind is FieldKind.PER_SEAT:
        options = start_per_seat(setup.options, field)
        return go(state, dataclasses.replace(editing, options=options, seat=0))
    return go(state, editing)


def _put_back(setup: GameSetup) -> GameSetup:
    options = setup.options if setup.before is None else setup.before
    return dataclasses.replace(setup, options=options, editing=False, seat=None, before=None)


def _edit_seat(
    state: UiState, setup: GameSetup, field: OptionField, seat: int, press: ButtonPress, stride: int
) -> Step:
    """A per-seat option: UP/DOWN change this seat's value, OK goes to the next seat
    (after the last, back to the list), BACK puts every seat's value back."""
    if direction(press):
        options = step_seat(setup.options, field, seat, direction(press), stride=stride)
        return go(state, dataclasses.replace(setup, options=options))
    last_seat = seat + 1 >= len(getattr(setup.options, field.name))
    if is_short(press, Button.OK) and not last_seat:
        return go(state, dataclasses.replace(setup, seat=seat + 1))
    if is_short(press, Button.OK):
        options = finish_per_seat(setup.options, field)
        done = dataclasses.replace(setup, options=options, editing=False, seat=None, before=None)
        return go(state, done)
    if press.button is Button.BACK:
        return go(state, _put_back(setup))
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


# -- the game at the table gives way ---------------------------------------------------


def start_game(state: UiState, spec: GameSpec, context: UiContext) -> Step:
    """Start ``spec``, asking who sits where first unless it names them already or
    there is nobody to name."""
    chosen = seating.start(spec.seats, context.last_people, context.roster)
    if spec.people is not None or chosen.choices() == (seating.Choice.UNNAMED,):
        return replace_game(state, context, spec=spec)
    return go(state, SeatingChoice(chosen, spec))


def replace_game(
    state: UiState, context: UiContext, *, spec: GameSpec | None = None, resume: int | None = None
) -> Step:
    """Start ``spec`` or resume the kept game ``resume``: at once when the game at the
    table is over or nothing was played in it, else after asking keep or abandon."""
    summary = context.summary
    if summary is not None and summary.unfinished:
        return go(state, Unfinished(spec, resume))
    previous = Previous.FINISHED if summary is None or summary.over else Previous.ABANDONED
    return _replaced(state, spec, resume, previous)


def _replaced(
    state: UiState, spec: GameSpec | None, resume: int | None, previous: Previous
) -> Step:
    intent: Intent = (
        StartGame(spec, previous) if spec is not None else ResumeGame(resume or 0, previous)
    )
    return dataclasses.replace(state, mode=Home()), (intent,)


def handle_unfinished(
    state: UiState, question: Unfinished, press: ButtonPress, context: UiContext
) -> Step:
    if direction(press):
        abandon = bool(moved(int(question.abandon), 2, press))
        return go(state, dataclasses.replace(question, abandon=abandon))
    if press.button is Button.BACK:
        return go(state, MainMenu(state.menu_at or 0))
    if not is_short(press, Button.OK):
        return stay(state)
    previous = Previous.ABANDONED if question.abandon else Previous.KEPT
    return _replaced(state, question.spec, question.resume, previous)


def compose_unfinished(question: Unfinished, context: UiContext) -> Sheet:
    """The game at the table in the title bar, how far it got and that it is not
    finished, then the two answers and what BACK does."""
    language = context.language
    sheet = draw.new_sheet()
    summary = context.summary
    draw.header(sheet, "" if summary is None else game_name(summary.game, language))
    progress = "" if summary is None else progress_text(summary, language)
    sheet.text(
        (draw.MARGIN, draw.line(0)),
        say("unfinished.what", language, progress=progress),
        draw.BODY_BOLD,
        max_width=draw.RIGHT - draw.MARGIN,
        may_shorten=True,
    )
    answers = [say("unfinished.keep", language), say("unfinished.abandon", language)]
    draw.choices(sheet, answers, int(question.abandon), first=2)
    draw.hint(sheet, say("unfinished.hint", language))
    return sheet


# -- games kept for later ----------------------------------------------------------------


def handle_kept(state: UiState, kept: KeptGames, press: ButtonPress, context: UiContext) -> Step:
    games = context.kept
    if press.button is Button.BACK or not games:
        return go(state, MainMenu(state.menu_at or 0))
    cursor = min(kept.cursor, len(games) - 1)
    if direction(press):
        return go(state, KeptGames(moved(cursor, len(games), press)))
    if not is_short(press, Button.OK):
        return stay(state)
    return replace_game(state, context, resume=games[cursor].journal_id)


def compose_kept(kept: KeptGames, context: UiContext) -> Sheet:
    language = context.language
    rows = [
        draw.Row(game_name(game.game, language), progress_text(game, language), may_shorten=True)
        for game in context.kept
    ]
    sheet = draw.new_sheet()
    draw.menu(sheet, say("menu.resume", language), rows, min(kept.cursor, max(0, len(rows) - 1)))
    return sheet
