"""What every money game's screens share: the balances page, limits of an amount, and
the amount being chosen."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from companion.games.engine import ActionOffer
from companion.games.session import Game
from tests.ui.oracle.reading import NUMBER, SEAT, Screen

LIMITS = r"(\d+)–(\d+)"


def read_balances(
    screen: Screen, balances: Sequence[Fraction], banker: int | None, bank_line: str
) -> None:
    """``Balances  <bank>`` over cells ``P1 +5  P2 -3``: every seat once, in order, its
    money as the ledger holds it. ``bank_line``: the title's right side, read by the
    caller's pattern (its groups are checked by the caller)."""
    screen.must(rf"Balances  {bank_line}", "the balances' title")
    shown: list[tuple[int, str]] = []
    while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
        for cell in found.group(0).split("  "):
            label, amount = cell.split(" ")
            shown.append((int(label[1:]) - 1, amount))
    screen.expect("the seats on the balances page", [seat for seat, _ in shown], list(range(len(balances))))
    for seat, amount in shown:
        if seat < len(balances):
            screen.money(f"P{seat + 1}'s balance", amount, balances[seat])


def amount_offer(game: Game) -> ActionOffer | None:
    """The one amount the buttons ask for now (the game's screen shows it), if any."""
    offers = [offer for offer in game.offers() if offer.amount is not None]
    return offers[0] if len(offers) == 1 else None


def read_limits(
    screen: Screen, kind: str, limits: tuple[int, int], label: str, what: str
) -> re.Match[str] | None:
    """An amount's line: ``label  1–10``, or with a chosen amount ``label`` / ``N`` /
    ``1–10``; ``limits`` are what the rules allow, the chosen amount the one asked for.
    Returns the label's match (its groups are the caller's to check)."""
    low, high = limits
    if kind.startswith("chosen"):
        named = screen.must(label, what)
        chosen = screen.must(r"(\d+)", f"{what}: the amount chosen")
        if chosen is not None:
            screen.expect(f"{what}: the amount chosen", int(chosen.group(1)), int(kind.split()[1]))
        found = screen.must(LIMITS, f"{what}: the limits")
    else:
        found = named = screen.must(rf"{label}  {LIMITS}", what)
    if found is not None and found.lastindex is not None:
        screen.expect(f"{what}: the lowest amount", int(found.group(found.lastindex - 1)), low)
        screen.expect(f"{what}: the highest amount", int(found.group(found.lastindex)), high)
    return named
