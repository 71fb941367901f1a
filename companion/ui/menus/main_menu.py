"""The menu (OK on a game screen, or a long OK anywhere on home): the same rows in the
same order whatever the game's phase, its cursor where the player left it (once a game is
over, on the same people's next game). The game's actions of the moment are one row (a
list of their own), so none of them moves the others. Also the screens it leads to that
are too small for a module of their own: the actions, a yes/no question and the score
list."""

from __future__ import annotations

import dataclasses
from enum import Enum

from companion.ui.canvas import Align, Sheet, text_width
from companion.ui.intents import LookUpSheet, MarkNewEvening, Shutdown, UndoLast
from companion.ui.menus import draw
from companion.ui.menus.common import Step, go, send, stay
from companion.ui.menus.new_game import start_game
from companion.ui.menus.people import next_game
from companion.ui.menus.state import (
    Confirm,
    EveningPage,
    GamePicker,
    Home,
    KeptGames,
    MainMenu,
    Mode,
    OfferKey,
    PeopleList,
    Question,
    Scores,
    SettingsMenu,
    SheetAddress,
    TableActions,
    UiContext,
    UiState,
    direction,
    is_short,
    moved,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.seat_names import SeatNames
from companion.words import say, seat_label
from companion.words.labels import offer_label
from companion.words.reasons import event_text

SCORE_GAP = 6  # pixels between a name and its score


class Entry(Enum):
    ACTIONS = "menu.actions"
    SCORES = "menu.scores"
    EVENING = "menu.evening"
    UNDO = "menu.undo"
    AGAIN = "seating.again"
    NEW_DEALER = "seating.new-dealer"
    PEOPLE = "menu.people"
    NEW_EVENING = "menu.new_evening"
    NEW_GAME = "menu.new_game"
    RESUME = "menu.resume"
    SETTINGS = "menu.settings"
    SHEET = "menu.sheet"
    SHUTDOWN = "menu.shutdown"


ENTRIES = tuple(Entry)  # the menu's rows, always all of them, in this order


def first_cursor(context: UiContext) -> int:
    """Where the menu opens the first time: the game's actions, or a new game when
    there is no game yet."""
    return ENTRIES.index(Entry.NEW_GAME if context.view is None else Entry.ACTIONS)


def opening_cursor(left_at: int | None, context: UiContext) -> int:
    """Where the menu opens: on the same people's next game once the game is over (an OK
    and an OK from its last screen), else where the player left it, else ``first_cursor``."""
    if context.summary is not None and context.summary.over and context.spec is not None:
        return ENTRIES.index(Entry.AGAIN)
    return left_at if left_at is not None else first_cursor(context)


def _entry_value(entry: Entry, context: UiContext) -> str:
    if entry is Entry.ACTIONS and context.view is not None:
        return str(len(context.offers))
    if entry is Entry.RESUME and context.kept:
        return str(len(context.kept))
    return ""


def _unavailable(entry: Entry, context: UiContext) -> str | None:
    """Why the row does nothing now (said in a line), or None."""
    if entry in (Entry.ACTIONS, Entry.SCORES) and context.view is None:
        return "menu.no_game"
    if entry in (Entry.AGAIN, Entry.NEW_DEALER) and context.spec is None:
        return "menu.no_game"
    no_dealer = context.spec is not None and next_game(context.spec, new_dealer=True) is None
    if entry is Entry.NEW_DEALER and no_dealer:
        return "menu.no_dealer"
    if entry is Entry.ACTIONS and not context.offers:
        return "menu.nothing_to_do"
    if entry is Entry.UNDO and context.last_event is None:
        return "menu.nothing_to_undo"
    if entry is Entry.RESUME and not context.kept:
        return "menu.none_kept"
    return None


def handle_menu(state: UiState, menu: MainMenu, press: ButtonPress, context: UiContext) -> Step:
    cursor = min(menu.cursor, len(ENTRIES) - 1)
    if direction(press):
        cursor = moved(cursor, len(ENTRIES), press)
        return dataclasses.replace(state, mode=MainMenu(cursor), menu_at=cursor), ()
    if press.button is Button.BACK:
        return go(state, Home())
    if not is_short(press, Button.OK):
        return stay(state)
    state = dataclasses.replace(state, menu_at=cursor)
    entry = ENTRIES[cursor]
    why = _unavailable(entry, context)
    if why is not None:
        return dataclasses.replace(state, notice=say(why, context.language)), ()
    if entry is Entry.SHEET:
        return dataclasses.replace(state, mode=SheetAddress()), (LookUpSheet(),)
    if entry in (Entry.AGAIN, Entry.NEW_DEALER) and context.spec is not None:
        spec = next_game(context.spec, new_dealer=entry is Entry.NEW_DEALER)
        return stay(state) if spec is None else start_game(state, spec, context)
    if entry is Entry.NEW_EVENING:
        return dataclasses.replace(state, mode=EveningPage()), (MarkNewEvening(),)
    following: dict[Entry, Mode] = {
        Entry.ACTIONS: TableActions(),
        Entry.SCORES: Scores(),
        Entry.EVENING: EveningPage(),
        Entry.UNDO: Confirm(Question.UNDO),
        Entry.NEW_GAME: GamePicker(),
        Entry.RESUME: KeptGames(),
        Entry.PEOPLE: PeopleList(),
        Entry.SETTINGS: SettingsMenu(),
        Entry.SHUTDOWN: Confirm(Question.SHUTDOWN),
    }
    return go(state, following[entry])


def compose_menu(menu: MainMenu, context: UiContext) -> Sheet:
    language = context.language
    rows = [draw.Row(say(entry.value, language), _entry_value(entry, context)) for entry in ENTRIES]
    sheet = draw.new_sheet()
    draw.menu(sheet, say("menu.title", language), rows, min(menu.cursor, len(rows) - 1))
    return sheet


# -- the game's actions of the moment ----------------------------------------------------


def handle_actions(
    state: UiState, actions: TableActions, press: ButtonPress, context: UiContext
) -> Step:
    if press.button is Button.BACK:
        return go(state, MainMenu(state.menu_at or 0))
    offers = context.offers
    if not offers:
        return stay(state)
    cursor = min(actions.cursor, len(offers) - 1)
    if direction(press):
        return go(state, TableActions(moved(cursor, len(offers), press)))
    if not is_short(press, Button.OK):
        return stay(state)
    offer = offers[cursor]
    if offer.amount is None:
        return send(state, offer, None, then=Home())
    # an amount: its picker on the home screen, where the amount is chosen and entered
    return dataclasses.replace(state, mode=Home(), focus=OfferKey.of(offer)), ()


def compose_actions(actions: TableActions, context: UiContext) -> Sheet:
    language = context.language
    rows = [draw.Row(offer_label(offer, language), may_shorten=True) for offer in context.offers]
    sheet = draw.new_sheet()
    if not rows:
        draw.header(sheet, say("menu.actions", language))
        draw.centred(sheet, draw.line(1), say("menu.nothing_to_do", language))
        return sheet
    draw.menu(sheet, say("menu.actions", language), rows, min(actions.cursor, len(rows) - 1))
    return sheet


# -- yes or no -------------------------------------------------------------------------


def handle_confirm(
    state: UiState, confirm: Confirm, press: ButtonPress, context: UiContext
) -> Step:
    if direction(press):
        return go(state, dataclasses.replace(confirm, yes=bool(moved(int(confirm.yes), 2, press))))
    if press.button is Button.BACK:
        return go(state, Home())
    if not is_short(press, Button.OK):
        return stay(state)
    home = dataclasses.replace(state, mode=Home())
    if not confirm.yes:
        return home, ()
    if confirm.question is Question.SHUTDOWN:
        return home, (Shutdown(),)
    if context.last_event is None:
        return home, ()  # nothing left to undo
    return home, (UndoLast(),)


def compose_confirm(confirm: Confirm, context: UiContext) -> Sheet:
    language = context.language
    sheet = draw.new_sheet()
    if confirm.question is Question.SHUTDOWN:
        draw.header(sheet, say("menu.confirm.shutdown", language))
        subject, pen = say("menu.confirm.shutdown_note", language), draw.BODY
        answers = ("menu.confirm.no", "menu.confirm.shutdown_yes")
    else:
        draw.header(sheet, say("menu.confirm.undo", language))
        # The event in the players' words ("P4 bids 0"), not the script's ("bid 3 0").
        subject = (
            ""
            if context.last_event is None
            else event_text(
                context.last_event,
                language,
                seat_led=context.seat_led,
                people=context.people,
            )
        )
        pen = draw.BODY_BOLD
        answers = ("menu.confirm.undo_no", "menu.confirm.undo_yes")
    sheet.text(
        (draw.MARGIN, draw.line(0)),
        subject,
        pen,
        max_width=draw.RIGHT - draw.MARGIN,
        may_shorten=True,
    )
    draw.choices(sheet, [say(key, language) for key in answers], int(confirm.yes), first=2)
    draw.hint(sheet, say("menu.answer_hint", language))
    return sheet


# -- the scores ------------------------------------------------------------------------


def score_rows(context: UiContext) -> list[draw.Row]:
    """Each seat (by its person's name where the game names them, cut to fit) and its
    score (Oh Hell) or balance (the money games)."""
    if context.view is None:
        return []
    people = context.people
    names = SeatNames(people)
    rows = []
    for seat in context.view.to_json().get("seats", []):
        amount = str(seat.get("score", seat.get("balance", "")))
        number = int(seat["seat"])
        if people is None:
            label = seat_label(number, context.language)
        else:
            room = draw.RIGHT - draw.MARGIN - text_width(amount, draw.BODY_BOLD) - SCORE_GAP
            label = names.fit(number, draw.BODY, room)
        rows.append(draw.Row(label, amount))
    return rows


def handle_scores(state: UiState, scores: Scores, press: ButtonPress, context: UiContext) -> Step:
    if direction(press):
        last = max(0, len(score_rows(context)) - draw.BODY_LINES)
        return go(state, Scores(max(0, min(last, scores.top - direction(press)))))
    if press.button is Button.BACK:
        return go(state, MainMenu(state.menu_at or 0))
    if is_short(press, Button.OK):
        return go(state, Home())
    return stay(state)


def compose_scores(scores: Scores, context: UiContext) -> Sheet:
    rows = score_rows(context)
    sheet = draw.new_sheet()
    draw.header(sheet, say("menu.scores", context.language))
    for index, row in enumerate(rows[scores.top : scores.top + draw.BODY_LINES]):
        sheet.text((draw.MARGIN + 1, draw.line(index)), row.label, draw.BODY)
        sheet.text((draw.RIGHT, draw.line(index)), row.value, draw.BODY_BOLD, align=Align.RIGHT)
    return sheet
