"""The options of an Oh Hell table, named as in the rule file, with their checks."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.oh_hell.schedule import NoTrumpHand, Schedule, schedule_sizes
from companion.games.options import option_error

MIN_PLAYERS = 3
MAX_PLAYERS = 7
DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class OhHellOptions:
    """``players``, ``dealer`` (of the first hand played), ``hand`` (the schedule position
    of the first hand played), ``scores`` (starting scores, one per seat; none = all 0)
    and the rule file's variants."""

    players: int = DEFAULT_PLAYERS
    dealer: int = 0
    hand: int = 1
    scores: tuple[int, ...] | None = None
    schedule: Schedule = Schedule.UP
    no_trump_hand: NoTrumpHand = NoTrumpHand.LAST
    hook: bool = False
    simultaneous_bids: bool = False
    la_podrida: bool = False
    miss_scores_tricks: bool = False
    zero_bid_bonus: bool = False

    def validate(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise option_error(
                "players", f"{self.players} players: Oh Hell is for {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        if not 0 <= self.dealer < self.players:
            raise option_error(
                "dealer",
                f"there is no seat {self.dealer} with {self.players} players "
                f"(seats 0..{self.players - 1})",
            )
        count = len(schedule_sizes(self.players, self.schedule))
        if not 1 <= self.hand <= count:
            raise option_error(
                "hand",
                f"there is no hand {self.hand}: {self.players} players play {count} hands "
                f"(schedule {self.schedule.value})",
            )
        if self.scores is not None and len(self.scores) != self.players:
            raise option_error(
                "scores",
                f"{len(self.scores)} scores given for {self.players} players "
                "(give one per seat, in seat order, like scores=12,0,31,10)",
            )
        if self.hook and self.simultaneous_bids:
            raise option_error(
                "hook",
                "the hook forbids the last bidder's bid, but with simultaneous_bids=on "
                "everyone bids at once and there is no last bidder: use one or the other",
            )

    def starting_scores(self) -> tuple[int, ...]:
        return self.scores if self.scores is not None else (0,) * self.players
