"""The camera's events: the trump card, and the cards of each trick in play order."""

from __future__ import annotations

from companion.cards import Card, Suit
from companion.games.errors import IllegalEvent, OutOfTurn, Reason, SeatRef
from companion.games.oh_hell.hands import Table
from companion.games.oh_hell.state import OhHellState, Phase, Play
from companion.games.oh_hell.tricks import DUPLICATE, revokes, trick_winner


def to_play(table: Table, state: OhHellState) -> int | None:
    """The seat whose card the trick zone waits for, or None."""
    if state.phase is not Phase.PLAY or state.trick_complete:
        return None
    return (state.leader + len(state.trick_zone)) % table.players


def seen_before(state: OhHellState, card: Card) -> str | None:
    """Where ``card`` was already seen in this hand, or None."""
    if state.trump == card:
        return "it is the trump card"
    for play in state.plays:
        if play.card == card:
            return f"seat {play.seat} played it in trick {play.trick + 1}"
    return None


def _twice(state: OhHellState, card: Card, seat: int) -> Reason:
    """Trick 2: P3 plays Q♠, the trump card (or: P1 played it in trick 1)."""
    trick = state.tricks_done + 1
    if state.trump == card:
        return Reason.of("twice-trump", trick=trick, seat=SeatRef(seat), card=card)
    first = next(play for play in state.plays if play.card == card)
    return Reason.of(
        "twice-played",
        trick=trick,
        seat=SeatRef(seat),
        card=card,
        first=SeatRef(first.seat),
        first_trick=first.trick + 1,
    )


def turn_up_trump(table: Table, state: OhHellState, card: Card) -> None:
    """``card trump CARD``: the dealer turns up the trump card."""
    number = state.hand_index + 1
    if state.phase is Phase.TRUMP:
        state.trump = card
        state.trump_zone.append(card)
        state.phase = Phase.BIDDING
        return
    if card == state.trump:
        if card not in state.trump_zone:
            state.trump_zone.append(card)  # picked up to look at, and put back
        return
    if state.phase is Phase.OVER:
        raise OutOfTurn(
            f"no trump card now: the game is over (seen {card})", Reason.of("game-over")
        )
    if not table.has_trump(state.hand_index):
        raise IllegalEvent(
            f"hand {number} is played without a trump: no card is turned up",
            Reason.of("no-trump-hand", hand=number),
        )
    raise OutOfTurn(
        f"the trump card of hand {number} is already {state.trump}",
        Reason.of("trump-already", hand=number, card=state.trump),
    )


def remove_trump_card(state: OhHellState, card: Card) -> None:
    """``gone trump CARD``: a card left the trump zone (the trump stays for the hand)."""
    if card not in state.trump_zone:
        raise IllegalEvent(
            f"{card} is not in the trump zone", Reason.of("not-in-zone", card=card, zone="trump")
        )
    state.trump_zone.remove(card)


def play_card(table: Table, state: OhHellState, card: Card) -> None:
    """``card trick CARD``: the next player in play order played ``card``."""
    seat = to_play(table, state)
    if seat is None:
        raise _cannot_play(state, card)
    where = seen_before(state, card)
    if where is not None:
        state.flag(
            DUPLICATE,
            f"{card} is seen twice in this hand: {where}",
            seat=seat,
            reason=_twice(state, card, seat),
        )
    led = state.trick_zone[0].card.suit if state.trick_zone else card.suit
    play = Play(seat, card, state.tricks_done, led)
    trump = None if state.trump is None else state.trump.suit
    for finding in revokes(state.plays, play, trump, la_podrida=table.options.la_podrida):
        if finding.key not in state.flagged:
            state.flagged.add(finding.key)
            state.flag(finding.kind, finding.message, seat=finding.seat, reason=finding.reason)
    state.plays.append(play)
    state.trick_zone.append(play)
    if len(state.trick_zone) == table.players:
        _finish_trick(table, state, trump)


def _cannot_play(state: OhHellState, card: Card) -> OutOfTurn:
    if state.phase is Phase.TRUMP:
        return OutOfTurn(
            f"{card} cannot be played yet: the trump card is not turned up",
            Reason.of("trump-first"),
        )
    if state.phase is Phase.BIDDING:
        return OutOfTurn(
            f"{card} cannot be played yet: not every seat has bid", Reason.of("bids-first")
        )
    if state.phase is Phase.OVER:
        return OutOfTurn(f"{card} cannot be played: the game is over", Reason.of("game-over"))
    winner = state.trick_winner if state.trick_winner is not None else state.leader
    return OutOfTurn(
        f"{card} cannot be played: the trick won by seat {state.trick_winner} is still "
        "on the table (clear the trick zone first)",
        Reason.of("trick-not-cleared", seat=SeatRef(winner)),
    )


def _finish_trick(table: Table, state: OhHellState, trump: Suit | None) -> None:
    winner = trick_winner(state.trick_zone, trump)
    state.trick_winner = winner
    state.tricks[winner] += 1
    state.leader = winner
    if state.tricks_done == table.hand_size(state):
        table.finish_hand(state)


def take_back(table: Table, state: OhHellState, card: Card) -> None:
    """``gone trick CARD``: the last card of an unfinished trick was taken back, or a card
    of a finished trick was gathered."""
    cards = [play.card for play in state.trick_zone]
    if card not in cards:
        raise IllegalEvent(
            f"{card} is not in the trick zone", Reason.of("not-in-zone", card=card, zone="trick")
        )
    if state.trick_complete:
        del state.trick_zone[cards.index(card)]
        if not state.trick_zone:
            state.trick_winner = None
        return
    last = state.trick_zone[-1]
    if last.card != card:
        raise IllegalEvent(
            f"{card} cannot be taken back: only the last card played ({last.card}, "
            f"seat {last.seat}) can be",
            Reason.of("take-back-last", card=card, last=last.card, seat=SeatRef(last.seat)),
        )
    state.trick_zone.pop()
    state.plays.pop()


def clear_trick(table: Table, state: OhHellState) -> None:
    """``clear trick``: a finished trick is gathered by its winner."""
    if not state.trick_zone:
        raise OutOfTurn("the trick zone is already empty", Reason.of("zone-empty", zone="trick"))
    if not state.trick_complete:
        played = len(state.trick_zone)
        raise IllegalEvent(
            f"the trick is not finished ({played} of {table.players} cards played): "
            'take a card back with "gone trick CARD"',
            Reason.of("trick-unfinished", played=played, players=table.players),
        )
    state.trick_zone = []
    state.trick_winner = None
