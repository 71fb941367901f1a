"""Bets, the deal (two cards to each bettor, the dealer's up card) and the naturals."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.ochko_bank.hands import NATURAL_CARDS, is_natural, lets_dealer_peek
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.play import advance
from companion.games.ochko_bank.settle import pay_natural, settle_dealer_natural
from companion.games.ochko_bank.state import (
    DealerHand,
    Hand,
    HandStatus,
    OchkoBankState,
    Phase,
    SeatRound,
)
from companion.games.ochko_bank.turns import after_players, first_drawer


def place_bet(state: OchkoBankState, options: OchkoBankOptions, seat: int, amount: int) -> None:
    if seat == options.dealer:
        raise IllegalEvent(
            f"seat {seat} is the dealer: the dealer holds the bank and does not bet",
            Reason.of("dealer-no-bet", seat=SeatRef(seat)),
        )
    if state.phase is Phase.SETTLED:
        start_round(state, options)
    elif state.phase is not Phase.BETTING:
        raise OutOfTurn(
            f"bets are placed before the deal (phase: {state.phase.value})",
            Reason.of("bets-before-deal"),
        )
    if amount != 0 and not options.min_bet <= amount <= options.max_bet:
        raise IllegalEvent(
            f"seat {seat} cannot bet {amount}: the table's limits are "
            f"{options.min_bet}..{options.max_bet} (0 takes the bet off)",
            Reason.of(
                "amount-range",
                seat=SeatRef(seat),
                amount=amount,
                low=options.min_bet,
                high=options.max_bet,
            ),
        )
    state.seats[seat] = SeatRound(bet=amount, hands=[Hand(bet=amount)] if amount else [])


def start_round(state: OchkoBankState, options: OchkoBankOptions) -> None:
    state.round += 1
    state.phase = Phase.BETTING
    state.seats = [SeatRound() for _ in range(options.players)]
    state.dealer_hand = DealerHand()
    state.offered = None
    state.discarded = None
    state.expected = []


def open_deal(state: OchkoBankState, card: Card) -> None:
    """The first card of a round closes the bets."""
    if state.phase is Phase.SETTLED:
        raise OutOfTurn(
            f"{card}: the round is over; place the bets of the next round first",
            Reason.of("bets-before-deal"),
        )
    if not any(entry.playing for entry in state.seats):
        raise OutOfTurn(
            f"{card}: no bets yet; place bets (bet SEAT N) before the deal",
            Reason.of("bets-before-deal"),
        )
    state.phase = Phase.DEAL


def deal_to_seat(
    state: OchkoBankState, options: OchkoBankOptions, seat: int, hand: int, card: Card
) -> None:
    entry = state.seats[seat]
    if not entry.playing:
        raise IllegalEvent(
            f"{card} in seat {seat}'s zone: seat {seat} has no bet this round",
            Reason.of("no-bet", card=card, seat=SeatRef(seat)),
        )
    if entry.withdrawn:
        raise IllegalEvent(
            f"{card} in seat {seat}'s zone: seat {seat} took his bet back",
            Reason.of("no-bet", card=card, seat=SeatRef(seat)),
        )
    if hand != 0:
        raise IllegalEvent(
            f"{card}: there are no split hands during the deal",
            Reason.of("no-split-yet", card=card),
        )
    if _waits_for_missing_card(entry):
        raise OutOfTurn(
            f"{card}: seat {seat} takes his missing card at his turn to draw",
            Reason.of("card-at-turn", card=card, seat=SeatRef(seat)),
        )
    entry.hands[0].cards.append(card)
    finish_deal_if_complete(state, options)


def overdealt_seats(state: OchkoBankState) -> list[int]:
    return [
        seat
        for seat, entry in enumerate(state.seats)
        if entry.in_round and len(entry.hands[0].cards) > NATURAL_CARDS
    ]


def deal_complete(state: OchkoBankState) -> bool:
    if not state.dealer_hand.cards:
        return False
    return all(
        (len(entry.hands[0].cards) == NATURAL_CARDS or _waits_for_missing_card(entry))
        and not entry.face_up_pending
        for entry in state.seats
        if entry.in_round
    )


def _waits_for_missing_card(entry: SeatRound) -> bool:
    hand = entry.hands[0]
    return hand.short_dealt and len(hand.cards) == 1


def finish_deal_if_complete(state: OchkoBankState, options: OchkoBankOptions) -> None:
    if state.phase is not Phase.DEAL:
        return
    if not any(entry.in_round for entry in state.seats):
        state.phase = Phase.SETTLED  # every bettor took his bet back: nothing left to deal
        return
    if not deal_complete(state):
        return
    up_card = state.dealer_hand.cards[0]
    if lets_dealer_peek(up_card) and not state.dealer_hand.hole_shown_early:
        state.phase = Phase.NATURALS
    else:
        end_naturals(state, options)


def end_naturals(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """No natural announced: every player's natural is paid 3:2 at once, then the draw."""
    for seat in options.player_seats:
        entry = state.seats[seat]
        if entry.in_round and is_natural(entry.hands[0].cards):
            pay_natural(state, options, seat, entry.hands[0])
            entry.face_up_pending = False  # paid, he has kept his cards
    state.phase = Phase.PLAY
    if first_drawer(state, options) is None:
        after_players(state, options)


