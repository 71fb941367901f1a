"""The options of ``ochko-21``: the rule file's ``deck``, ``ace`` and ``dark_draw``, and
the table's setup (players, the first banker, the largest bank the buttons offer)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.cards import FRENCH52, PIQUET32, SHORT36, DeckProfile
from companion.games.options import option_error

DECKS: dict[int, DeckProfile] = {32: PIQUET32, 36: SHORT36, 52: FRENCH52}
ACE_VALUES = (1, 11)
MIN_PLAYERS = 2
MIN_AMOUNT = 1  # the smallest bank or stake: one chip
MAX_PLAYERS = 10


@dataclass(frozen=True)
class Ochko21Options:
    deck: int = 36
    ace: int = 11
    dark_draw: bool = True
    players: int = 3
    banker: int = 0
    max_bank: int = 100

    def validate(self) -> None:
        if self.deck not in DECKS:
            raise option_error("deck", f"{self.deck} is not a deck size: use 32, 36 or 52")
        if self.ace not in ACE_VALUES:
            raise option_error(
                "ace", f"the ace is worth 1 or 11 for the whole game, not {self.ace}"
            )
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise option_error(
                "players", f"{self.players} players: Очко is played by 2 to 10 players"
            )
        if not 0 <= self.banker < self.players:
            raise option_error(
                "banker", f"there is no seat {self.banker} (seats 0..{self.players - 1})"
            )
        if self.max_bank < MIN_AMOUNT:
            raise option_error("max_bank", f"{self.max_bank}: the largest bank must be at least 1")

    @property
    def deck_profile(self) -> DeckProfile:
        return DECKS[self.deck]
