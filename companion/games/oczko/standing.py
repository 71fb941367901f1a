"""Oczko's standing for the evening: what each would take home now (the bank on the
table is its banker's: he put it up), the duels settled and who holds the bank."""

from __future__ import annotations

from companion.games.oczko.state import OczkoState
from companion.games.standing import Counted, Standing


def standing(state: OczkoState) -> Standing:
    ledger = state.ledger
    takings = tuple(
        balance + (ledger.bank if seat == state.banker else 0)
        for seat, balance in enumerate(ledger.balances)
    )
    return Standing(Counted.MONEY, takings, (len(state.results), state.banker), banker=state.banker)
