"""The home screen: the game's own pages, and the amount the table is waiting for.

While an amount is due (a bid, a stake, the bank) UP and DOWN change it and OK enters
it, with no menu in between: four bids of a hand cost at most three presses each when
each is within two of the last. After a money game's round, its outcome comes first: it
stays until the next round's first event (the view has no outcome then) or a press,
which only puts it away (a long press also does what it always does). BACK looks at the
game's pages instead, from the last (a money game's balances; UP/DOWN turn them, OK comes
back); with no amount due UP turns to the last page at once; a long OK opens the menu, a long
BACK asks to undo.
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
    is_long,
    is_short,
)
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.screens import compose_game, page_count
from companion.ui.screens.outcome import compose_outcome
from companion.words import say


def amount_offers(context: UiContext) -> tuple[ActionOffer, ...]:
    return tuple(offer for offer in context.offers if offer.amount is not None)


def due_amount(state: UiState, home: Home, context: UiContext) -> Picked | None:
    """The amount the home screen asks for now: the one being chosen if still offered,
    else the next offer of the kind just sent (the next seat's bet), else the first."""
    offers = amount_offers(context)
    if home.amount is not None:
        offer = find_offer(offers, home.amount.offer)
        if offer is not None:
            kept = kept_pick(home.amount, offer)
            if kept is not None:
                return kept
    for offer in _in_turn(offers, home.after):
        picked = fresh_pick(state, offer)
        if picked is not None:
            return picked
    return None


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


def handle_home(state: UiState, home: Home, press: ButtonPress, context: UiContext) -> Step:
    outcome = shown_outcome(state, context)
    if outcome is not None:
        state = dataclasses.replace(state, outcome_seen=outcome)
        if press.kind is not PressKind.LONG:
            return stay(state)
    if is_long(press, Button.OK):
        return go(state, MainMenu())
    if is_long(press, Button.BACK):
        return go(state, Confirm(Question.UNDO)) if context.last_event else stay(state)
    picked = due_amount(state, home, context)
    if picked is not None and not home.browsing:
        return _choose(state, home, picked, press, context)
    pages = page_count(context.view) if context.view is not None else 1
    if direction(press):
        return go(state, dataclasses.replace(home, page=(home.page + direction(press)) % pages))
    if is_short(press, Button.OK):
        if picked is not None:
            return go(state, Home(amount=picked))
        return go(state, MainMenu())
    if is_short(press, Button.BACK):
        return go(state, dataclasses.replace(home, page=0))
    return stay(state)


def _choose(
    state: UiState, home: Home, picked: Picked, press: ButtonPress, context: UiContext
) -> Step:
    offer = find_offer(context.offers, picked.offer)
    assert offer is not None and offer.amount is not None
    if direction(press):
        moved = stepped(picked, offer.amount, press, state.repeats)
        return go(state, dataclasses.replace(home, amount=moved))
    if is_short(press, Button.OK):
        state = dataclasses.replace(state, mode=dataclasses.replace(home, amount=picked))
        return send(state, offer, picked.value, then=Home(after=picked.offer))
    if is_short(press, Button.BACK):
        # The last page first: the balances of a money game, Oh Hell's score sheet.
        last = page_count(context.view) - 1 if context.view is not None else 0
        return go(state, Home(page=last, browsing=True, amount=picked))
    return stay(state)


def compose_home(state: UiState, home: Home, context: UiContext) -> Sheet:
    language = context.language
    view = context.view
    outcome = shown_outcome(state, context)
    if outcome is not None:
        sheet = draw.new_sheet()
        compose_outcome(sheet, outcome, language)
        return sheet
    picked = due_amount(state, home, context)
    if picked is not None and not home.browsing:
        offer = find_offer(context.offers, picked.offer)
        assert offer is not None
        if view is not None and len(amount_offers(context)) == 1:
            # the game's own screen shows whose amount it is and the value chosen
            return compose_game(view, language, page=0, chosen=picked.value)
        sheet = draw.new_sheet()
        draw_amount(sheet, offer, picked.value, language)
        return sheet
    if view is None:
        sheet = draw.new_sheet()
        draw.header(sheet, say("menu.app", language))
        draw.centred(sheet, draw.line(1), say("menu.no_game", language))
        draw.hint(sheet, say("menu.open_menu", language))
        return sheet
    return compose_game(view, language, page=home.page % page_count(view))
