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
from companion.ui.canvas import Align, Sheet, text_width
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    BODY_LINES,
    LINE_ROOM,
    MARGIN,
    RIGHT,
    about,
    amount,
    card_text,
    cells,
    fit_cards,
    header,
    left_right,
    line,
    named,
    seat_texts,
    signed,
    table_names,
)
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say

SEAT_ROWS = 3  # a line each for up to three players; more go three to a line, signed
SEATS_PER_LINE = 3
HAND_LABEL_ROOM = 60  # whose hand, before its cards
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


def compose_outcome(
    sheet: Sheet, outcome: RoundOutcome, language: Language, names: SeatNames | None = None
) -> None:
    """The round's outcome, the seats called by ``names`` (None: P1..Pn)."""
    seats = table_names(None, language) if names is None else names
    settlement = outcome.settlement
    if settlement is not None and settlement.seat is not None and len(outcome.seats) == 1:
        _duel(sheet, outcome, settlement, language, seats)
    else:
        _table(sheet, outcome, language, seats)


def _duel(
    sheet: Sheet,
    outcome: RoundOutcome,
    settlement: Settlement,
    language: Language,
    names: SeatNames,
) -> None:
    result = outcome.seats[0]
    header(sheet, _verdict_with_amount(result, language, names))
    player = named(names, result.seat, BODY, HAND_LABEL_ROOM)
    total = _total(settlement.total, settlement.settled, SPECIAL_NAMES, language)
    _hand(sheet, line(0), player, settlement.cards, total, language)
    said = say("common.banker", language)
    banker = named(names, outcome.banker, BODY, HAND_LABEL_ROOM, lambda who: f"{said} {who}")
    banker_total = _total(
        settlement.banker_total, settlement.settled, BANKER_SPECIAL_NAMES, language
    )
    _hand(sheet, line(1), banker, settlement.banker_cards, banker_total, language)
    sheet.text((MARGIN, line(2)), reason_text(settlement, language, names), BODY)
    if outcome.handover is None:
        bank = bank_text(outcome.bank, outcome.meaning, language, full=True)
        sheet.text((MARGIN, line(BODY_LINES - 1)), bank, BODY_BOLD)
        return
    for index, text in enumerate(handover_texts(outcome.handover, language, names)):
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


def _table(sheet: Sheet, outcome: RoundOutcome, language: Language, names: SeatNames) -> None:
    right = "" if outcome.total is None else banker_total_text(outcome.total, language)
    header(sheet, say("outcome.title", language), right)
    if len(outcome.seats) <= SEAT_ROWS:
        for index, result in enumerate(outcome.seats):
            money = amount(abs(result.amount))
            room = LINE_ROOM - text_width(money, BODY) - 3
            left_right(sheet, line(index), _verdict(result, language, names, room), money)
        after = len(outcome.seats)
    else:
        paid = [(result.seat, signed(result.amount)) for result in outcome.seats]
        texts = seat_texts(names, paid, BODY, per_line=SEATS_PER_LINE)
        after = cells(sheet, 0, texts, per_line=SEATS_PER_LINE)
    last = BODY_LINES - 1
    settlement = outcome.settlement
    if settlement is not None and settlement.settled is not Settled.LAID_OUT:
        reason = reason_text(settlement, language, names)
        sheet.text((MARGIN, line(max(after, last - 1))), reason, BODY)
    bank = bank_text(outcome.bank, outcome.meaning, language, full=True)
    sheet.text((MARGIN, line(max(after, last))), bank, BODY_BOLD)


def reason_text(settlement: Settlement, language: Language, names: SeatNames) -> str:
    """Why the duel or the round ended, with the card that did it."""
    card = "" if settlement.card is None else card_text(settlement.card, language)
    settled = settlement.settled
    key = f"settled.{settled.value}"
    if settled is Settled.NOT_HIGHER and settlement.total == settlement.banker_total:
        key = "settled.tie"
    total, banker = settlement.total, settlement.banker_total
    if settlement.seat is None:
        return say(key, language, seat="", card=card, total=total, banker=banker)
    return about(names, settlement.seat, language, key, card=card, total=total, banker=banker)


def handover_texts(handover: Handover, language: Language, names: SeatNames) -> tuple[str, str]:
    """How the bank ended (who took how much, who broke it), then who holds it now."""
    if handover.end is BankEnd.TAKEN:
        taken = amount(handover.taken)
        ended = about(names, handover.banker, language, "outcome.bank-taken", amount=taken)
    elif handover.end is BankEnd.BROKEN and handover.broken_by is not None:
        ended = about(names, handover.broken_by, language, "common.broke-bank")
    else:
        ended = say("outcome.bank-flown", language)
    following = about(names, handover.next_banker, language, "outcome.next-banker", pen=BODY_BOLD)
    return ended, following


def _verdict_with_amount(result: SeatOutcome, language: Language, names: SeatNames) -> str:
    """The title bar's verdict: who won or lost how much."""
    if result.amount > 0:
        key, money = "common.won", amount(result.amount)
    elif result.amount < 0:
        key, money = "outcome.lost-amount", amount(-result.amount)
    else:
        key, money = "outcome.even", ""
    return about(names, result.seat, language, key, room=LINE_ROOM, amount=money)


def _verdict(result: SeatOutcome, language: Language, names: SeatNames, room: int) -> str:
    if result.amount > 0:
        key = "outcome.won"
    elif result.amount < 0:
        key = "outcome.lost"
    else:
        key = "outcome.even"
    return about(names, result.seat, language, key, room=room)
