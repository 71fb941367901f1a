"""The two-deck pack: cards seen since the shuffle, the marker card and reshuffles."""

from __future__ import annotations

from companion.cards import DOUBLE104, Card
from companion.games.errors import MisreadCard, OutOfTurn, Reason
from companion.games.ochko_bank.options import PACK_SIZE, OchkoBankOptions
from companion.games.ochko_bank.state import OchkoBankState, Phase

COPIES = DOUBLE104.copies


def cards_left(state: OchkoBankState) -> int:
    """Cards still above the marker card."""
    return max(PACK_SIZE - len(state.shoe.seen), 0)


def reshuffle_soon(state: OchkoBankState, options: OchkoBankOptions) -> bool:
    return state.shoe.marker_reached or cards_left(state) < options.reshuffle_warning


def check_can_deal(state: OchkoBankState, card: Card) -> None:
    """Refuse a card when the pack is at its marker, or a third copy since the shuffle."""
    if state.shoe.marker_reached:
        raise OutOfTurn(
            f"{card}: dealing has reached the marker card; reshuffle the cards not in play "
            '("reshuffle") before dealing on',
            Reason.of("marker-reached"),
        )
    if state.shoe.seen.count(card) >= COPIES:
        raise MisreadCard(
            f"{card} has already been seen {COPIES} times since the last shuffle and the "
            "pack holds only two: a misread",
            Reason.of("card-seen", card=card),
        )


def note_dealt(state: OchkoBankState, card: Card) -> None:
    state.shoe.seen.append(card)
    if len(state.shoe.seen) >= PACK_SIZE:
        state.shoe.marker_reached = True


def reach_marker(state: OchkoBankState) -> None:
    if state.shoe.marker_reached:
        raise OutOfTurn(
            "the marker card has already been reached: reshuffle", Reason.of("marker-reached")
        )
    state.shoe.marker_reached = True


def reshuffle(state: OchkoBankState) -> None:
    """Before a deal every card is gathered; at the marker, the cards in play stay out."""
    between_rounds = state.phase in (Phase.BETTING, Phase.SETTLED)
    if not between_rounds and not state.shoe.marker_reached:
        raise OutOfTurn(
            "the dealer reshuffles before a deal, or when dealing reaches the marker card "
            f"(phase: {state.phase.value}, the marker is still covered)",
            Reason.of("no-reshuffle-now"),
        )
    state.shoe.seen = [] if between_rounds else cards_in_play(state)
    state.shoe.marker_reached = False
    state.shoe.shuffles += 1


def cards_in_play(state: OchkoBankState) -> list[Card]:
    cards = list(state.dealer_hand.cards)
    for entry in state.seats:
        for hand in entry.hands:
            if hand.status.in_play:
                cards.extend(hand.cards)
    return cards
