"""The outcome of a money game's round: each player's win or loss and how much, the
banker's final total, and the bank afterwards named for what it is. The controller
shows it after a round's last card until the next round's first event or a press."""

from __future__ import annotations

from companion.games.round_outcome import BankMeaning, RoundOutcome, SeatOutcome
from companion.ui.canvas import Sheet
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    BODY_LINES,
    MARGIN,
    amount,
    cells,
    header,
    left_right,
    line,
    seat,
    signed,
)
from companion.ui.texts import Language, say

SEAT_ROWS = 3  # a line each for up to three players; more go three to a line, signed
SEATS_PER_LINE = 3


def bank_text(
    bank: int | float, meaning: BankMeaning, language: Language, *, full: bool = False
) -> str:
    """The bank's number with its name: the bank's size, or the banker's result (signed,
    so that a loss never reads as a bank holding less than nothing). ``full``: spelled
    out, where a line has room; short in a title bar."""
    suffix = "-full" if full else ""
    if meaning is BankMeaning.BANKER_RESULT:
        return say(f"bank.banker-result{suffix}", language, bank=signed(bank))
    return say(f"bank.size{suffix}", language, bank=amount(bank))


def compose_outcome(sheet: Sheet, outcome: RoundOutcome, language: Language) -> None:
    header(sheet, say("outcome.title", language))
    if len(outcome.seats) <= SEAT_ROWS:
        for index, result in enumerate(outcome.seats):
            left_right(sheet, line(index), _verdict(result, language), amount(abs(result.amount)))
        after = len(outcome.seats)
    else:
        texts = [
            f"{seat(result.seat, language)} {signed(result.amount)}" for result in outcome.seats
        ]
        after = cells(sheet, 0, texts, per_line=SEATS_PER_LINE)
    last = BODY_LINES - 1
    if outcome.banker_total is not None:
        banker = say(
            "outcome.banker-total",
            language,
            seat=seat(outcome.banker, language),
            total=outcome.banker_total,
        )
        sheet.text((MARGIN, line(max(after, last - 1))), banker, BODY)
    bank = bank_text(outcome.bank, outcome.meaning, language, full=True)
    sheet.text((MARGIN, line(max(after, last))), bank, BODY_BOLD)


def _verdict(result: SeatOutcome, language: Language) -> str:
    if result.amount > 0:
        key = "outcome.won"
    elif result.amount < 0:
        key = "outcome.lost"
    else:
        key = "outcome.even"
    return say(key, language, seat=seat(result.seat, language))