def peek(state: OchkoBankState, options: OchkoBankOptions) -> None:
    """The dealer looked at his hole card (up card an ace, a ten or a picture): no natural."""
    cards = state.dealer_hand.cards
    in_round = state.phase in (Phase.DEAL, Phase.NATURALS, Phase.PLAY)
    if in_round and cards and not lets_dealer_peek(cards[0]):
        raise IllegalEvent(_no_peek(cards[0]), Reason.of("no-peek", card=cards[0]))
    if state.phase is not Phase.NATURALS:
        raise OutOfTurn(
            "the dealer peeks after the deal, before a card is offered to the first player "
            f"(phase: {state.phase.value})",
            Reason.of("not-now"),
        )
    state.dealer_hand.peeked = True
    end_naturals(state, options)


def hole_card_before_turn(state: OchkoBankState, options: OchkoBankOptions, card: Card) -> None:
    """The hole card turned up during the deal or the naturals: an announced natural, a
    peek shown to the table, or (on a low up card) a look he had no right to, flagged."""
    dealer = state.dealer_hand
    up = dealer.cards[0]
    cards = [up, card]
    if lets_dealer_peek(up) and is_natural(cards):
        pending = overdealt_seats(state) + [
            s for s, e in enumerate(state.seats) if e.in_round and e.face_up_pending
        ]
        if pending:
            raise OutOfTurn(
                f"seat {pending[0]} must settle his irregular deal before the dealer shows "
                "his natural",
                Reason.of("irregular-first", seat=SeatRef(pending[0])),
            )
        dealer.cards.append(card)
        dealer.natural_announced = True
        settle_dealer_natural(state, options)
        return
    dealer.cards.append(card)
    dealer.hole_shown_early = True
    if lets_dealer_peek(up):
        dealer.peeked = True  # he had the right to look, and it is no natural
    else:
        state.flag(
            "hole-card-shown",
            f"the dealer's hole card {card} was shown before his turn ({_no_peek(up)})",
            seat=options.dealer,
            reason=Reason.of("hole-card-shown", round=state.round, card=card),
        )
    if state.phase is Phase.NATURALS:
        end_naturals(state, options)


def _no_peek(up: Card) -> str:
    return (
        f"the up card is {up}: the dealer may look at his hole card only when it is an "
        "ace, a ten or a picture"
    )


