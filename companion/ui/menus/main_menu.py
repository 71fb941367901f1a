"""The menu (a long OK from home): the offers of the moment, then undo, the scores, a
new game, the settings, where the phone sheet is, and shutting down. Also the screens it
leads to that are too small for a module of their own: an amount for a chosen offer, a
yes/no question and the score list."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.ui.canvas import Align, Sheet
from companion.ui.intents import LookUpSheet, Shutdown, UndoLast
from companion.ui.menus import draw
from companion.ui.menus.amount_screen import draw_amount, fresh_pick, kept_pick, stepped
from companion.ui.menus.common import Step, go, send, stay
from companion.ui.menus.state import (
    AmountEntry,
    Confirm,
    GamePicker,
    Home,
    MainMenu,
    Mode,
    OfferKey,
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
from companion.words import say, seat_label
from companion.words.labels import offer_label
from companion.words.reasons import event_text


class Entry(Enum):
    UNDO = "menu.undo"
    SCORES = "menu.scores"
    SHEET = "menu.sheet"
    NEW_GAME = "menu.new_game"
    SETTINGS = "menu.settings"
    SHUTDOWN = "menu.shutdown"


@dataclass(frozen=True)
class OfferItem:
    offer: OfferKey


MenuItem = OfferItem | Entry


def menu_items(context: UiContext) -> tuple[MenuItem, ...]:
    items: list[MenuItem] = [OfferItem(OfferKey.of(offer)) for offer in context.offers]
    if context.last_event is not None:
        items.append(Entry.UNDO)
    if context.view is not None:
        items.append(Entry.SCORES)
    # shutting down stays last: one UP from the first item, whatever the offers
    items.extend((Entry.NEW_GAME, Entry.SETTINGS, Entry.SHEET, Entry.SHUTDOWN))
    return tuple(items)


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
    following: dict[Entry, Mode] = {
        Entry.UNDO: Confirm(Question.UNDO),
        Entry.SCORES: Scores(),
        Entry.NEW_GAME: GamePicker(),
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
    """Each seat and its score (Oh Hell) or balance (the money games)."""
    if context.view is None:
        return []
    rows = []
    for seat in context.view.to_json().get("seats", []):
        amount = seat.get("score", seat.get("balance", ""))
        rows.append(draw.Row(seat_label(int(seat["seat"]), context.language), str(amount)))
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
