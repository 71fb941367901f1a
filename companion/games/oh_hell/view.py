"""The state as JSON for ``companion simulate --json`` and the screens."""

from __future__ import annotations

from typing import Any

from companion.games.oh_hell.bidding import due_bidder
from companion.games.oh_hell.hands import Table
from companion.games.oh_hell.play import to_play
from companion.games.oh_hell.state import OhHellState, Phase


def state_json(table: Table, state: OhHellState) -> dict[str, Any]:
    bidder = due_bidder(table, state)
    player = to_play(table, state)
    hidden = table.options.simultaneous_bids and state.phase is Phase.BIDDING
    bids_in = state.bids_in()
    return {
        "phase": state.phase.value,
        "hand": state.hand_index + 1,
        "hands": len(table.sizes),
        "hand_size": table.hand_size(state),
        "dealer": state.dealer,
        "trump": None if state.trump is None else str(state.trump),
        "trump_suit": None if state.trump is None else state.trump.suit.value,
        "no_trump": not table.has_trump(state.hand_index),
        "bidder": bidder,
        "leader": state.leader if state.phase is Phase.PLAY else None,
        "to_play": player,
        "turn": bidder if bidder is not None else player,
        "bids_entered": len(bids_in),
        "bids_total": None if hidden else sum(bids_in),
        "trick_number": _trick_number(table, state),
        "trick": [{"seat": play.seat, "card": str(play.card)} for play in state.trick_zone],
        "trick_winner": state.trick_winner,
        "seats": [
            {
                "seat": seat,
                "score": state.scores[seat],
                "bid": None if hidden else state.bids[seat],
                "tricks": state.tricks[seat],
            }
            for seat in range(table.players)
        ],
        "score_sheet": [record.to_json() for record in state.sheet],
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _trick_number(table: Table, state: OhHellState) -> int | None:
    """The trick being played or just won, from 1 (1 while the last trick of the hand
    before is still in the zone); None outside play."""
    if state.phase is not Phase.PLAY:
        return None
    if state.trick_complete and state.tricks_done:
        return state.tricks_done
    return state.tricks_done + 1
