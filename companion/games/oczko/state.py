"""The state of an Oczko table: who holds the bank, the duel under way, the cards seen."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.cards import Card
from companion.games.engine import GameState
from companion.games.ledger import Ledger
from companion.games.round_outcome import Handover

ROUNDS = 4  # the fourth round is the last one of a bank
BANK_MULTIPLE = 3  # the bank may be taken once it is this many times the initial stake


class Phase(Enum):
    BANK = "bank"  # the banker must put up a bank
    STAKE = "stake"  # the current punter names his stake (the bank may be taken now)
    PUNTER = "punter"  # the punter draws
    BANKER = "banker"  # the punter stood: the banker draws, then the showdown
    DOUBLED = "doubled"  # the stock ran out and the bank was doubled: throw in or reshuffle
    TAKE_BANK = "take-bank"  # four rounds are over: the banker takes the bank


class Outcome(Enum):
    PUNTER_SPECIAL = "punter-special"
    PUNTER_BUST = "punter-bust"
    DECLARED_BUST = "declared-bust"
    BANKER_SPECIAL = "banker-special"
    BANKER_BUST = "banker-bust"
    SHOWDOWN = "showdown"
    THROWN_IN = "thrown-in"


@dataclass(frozen=True)
class DuelResult:
    round: int
    banker: int
    punter: int
    stake: int
    outcome: Outcome
    winner: int | None  # a seat, or None for a duel thrown in
    paid: int
    broke_bank: bool
    punter_total: int | None = None  # the totals shown, None when a hand was not shown
    banker_total: int | None = None
    punter_cards: tuple[Card, ...] = ()  # the hands as the duel ended, in order dealt
    banker_cards: tuple[Card, ...] = ()
    bank_after: int = 0  # the bank right after the duel
    bank_number: int = 0  # which of the table's banks (counted from 0) it was played in

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "banker": self.banker,
            "punter": self.punter,
            "stake": self.stake,
            "outcome": self.outcome.value,
            "winner": self.winner,
            "paid": self.paid,
            "broke_bank": self.broke_bank,
            "punter_total": self.punter_total,
            "banker_total": self.banker_total,
        }


@dataclass(kw_only=True)
class OczkoState(GameState):
    ledger: Ledger
    banker: int
    phase: Phase = Phase.BANK
    initial_stake: int = 0
    round: int = 1
    punter: int | None = None
    stake: int | None = None
    punter_cards: list[Card] = field(default_factory=list)
    # The banker's cards in the duel in order of appearance; the first is his base card.
    banker_cards: list[Card] = field(default_factory=list)
    # Cards seen since the last reshuffle: none of them can turn up again until then.
    seen: set[Card] = field(default_factory=set)
    bottom: Card | None = None
    bottom_in_stock: bool = False
    bottom_taken: bool = False
    last_stakes: dict[int, int] = field(default_factory=dict)
    results: list[DuelResult] = field(default_factory=list)
    handovers: list[Handover] = field(default_factory=list)  # each bank's end, in order

    @property
    def bank(self) -> int:
        return int(self.ledger.bank)

    def current_punter(self) -> int:
        if self.punter is None:
            raise AssertionError(f"no punter in phase {self.phase.value}")
        return self.punter

    def current_stake(self) -> int:
        if self.stake is None:
            raise AssertionError(f"no stake in phase {self.phase.value}")
        return self.stake
