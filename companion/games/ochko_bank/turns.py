"""Whose turn it is, the end of the players' draw, and the dealer's obligation."""

from __future__ import annotations

from companion.games.ochko_bank.hands import NATURAL_CARDS, dealer_must_draw, is_natural
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.settle import settle_showdown
from companion.games.ochko_bank.state import HandStatus, OchkoBankState, Phase

MUST_DRAW = "must draw (16 or less)"
MUST_STAND = "must stand (17 or more, soft 17 included)"


def first_drawer(state: OchkoBankState, options: OchkoBankOptions) -> int | None:
    """The seat drawing now: the first from the dealer's left with a hand still drawing.

    While the naturals are still to be paid, a natural is not counted as drawing."""
    for seat in options.player_seats:
        entry = state.seats[seat]
        if state.phase is Phase.NATURALS and is_natural(
            entry.hands[0].cards if entry.hands else []
        ):
            continue
        if entry.live_hands():
            return seat
    return None


def due_after(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> list[int]:
    """Seats still to draw, in turn order, from ``seat`` on (itself included)."""
    order = options.player_seats
    start = order.index(seat) if seat in order else 0
    return [s for s in order[start:] if state.seats[s].live_hands()]


def after_players(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """Every player has finished: the dealer plays if a hand stands, else the round ends."""
    standing = any(hand.status is HandStatus.STOOD for entry in state.seats for hand in entry.hands)
    if not standing:
        state.phase = Phase.SETTLED
        return
    state.phase = Phase.DEALER
    dealer_stands_if_done(state, options)


def dealer_stands_if_done(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """Once his hole card is up, the dealer stops at 17 or more and the bets are settled."""
    cards = state.dealer_hand.cards
    if len(cards) >= NATURAL_CARDS and not dealer_must_draw(cards):
        settle_showdown(state, options)


def dealer_obligation(state: OchkoBankState) -> str | None:
    cards = state.dealer_hand.cards
    if state.phase is not Phase.DEALER:
        return None
    if len(cards) < NATURAL_CARDS:
        return "turn up the hole card"
    return MUST_DRAW if dealer_must_draw(cards) else MUST_STAND
