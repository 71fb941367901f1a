"""The test side's own account of a money game's takings, from the state's JSON alone
(never from the code under test): shared by the standing and the evening tests."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def takings(state: dict[str, Any]) -> list[Fraction]:
    """Each seat's money if play stopped now: a balance, plus the bank to the seat that put
    it up (Oczko, Очко 21); the permanent bank is already the dealer's balance; Gwiazda's
    bank goes back to the players in equal shares."""
    seats = state["seats"]
    if state["game"] == "gwiazda":
        share = Fraction(state["bank"]) / len(seats)
        return [Fraction(seat["cash"]).limit_denominator(2) + share for seat in seats]
    money = [Fraction(seat["balance"]).limit_denominator(2) for seat in seats]
    if state["game"] in ("oczko", "ochko-21"):
        money[state["banker"]] += Fraction(state["bank"])
    return money
