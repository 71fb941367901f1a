"""What the screen and ``simulate --json`` show of an ``ochko-bank`` table (the permanent
bank): ``OchkoBankView`` with the seats' hands, the dealer, the shoe and the money."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar

from companion.cards import Card
from companion.games.engine import AmountChoice
from companion.games.ledger import Movement, money
from companion.games.ochko_bank.hands import Total, hand_total, is_natural
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.settle import natural_payout
from companion.games.ochko_bank.shoe import cards_left, reshuffle_soon
from companion.games.ochko_bank.state import (
    Hand,
    HandStatus,
    OchkoBankState,
    Phase,
    hand_label,
    hand_zone,
)
from companion.games.ochko_bank.turns import MUST_DRAW, MUST_STAND, dealer_obligation, first_drawer
from companion.games.round_outcome import (
    BankMeaning,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.games.view_fields import SCREEN_ONLY, fields_json

SPLIT_MARK = " | "


class DealerDuty(Enum):
    """What the rules make the dealer do now."""

    HOLE_CARD = "hole-card"
    MUST_DRAW = "must-draw"
    MUST_STAND = "must-stand"


@dataclass(frozen=True)
class BankHand:
    label: str  # a, b, c, d: the hands a split made
    zone: str
    cards: tuple[Card, ...]
    total: Total
    bet: int
    status: HandStatus

    def to_json(self) -> dict[str, Any]:
        return {
            "zone": self.zone,
            "cards": [str(card) for card in self.cards],
            "total": self.total.value,
            "soft": self.total.soft,
            "bet": self.bet,
            "status": self.status.value,
        }


@dataclass(frozen=True)
class BankSeat:
    """A seat: the dealer (the bank) or a player with his hands this round."""

    seat: int
    balance: int | float
    dealer: bool
    bet: int = 0
    hands: tuple[BankHand, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.dealer:
            return {"seat": self.seat, "balance": self.balance, "role": "dealer"}
        return {
            "seat": self.seat,
            "balance": self.balance,
            "role": "player",
            "bet": self.bet,
            "cards": SPLIT_MARK.join(" ".join(str(c) for c in h.cards) for h in self.hands) or None,
            "total": SPLIT_MARK.join(str(hand.total) for hand in self.hands) or None,
            "status": SPLIT_MARK.join(hand.status.value for hand in self.hands) or None,
            "hands": {hand.label: hand.to_json() for hand in self.hands},
        }


@dataclass(frozen=True)
class DealerView:
    cards: tuple[Card, ...]
    up: Card | None
    total: Total
    natural: bool
    two_card_21: bool
    obligation: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [str(card) for card in self.cards],
            "up": None if self.up is None else str(self.up),
            "total": self.total.value,
            "soft": self.total.soft,
            "natural": self.natural,
            "two_card_21": self.two_card_21,
            "obligation": self.obligation,
        }


@dataclass(frozen=True)
class OfferedCard:
    card: Card
    seat: int
    takers: tuple[int, ...]  # the one or two seats it may be offered to, in turn
    declined: tuple[int, ...]


@dataclass(frozen=True)
class ShoeView:
    seen: int
    left: int
    marker_reached: bool
    shuffles: int


@dataclass(frozen=True)
class OchkoBankView:
    game_id: ClassVar[str] = "ochko-bank"  # the game whose screen draws it

    phase: Phase
    round: int
    banker: int
    bank: int | float
    seats: tuple[BankSeat, ...]
    turn: int | None
    dealer_cards: str | None
    dealer_total: str | None
    obligation: str | None
    dealer: DealerView
    offered: OfferedCard | None
    shoe: ShoeView
    reshuffle_soon: bool
    total: int | float
    movements: tuple[Movement, ...]
    duty: DealerDuty | None = field(default=None, metadata=SCREEN_ONLY)
    bet_limits: AmountChoice = field(default=AmountChoice(1, 1), metadata=SCREEN_ONLY)
    outcome: RoundOutcome | None = field(default=None, metadata=SCREEN_ONLY)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


def build_view(state: OchkoBankState, options: OchkoBankOptions) -> OchkoBankView:
    dealer_seat = options.dealer
    cards = state.dealer_hand.cards
    obligation = dealer_obligation(state)
    return OchkoBankView(
        phase=state.phase,
        round=state.round,
        banker=dealer_seat,
        bank=money(state.ledger.balance(dealer_seat)),
        seats=tuple(_seat(state, options, seat) for seat in range(options.players)),
        turn=first_drawer(state, options) if state.phase is Phase.PLAY else None,
        dealer_cards=" ".join(str(card) for card in cards) or None,
        dealer_total=str(hand_total(cards)) if cards else None,
        obligation=obligation,
        dealer=DealerView(
            cards=tuple(cards),
            up=cards[0] if cards else None,
            total=hand_total(cards),
            natural=state.dealer_hand.natural_announced,
            two_card_21=is_natural(cards),
            obligation=obligation,
        ),
        offered=None
        if state.offered is None
        else OfferedCard(
            state.offered.card,
            state.offered.to_seat,
            tuple(state.offered.takers),
            tuple(state.offered.declined),
        ),
        shoe=ShoeView(
            seen=len(state.shoe.seen),
            left=cards_left(state),
            marker_reached=state.shoe.marker_reached,
            shuffles=state.shoe.shuffles,
        ),
        reshuffle_soon=reshuffle_soon(state, options),
        total=money(state.ledger.total()),
        movements=tuple(state.ledger.movements),
        duty=_duty(obligation),
        bet_limits=AmountChoice(options.min_bet, options.max_bet),
        outcome=_outcome(state, options),
    )


LOSING = (HandStatus.BUST, HandStatus.LOST)
WINNING = (HandStatus.WON,)


SHOWDOWN = (HandStatus.WON, HandStatus.LOST, HandStatus.PUSH)


def _outcome(state: OchkoBankState, options: OchkoBankOptions) -> RoundOutcome | None:
    """The settled round: what each seat that bet won or lost over its hands, the
    dealer's hand and why it ended the round, his result for the round (what the seats
    lost, less what they won) and his result over all rounds so far (the permanent bank
    is his own money)."""
    if state.phase is not Phase.SETTLED:
        return None
    played = [seat for seat in options.player_seats if state.seats[seat].playing]
    if not played:
        return None
    won = {seat: sum(_won(hand, options) for hand in state.seats[seat].hands) for seat in played}
    settlement = _dealer_end(state, played)
    return RoundOutcome(
        seats=tuple(SeatOutcome(seat, money(won[seat])) for seat in played),
        banker=options.dealer,
        banker_total=settlement.banker_total,
        bank=money(-sum(won.values(), Fraction(0))),
        meaning=BankMeaning.BANKER_RESULT,
        settlement=settlement,
        total=money(state.ledger.balance(options.dealer)),
    )


def _dealer_end(state: OchkoBankState, played: list[int]) -> Settlement:
    """How the dealer's hand ended the round: his natural, his last card standing or over
    21, or nothing to play against (every hand settled before his turn)."""
    cards = tuple(state.dealer_hand.cards)
    total = hand_total(cards).value if cards else None
    if state.dealer_hand.natural_announced and is_natural(cards[:2]):
        return Settlement(Settled.DEALER_NATURAL, cards[1], banker_cards=cards[:2], banker_total=21)
    hands = [hand for seat in played for hand in state.seats[seat].hands]
    if not cards or not any(hand.status in SHOWDOWN for hand in hands):
        return Settlement(Settled.NO_HAND_STANDS)
    settled = Settled.DEALER_OVER if hand_total(cards).bust else Settled.DEALER_STANDS
    return Settlement(settled, cards[-1], banker_cards=cards, banker_total=total)


def _won(hand: Hand, options: OchkoBankOptions) -> Fraction:
    """What a settled hand brought its seat, as settle.py paid it."""
    if hand.status is HandStatus.NATURAL:
        return natural_payout(hand.bet, options.round_payout)
    if hand.status in WINNING:
        return Fraction(hand.bet)
    if hand.status in LOSING:
        return Fraction(-hand.bet)
    return Fraction(0)


def _duty(obligation: str | None) -> DealerDuty | None:
    if obligation is None:
        return None
    if obligation == MUST_DRAW:
        return DealerDuty.MUST_DRAW
    if obligation == MUST_STAND:
        return DealerDuty.MUST_STAND
    return DealerDuty.HOLE_CARD


def _seat(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> BankSeat:
    balance = money(state.ledger.balance(seat))
    if seat == options.dealer:
        return BankSeat(seat, balance, dealer=True)
    hands = state.seats[seat].hands
    return BankSeat(
        seat,
        balance,
        dealer=False,
        bet=state.seats[seat].bet,
        hands=tuple(_hand(seat, index, hand) for index, hand in enumerate(hands)),
    )


def _hand(seat: int, index: int, hand: Hand) -> BankHand:
    return BankHand(
        label=hand_label(index),
        zone=hand_zone(seat, index),
        cards=tuple(hand.cards),
        total=hand_total(hand.cards),
        bet=hand.bet,
        status=hand.status,
    )
