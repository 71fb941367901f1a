"""Очко with a permanent bank: the dealer's hand and what the rules make him do, the seats'
hands with their totals (an ace counting two ways shown as 7/17), bets and their limits;
then the balances and the shoe."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.ochko_bank.hands import Total
from companion.games.ochko_bank.state import HandStatus, Phase
from companion.games.ochko_bank.view import BankSeat, DealerDuty, OchkoBankView
from companion.ui.canvas import WIDTH, Align, Sheet, text_width
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    LINE_ROOM,
    MARGIN,
    RIGHT,
    about,
    balances_page,
    card_text,
    cells,
    fit_cards,
    hand_line,
    header,
    left_right,
    line,
    named,
    seat_texts,
    stake_line,
)
from companion.ui.screens.outcome import banker_total_text
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say

PAGES = 2  # the table, the balances and shoe
SEAT_LINES = 3  # lines left for the seats under the dealer's two
SHOE_LINE = 4  # the balances page's last line: the shoe
CELLS_PER_LINE = 3  # bets, or the hands at the dealer's turn, three to a line
WIDE_LINE = 4  # past nine hands, four to a line
SEAT_ROOM = 30  # a hand's seat before its cards: a short name, the cards matter more
ACE_EXTRA = 10  # a soft total counts one ace as 11 instead of 1


def page_count(view: OchkoBankView) -> int:
    return PAGES


def compose(
    sheet: Sheet,
    view: OchkoBankView,
    language: Language,
    page: int,
    chosen: int | None,
    names: SeatNames,
) -> None:
    total = banker_total_text(view.bank, language)
    if page == 1:
        _balances(sheet, view, language, total, names)
        return
    header(sheet, say("ochko-bank.round", language, round=view.round), total)
    if view.phase in (Phase.BETTING, Phase.SETTLED) and chosen is not None:
        label = say("ochko-bank.bet", language)
        limits = view.bet_limits
        zero = say("amount.zero-sits-out", language)
        stake_line(sheet, line(0), label, limits.low, limits.high, chosen, zero=zero)
        return
    total_text = _total(view.dealer.total) if view.dealer.cards else ""
    dealer = say("ochko-bank.dealer", language)
    hand_line(sheet, line(0), view.dealer.cards, total_text, language, prefix=dealer)
    sheet.text((MARGIN, line(1)), _note(view, language, names), BODY_BOLD)
    # the players in turn, from the dealer's left: the lines move on as play does
    count = len(view.seats)
    players = sorted(
        (place for place in view.seats if not place.dealer),
        key=lambda place: (place.seat - view.banker) % count,
    )
    if view.phase is Phase.BETTING:
        bets = [(place.seat, str(place.bet or "–")) for place in players]
        texts = seat_texts(names, bets, BODY, per_line=CELLS_PER_LINE)
        cells(sheet, 2, texts, per_line=CELLS_PER_LINE)
        return
    rows = _seat_rows(players)
    if view.phase is Phase.DEALER:
        # every hand the dealer plays against in view, with its total (the others are
        # paid already: bust, a natural, a bet taken back)
        standing = [row for row in rows if _standing(row)]
        per_line = CELLS_PER_LINE if len(standing) <= CELLS_PER_LINE * SEAT_LINES else WIDE_LINE
        texts = [_hand_cell(row, names, per_line) for row in standing]
        cells(sheet, 2, texts, per_line=per_line)
        return
    start = _first_shown(rows, view.turn)
    for index, row in enumerate(rows[start : start + SEAT_LINES]):
        _seat_line(sheet, line(2 + index), row, view.turn, language, names)


def _balances(
    sheet: Sheet, view: OchkoBankView, language: Language, total: str, names: SeatNames
) -> None:
    balances = [(place.seat, place.balance) for place in view.seats]
    taken = balances_page(sheet, language, balances, view.banker, total, names)
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


def _standing(row: SeatRow) -> bool:
    return bool(row.place.hands) and row.place.hands[row.hand or 0].status is HandStatus.STOOD


def _hand_cell(row: SeatRow, names: SeatNames, per_line: int) -> str:
    """A hand standing against the dealer: the seat (a split hand with its letter) and
    its total."""
    place = row.place
    hand = place.hands[row.hand or 0]
    letter = "" if row.hand is None else hand.label
    room = WIDTH // per_line - 2
    return named(names, place.seat, BODY, room, lambda who: f"{who}{letter} {hand.total.value}")


def _total(total: Total) -> str:
    """A soft total shows both of the ace's values: 7/17."""
    if total.soft:
        return f"{total.value - ACE_EXTRA}/{total.value}"
    return str(total.value)


def _note(view: OchkoBankView, language: Language, names: SeatNames) -> str:
    if view.offered is not None:
        card = card_text(view.offered.card, language)
        key = "ochko-bank.offered"
        return about(names, view.offered.seat, language, key, pen=BODY_BOLD, card=card)
    if view.duty is DealerDuty.MUST_DRAW:
        return say("ochko-bank.must-draw", language)
    if view.duty is DealerDuty.MUST_STAND:
        return say("ochko-bank.must-stand", language)
    if view.duty is DealerDuty.HOLE_CARD:
        return say("ochko-bank.hole-card", language)
    if view.turn is not None:
        return about(names, view.turn, language, "ochko-bank.draws", pen=BODY_BOLD)
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
    sheet: Sheet,
    baseline: int,
    row: SeatRow,
    turn: int | None,
    language: Language,
    names: SeatNames,
) -> None:
    """A hand's line: the seat (a split hand with its letter), its cards and total. A seat
    without cards yet says its bet in words ("bet 5"), or that it sits out."""
    place = row.place
    hand = place.hands[row.hand or 0] if place.hands else None
    if hand is None or not hand.cards:
        bet = place.bet if hand is None else hand.bet
        text = say("ochko-bank.sits-out", language) if bet == 0 else _bet_text(bet, language)
        label = named(names, place.seat, BODY, LINE_ROOM - text_width(text, BODY) - 3)
        left_right(sheet, baseline, label, text, BODY)
        return
    letter = "" if row.hand is None else hand.label
    name = named(names, place.seat, BODY, SEAT_ROOM, lambda who: who + letter)
    mark = sheet.text((MARGIN, baseline), name, BODY)
    if place.seat == turn and row.hand in (None, _drawing_hand(place)):
        sheet.invert(0, mark.box.top, mark.box.right, mark.box.bottom)
    right = sheet.text(
        (RIGHT, baseline), _hand_total(hand.total, hand.status, language), BODY, align=Align.RIGHT
    )
    left = mark.box.right + 4
    room = right.box.left - 3 - left
    # A long hand loses its first cards to an ellipsis, in the same face: the total says
    # what matters.
    sheet.text((left, baseline), fit_cards(hand.cards, language, BODY, room), BODY)


def _bet_text(bet: int, language: Language) -> str:
    return f"{say('ochko-bank.bet', language).lower()} {bet}"


def _hand_total(total: Total, status: HandStatus, language: Language) -> str:
    if status is HandStatus.DRAWING:
        return _total(total)
    if status is HandStatus.NATURAL:
        return say("ochko-bank.status.natural", language)
    return f"{total.value} {say(f'ochko-bank.status.{status.value}', language)}"
