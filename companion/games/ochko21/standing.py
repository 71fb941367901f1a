"""Очко 21's standing for the evening: what each would take home now (the bank on the
table is its banker's: he named it and put it up), the duels settled and who holds the
bank."""

from __future__ import annotations

from companion.games.ochko21.state import Ochko21State
from companion.games.standing import Counted, Standing


def standing(state: Ochko21State) -> Standing:
    ledger = state.ledger
    takings = tuple(
        balance + (ledger.bank if seat == state.banker else 0)
        for seat, balance in enumerate(ledger.balances)
    )
    duels = sum(seat.games for seat in state.seats)
    return Standing(Counted.MONEY, takings, (duels, len(state.banks)), banker=state.banker)
