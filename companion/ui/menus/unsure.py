"""The unsure card: the reader saw a card in a zone but is not sure which. OK accepts
its reading; UP or DOWN starts picking the card by hand (the rank, OK, the suit, OK); a
long BACK says there is no card there. The question stays until it is answered. The
screen is the unsure-card screen of ``companion.ui.screens.unsure``."""

from __future__ import annotations

import dataclasses

from companion.cards import Card, Suit
from companion.ui.canvas import Sheet
from companion.ui.intents import AnswerUnsure
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.state import (
    CardPick,
    Home,
    UiContext,
    UiState,
    UnsureReading,
    direction,
    is_long,
    is_short,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.screens.unsure import PickerFocus, UnsureCard, compose_unsure

SUITS = tuple(Suit)


def handle_unsure(state: UiState, press: ButtonPress, context: UiContext) -> Step:
    unsure = context.unsure
    assert unsure is not None
    if is_long(press, Button.BACK):
        return dataclasses.replace(state, mode=Home()), (AnswerUnsure(unsure.zone, None),)
    mode = state.mode
    if isinstance(mode, CardPick) and mode.zone == unsure.zone:
        return _pick(state, mode, press, unsure)
    if is_short(press, Button.OK):
        return dataclasses.replace(state, mode=Home()), (AnswerUnsure(unsure.zone, unsure.card),)
    if direction(press):
        card = unsure.card
        rank = card.rank if card.rank in unsure.ranks else unsure.ranks[0]
        return go(state, CardPick(unsure.zone, rank, card.suit))
    return stay(state)


def _pick(state: UiState, pick: CardPick, press: ButtonPress, unsure: UnsureReading) -> Step:
    step = direction(press)
    if step and not pick.picking_suit:
        ranks = unsure.ranks
        index = ranks.index(pick.rank) if pick.rank in ranks else 0
        return go(state, dataclasses.replace(pick, rank=ranks[(index + step) % len(ranks)]))
    if step:
        suit = SUITS[(SUITS.index(pick.suit) + step) % len(SUITS)]
        return go(state, dataclasses.replace(pick, suit=suit))
    if is_short(press, Button.OK) and not pick.picking_suit:
        return go(state, dataclasses.replace(pick, picking_suit=True))
    if is_short(press, Button.OK):
        answered = dataclasses.replace(state, mode=Home())
        return answered, (AnswerUnsure(unsure.zone, Card(pick.rank, pick.suit)),)
    if is_short(press, Button.BACK):
        if pick.picking_suit:
            return go(state, dataclasses.replace(pick, picking_suit=False))
        return go(state, Home())
    return stay(state)


def unsure_card(state: UiState, unsure: UnsureReading) -> UnsureCard:
    """What the unsure-card screen shows: the reading, and the pickers where they are."""
    mode = state.mode
    if isinstance(mode, CardPick) and mode.zone == unsure.zone:
        focus = PickerFocus.SUIT if mode.picking_suit else PickerFocus.RANK
        return UnsureCard(unsure.zone, unsure.card, unsure.confidence, mode.rank, mode.suit, focus)
    return UnsureCard.of(unsure.zone, unsure.card, unsure.confidence)


def compose_unsure_question(state: UiState, context: UiContext) -> Sheet:
    assert context.unsure is not None
    return compose_unsure(unsure_card(state, context.unsure), context.language)
