"""What the screen shows the player now, as values rather than pixels: the amount on a
picker (whose, how much, out of which range), the question asked and the answer under
the cursor, the rows of the menu, and what a short OK would record there.

The press audit (``companion.tools.press_audit``) holds the controller to it: a journal
row only from a short OK on a screen that shows that very row, an amount changed only by
UP or DOWN on its own picker. It reads the same functions the screens draw from.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import Card
from companion.games.engine import AmountChoice
from companion.ui.menus.game_options import header_line, option_fields
from companion.ui.menus.home import due_amount, shown_outcome
from companion.ui.menus.main_menu import OfferItem, menu_items
from companion.ui.menus.state import (
    AmountEntry,
    CardPick,
    Confirm,
    GameSetup,
    HandEntry,
    Home,
    MainMenu,
    OfferKey,
    Question,
    TableMenu,
    UiContext,
    UiState,
    find_offer,
)
from companion.ui.menus.table_entry import RowKind, entry_rows


@dataclass(frozen=True)
class ShownAmount:
    offer: OfferKey
    value: int
    choice: AmountChoice


@dataclass(frozen=True)
class OnScreen:
    """``answer_yes``: the answer under the cursor of a question (None: none is, OK
    answers yes); ``confirms``: the journal line a short OK records here ("undo" for an
    undo), or None; ``menu``: the menu's rows by what they do, while it is shown."""

    amount: ShownAmount | None = None
    question: Question | None = None
    answer_yes: bool | None = None
    confirms: str | None = None
    menu: tuple[str, ...] | None = None
    message: bool = False  # a line or screen over the rest: a refusal, a violation, an outcome


def on_screen(state: UiState, context: UiContext) -> OnScreen:
    if context.violation is not None or state.notice:
        return OnScreen(message=True)
    mode = state.mode
    if context.unsure is not None:
        if isinstance(mode, CardPick) and mode.zone == context.unsure.zone:
            return OnScreen(confirms=_picked_card(mode))
        return OnScreen(confirms=f"card {context.unsure.zone} {context.unsure.card}")
    if isinstance(mode, TableMenu) and context.hand_entry is not None:
        return _table_menu(mode, context.hand_entry)
    if isinstance(mode, Home):
        if shown_outcome(state, context) is not None:
            return OnScreen(message=True)
        picked = None if mode.browsing else due_amount(state, mode, context)
        return _picker(picked.offer, picked.value, context) if picked else OnScreen()
    if isinstance(mode, AmountEntry):
        return _picker(mode.amount.offer, mode.amount.value, context)
    if isinstance(mode, Confirm):
        confirms = "undo" if mode.question is Question.UNDO else None
        return OnScreen(question=mode.question, confirms=confirms)
    if isinstance(mode, MainMenu):
        items = menu_items(context)
        rows = tuple("offer" if isinstance(item, OfferItem) else item.value for item in items)
        item = items[min(mode.cursor, len(items) - 1)]
        confirms = None
        if isinstance(item, OfferItem):
            offer = find_offer(context.offers, item.offer)
            if offer is not None and offer.amount is None:
                confirms = str(offer.action())
        return OnScreen(menu=rows, confirms=confirms)
    if isinstance(mode, GameSetup) and mode.cursor == len(option_fields(type(mode.options))):
        return OnScreen(confirms=header_line(mode.game, mode.options))
    return OnScreen()


def _picked_card(pick: CardPick) -> str | None:
    return f"card {pick.zone} {Card(pick.rank, pick.suit)}" if pick.picking_suit else None


def _table_menu(menu: TableMenu, entry: HandEntry) -> OnScreen:
    if menu.pick is not None:
        return OnScreen(confirms=_picked_card(menu.pick))
    rows = entry_rows(entry)
    row = rows[min(menu.cursor, len(rows) - 1)]
    return OnScreen(confirms=f"clear {row.zone}" if row.kind is RowKind.CLEAR else None)


def _picker(key: OfferKey, value: int, context: UiContext) -> OnScreen:
    offer = find_offer(context.offers, key)
    if offer is None or offer.amount is None:
        return OnScreen()
    return OnScreen(amount=ShownAmount(key, value, offer.amount), confirms=str(offer.action(value)))
