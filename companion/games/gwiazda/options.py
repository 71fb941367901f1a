"""The table's options for Gwiazda, named as in the rule file."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.cards import Suit
from companion.games.options import option_error

MIN_PLAYERS = 6
MAX_PLAYERS = 12


class Match(Enum):
    """What makes a deck-B card "the same" as one of the banker's three cards."""

    CARD = "card"  # identical rank and suit
    RANK = "rank"  # the same rank, any suit


@dataclass(frozen=True)
class GwiazdaOptions:
    """``special_suit`` and ``match`` come from the rule file; ``players`` and ``banker``
    set the table up (seats are numbered clockwise from 0)."""

    players: int = MIN_PLAYERS
    banker: int = 0
    special_suit: Suit = Suit.HEARTS
    match: Match = Match.CARD

    def validate(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise option_error(
                "players",
                f"Gwiazda is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}",
            )
        if not 0 <= self.banker < self.players:
            raise option_error(
                "banker", f"there is no seat {self.banker} (seats 0..{self.players - 1})"
            )
