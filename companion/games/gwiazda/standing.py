"""Gwiazda's standing for the evening: the bank was formed by every player in equal
shares, so what each would take home now is the cash out of (or into) his pocket plus
his equal share of what the bank holds; the deals settled and who holds the bank."""

from __future__ import annotations

from companion.games.gwiazda.state import GwiazdaState, Phase
from companion.games.standing import Counted, Standing


def standing(state: GwiazdaState) -> Standing:
    ledger = state.ledger
    share = ledger.bank / len(ledger.balances)
    takings = tuple(cash + share for cash in ledger.balances)
    settled = state.deal - (state.phase is not Phase.OVER)
    return Standing(Counted.MONEY, takings, (settled,), banker=state.banker)
