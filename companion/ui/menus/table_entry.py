"""Entering the table by hand when no camera reads it: a menu mode of the controller
with a row for a card onto each zone, one for clearing each zone, and Menu (on to the
controller's own menu). A card is picked with the picker the unsure question uses.

A long OK on the home screen opens it whenever the context offers hand entry (no camera
configured, or the camera lost).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.cards import Card, Suit
from companion.games.events import CardSeen, ZoneCleared
from companion.games.session import Game
from companion.ui.canvas import Sheet
from companion.ui.intents import EnterCard
from companion.ui.menus import draw
from companion.ui.menus.card_picker import PickerLeft, step_picker
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.state import (
    CardPick,
    HandEntry,
    Home,
    MainMenu,
    TableMenu,
    UiContext,
    UiState,
    direction,
    is_short,
    moved,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens.layout import HUGE, MARGIN, card_text, line, rank_text
from companion.values.language import Language
from companion.words import say
from companion.words.reasons import zone_text

SUITS = tuple(Suit)


class RowKind(Enum):
    CARD = "card"
    CLEAR = "clear"
    MENU = "menu"


@dataclass(frozen=True)
class EntryRow:
    kind: RowKind
    zone: str = ""


def entry_rows(entry: HandEntry) -> tuple[EntryRow, ...]:
    cards = [EntryRow(RowKind.CARD, zone) for zone in entry.zones]
    clears = [EntryRow(RowKind.CLEAR, zone) for zone in entry.zones]
    return (*cards, *clears, EntryRow(RowKind.MENU))


def hand_entry(game: Game) -> HandEntry:
    """The zones a card can go to in this game (seats beyond the players left out) and
    the ranks of its deck."""
    return HandEntry(game.engine.table_zones(), game.engine.deck.ranks)


def handle_table_menu(
    state: UiState, menu: TableMenu, press: ButtonPress, entry: HandEntry
) -> Step:
    if menu.pick is not None:
        return _pick(state, menu, menu.pick, press, entry)
    rows = entry_rows(entry)
    cursor = min(menu.cursor, len(rows) - 1)
    if direction(press):
        return go(state, TableMenu(moved(cursor, len(rows), press)))
    if press.button is Button.BACK:
        return go(state, Home())
    if not is_short(press, Button.OK):
        return stay(state)
    row = rows[cursor]
    if row.kind is RowKind.MENU:
        return go(state, MainMenu(state.menu_at or 0))
    if row.kind is RowKind.CLEAR:
        return _send(state, ZoneCleared(row.zone))
    pick = CardPick(row.zone, entry.ranks[0], SUITS[0])
    return go(state, TableMenu(cursor, pick))


def _pick(
    state: UiState, menu: TableMenu, pick: CardPick, press: ButtonPress, entry: HandEntry
) -> Step:
    picked = step_picker(pick, press, entry.ranks)
    if isinstance(picked, CardPick):
        return go(state, dataclasses.replace(menu, pick=picked))
    if isinstance(picked, Card):
        return _send(
            dataclasses.replace(state, mode=TableMenu(menu.cursor)), CardSeen(pick.zone, picked)
        )
    if isinstance(picked, PickerLeft):
        return go(state, TableMenu(entry_rows(entry).index(EntryRow(RowKind.CARD, pick.zone))))
    return stay(state)


def _send(state: UiState, event: CardSeen | ZoneCleared) -> Step:
    """Ask the app to record the event entered; back to the table menu if refused."""
    sent = dataclasses.replace(state, mode=Home(), before_send=state.mode)
    return sent, (EnterCard(event),)


def compose_table_menu(menu: TableMenu, context: UiContext) -> Sheet:
    entry = context.hand_entry
    assert entry is not None
    language = context.language
    sheet = draw.new_sheet()
    pick = menu.pick
    if pick is not None:
        draw.header(sheet, say("entry.card", language, zone=zone_text(pick.zone, language)))
        draw.centred(sheet, line(2), card_text(Card(pick.rank, pick.suit), language), HUGE)
        focus = pick.suit.symbol if pick.picking_suit else rank_text(pick.rank, language)
        sheet.text((MARGIN, line(0)), f"▲▼ {focus}", draw.BODY)
        hint = "entry.hint-suit" if pick.picking_suit else "entry.hint-rank"
        draw.hint(sheet, say(hint, language))
        return sheet
    rows = [_row(row, language) for row in entry_rows(entry)]
    draw.menu(sheet, say("entry.title", language), rows, min(menu.cursor, len(rows) - 1))
    return sheet


def _row(row: EntryRow, language: Language) -> draw.Row:
    if row.kind is RowKind.MENU:
        return draw.Row(say("entry.menu", language))
    key = "entry.card" if row.kind is RowKind.CARD else "entry.clear"
    return draw.Row(say(key, language, zone=zone_text(row.zone, language)), may_shorten=True)
