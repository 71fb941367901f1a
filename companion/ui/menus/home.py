"""The home screen: the game's own pages, and the amount the table is waiting for.

Two kinds of screen, each with one meaning per button:
- the amount picker, while an amount is due (a bid, a stake, the bank): UP and DOWN
  change it, OK enters it, BACK looks at the game's pages. Four bids of a hand cost at
  most three presses each when each is within two of the last. The amount chosen stays
  whatever else is pressed (the menu, the pages, an undo question) until its own OK
  enters it.
- the game's screens (the front when nothing is due, or its pages): UP and DOWN turn the
  pages, OK opens the menu, BACK goes between the front and the pages (from the front to
  the last page: the score sheet, the balances).
On both a long OK opens the menu and a long BACK asks to undo. After a money game's
round, its outcome comes first: it stays until the next round's first event (the view
has no outcome then) or a press, which only puts it away (as with every message over
a screen: a refusal, a violation).
"""

from __future__ import annotations

import dataclasses

from companion.games.engine import ActionOffer
from companion.games.round_outcome import RoundOutcome
from companion.ui.canvas import Sheet
from companion.ui.menus import draw
from companion.ui.menus.amount_screen import draw_amount, fresh_pick, kept_pick, stepped
from companion.ui.menus.common import Step, go, send, stay
from companion.ui.menus.state import (
    Confirm,
    Home,
    MainMenu,
    OfferKey,
    Picked,
    Question,
    UiContext,
    UiState,
    direction,
    find_offer,
    is_held,
    is_long,
    is_short,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens import compose_game, page_count
from companion.ui.screens.layout import table_names
from companion.ui.screens.outcome import compose_outcome
from companion.words import say


def amount_offers(context: UiContext) -> tuple[ActionOffer, ...]:
    return tuple(offer for offer in context.offers if offer.amount is not None)


def due_amount(state: UiState, context: UiContext) -> Picked | None:
    """The amount the picker shows now: the one the player is on if still offered, else
    the next offer of the kind just sent (the next seat's bet), else the first; each at
    the value chosen for it so far, or where a new picker starts."""
    offers = amount_offers(context)
    if state.focus is not None:
        offer = find_offer(offers, state.focus)
        picked = None if offer is None else _pick(state, offer)
        if picked is not None:
            return picked
    for offer in _in_turn(offers, state.after):
        picked = _pick(state, offer)
        if picked is not None:
            return picked
    return None


def _pick(state: UiState, offer: ActionOffer) -> Picked | None:
    kept = state.chosen_for(OfferKey.of(offer))
    return fresh_pick(state, offer) if kept is None else kept_pick(kept, offer)


def pinned(state: UiState, context: UiContext) -> UiState:
    """``state`` with the amount its picker shows now kept as chosen, so that nothing
    but UP or DOWN on it (or its own OK) moves it from here on."""
    picked = due_amount(state, context)
    if picked is None or state.chosen_for(picked.offer) == picked:
        return state
    return dataclasses.replace(state, chosen=state.with_chosen(picked))


def _in_turn(offers: tuple[ActionOffer, ...], after: OfferKey | None) -> list[ActionOffer]:
    """``offers`` starting with the one of the same action that follows ``after``."""
    keys = [OfferKey.of(offer) for offer in offers]
    if after is None or after not in keys:
        return list(offers)
    start = keys.index(after) + 1
    rotated = list(offers[start:]) + list(offers[:start])
    same = [offer for offer in rotated if offer.name == after.name]
    return same + [offer for offer in rotated if offer.name != after.name]


def shown_outcome(state: UiState, context: UiContext) -> RoundOutcome | None:
    """The round's outcome the home screen shows now: the view's, unless put away."""
    outcome = getattr(context.view, "outcome", None)
    if not isinstance(outcome, RoundOutcome) or outcome == state.outcome_seen:
        return None
    return outcome


def picker_shown(state: UiState, home: Home, context: UiContext) -> Picked | None:
    """The amount picker the home screen shows, if it shows one."""
    if home.browsing or shown_outcome(state, context) is not None:
        return None
    return due_amount(state, context)


def open_menu(state: UiState, context: UiContext) -> Step:
    """The menu, its cursor where the player left it (at first: on the game's actions,
    or on a new game when there is no game yet; once a game is over, on the same people's
    next game)."""
    from companion.ui.menus.main_menu import opening_cursor

    return go(state, MainMenu(opening_cursor(state.menu_at, context)))


def handle_home(state: UiState, home: Home, press: ButtonPress, context: UiContext) -> Step:
    if is_long(press, Button.OK):
        return open_menu(state, context)
    if is_long(press, Button.BACK):
        return go(state, Confirm(Question.UNDO)) if context.last_event else stay(state)
    picked = None if home.browsing else due_amount(state, context)
    if picked is not None:
        return _choose(state, picked, press, context)
    pages = page_count(context.view) if context.view is not None else 1
    last = pages - 1
    if direction(press):
        page = home.page + direction(press)
        page = max(0, min(last, page)) if is_held(press) else page % pages
        return go(state, Home(page, browsing=True))
    if is_short(press, Button.OK):
        return open_menu(state, context)
    if is_short(press, Button.BACK):
        return go(state, Home() if home.browsing else Home(last, browsing=True))
    return stay(state)


def _choose(state: UiState, picked: Picked, press: ButtonPress, context: UiContext) -> Step:
    offer = find_offer(context.offers, picked.offer)
    assert offer is not None and offer.amount is not None
    if direction(press):
        moved = stepped(picked, offer.amount, press, state.repeats)
        return dataclasses.replace(state, chosen=state.with_chosen(moved), focus=moved.offer), ()
    if is_short(press, Button.OK):
        return send(state, offer, picked.value, then=Home())
    if is_short(press, Button.BACK):
        # The last page first: the balances of a money game, Oh Hell's score sheet.
        last = page_count(context.view) - 1 if context.view is not None else 0
        return go(state, Home(last, browsing=True))
    return stay(state)


def compose_home(state: UiState, home: Home, context: UiContext) -> Sheet:
    language = context.language
    view = context.view
    people = context.people
    outcome = shown_outcome(state, context)
    if outcome is not None:
        sheet = draw.new_sheet()
        compose_outcome(sheet, outcome, language, table_names(people, language))
        return sheet
    picked = picker_shown(state, home, context)
    if picked is not None:
        offer = find_offer(context.offers, picked.offer)
        assert offer is not None
        if view is not None and len(amount_offers(context)) == 1:
            # the game's own screen shows whose amount it is and the value chosen
            return compose_game(view, language, page=0, chosen=picked.value, people=people)
        sheet = draw.new_sheet()
        draw_amount(sheet, offer, picked.value, language)
        return sheet
    if view is None:
        sheet = draw.new_sheet()
        draw.header(sheet, say("menu.app", language))
        draw.centred(sheet, draw.line(1), say("menu.no_game", language))
        draw.hint(sheet, say("menu.open_menu", language))
        return sheet
    return compose_game(view, language, page=home.page % page_count(view), people=people)
