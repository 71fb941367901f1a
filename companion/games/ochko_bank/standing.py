"""Очко against a permanent bank, its standing for the evening: the bank is the dealer's
own money (his balance), so each seat takes home its balance; the rounds settled."""

from __future__ import annotations

from companion.games.ochko_bank.state import OchkoBankState, Phase
from companion.games.standing import Counted, Standing


def standing(state: OchkoBankState, dealer: int) -> Standing:
    settled = state.round - (state.phase is not Phase.SETTLED)
    return Standing(Counted.MONEY, tuple(state.ledger.balances), (settled,), banker=dealer)
