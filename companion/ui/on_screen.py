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
from companion.games.spec import GameSpec
from companion.ui.controller import shown_mode
from companion.ui.menus.game_options import option_fields
from companion.ui.menus.home import picker_shown, shown_outcome
from companion.ui.menus.main_menu import ENTRIES
from companion.ui.menus.state import (
    CardPick,
    Confirm,
    GameSetup,
    HandEntry,
    Home,
    KeptGames,
    MainMenu,
    OfferKey,
    Question,
    TableActions,
    TableMenu,
    UiContext,
    UiState,
    Unfinished,
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
    """``answer_yes``: the answer under the cursor of a yes/no question; ``confirms``:
    the journal lines a short OK writes here ("undo" for an undo, "abandon" for the game
    at the table abandoned, a new game's header as the journal keeps it); ``menu``: the menu's
    rows by what they do, while it is shown; ``message``: a line or a screen over the
    rest (a refusal, a violation, a round's outcome)."""

    amount: ShownAmount | None = None
    question: Question | None = None
    answer_yes: bool | None = None
    confirms: tuple[str, ...] = ()
    menu: tuple[str, ...] | None = None
    message: bool = False


def on_screen(state: UiState, context: UiContext) -> OnScreen:
    if context.violation is not None or state.notice:
        return OnScreen(message=True)
    mode = shown_mode(state, context)
    if context.unsure is not None:
        if isinstance(mode, CardPick) and mode.zone == context.unsure.zone:
            return OnScreen(confirms=_picked_card(mode))
        return OnScreen(confirms=(f"card {context.unsure.zone} {context.unsure.card}",))
    if isinstance(mode, TableMenu) and context.hand_entry is not None:
        return _table_menu(mode, context.hand_entry)
    if isinstance(mode, Home):
        if shown_outcome(state, context) is not None:
            return OnScreen(message=True)
        picked = picker_shown(state, mode, context)
        return _picker(picked.offer, picked.value, context) if picked else OnScreen()
    if isinstance(mode, Confirm):
        confirms = ("undo",) if mode.question is Question.UNDO and mode.yes else ()
        return OnScreen(question=mode.question, answer_yes=mode.yes, confirms=confirms)
    if isinstance(mode, MainMenu):
        return OnScreen(menu=tuple(entry.value for entry in ENTRIES))
    if isinstance(mode, TableActions) and context.offers:
        offer = context.offers[min(mode.cursor, len(context.offers) - 1)]
        return OnScreen(confirms=(str(offer.action()),) if offer.amount is None else ())
    if isinstance(mode, GameSetup) and mode.cursor == len(option_fields(type(mode.options))):
        spec = GameSpec(mode.game, mode.options)
        return OnScreen(confirms=_giving_way(context, spec.header(every_option=True)))
    if isinstance(mode, KeptGames) and context.kept:
        return OnScreen(confirms=_giving_way(context, None))
    if isinstance(mode, Unfinished):
        abandon = ("abandon",) if mode.abandon else ()
        started = () if mode.spec is None else (mode.spec.header(every_option=True),)
        return OnScreen(confirms=abandon + started)
    return OnScreen()


def _giving_way(context: UiContext, header: str | None) -> tuple[str, ...]:
    """What OK writes where it starts or resumes a game: nothing yet when the game at the
    table is unfinished (it asks first), an abandon of a game where nothing was played."""
    summary = context.summary
    if summary is not None and summary.unfinished:
        return ()
    abandon = ("abandon",) if summary is not None and not summary.over else ()
    return abandon + (() if header is None else (header,))


def _picked_card(pick: CardPick) -> tuple[str, ...]:
    return (f"card {pick.zone} {Card(pick.rank, pick.suit)}",) if pick.picking_suit else ()


def _table_menu(menu: TableMenu, entry: HandEntry) -> OnScreen:
    if menu.pick is not None:
        return OnScreen(confirms=_picked_card(menu.pick))
    rows = entry_rows(entry)
    row = rows[min(menu.cursor, len(rows) - 1)]
    return OnScreen(confirms=(f"clear {row.zone}",) if row.kind is RowKind.CLEAR else ())


def _picker(key: OfferKey, value: int, context: UiContext) -> OnScreen:
    offer = find_offer(context.offers, key)
    if offer is None or offer.amount is None:
        return OnScreen()
    return OnScreen(
        amount=ShownAmount(key, value, offer.amount), confirms=(str(offer.action(value)),)
    )
