"""The life of a hand: dealing it out (on paper), scoring it, passing the deal."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.oh_hell.options import OhHellOptions
from companion.games.oh_hell.schedule import schedule_sizes, turns_up_trump
from companion.games.oh_hell.scoring import hand_points, winners
from companion.games.oh_hell.state import HandRecord, OhHellState, Outcome, Phase


@dataclass(frozen=True)
class Table:
    """The options and the schedule they give: what every rule needs to know."""

    options: OhHellOptions

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def sizes(self) -> tuple[int, ...]:
        return schedule_sizes(self.options.players, self.options.schedule)

    def hand_size(self, state: OhHellState) -> int:
        return self.sizes[state.hand_index]

    def has_trump(self, index: int) -> bool:
        return turns_up_trump(self.players, self.sizes, index, self.options.no_trump_hand)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def initial_state(self) -> OhHellState:
        state = OhHellState(
            phase=Phase.TRUMP,
            hand_index=self.options.hand - 1,
            dealer=self.options.dealer,
            scores=list(self.options.starting_scores()),
            bids=[],
            tricks=[],
            leader=self.left_of(self.options.dealer),
        )
        self.start_hand(state, state.hand_index, state.dealer)
        return state

    def start_hand(self, state: OhHellState, index: int, dealer: int) -> None:
        state.hand_index = index
        state.dealer = dealer
        state.phase = Phase.TRUMP if self.has_trump(index) else Phase.BIDDING
        state.trump = None
        state.bids = [None] * self.players
        state.tricks = [0] * self.players
        state.leader = self.left_of(dealer)
        state.plays = []
        state.flagged = set()

    def finish_hand(self, state: OhHellState) -> None:
        """Score the hand on the sheet, then start the next one or end the game."""
        size = self.hand_size(state)
        bids = tuple(bid if bid is not None else 0 for bid in state.bids)
        tricks = tuple(state.tricks)
        points = tuple(
            hand_points(bid, won, size, self.options) for bid, won in zip(bids, tricks, strict=True)
        )
        state.scores = [score + gain for score, gain in zip(state.scores, points, strict=True)]
        state.sheet.append(
            HandRecord(
                number=state.hand_index + 1,
                size=size,
                dealer=state.dealer,
                trump=state.trump,
                bids=bids,
                tricks=tricks,
                points=points,
                scores=tuple(state.scores),
            )
        )
        if state.hand_index + 1 < len(self.sizes):
            self.start_hand(state, state.hand_index + 1, self.left_of(state.dealer))
            return
        state.phase = Phase.OVER
        best = winners(state.scores)
        top = state.scores[best[0]]
        if len(best) == 1:
            reason = f"seat {best[0]} has the most points ({top}) after the last hand"
        else:
            seats = ", ".join(str(seat) for seat in best)
            reason = f"seats {seats} share the win with {top} points after the last hand"
        state.outcome = Outcome(best, reason)
