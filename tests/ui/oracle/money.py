"""What every money game's screens share: the balances page, an amount's limits and the
amount being chosen, and a round's outcome (a duel's, or the dealer's against the table),
read against facts each game's watcher works out from the engine as the round was played."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.cards import Card
from tests.ui.oracle.reading import CARD, CARDS, NUMBER, SEAT, Screen, money

LIMITS = r"(\d+)–(\d+)"
# Why a duel or a round ended, as the English screens say it: the card (where one
# decided), the player's total, the banker's.
REASONS: dict[str, str] = {
    "twenty-one": rf"(?P<card>{CARD}) made 21",
    "over": rf"(?P<card>{CARD}) made (?P<total>\d+): over 21",
    "two-aces": rf"(?P<card>{CARD}): two aces",
    "five-pictures": rf"(?P<card>{CARD}): five pictures",
    "declared-bust": r"P(?P<seat>\d+) declared a bust",
    "hidden-bust": r"Hidden bust (?P<total>\d+): pays 2×",
    "dark-bust": r"In the dark: (?P<total>\d+), over 21",
    "higher": r"(?P<total>\d+) beats the banker's (?P<banker>\d+)",
    "not-higher": r"The banker's (?P<banker>\d+) beats (?P<total>\d+)",
    "tie": r"(?P<total>\d+) each: the banker wins",
    "banker-over": rf"(?P<card>{CARD}): banker bust \((?P<banker>\d+)\)",
    "banker-twenty-one": rf"(?P<card>{CARD}): the banker made 21",
    "banker-two-aces": rf"(?P<card>{CARD}): banker's two aces",
    "banker-five-pictures": rf"(?P<card>{CARD}): banker's 5 pictures",
    "thrown-in": r"No stock: thrown in",
    "dealer-stands": rf"(?P<card>{CARD}): dealer stands on (?P<banker>\d+)",
    "dealer-over": rf"(?P<card>{CARD}): dealer bust \((?P<banker>\d+)\)",
    "dealer-natural": rf"(?P<card>{CARD}): the dealer's natural",
    "no-hand-stands": r"No hand left to play",
    "match": rf"(?P<card>{CARD}) matches: all lose",
}
SIGNS = {"won": 1, "lost": -1, "even": 0}


@dataclass(frozen=True)
class Reason:
    """Why it ended, as the oracle works it out from the rules and the engine's record."""

    name: str
    card: Card | None = None
    total: int | None = None
    banker: int | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Handover:
    """The bank's end: how (its line as a pattern, with the seat and amount it names) and
    who holds it now."""

    pattern: str
    values: tuple[int, ...]
    next_banker: int


@dataclass(frozen=True)
class Duel:
    """A duel as it was settled: the player's result, both hands (a total may be a
    special hand's name), who held the bank, why it ended and the bank right after it."""

    seat: int
    amount: Fraction
    cards: tuple[Card, ...]
    total: str
    banker: int
    banker_cards: tuple[Card, ...]
    banker_total: str
    reason: Reason
    bank: Fraction
    handover: Handover | None = None


def read_balances(screen: Screen, balances: Sequence[Fraction], right: str) -> re.Match[str] | None:
    """``Balances  <right>`` over cells ``P1 +5  P2 -3``: every seat once, in order, its
    money as the ledger holds it. ``right``: the title's right side as a pattern; its
    match is returned for the caller to check."""
    title = screen.must(rf"Balances  {right}", "the balances' title")
    shown: list[tuple[int, str]] = []
    while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
        for cell in found.group(0).split("  "):
            label, amount = cell.split(" ")
            shown.append((int(label[1:]) - 1, amount))
    screen.expect(
        "the seats on the balances page", [s for s, _ in shown], list(range(len(balances)))
    )
    for seat, amount in shown:
        if seat < len(balances):
            screen.money(f"P{seat + 1}'s balance", amount, balances[seat])
    return title


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


def read_reason(screen: Screen, reason: Reason) -> None:
    found = screen.must(REASONS[reason.name], f"why it ended ({reason.name})")
    if found is None:
        return
    groups = found.groupdict()
    if "card" in groups:
        screen.cards(
            "the card that settled it", groups["card"], [] if reason.card is None else [reason.card]
        )
    if "total" in groups:
        screen.expect("the player's total in the reason", int(groups["total"]), reason.total)
    if "seat" in groups:
        screen.seat("the seat in the reason", groups["seat"], reason.seat)
    if "banker" in groups:
        screen.expect("the banker's total in the reason", int(groups["banker"]), reason.banker)
    if reason.name == "tie":
        screen.expect("a tie's totals", reason.total, reason.banker)


