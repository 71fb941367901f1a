"""The menu (a long OK from home): the offers of the moment, then undo, the scores, the
evening, a new game (the same people's next game first once a game is over), the people,
a new evening, the settings, where the phone sheet is, and shutting down. Also the screens it
leads to that are too small for a module of their own: an amount for a chosen offer, a
yes/no question and the score list."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.ui.canvas import Align, Sheet, text_width
from companion.ui.intents import LookUpSheet, MarkNewEvening, Shutdown, UndoLast
from companion.ui.menus import draw
from companion.ui.menus.amount_screen import draw_amount, fresh_pick, kept_pick, stepped
from companion.ui.menus.common import Step, go, send, stay
from companion.ui.menus.labels import offer_label
from companion.ui.menus.people import next_game, start_game
from companion.ui.menus.state import (
    AmountEntry,
    Confirm,
    EveningPage,
    GamePicker,
    Home,
    MainMenu,
    Mode,
    OfferKey,
    PeopleList,
    Question,
    Scores,
    SettingsMenu,
    SheetAddress,
    UiContext,
    UiState,
    direction,
    find_offer,
    is_short,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.reasons import event_text
from companion.ui.seat_names import SeatNames
from companion.ui.texts import say, seat_label

SCORE_GAP = 6  # pixels between a name and its score


class Entry(Enum):
    UNDO = "menu.undo"
    SCORES = "menu.scores"
    SHEET = "menu.sheet"
    EVENING = "menu.evening"
    AGAIN = "seating.again"
    NEW_DEALER = "seating.new-dealer"
    NEW_GAME = "menu.new_game"
    PEOPLE = "menu.people"
    NEW_EVENING = "menu.new_evening"
    SETTINGS = "menu.settings"
    SHUTDOWN = "menu.shutdown"


@dataclass(frozen=True)
class OfferItem:
    offer: OfferKey


MenuItem = OfferItem | Entry


def menu_items(context: UiContext) -> tuple[MenuItem, ...]:
    items: list[MenuItem] = [OfferItem(OfferKey.of(offer)) for offer in context.offers]
    # the same people's next game: first once the game is over (a long OK and an OK),
    # after "new game" while it is played (never a stray press away)
    again = _next_games(context)
    if context.over:
        items.extend(again)
    if context.last_event is not None:
        items.append(Entry.UNDO)
    if context.view is not None:
        items.append(Entry.SCORES)
    items.extend((Entry.EVENING, Entry.NEW_GAME))
    if not context.over:
        items.extend(again)
    # shutting down stays last: one UP from the first item, whatever the offers
    items.extend((Entry.PEOPLE, Entry.NEW_EVENING, Entry.SETTINGS, Entry.SHEET, Entry.SHUTDOWN))
    return tuple(items)


def _next_games(context: UiContext) -> list[Entry]:
    spec = context.spec
    if spec is None:
        return []
    found = [Entry.AGAIN]
    if next_game(spec, new_dealer=True) is not None:
        found.append(Entry.NEW_DEALER)
    return found


def handle_menu(state: UiState, menu: MainMenu, press: ButtonPress, context: UiContext) -> Step:
    items = menu_items(context)
    cursor = min(menu.cursor, len(items) - 1)
    if direction(press):
        return go(state, MainMenu((cursor - direction(press)) % len(items)))
    if press.button is Button.BACK:
        return go(state, Home())
    if not is_short(press, Button.OK):
        return stay(state)
    item = items[cursor]
    if isinstance(item, OfferItem):
        offer = find_offer(context.offers, item.offer)
        assert offer is not None
        if offer.amount is None:
            return send(state, offer, None, then=Home())
        picked = fresh_pick(state, offer)
        return go(state, AmountEntry(picked)) if picked is not None else stay(state)
    if item is Entry.SHEET:
        return dataclasses.replace(state, mode=SheetAddress()), (LookUpSheet(),)
    if item in (Entry.AGAIN, Entry.NEW_DEALER) and context.spec is not None:
        spec = next_game(context.spec, new_dealer=item is Entry.NEW_DEALER)
        return stay(state) if spec is None else start_game(state, spec, context)
    if item is Entry.NEW_EVENING:
        return dataclasses.replace(state, mode=EveningPage()), (MarkNewEvening(),)
    following: dict[Entry, Mode] = {
        Entry.UNDO: Confirm(Question.UNDO),
        Entry.SCORES: Scores(),
        Entry.EVENING: EveningPage(),
        Entry.NEW_GAME: GamePicker(),
        Entry.PEOPLE: PeopleList(),
        Entry.SETTINGS: SettingsMenu(),
        Entry.SHUTDOWN: Confirm(Question.SHUTDOWN),
    }
    return go(state, following[item])


def compose_menu(menu: MainMenu, context: UiContext) -> Sheet:
    language = context.language
    rows = []
    for item in menu_items(context):
        if isinstance(item, OfferItem):
            offer = find_offer(context.offers, item.offer)
            assert offer is not None
            rows.append(draw.Row(offer_label(offer, language), may_shorten=True))
        else:
            rows.append(draw.Row(say(item.value, language)))
    sheet = draw.new_sheet()
    draw.menu(sheet, say("menu.title", language), rows, min(menu.cursor, len(rows) - 1))
    return sheet


# -- an amount for an offer picked from the menu ---------------------------------------


def handle_amount(
    state: UiState, entry: AmountEntry, press: ButtonPress, context: UiContext
) -> Step:
    offer = find_offer(context.offers, entry.amount.offer)
    picked = None if offer is None else kept_pick(entry.amount, offer)
    if offer is None or offer.amount is None or picked is None:
        return go(state, Home())  # the table moved on: the offer is gone
    if direction(press):
        return go(state, AmountEntry(stepped(picked, offer.amount, press, state.repeats)))
    if is_short(press, Button.OK):
        state = dataclasses.replace(state, mode=AmountEntry(picked))
        return send(state, offer, picked.value, then=Home(after=picked.offer))
    if press.button is Button.BACK:
        return go(state, MainMenu())
    return stay(state)


def compose_amount(entry: AmountEntry, context: UiContext) -> Sheet:
    sheet = draw.new_sheet()
    offer = find_offer(context.offers, entry.amount.offer)
    picked = None if offer is None else kept_pick(entry.amount, offer)
    if offer is not None and picked is not None:
        draw_amount(sheet, offer, picked.value, context.language)
    return sheet


# -- yes or no -------------------------------------------------------------------------


def handle_confirm(
    state: UiState, confirm: Confirm, press: ButtonPress, context: UiContext
) -> Step:
    if press.button is Button.BACK:
        return go(state, Home())
    if not is_short(press, Button.OK):
        return stay(state)
    home = dataclasses.replace(state, mode=Home())
    if confirm.question is Question.SHUTDOWN:
        return home, (Shutdown(),)
    if context.last_event is None:
        return go(state, Home())  # nothing left to undo
    return home, (UndoLast(),)


def compose_confirm(confirm: Confirm, context: UiContext) -> Sheet:
    language = context.language
    sheet = draw.new_sheet()
    if confirm.question is Question.SHUTDOWN:
        draw.header(sheet, say("menu.confirm.shutdown", language))
        draw.centred(sheet, draw.line(1), say("menu.confirm.shutdown_note", language))
    else:
        draw.header(sheet, say("menu.confirm.undo", language))
        # The event in the players' words ("P4 bids 0"), not the script's ("bid 3 0").
        said = (
            ""
            if context.last_event is None
            else event_text(context.last_event, language, seat_led=context.seat_led)
        )
        draw.centred(sheet, draw.line(1), said, draw.BODY_BOLD)
    draw.hint(sheet, say("menu.yes_no", language))
    return sheet


# -- the scores ------------------------------------------------------------------------


def score_rows(context: UiContext) -> list[draw.Row]:
    """Each seat (by its person's name where the game names them, cut to fit) and its
    score (Oh Hell) or balance (the money games)."""
    if context.view is None:
        return []
    people = None if context.spec is None else context.spec.people
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
    if press.button in (Button.OK, Button.BACK):
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
