"""The unsure card: the reader saw a card in a zone but is not sure which. OK accepts
its reading; UP or DOWN starts picking the card by hand (the rank, OK, the suit, OK); a
long BACK says there is no card there. The question stays until it is answered. The
screen is the unsure-card screen of ``companion.ui.screens.unsure``."""

from __future__ import annotations

import dataclasses

from companion.cards import Card
from companion.ui.canvas import Sheet
from companion.ui.intents import AnswerUnsure
from companion.ui.menus.card_picker import PickerLeft, step_picker
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
    picked = step_picker(pick, press, unsure.ranks)
    if isinstance(picked, CardPick):
        return go(state, picked)
    if isinstance(picked, Card):
        return dataclasses.replace(state, mode=Home()), (AnswerUnsure(unsure.zone, picked),)
    if isinstance(picked, PickerLeft):
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