def read_duel_outcome(screen: Screen, duel: Duel | None) -> None:
    """``P3 lost 5`` / ``P3  cards  total`` / ``Banker P1  cards  total`` / why / the bank
    right after it, or how the bank ended and who holds it now."""
    if duel is None:
        screen.wrong("an outcome with no duel settled")
        screen.position = len(screen.rows)
        return
    found = screen.must(rf"{SEAT} (won|lost|even)(?: ({NUMBER}))?", "the duel's result")
    if found is not None:
        screen.seat("the duel's player", found.group(1), duel.seat)
        shown = Fraction(0) if found.group(3) is None else abs(money(found.group(3)))
        screen.expect("the duel's result", SIGNS[found.group(2)] * shown, duel.amount)
    _hand(screen, rf"P{duel.seat + 1}", duel.cards, duel.total, "the player's")
    found = screen.must(rf"Banker {SEAT}  .*", "the banker's hand")
    if found is not None:
        screen.seat("the banker who held the bank", found.group(1), duel.banker)
        screen.position -= 1
        _hand(
            screen,
            rf"Banker P{found.group(1)}",
            duel.banker_cards,
            duel.banker_total,
            "the banker's",
        )
    read_reason(screen, duel.reason)
    if duel.handover is None:
        found = screen.must(rf"In the bank ({NUMBER})", "the bank right after the duel")
        if found is not None:
            screen.money("the bank right after the duel", found.group(1), duel.bank)
        return
    ended = screen.must(duel.handover.pattern, "how the bank ended")
    if ended is not None:
        screen.expect(
            "how the bank ended", tuple(int(v) for v in ended.groups()), duel.handover.values
        )
    nxt = screen.must(rf"{SEAT} holds the bank now", "who holds the bank now")
    if nxt is not None:
        screen.seat("who holds the bank now", nxt.group(1), duel.handover.next_banker)


def _hand(screen: Screen, who: str, cards: tuple[Card, ...], total: str, whose: str) -> None:
    found = screen.must(rf"{who}  (–|{CARDS})(?:  (.+))?", f"{whose} hand")
    if found is None:
        return
    screen.cards(f"{whose} cards", found.group(1), cards)
    screen.expect(f"{whose} total", found.group(2) or "", total)


def read_table_outcome(
    screen: Screen,
    results: dict[int, Fraction],
    reason: Reason | None,
    last: str,
    last_value: Fraction,
    right: str | None = None,
    right_value: Fraction | None = None,
) -> tuple[dict[int, Fraction], Fraction | None]:
    """``Result  <right>`` / each seat's result (``P2 won  6`` or cells ``P2 +6``) /
    why the round ended / ``last`` (the banker's result, or the bank left). Returns the
    results and the last value as drawn."""
    title = screen.must("Result" + (f"  {right}" if right else ""), "the outcome's title")
    if right and title is not None and right_value is not None:
        screen.money("the outcome's title", title.group(1), right_value)
    shown: dict[int, Fraction] = {}
    while (found := screen.take(rf"{SEAT} (won|lost|even)  ({NUMBER})")) is not None:
        shown[int(found.group(1)) - 1] = SIGNS[found.group(2)] * abs(money(found.group(3)))
    while (found := screen.take(rf"{SEAT} {NUMBER}(?:  {SEAT} {NUMBER})*")) is not None:
        for cell in found.group(0).split("  "):
            label, drawn = cell.split(" ")
            shown[int(label[1:]) - 1] = money(drawn)
    screen.expect("the seats in the outcome", sorted(shown), sorted(results))
    for seat, result in shown.items():
        screen.expect(f"P{seat + 1}'s result", result, results.get(seat))
    if reason is not None:
        read_reason(screen, reason)
    found = screen.must(rf"{last} ({NUMBER})", "the outcome's last line")
    if found is None:
        return shown, None
    screen.money("the outcome's last line", found.group(1), last_value)
    return shown, money(found.group(1))
