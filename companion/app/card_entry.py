"""Entering a card by hand when no camera reads the table: a small table menu (a card
onto a zone, clearing a zone, or on to the controller's menu) and a rank-then-suit
picker. Pure: a press in, the new mode and what to do out.

The app opens it with a long OK on the home screen whenever the camera is not reading
(none configured, or lost); its last row, Menu, goes on to the controller's own menu.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.app.app_texts import app_say
from companion.cards import Card, Rank, Suit
from companion.games.session import Game
from companion.ui.canvas import Sheet
from companion.ui.menus import draw
from companion.ui.menus.state import direction, is_short
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens.layout import HUGE, MARGIN, card_text, line, rank_text
from companion.ui.texts import Language

SUITS = tuple(Suit)


class RowKind(Enum):
    CARD = "card"
    CLEAR = "clear"
    MENU = "menu"


@dataclass(frozen=True)
class EntryRow:
    kind: RowKind
    zone: str = ""


@dataclass(frozen=True)
class TableChoices:
    """What can be entered in the game at the table: its zones and its deck's ranks."""

    zones: tuple[str, ...]
    ranks: tuple[Rank, ...]

    def rows(self) -> tuple[EntryRow, ...]:
        cards = [EntryRow(RowKind.CARD, zone) for zone in self.zones]
        clears = [EntryRow(RowKind.CLEAR, zone) for zone in self.zones]
        return (*cards, *clears, EntryRow(RowKind.MENU))


@dataclass(frozen=True)
class ZoneChoice:
    cursor: int = 0


@dataclass(frozen=True)
class CardChoice:
    zone: str
    rank: Rank
    suit: Suit
    picking_suit: bool = False


EntryMode = ZoneChoice | CardChoice


@dataclass(frozen=True)
class EnterLine:
    """Record this camera line (``card ZONE CARD``, ``clear ZONE``) as entered by hand."""

    line: str


@dataclass(frozen=True)
class OpenMenu:
    """Leave the table menu for the controller's menu."""


Outcome = EnterLine | OpenMenu | None


def table_choices(game: Game) -> TableChoices:
    """The zones a card can go to at this table (the engine's ``table_zones``) and the
    ranks of its deck."""
    engine = game.engine
    return TableChoices(engine.table_zones(), engine.deck.ranks)


def handle_entry(
    mode: EntryMode, press: ButtonPress, choices: TableChoices
) -> tuple[EntryMode | None, Outcome]:
    """The new mode (None: the table menu is closed) and what the app should do."""
    if isinstance(mode, CardChoice):
        return _pick(mode, press, choices)
    rows = choices.rows()
    cursor = min(mode.cursor, len(rows) - 1)
    if direction(press):
        return ZoneChoice((cursor - direction(press)) % len(rows)), None
    if press.button is Button.BACK:
        return None, None
    if not is_short(press, Button.OK):
        return mode, None
    row = rows[cursor]
    if row.kind is RowKind.MENU:
        return None, OpenMenu()
    if row.kind is RowKind.CLEAR:
        return None, EnterLine(f"clear {row.zone}")
    return CardChoice(row.zone, choices.ranks[0], SUITS[0]), None


def _pick(
    pick: CardChoice, press: ButtonPress, choices: TableChoices
) -> tuple[EntryMode | None, Outcome]:
    step = direction(press)
    if step and not pick.picking_suit:
        ranks = choices.ranks
        index = ranks.index(pick.rank) if pick.rank in ranks else 0
        return dataclasses.replace(pick, rank=ranks[(index + step) % len(ranks)]), None
    if step:
        suit = SUITS[(SUITS.index(pick.suit) + step) % len(SUITS)]
        return dataclasses.replace(pick, suit=suit), None
    if is_short(press, Button.OK) and not pick.picking_suit:
        return dataclasses.replace(pick, picking_suit=True), None
    if is_short(press, Button.OK):
        return None, EnterLine(f"card {pick.zone} {Card(pick.rank, pick.suit)}")
    if is_short(press, Button.BACK):
        if pick.picking_suit:
            return dataclasses.replace(pick, picking_suit=False), None
        rows = choices.rows()
        return ZoneChoice(rows.index(EntryRow(RowKind.CARD, pick.zone))), None
    return pick, None


def compose_entry(mode: EntryMode, choices: TableChoices, language: Language) -> Sheet:
    sheet = draw.new_sheet()
    if isinstance(mode, CardChoice):
        draw.header(sheet, app_say("entry.card", language, zone=mode.zone))
        card = card_text(Card(mode.rank, mode.suit), language)
        draw.centred(sheet, line(2), card, HUGE)
        focus = mode.suit.symbol if mode.picking_suit else rank_text(mode.rank, language)
        sheet.text((MARGIN, line(0)), f"▲▼ {focus}", draw.BODY)
        hint = "entry.hint-suit" if mode.picking_suit else "entry.hint-rank"
        draw.hint(sheet, app_say(hint, language))
        return sheet
    rows = []
    for row in choices.rows():
        if row.kind is RowKind.MENU:
            rows.append(draw.Row(app_say("entry.menu", language)))
        else:
            key = "entry.card" if row.kind is RowKind.CARD else "entry.clear"
            rows.append(draw.Row(app_say(key, language, zone=row.zone), may_shorten=True))
    draw.menu(sheet, app_say("entry.title", language), rows, min(mode.cursor, len(rows) - 1))
    return sheet
