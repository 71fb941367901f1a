"""What every menu handler shares: its result type and sending an offer's event."""

from __future__ import annotations

import dataclasses

from companion.games.engine import ActionOffer
from companion.ui.intents import ApplyEvent, Intent
from companion.ui.menus.state import Mode, OfferKey, UiState

Step = tuple[UiState, tuple[Intent, ...]]


def stay(state: UiState) -> Step:
    return state, ()


def go(state: UiState, mode: Mode) -> Step:
    return dataclasses.replace(state, mode=mode), ()


def send(state: UiState, offer: ActionOffer, value: int | None, *, then: Mode) -> Step:
    """Ask the app to apply the offer's event; its amount is taken (the next picker of
    its kind starts from it) and the mode it was sent from kept, to come back to if the
    app refuses it."""
    key = OfferKey.of(offer)
    new_state = dataclasses.replace(
        state,
        mode=then,
        before_send=state.mode,
        chosen=state.without_chosen(key),
        focus=None,
    )
    if value is not None:
        new_state = dataclasses.replace(
            new_state,
            remembered=state.remember(offer.name, value),
            last_amount=value,
            after=key,
        )
    return new_state, (ApplyEvent(offer.action(value)),)
