"""The table's options: the rule file's switches and the setup of the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.options import option_error

MIN_PLAYERS = 2


class Version(Enum):
    """Version I (bottom card, 15 rule) or version II (base card, discard pile)."""

    ONE = "1"
    TWO = "2"


class MaxStake(Enum):
    """What a punter's stake may not exceed: the bank now, or the banker's initial stake."""

    BANK = "bank"
    INITIAL = "initial"


class BankerStand(Enum):
    """When the banker may not draw: at 17 or more, or only at exactly 17."""

    AT_LEAST_17 = "at_least_17"
    EXACTLY_17 = "exactly_17"


@dataclass(frozen=True)
class OczkoOptions:
    version: Version = Version.ONE
    max_stake: MaxStake = MaxStake.BANK
    banker_stand: BankerStand = BankerStand.AT_LEAST_17
    any_win_breaks_bank: bool = False
    players: int = 3
    banker: int = 0
    lower_limit: int = 1
    upper_limit: int = 10

    def validate(self) -> None:
        if self.players < MIN_PLAYERS:
            raise option_error("players", f"{self.players} is too few: Oczko needs at least 2")
        if not 0 <= self.banker < self.players:
            raise option_error(
                "banker", f"there is no seat {self.banker} (seats 0..{self.players - 1})"
            )
        if self.lower_limit < 1:
            raise option_error("lower_limit", f"{self.lower_limit} is not a positive amount")
        if self.upper_limit < self.lower_limit:
            raise option_error(
                "upper_limit",
                f"{self.upper_limit} is below the lower limit {self.lower_limit}",
            )

    @property
    def has_bottom_card(self) -> bool:
        return self.version is Version.ONE

    @property
    def must_draw_at_15(self) -> bool:
        return self.version is Version.ONE
