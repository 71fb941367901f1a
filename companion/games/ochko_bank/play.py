"""The players' draw (hits, stands, splits) and the dealer's own draw."""

from __future__ import annotations

from companion.cards import Card
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.ochko_bank.hands import NATURAL_CARDS, hand_total, is_natural, is_pair
from companion.games.ochko_bank.options import OchkoBankOptions
from companion.games.ochko_bank.settle import pay_bust, pay_natural
from companion.games.ochko_bank.state import (
    MAX_HANDS,
    Hand,
    HandStatus,
    OchkoBankState,
    Phase,
    hand_label,
    hand_zone,
)
from companion.games.ochko_bank.turns import after_players, dealer_stands_if_done, first_drawer


def hit(
    state: OchkoBankState, options: OchkoBankOptions, seat: int, index: int, card: Card
) -> None:
    """A card the drawing player asked for, on one of his hands still drawing."""
    check_no_face_up_pending(state, seat)
    hands = state.seats[seat].hands
    if len(hands[index].cards) >= NATURAL_CARDS:
        check_split_hands_dealt(state, seat, str(card))
    add_card(state, options, seat, hands[index], card)
    advance(state, options)


def check_split_hands_dealt(state: OchkoBankState, seat: int, what: str) -> None:
    """After a split the dealer gives one card to each hand before any other move."""
    hands = state.seats[seat].hands
    waiting = [i for i, hand in enumerate(hands) if len(hand.cards) < NATURAL_CARDS]
    if waiting:
        raise OutOfTurn(
            f"{what}: after a split each hand first gets one card; hand "
            f"{hand_label(waiting[0])} ({hand_zone(seat, waiting[0])}) still has one card",
            Reason.of("hand-one-card", seat=SeatRef(seat), hand=hand_label(waiting[0])),
        )


def add_card(
    state: OchkoBankState, options: OchkoBankOptions, seat: int, hand: Hand, card: Card
) -> None:
    hand.cards.append(card)
    if hand_total(hand.cards).bust:
        pay_bust(state, options, seat, hand)
    elif is_natural(hand.cards) and (
        hand.short_dealt or (hand.from_split and options.split_natural)
    ):
        pay_natural(state, options, seat, hand)


def advance(state: OchkoBankState, options: OchkoBankOptions) -> None:
    if state.phase is Phase.PLAY and first_drawer(state, options) is None:
        after_players(state, options)


def stand(state: OchkoBankState, options: OchkoBankOptions, seat: int, index: int | None) -> None:
    check_turn(state, options, seat, "stand")
    hand_index = pick_hand(state, seat, index, "stand")
    hand = state.seats[seat].hands[hand_index]
    if len(hand.cards) < NATURAL_CARDS:
        raise OutOfTurn(
            f"seat {seat}'s hand {hand_label(hand_index)} has one card: "
            "it gets its second card first",
            Reason.of("hand-one-card", seat=SeatRef(seat), hand=hand_label(hand_index)),
        )
    check_split_hands_dealt(state, seat, f"stand {seat} {hand_label(hand_index)}")
    hand.status = HandStatus.STOOD
    advance(state, options)


def split(state: OchkoBankState, options: OchkoBankOptions, seat: int, index: int | None) -> None:
    check_turn(state, options, seat, "split")
    hand_index = pick_hand(state, seat, index, "split")
    hands = state.seats[seat].hands
    hand = hands[hand_index]
    shown = " ".join(str(card) for card in hand.cards)
    if len(hand.cards) != NATURAL_CARDS:
        raise IllegalEvent(
            f"seat {seat} cannot split {shown}: only the first two cards of a hand are split",
            Reason.of("no-split", seat=SeatRef(seat)),
        )
    if not is_pair(hand.cards):
        raise IllegalEvent(
            f"seat {seat} cannot split {shown}: not a pair (a split needs two cards of the "
            "same rank; a queen and a king are not a pair)",
            Reason.of("no-split", seat=SeatRef(seat)),
        )
    if len(hands) > 1 and not options.resplit:
        raise IllegalEvent(
            f"seat {seat} has already split: re-splitting is off (option resplit)",
            Reason.of("no-resplit", seat=SeatRef(seat)),
        )
    if len(hands) >= MAX_HANDS:
        raise IllegalEvent(
            f"seat {seat} already plays {MAX_HANDS} hands, the most the mat holds",
            Reason.of("no-resplit", seat=SeatRef(seat)),
        )
    first, second = hand.cards
    hand.cards = [first]
    hand.from_split = True
    hand.short_dealt = False  # a short-dealt hand split has had its missing card
    hands.append(Hand(bet=hand.bet, cards=[second], from_split=True))
    state.expected.append((hand_zone(seat, len(hands) - 1), second))


