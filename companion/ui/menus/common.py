"""What every menu handler shares: its result type and sending an offer's event."""

from __future__ import annotations

import dataclasses

from companion.games.engine import ActionOffer
from companion.ui.intents import ApplyEvent, Intent
from companion.ui.menus.state import Mode, UiState

Step = tuple[UiState, tuple[Intent, ...]]


def stay(state: UiState) -> Step:
    return state, ()


def go(state: UiState, mode: Mode) -> Step:
    return dataclasses.replace(state, mode=mode), ()


def send(state: UiState, offer: ActionOffer, value: int | None, *, then: Mode) -> Step:
    """Ask the app to apply the offer's event; remember the amount for the next time and
    the mode it was sent from, to come back to if the app refuses it."""
    remembered = state.remembered if value is None else state.remember(offer.name, value)
    new_state = dataclasses.replace(state, mode=then, remembered=remembered, before_send=state.mode)
    return new_state, (ApplyEvent(offer.action(value)),)
