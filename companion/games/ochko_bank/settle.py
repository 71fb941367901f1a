"""Money: naturals at 3:2, busts paid at once, the showdown against the dealer."""

from __future__ import annotations

import math
from fractions import Fraction

from companion.games.errors import Reason
from companion.games.ochko_bank.hands import NATURAL_CARDS, hand_total, is_natural
from companion.games.ochko_bank.options import OchkoBankOptions, RoundPayout
from companion.games.ochko_bank.state import Hand, HandStatus, OchkoBankState, Phase

NATURAL_PAYOUT = Fraction(3, 2)


def natural_payout(bet: int, rounding: RoundPayout) -> Fraction:
    """One and a half times the bet, rounded as the table agreed."""
    exact = bet * NATURAL_PAYOUT
    if rounding is RoundPayout.DOWN:
        return Fraction(math.floor(exact))
    if rounding is RoundPayout.UP:
        return Fraction(math.ceil(exact))
    return exact


def pay_natural(state: OchkoBankState, options: OchkoBankOptions, seat: int, hand: Hand) -> None:
    amount = natural_payout(hand.bet, options.round_payout)
    state.ledger.pay(options.dealer, seat, amount, f"natural of seat {seat} paid 3:2")
    hand.status = HandStatus.NATURAL


def pay_bust(state: OchkoBankState, options: OchkoBankOptions, seat: int, hand: Hand) -> None:
    state.ledger.pay(seat, options.dealer, hand.bet, f"seat {seat} bust")
    hand.status = HandStatus.BUST


def settle_dealer_natural(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """The announced natural collects every bet but a natural's (a stand-off); a seat
    that has not received its two cards takes its bet back."""
    for seat in options.player_seats:
        entry = state.seats[seat]
        if not entry.in_round:
            continue
        hand = entry.hands[0]
        if is_natural(hand.cards):
            hand.status = HandStatus.STAND_OFF
        elif len(hand.cards) < NATURAL_CARDS:
            hand.status = HandStatus.WITHDRAWN
        else:
            state.ledger.pay(seat, options.dealer, hand.bet, "the dealer's natural")
            hand.status = HandStatus.LOST
    state.phase = Phase.SETTLED


def settle_showdown(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """The dealer has stood or bust: every standing hand is paid, lost or pushed."""
    dealer = hand_total(state.dealer_hand.cards)
    for seat in options.player_seats:
        for hand in state.seats[seat].hands:
            if hand.status is not HandStatus.STOOD:
                continue
            player = hand_total(hand.cards).value
            if dealer.bust or player > dealer.value:
                state.ledger.pay(options.dealer, seat, hand.bet, f"seat {seat} beats the dealer")
                hand.status = HandStatus.WON
            elif player < dealer.value:
                state.ledger.pay(seat, options.dealer, hand.bet, f"the dealer beats seat {seat}")
                hand.status = HandStatus.LOST
            else:
                hand.status = HandStatus.PUSH
    cards = state.dealer_hand.cards
    if is_natural(cards[:2]) and not state.dealer_hand.natural_announced:
        state.flag(
            "unannounced-natural",
            f"the dealer's {cards[0]} {cards[1]} was not announced before the first player "
            "was offered a card: it counts as a plain 21",
            seat=options.dealer,
            reason=Reason.of(
                "unannounced-natural", round=state.round, first=cards[0], second=cards[1]
            ),
        )
    state.phase = Phase.SETTLED
