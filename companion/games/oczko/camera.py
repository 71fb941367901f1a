"""What the camera reports: cards shown in the zones, the bottom card, duplicates, and
the reshuffle that makes every card possible again."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, MisreadCard, Reason
from companion.games.oczko import duel
from companion.games.oczko.options import OczkoOptions
from companion.games.oczko.state import OczkoState, Phase

PUNTER_ZONE = "punter"
BANKER_ZONE = "banker"
STOCK_ZONE = "stock"
ZONES = (PUNTER_ZONE, BANKER_ZONE, STOCK_ZONE)


def card_seen(options: OczkoOptions, state: OczkoState, zone: str, card: Card) -> None:
    if zone == STOCK_ZONE:
        _bottom_card_seen(options, state, card)
        return
    hand = state.punter_cards if zone == PUNTER_ZONE else state.banker_cards
    if card in hand:
        return  # a card of this hand put down again: nothing new
    _check_new_card(state, zone, card)
    state.seen.add(card)
    if card == state.bottom:
        state.bottom_taken, state.bottom_in_stock = True, False
    if zone == PUNTER_ZONE:
        duel.punter_shows(options, state, card)
    else:
        duel.banker_shows(options, state, card)


def card_gone(state: OczkoState, zone: str, card: Card) -> None:
    """Cards picked up from a hand stay in the duel; only the bottom card leaving counts."""
    if zone == STOCK_ZONE and card == state.bottom:
        state.bottom_in_stock = False


def zone_cleared(state: OczkoState, zone: str) -> None:
    if zone == STOCK_ZONE:
        state.bottom_in_stock = False


def reshuffle(state: OczkoState) -> None:
    """The stock is shuffled again; the cards of the duel under way stay with their owners."""
    state.seen = set(state.punter_cards) | set(state.banker_cards)
    state.bottom, state.bottom_in_stock, state.bottom_taken = None, False, False
    if state.phase is Phase.DOUBLED:
        state.phase = Phase.PUNTER  # the punter kept his cards and goes on drawing


def _check_new_card(state: OczkoState, zone: str, card: Card) -> None:
    other_zone, other = (
        (BANKER_ZONE, state.banker_cards)
        if zone == PUNTER_ZONE
        else (PUNTER_ZONE, state.punter_cards)
    )
    if card in other:
        raise MisreadCard(
            f"{card} is already in the {other_zone}'s hand: a misread or a foreign card",
            Reason.of("card-on-table", card=card),
        )
    if card == state.bottom:
        if zone == BANKER_ZONE:
            raise IllegalEvent(
                f"the banker may never take the bottom card {card}: he plays with the cards "
                "he drew before",
                Reason.of("bottom-not-banker", card=card),
            )
        if state.bottom_taken:
            raise MisreadCard(
                f"the bottom card {card} was already drawn: a misread",
                Reason.of("card-seen", card=card),
            )
        return
    if card in state.seen:
        raise MisreadCard(
            f"{card} was already seen since the last reshuffle: a misread or a foreign card",
            Reason.of("card-seen", card=card),
        )


def _bottom_card_seen(options: OczkoOptions, state: OczkoState, card: Card) -> None:
    if not options.has_bottom_card:
        raise IllegalEvent(
            f"{card} in the stock: version II has no bottom card, the stock stays face down",
            Reason.of("stock-face-down", card=card),
        )
    if state.bottom is None:
        if card in state.seen:
            raise MisreadCard(
                f"{card} was already seen since the last reshuffle: it cannot be the bottom card",
                Reason.of("card-seen", card=card),
            )
        state.bottom, state.bottom_in_stock = card, True
        state.seen.add(card)
        return
    if card != state.bottom:
        raise MisreadCard(
            f"{card} cannot be in the stock: the bottom card is {state.bottom} "
            "until the next reshuffle",
            Reason.of("bottom-is", card=card, bottom=state.bottom),
        )
    if state.bottom_taken:
        raise MisreadCard(
            f"the bottom card {card} was already drawn: a misread",
            Reason.of("card-seen", card=card),
        )
    state.bottom_in_stock = True
