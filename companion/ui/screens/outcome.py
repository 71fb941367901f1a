"""The outcome of a money game's round, as the box shows it after the round's last card
until the next round's first event or a press.

A duel (Oczko, Очко with стук): the result in the title, the player's and the banker's
hands as they ended (the banker named is the one who held the bank that round), the card
that settled it and why, then the bank right after it, or how the bank ended and who holds
it now. A round against the whole table (the permanent bank, Gwiazda): every player's
result, why the dealer's hand ended it, and the banker's result for the round (with his
result so far in the title) or the bank left."""

from __future__ import annotations

from companion.cards import Card
from companion.games.round_outcome import (
    BankEnd,
    BankMeaning,
    Handover,
    RoundOutcome,
    SeatOutcome,
    Settled,
    Settlement,
)
from companion.ui.canvas import Align, Sheet
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    BODY_LINES,
    MARGIN,
    RIGHT,
    amount,
    card_text,
    cells,
    fit_cards,
    header,
    left_right,
    line,
    seat,
    signed,
)
from companion.values.language import Language
from companion.words import say

SEAT_ROWS = 3  # a line each for up to three players; more go three to a line, signed
SEATS_PER_LINE = 3
# The hand's total in words where a special hand won (Oczko's names for them).
SPECIAL_NAMES = {
    Settled.TWO_ACES: "special.two-aces",
    Settled.FIVE_PICTURES: "special.five-pictures",
}
BANKER_SPECIAL_NAMES = {
    Settled.BANKER_TWO_ACES: "special.two-aces",
    Settled.BANKER_FIVE_PICTURES: "special.five-pictures",
}


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


def banker_total_text(total: int | float, language: Language) -> str:
    """The permanent bank's result over all rounds so far, labelled as such."""
    return say("bank.banker-total", language, bank=signed(total))


def compose_outcome(sheet: Sheet, outcome: RoundOutcome, language: Language) -> None:
    settlement = outcome.settlement
    if settlement is not None and settlement.seat is not None and len(outcome.seats) == 1:
        _duel(sheet, outcome, settlement, language)
    else:
        _table(sheet, outcome, language)


def _duel(sheet: Sheet, outcome: RoundOutcome, settlement: Settlement, language: Language) -> None:
    result = outcome.seats[0]
    header(sheet, _verdict_with_amount(result, language))
    player = seat(result.seat, language)
    total = _total(settlement.total, settlement.settled, SPECIAL_NAMES, language)
    _hand(sheet, line(0), player, settlement.cards, total, language)
    banker = f"{say('common.banker', language)} {seat(outcome.banker, language)}"
    banker_total = _total(
        settlement.banker_total, settlement.settled, BANKER_SPECIAL_NAMES, language
    )
    _hand(sheet, line(1), banker, settlement.banker_cards, banker_total, language)
    sheet.text((MARGIN, line(2)), reason_text(settlement, language), BODY)
    if outcome.handover is None:
        bank = bank_text(outcome.bank, outcome.meaning, language, full=True)
        sheet.text((MARGIN, line(BODY_LINES - 1)), bank, BODY_BOLD)
        return
    for index, text in enumerate(handover_texts(outcome.handover, language)):
        sheet.text((MARGIN, line(3 + index)), text, BODY_BOLD if index else BODY)


def _hand(
    sheet: Sheet,
    baseline: int,
    who: str,
    cards: tuple[Card, ...],
    total: str,
    language: Language,
) -> None:
    """Whose hand, its cards (the last of them, after an ellipsis, where all do not fit:
    the card that settled is the last) and its total, all in the body's face."""
    mark = sheet.text((RIGHT, baseline), total, BODY_BOLD, align=Align.RIGHT)
    label = sheet.text((MARGIN, baseline), who, BODY)
    left = label.box.right + 4
    room = (mark.box.left if total else RIGHT) - 4 - left
    shown = fit_cards(cards, language, BODY, room) if cards else "–"
    sheet.text((left, baseline), shown, BODY, max_width=room, may_shorten=True)


def _total(
    total: int | None, settled: Settled, names: dict[Settled, str], language: Language
) -> str:
    if settled in names:
        return say(names[settled], language)
    return "" if total is None else str(total)


def _table(sheet: Sheet, outcome: RoundOutcome, language: Language) -> None:
    right = "" if outcome.total is None else banker_total_text(outcome.total, language)
    header(sheet, say("outcome.title", language), right)
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
    settlement = outcome.settlement
    if settlement is not None and settlement.settled is not Settled.LAID_OUT:
        sheet.text((MARGIN, line(max(after, last - 1))), reason_text(settlement, language), BODY)
    bank = bank_text(outcome.bank, outcome.meaning, language, full=True)
    sheet.text((MARGIN, line(max(after, last))), bank, BODY_BOLD)


def reason_text(settlement: Settlement, language: Language) -> str:
    """Why the duel or the round ended, with the card that did it."""
    card = "" if settlement.card is None else card_text(settlement.card, language)
    settled = settlement.settled
    key = f"settled.{settled.value}"
    if settled is Settled.NOT_HIGHER and settlement.total == settlement.banker_total:
        key = "settled.tie"
    seat_name = "" if settlement.seat is None else seat(settlement.seat, language)
    return say(
        key,
        language,
        card=card,
        seat=seat_name,
        total=settlement.total,
        banker=settlement.banker_total,
    )


def handover_texts(handover: Handover, language: Language) -> tuple[str, str]:
    """How the bank ended (who took how much, who broke it), then who holds it now."""
    banker = seat(handover.banker, language)
    if handover.end is BankEnd.TAKEN:
        ended = say("outcome.bank-taken", language, seat=banker, amount=amount(handover.taken))
    elif handover.end is BankEnd.BROKEN and handover.broken_by is not None:
        ended = say("common.broke-bank", language, seat=seat(handover.broken_by, language))
    else:
        ended = say("outcome.bank-flown", language)
    following = say("outcome.next-banker", language, seat=seat(handover.next_banker, language))
    return ended, following


def _verdict_with_amount(result: SeatOutcome, language: Language) -> str:
    who = seat(result.seat, language)
    if result.amount > 0:
        return say("common.won", language, seat=who, amount=amount(result.amount))
    if result.amount < 0:
        return say("outcome.lost-amount", language, seat=who, amount=amount(-result.amount))
    return say("outcome.even", language, seat=who)


def _verdict(result: SeatOutcome, language: Language) -> str:
    if result.amount > 0:
        key = "outcome.won"
    elif result.amount < 0:
        key = "outcome.lost"
    else:
        key = "outcome.even"
    return say(key, language, seat=seat(result.seat, language))
