"""What the screen and ``simulate --json`` show of an Oh Hell table: ``OhHellView``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.cards import Card, Suit
from companion.games.oh_hell.bidding import due_bidder, hook_value
from companion.games.oh_hell.hands import Table
from companion.games.oh_hell.play import to_play
from companion.games.oh_hell.state import HandRecord, OhHellState, Outcome, Phase
from companion.games.oh_hell.tricks import trick_winner
from companion.games.view_fields import SCREEN_ONLY, fields_json


@dataclass(frozen=True)
class TrickCard:
    seat: int
    card: Card


@dataclass(frozen=True)
class OhHellSeat:
    seat: int
    score: int
    bid: int | None  # None before the seat bids, and while simultaneous bids are hidden
    tricks: int


@dataclass(frozen=True)
class OhHellView:
    game_id: ClassVar[str] = "oh-hell"  # the game whose screen draws it

    phase: Phase
    hand: int  # from 1
    hands: int
    hand_size: int
    dealer: int
    trump: Card | None
    trump_suit: Suit | None
    no_trump: bool
    bidder: int | None
    leader: int | None
    to_play: int | None
    turn: int | None
    bids_entered: int
    bids_total: int | None
    trick_number: int | None
    trick: tuple[TrickCard, ...]
    trick_winner: int | None
    seats: tuple[OhHellSeat, ...]
    score_sheet: tuple[HandRecord, ...]
    outcome: Outcome | None
    # The bid the hook forbids the seat due to bid now, if any.
    forbidden_bid: int | None = field(default=None, metadata=SCREEN_ONLY)
    simultaneous_bids: bool = field(default=False, metadata=SCREEN_ONLY)
    # The seat whose card takes the trick so far (the winner once it is complete).
    winning: int | None = field(default=None, metadata=SCREEN_ONLY)

    def to_json(self) -> dict[str, Any]:
        return fields_json(self)


def build_view(table: Table, state: OhHellState) -> OhHellView:
    bidder = due_bidder(table, state)
    player = to_play(table, state)
    hidden = table.options.simultaneous_bids and state.phase is Phase.BIDDING
    bids_in = state.bids_in()
    return OhHellView(
        phase=state.phase,
        hand=state.hand_index + 1,
        hands=len(table.sizes),
        hand_size=table.hand_size(state),
        dealer=state.dealer,
        trump=state.trump,
        trump_suit=None if state.trump is None else state.trump.suit,
        no_trump=not table.has_trump(state.hand_index),
        bidder=bidder,
        leader=state.leader if state.phase is Phase.PLAY else None,
        to_play=player,
        turn=bidder if bidder is not None else player,
        bids_entered=len(bids_in),
        bids_total=None if hidden else sum(bids_in),
        trick_number=_trick_number(table, state),
        trick=tuple(TrickCard(play.seat, play.card) for play in state.trick_zone),
        trick_winner=state.trick_winner,
        seats=tuple(
            OhHellSeat(
                seat=seat,
                score=state.scores[seat],
                bid=None if hidden else state.bids[seat],
                tricks=state.tricks[seat],
            )
            for seat in range(table.players)
        ),
        score_sheet=tuple(state.sheet),
        outcome=state.outcome,
        forbidden_bid=None if bidder is None else hook_value(table, state, bidder),
        simultaneous_bids=table.options.simultaneous_bids,
        winning=_winning(state),
    )


def state_json(table: Table, state: OhHellState) -> dict[str, Any]:
    return build_view(table, state).to_json()


def _winning(state: OhHellState) -> int | None:
    if not state.trick_zone:
        return None
    trump = None if state.trump is None else state.trump.suit
    return trick_winner(state.trick_zone, trump)


def _trick_number(table: Table, state: OhHellState) -> int | None:
    """The trick being played or just won, from 1 (1 while the last trick of the hand
    before is still in the zone); None outside play."""
    if state.phase is not Phase.PLAY:
        return None
    if state.trick_complete and state.tricks_done:
        return state.tricks_done
    return state.tricks_done + 1