def withdraw(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> None:
    """A seat dealt one card or none, or a card face up by mistake, takes its bet back."""
    entry = _bettor(state, seat)
    if entry.face_up_pending:
        entry.face_up_pending = False
    elif state.phase is not Phase.DEAL:
        raise OutOfTurn(
            f"seat {seat} cannot take his bet back now: only during the deal, or when a card "
            f"was dealt face up to him (phase: {state.phase.value})",
            Reason.of("not-now"),
        )
    elif len(entry.hands[0].cards) >= NATURAL_CARDS:
        cards = len(entry.hands[0].cards)
        raise IllegalEvent(
            f"seat {seat} has his {cards} cards dealt properly: he cannot take his bet back",
            Reason.of("dealt-properly", seat=SeatRef(seat)),
        )
    entry.hands[0].status = HandStatus.WITHDRAWN
    finish_deal_if_complete(state, options)
    advance(state, options)


def mark_face_up(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> None:
    """Recorded during the deal, or after it until the seat has made a move."""
    entry = _bettor(state, seat)
    hand = entry.hands[0]
    cards = len(hand.cards)
    untouched = (
        len(entry.hands) == 1 and cards == NATURAL_CARDS and hand.status is HandStatus.DRAWING
    )
    if state.phase not in (Phase.DEAL, Phase.NATURALS, Phase.PLAY) or (
        state.phase is not Phase.DEAL and not untouched
    ):
        raise OutOfTurn(
            f"a card dealt face up to seat {seat} is recorded before he makes a move "
            f"(phase: {state.phase.value})",
            Reason.of("not-now"),
        )
    if cards == 0:
        raise IllegalEvent(
            f"seat {seat} has no card yet", Reason.of("no-card-yet", seat=SeatRef(seat))
        )
    if options.player_first_card_up and cards < NATURAL_CARDS:
        raise IllegalEvent(
            f"seat {seat}'s first card is dealt face up at this table (player_first_card_up=on)",
            Reason.of("first-card-up", seat=SeatRef(seat)),
        )
    entry.face_up_pending = True


def accept_deal(state: OchkoBankState, options: OchkoBankOptions, seat: int) -> None:
    """The seat keeps a card dealt face up by mistake, or, dealt only one card, plays on
    and takes the missing card at his turn."""
    entry = _bettor(state, seat)
    hand = entry.hands[0]
    if entry.face_up_pending:
        entry.face_up_pending = False
    elif state.phase is Phase.DEAL and len(hand.cards) == 1 and not hand.short_dealt:
        hand.short_dealt = True
    else:
        raise IllegalEvent(
            f"seat {seat} has nothing to accept: no card offered, no card dealt face up, "
            "no missing card",
            Reason.of("nothing-to-accept", seat=SeatRef(seat)),
        )
    finish_deal_if_complete(state, options)


def keep_two(
    state: OchkoBankState, options: OchkoBankOptions, seat: int, kept: tuple[Card, Card]
) -> None:
    entry = _bettor(state, seat)
    if state.phase is not Phase.DEAL or seat not in overdealt_seats(state):
        raise IllegalEvent(
            f"seat {seat} was not dealt more than two cards",
            Reason.of("not-overdealt", seat=SeatRef(seat)),
        )
    remaining = list(entry.hands[0].cards)
    for card in kept:
        if card not in remaining:
            shown = " ".join(str(c) for c in entry.hands[0].cards)
            raise IllegalEvent(
                f"seat {seat} cannot keep {card}: his cards are {shown}",
                Reason.of("not-his-card", seat=SeatRef(seat), card=card),
            )
        remaining.remove(card)
    entry.hands[0].cards = list(kept)
    finish_deal_if_complete(state, options)


def discard_extra(state: OchkoBankState, options: OchkoBankOptions, seat: int, card: Card) -> None:
    """A card taken out of an over-dealt hand is discarded face up."""
    cards = state.seats[seat].hands[0].cards
    if card in cards:
        cards.remove(card)
    finish_deal_if_complete(state, options)


def _bettor(state: OchkoBankState, seat: int) -> SeatRound:
    entry = state.seats[seat]
    if not entry.in_round:
        raise IllegalEvent(
            f"seat {seat} is not in this round", Reason.of("not-in-round", seat=SeatRef(seat))
        )
    return entry
