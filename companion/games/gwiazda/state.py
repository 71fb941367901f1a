"""What a Gwiazda table remembers: the bank, each seat's stake and card, both decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from companion.cards import Card
from companion.games.engine import GameState
from companion.games.errors import Reason, SeatRef
from companion.games.ledger import BANK, Ledger

COVER_CARDS = 3
SOCIETY_CARDS = 16
GUARD_CARDS = 3
BANK_CARDS = 3
WON_LOST_CARDS = COVER_CARDS + SOCIETY_CARDS + GUARD_CARDS


class Phase(Enum):
    POOL = "pool"  # the players form the bank
    STAKES = "stakes"  # punters write their stakes down
    DEAL = "deal"  # stage 1: each punter's card from deck A, the banker's three cards
    RESTAKE = "restake"  # stage 1 is out: leavers may come back before deck B
    COVER = "cover"  # stage 2: deck B's first three cards cover the bank
    GUARD = "guard"  # the 16 society cards lie face down; the 3 guard cards come next
    WON_LOST = "won-lost"  # the 22 cards laid out one at a time
    OVER = "over"  # the deal is settled


class Status(Enum):
    BANKER = "banker"
    IDLE = "idle"  # no stake in this deal
    STAKED = "staked"  # stake written down, card not yet dealt
    IN = "in"  # holds a card and a stake on the table
    LEFT = "left"  # paid by a king and left the game
    JACKED = "jacked"  # lost the stake on a jack
    WON = "won"
    LOST = "lost"


class Stage(Enum):
    """Where a deck-B card lay when it matched one of the banker's cards."""

    COVER = "cover"
    GUARD = "guard"
    SOCIETY = "society"


@dataclass
class Seat:
    seat: int
    status: Status
    stake: int = 0  # on the table now, the bank's additions included
    added: int = 0  # the part of ``stake`` the bank added (ace, queen)
    card: Card | None = None
    settled_stake: int = 0  # the stake a king paid or a jack lost; a king's comeback restakes it
    consent: bool = False
    returned: bool = False


@dataclass(frozen=True)
class MatchFound:
    card: Card
    bank_card: Card
    stage: Stage


@dataclass
class DeckB:
    cover: list[Card] = field(default_factory=list)
    guard: list[Card] = field(default_factory=list)
    won_lost: list[Card] = field(default_factory=list)
    society_seen: int = 0

    @property
    def face_up(self) -> list[Card]:
        return [*self.cover, *self.guard]


@dataclass(kw_only=True)
class GwiazdaState(GameState):
    ledger: Ledger
    seats: list[Seat]
    banker: int
    phase: Phase = Phase.POOL
    deal: int = 1
    pool: int = 0
    opening_stakes: int = 0
    deck_b_stakes: int | None = None
    order: list[int] = field(default_factory=list)
    dealt: int = 0
    deck_a: dict[Card, str] = field(default_factory=dict)
    bank_cards: list[Card] = field(default_factory=list)
    deck_b: DeckB = field(default_factory=DeckB)
    match: MatchFound | None = None
    bank_before_deal: Fraction = Fraction(0)
    deal_start: list[Fraction] = field(default_factory=list)

    @property
    def punters(self) -> list[Seat]:
        return [s for s in self.seats if s.status is not Status.BANKER]

    @property
    def stakes_total(self) -> int:
        return sum(s.stake for s in self.seats if s.status in (Status.STAKED, Status.IN))

    @property
    def next_seat(self) -> int | None:
        """The punter whose card deck A gives next, or None when all have theirs."""
        if self.phase not in (Phase.STAKES, Phase.DEAL) or self.dealt >= len(self.order):
            return None
        return self.order[self.dealt]

    def bank_pays(self, seat: int, amount: int, reason: str) -> None:
        self.ledger.pay(BANK, seat, amount, reason)
        if self.ledger.bank < 0:
            self.flag(
                "bank-short",
                f"the bank is {-self.ledger.bank} short after paying seat {seat} {amount} "
                f"({reason})",
                seat,
                Reason.of("bank-short", short=-self.ledger.bank, seat=SeatRef(seat), amount=amount),
            )

    def punter_pays(self, seat: int, amount: int, reason: str) -> None:
        self.ledger.pay(seat, BANK, amount, reason)

    def open_deal(self) -> None:
        """Remember the money as the deal begins: the deal's results count from here."""
        self.bank_before_deal = self.ledger.bank
        self.deal_start = list(self.ledger.balances)


def new_state(players: int, banker: int) -> GwiazdaState:
    seats = [Seat(n, Status.BANKER if n == banker else Status.IDLE) for n in range(players)]
    state = GwiazdaState(ledger=Ledger.for_players(players), seats=seats, banker=banker)
    state.open_deal()
    return state