def check_turn(state: OchkoBankState, options: OchkoBankOptions, seat: int, what: str) -> None:
    if state.phase is not Phase.PLAY:
        raise OutOfTurn(
            f"seat {seat} cannot {what} now (phase: {state.phase.value})", Reason.of("not-now")
        )
    drawer = first_drawer(state, options)
    if seat != drawer:
        raise OutOfTurn(
            f"seat {seat} cannot {what}: it is seat {drawer}'s turn to draw",
            Reason.of(
                "draw-turn",
                seat=SeatRef(seat),
                due=None if drawer is None else SeatRef(drawer),
            ),
        )
    check_no_face_up_pending(state, seat)


def check_no_face_up_pending(state: OchkoBankState, seat: int) -> None:
    if state.seats[seat].face_up_pending:
        raise OutOfTurn(
            f"seat {seat} first decides on the card dealt face up: "
            f'"accept {seat}" or "withdraw {seat}"',
            Reason.of("face-up-first", seat=SeatRef(seat)),
        )


def pick_hand(state: OchkoBankState, seat: int, index: int | None, what: str) -> int:
    entry = state.seats[seat]
    live = entry.live_hands()
    if not live:
        raise IllegalEvent(
            f"seat {seat} has no hand still drawing",
            Reason.of("no-hand-drawing", seat=SeatRef(seat)),
        )
    if index is None:
        if len(live) == 1:
            return live[0]
        letters = " and ".join(hand_label(i) for i in live)
        example = f"{what} {seat} {hand_label(live[0])}"
        raise IllegalEvent(
            f"seat {seat} plays hands {letters}: say which, like {example}",
            Reason.of("which-hand", seat=SeatRef(seat)),
        )
    if index >= len(entry.hands):
        raise IllegalEvent(
            f"seat {seat} has no hand {hand_label(index)}",
            Reason.of("no-hand", seat=SeatRef(seat), hand=hand_label(index)),
        )
    if index not in live:
        status = entry.hands[index].status.value
        raise IllegalEvent(
            f"seat {seat}'s hand {hand_label(index)} is {status}, not drawing",
            Reason.of("hand-done", seat=SeatRef(seat), hand=hand_label(index)),
        )
    return index


def dealer_card_during_play(state: OchkoBankState, options: OchkoBankOptions, card: Card) -> None:
    """The hole card shown while the players draw; any other card waits for his turn."""
    dealer = state.dealer_hand
    if len(dealer.cards) != 1:
        drawer = first_drawer(state, options)
        raise OutOfTurn(
            f"{card}: the dealer draws after every player has finished (seat {drawer} is drawing)",
            Reason.of("dealer-after-players", card=card),
        )
    dealer.cards.append(card)
    dealer.hole_shown_early = True
    state.flag(
        "hole-card-shown",
        f"the dealer's hole card {card} was shown before his turn to draw",
        seat=options.dealer,
        reason=Reason.of("hole-card-shown", round=state.round, card=card),
    )


def dealer_draw(state: OchkoBankState, options: OchkoBankOptions, card: Card) -> None:
    """The hole card turned up, then cards one at a time while he has 16 or less."""
    state.dealer_hand.cards.append(card)
    dealer_stands_if_done(state, options)
