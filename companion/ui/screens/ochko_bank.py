"""Очко with a permanent bank: the dealer's hand and what the rules make him do, the seats'
hands with their totals (an ace counting two ways shown as 7/17), bets and their limits;
then the balances and the shoe."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.ochko_bank.hands import Total
from companion.games.ochko_bank.state import HandStatus, Phase
from companion.games.ochko_bank.view import BankSeat, DealerDuty, OchkoBankView
from companion.games.round_outcome import BankMeaning
from companion.ui.canvas import Align, Sheet, text_width
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    MARGIN,
    RIGHT,
    SMALL,
    balances_page,
    card_text,
    cards_text,
    hand_line,
    header,
    left_right,
    line,
    seat,
    stake_line,
)
from companion.ui.screens.outcome import bank_text
from companion.ui.texts import Language, say

PAGES = 2  # the table, the balances and shoe
SEAT_LINES = 3  # lines left for the seats under the dealer's two
SHOE_LINE = 4  # the balances page's last line: the shoe
ACE_EXTRA = 10  # a soft total counts one ace as 11 instead of 1


def page_count(view: OchkoBankView) -> int:
    return PAGES


def compose(
    sheet: Sheet, view: OchkoBankView, language: Language, page: int, chosen: int | None
) -> None:
    bank = bank_text(view.bank, BankMeaning.BANKER_RESULT, language)
    if page == 1:
        balances = [(place.seat, place.balance) for place in view.seats]
        taken = balances_page(sheet, language, balances, view.banker, bank)
        shoe = say("ochko-bank.shoe", language, left=view.shoe.left)
        warn = say("ochko-bank.reshuffle", language) if view.reshuffle_soon else ""
        if text_width(f"{shoe}  {warn}", BODY) <= RIGHT - MARGIN:
            left_right(sheet, line(SHOE_LINE), shoe, warn, BODY)
        elif taken < SHOE_LINE:
            sheet.text((RIGHT, line(SHOE_LINE - 1)), warn, BODY, align=Align.RIGHT)
            sheet.text((MARGIN, line(SHOE_LINE)), shoe, BODY)
        else:
            # every line above holds balances: the warning, which the table acts on, with
            # the cards left after it
            sheet.text((MARGIN, line(SHOE_LINE)), f"{warn} ({view.shoe.left})", BODY)
        return
    header(sheet, say("ochko-bank.round", language, round=view.round), bank)
    if view.phase in (Phase.BETTING, Phase.SETTLED) and chosen is not None:
        label = say("ochko-bank.bet", language)
        limits = view.bet_limits
        zero = say("amount.zero-sits-out", language)
        stake_line(sheet, line(0), label, limits.low, limits.high, chosen, zero=zero)
        return
    total = _total(view.dealer.total) if view.dealer.cards else ""
    dealer = say("ochko-bank.dealer", language)
    hand_line(sheet, line(0), view.dealer.cards, total, language, prefix=dealer)
    sheet.text((MARGIN, line(1)), _note(view, language), BODY_BOLD)
    players = [place for place in view.seats if not place.dealer]
    rows = _seat_rows(players)
    start = _first_shown(rows, view.turn)
    for index, row in enumerate(rows[start : start + SEAT_LINES]):
        _seat_line(sheet, line(2 + index), row, view.turn, language)


def _total(total: Total) -> str:
    """A soft total shows both of the ace's values: 7/17."""
    if total.soft:
        return f"{total.value - ACE_EXTRA}/{total.value}"
    return str(total.value)


def _note(view: OchkoBankView, language: Language) -> str:
    if view.offered is not None:
        card = card_text(view.offered.card, language)
        return say(
            "ochko-bank.offered", language, card=card, seat=seat(view.offered.seat, language)
        )
    if view.duty is DealerDuty.MUST_DRAW:
        return say("ochko-bank.must-draw", language)
    if view.duty is DealerDuty.MUST_STAND:
        return say("ochko-bank.must-stand", language)
    if view.duty is DealerDuty.HOLE_CARD:
        return say("ochko-bank.hole-card", language)
    if view.turn is not None:
        return say("ochko-bank.draws", language, seat=seat(view.turn, language))
    if view.phase in (Phase.BETTING, Phase.SETTLED):
        limits = view.bet_limits
        return say("ochko-bank.bets", language, low=limits.low, high=limits.high)
    return say(f"ochko-bank.phase.{view.phase.value}", language)


@dataclass(frozen=True)
class SeatRow:
    """A line of the table: a seat's only hand (or its bet before the deal), or one of the
    hands a split made, each on a line of its own."""

    place: BankSeat
    hand: int | None  # None: a seat without split hands


def _seat_rows(players: list[BankSeat]) -> list[SeatRow]:
    rows: list[SeatRow] = []
    for place in players:
        if len(place.hands) > 1:
            rows.extend(SeatRow(place, index) for index in range(len(place.hands)))
        else:
            rows.append(SeatRow(place, None))
    return rows


def _first_shown(rows: list[SeatRow], turn: int | None) -> int:
    """The first row shown: the seat drawing stays in view, with the line before it."""
    numbers = [row.place.seat for row in rows]
    if turn is None or turn not in numbers:
        return 0
    drawing = next(
        (
            index
            for index, row in enumerate(rows)
            if row.place.seat == turn and row.hand in (None, _drawing_hand(row.place))
        ),
        numbers.index(turn),
    )
    return max(0, min(drawing - 1, len(rows) - SEAT_LINES))


def _drawing_hand(place: BankSeat) -> int | None:
    """The hand a seat draws to now: its first still drawing (split hands go in order)."""
    statuses = [hand.status for hand in place.hands]
    return statuses.index(HandStatus.DRAWING) if HandStatus.DRAWING in statuses else None


def _seat_line(
    sheet: Sheet, baseline: int, row: SeatRow, turn: int | None, language: Language
) -> None:
    place = row.place
    label = seat(place.seat, language)
    if not place.hands:
        text = say("ochko-bank.sits-out", language) if place.bet == 0 else str(place.bet)
        left_right(sheet, baseline, f"{label} ", text, BODY)
        return
    index = row.hand or 0
    hand = place.hands[index]
    # A split hand's line names the seat and the hand's letter, and that hand's bet.
    name = f"{label} {place.bet}" if row.hand is None else f"{label}{hand.label} {hand.bet}"
    mark = sheet.text((MARGIN, baseline), name, BODY)
    if place.seat == turn and row.hand in (None, _drawing_hand(place)):
        sheet.invert(0, mark.box.top, mark.box.right, mark.box.bottom)
    right = sheet.text(
        (RIGHT, baseline), _hand_total(hand.total, hand.status, language), BODY, align=Align.RIGHT
    )
    cards = cards_text(hand.cards, language)
    left = mark.box.right + 4
    room = right.box.left - 3 - left
    # A long hand steps down to the small face, then loses its tail: the total carries the
    # sense.
    pen = BODY if text_width(cards, BODY) <= room else SMALL
    sheet.text((left, baseline), cards, pen, max_width=room, may_shorten=True)


def _hand_total(total: Total, status: HandStatus, language: Language) -> str:
    if status is HandStatus.DRAWING:
        return _total(total)
    if status is HandStatus.NATURAL:
        return say("ochko-bank.status.natural", language)
    return f"{total.value} {say(f'ochko-bank.status.{status.value}', language)}"
