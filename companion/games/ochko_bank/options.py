"""The options of ``ochko-bank``: the rule file's switches plus the table's setup."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.options import option_error

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DEFAULT_RESHUFFLE_WARNING = 20
PACK_SIZE = 104


class RoundPayout(Enum):
    """How a 3:2 natural payout of a half chip is rounded."""

    NONE = "none"
    DOWN = "down"
    UP = "up"


@dataclass(frozen=True)
class OchkoBankOptions:
    """``players`` counts every seat, the dealer's included (seats 0..players-1)."""

    players: int = 3
    dealer: int = 0
    min_bet: int = 1
    max_bet: int = 10
    player_first_card_up: bool = False
    round_payout: RoundPayout = RoundPayout.NONE
    resplit: bool = False
    split_natural: bool = False
    reshuffle_warning: int = DEFAULT_RESHUFFLE_WARNING

    def validate(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise option_error(
                "players",
                f"{self.players} seats: the table seats {MIN_PLAYERS}..{MAX_PLAYERS}, "
                "the dealer included",
            )
        if not 0 <= self.dealer < self.players:
            raise option_error(
                "dealer", f"there is no seat {self.dealer} (seats 0..{self.players - 1})"
            )
        if self.min_bet < 1:
            raise option_error("min_bet", f"{self.min_bet}: the smallest bet is at least 1 chip")
        if self.max_bet < self.min_bet:
            raise option_error("max_bet", f"{self.max_bet} is below the minimum bet {self.min_bet}")
        if not 0 <= self.reshuffle_warning < PACK_SIZE:
            raise option_error(
                "reshuffle_warning",
                f"{self.reshuffle_warning}: give a number of cards 0..{PACK_SIZE - 1}",
            )

    @property
    def player_seats(self) -> tuple[int, ...]:
        """The betting seats in the order they draw: from the dealer's left, clockwise."""
        return tuple((self.dealer + step) % self.players for step in range(1, self.players))
