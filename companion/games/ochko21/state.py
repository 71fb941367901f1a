"""The state of an ``ochko-21`` table: the bank, whose turn it is, the cards on the mat,
and what each seat has done."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.cards import Card
from companion.games.engine import GameState
from companion.games.ledger import Ledger

# how a bank ends: broken, flown (the стук round emptied it) or taken
from companion.games.round_outcome import BankEnd as BankEnd

BANKER_ZONE = "banker"
PLAYER_ZONE = "player"
STOCK_ZONE = "stock"
ZONES = (BANKER_ZONE, PLAYER_ZONE, STOCK_ZONE)


class Phase(Enum):
    ANNOUNCE = "announce-bank"  # the banker names his bank (his initial stake)
    STAKE = "stake"  # the player whose turn it is names his stake
    PLAYER = "player-draws"  # the player asks for cards
    BANKER = "banker-draws"  # the player stood: the banker draws, then both show
    STUK = "stuk"  # the bank reached three times the initial stake: announce стук
    TAKE_BANK = "take-bank"  # the стук round is over: the banker takes what is left


class Outcome(Enum):
    """How a player's game against the bank ended."""

    WON = "won"  # higher total at the showdown
    OCHKO = "twenty-one"  # reached 21 and said so at once
    LOST = "lost"  # equal or lower total at the showdown
    BUST = "bust"  # declared over 21
    DARK_BUST = "dark-bust"  # over 21 with a dark-drawn card: never double
    HIDDEN_BUST = "hidden-bust"  # hid a bust and was caught: pays double


@dataclass(frozen=True)
class Result:
    """A seat's last game against the bank: ``amount`` is what the seat won (or lost, < 0);
    the cards both showed, who held the bank, the bank right after the game and which of
    the table's banks it was (counted from 0)."""

    stake: int
    outcome: Outcome
    amount: int
    player_total: int
    banker_total: int | None
    player_cards: tuple[Card, ...] = ()
    banker_cards: tuple[Card, ...] = ()
    banker: int = 0
    bank_after: int = 0
    bank_number: int = 0


@dataclass(frozen=True)
class BankRecord:
    """One banker's bank from his announcement to its end."""

    banker: int
    initial: int
    end: BankEnd
    taken: int
    rounds: int
    stuk_bank: int | None


@dataclass
class SeatRecord:
    games: int = 0
    wins: int = 0
    dark_draws: int = 0
    double_penalties: int = 0
    last: Result | None = None


@dataclass(kw_only=True)
class Ochko21State(GameState):
    ledger: Ledger
    banker: int
    phase: Phase = Phase.ANNOUNCE
    initial_stake: int | None = None
    stuk_bank: int | None = None  # the bank when стук was announced
    stuk_round: bool = False
    stuk_turns_left: int = 0
    round: int = 0  # the deal (tour) of this bank, from 1
    turn: int | None = None
    stake: int = 0
    dark: bool = False
    table: dict[str, list[Card]] = field(default_factory=lambda: {zone: [] for zone in ZONES})
    stale: set[Card] = field(default_factory=set)  # played cards not yet put away
    seats: list[SeatRecord] = field(default_factory=list)
    banks: list[BankRecord] = field(default_factory=list)
    last_game: tuple[int, Result] | None = None

    @property
    def bank(self) -> int:
        return int(self.ledger.bank)

    @property
    def players(self) -> int:
        return len(self.seats)

    def cards(self, zone: str) -> list[Card]:
        return self.table[zone]

    def zone_of(self, card: Card) -> str | None:
        for zone, cards in self.table.items():
            if card in cards:
                return zone
        return None

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players
