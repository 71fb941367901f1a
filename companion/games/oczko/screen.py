"""Oczko screens: the bank and the round, the stake and its limits, the duel (both hands,
their totals, the banker's obligation), who took or broke the bank; then the balances."""

from __future__ import annotations

from collections.abc import Sequence

from companion.cards import Card
from companion.games.oczko.hands import Obligation, Special
from companion.games.oczko.state import Outcome, Phase
from companion.games.oczko.view import OczkoView
from companion.games.round_outcome import BankMeaning
from companion.ui.canvas import Sheet, text_width
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    LABEL_ROOM,
    LINE_ROOM,
    MARGIN,
    about,
    amount,
    balances_page,
    hand_line,
    header,
    left_right,
    line,
    named,
    stake_line,
)
from companion.ui.screens.outcome import bank_text
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say

PAGES = 2  # the table, the balances


def page_count(view: OczkoView) -> int:
    return PAGES


def compose(
    sheet: Sheet,
    view: OczkoView,
    language: Language,
    page: int,
    chosen: int | None,
    names: SeatNames,
) -> None:
    bank = bank_text(view.bank, BankMeaning.SIZE, language)
    if page == 1:
        balances = [(place.seat, place.balance) for place in view.seats]
        balances_page(sheet, language, balances, view.banker, bank, names)
        return
    header(sheet, say("oczko.round", language, round=view.round, rounds=view.rounds), bank)
    if view.phase is Phase.BANK:
        label = about(names, view.banker, language, "oczko.puts-up-bank", room=LABEL_ROOM)
        _limits(sheet, view, label, chosen)
        _last_result(sheet, view, language, 3, names)
    elif view.phase is Phase.STAKE:
        punter = view.punter if view.punter is not None else 0
        label = about(names, punter, language, "oczko.stakes", room=LABEL_ROOM)
        _limits(sheet, view, label, chosen)
        _last_result(sheet, view, language, 3, names)
        if view.may_take_bank:
            sheet.text((MARGIN, line(4)), say("oczko.may-take-bank", language), BODY)
    elif view.phase is Phase.TAKE_BANK:
        sheet.text((MARGIN, line(0)), say("oczko.rounds-over", language, rounds=view.rounds), BODY)
        room = LINE_ROOM - text_width(amount(view.bank), BODY_BOLD) - 3
        takes = about(names, view.banker, language, "oczko.takes-bank", pen=BODY_BOLD, room=room)
        left_right(sheet, line(1), takes, amount(view.bank), BODY_BOLD)
        _last_result(sheet, view, language, 3, names)
    else:
        _duel(sheet, view, language, names)


def _limits(sheet: Sheet, view: OczkoView, label: str, chosen: int | None) -> None:
    if view.limits is None:
        return
    stake_line(sheet, line(0), label, view.limits.low, view.limits.high, chosen)


def _duel(sheet: Sheet, view: OczkoView, language: Language, names: SeatNames) -> None:
    stake = say("oczko.stake", language, stake=view.stake or 0)
    room = LINE_ROOM - text_width(stake, BODY) - 3
    punter = named(names, view.punter if view.punter is not None else 0, BODY_BOLD, room)
    left_right(sheet, line(0), punter, stake, BODY_BOLD, right_pen=BODY)
    if view.punter_cards or view.phase is Phase.PUNTER:
        _hand(sheet, line(1), view.punter_cards, view.punter_total, view.punter_special, language)
    else:
        sheet.text((MARGIN, line(1)), say("oczko.stands", language), BODY)
    sheet.rule(line(1) + 3)
    banker_said = say("common.banker", language)
    banker = named(names, view.banker, BODY, LINE_ROOM - text_width(banker_said, BODY) - 3)
    left_right(sheet, line(2) + 2, banker_said, banker)
    banker_cards = view.banker_cards
    _hand(sheet, line(3) + 2, banker_cards, view.banker_total, view.banker_special, language)
    sheet.text((MARGIN, line(4) + 1), _duel_note(view, language, names), BODY)


def _hand(
    sheet: Sheet,
    baseline: int,
    cards: Sequence[Card],
    total: int | None,
    special: Special | None,
    language: Language,
) -> None:
    if not cards:
        sheet.text((MARGIN, baseline), "–", BODY)
        return
    shown = str(total) if special is None else _special_name(special, language)
    hand_line(sheet, baseline, cards, shown, language)


def _special_name(special: Special, language: Language) -> str:
    """Oczko's own name for 21; the names of the other two (an outcome says them too)."""
    if special is Special.OCZKO:
        return say("oczko.special.oczko", language)
    return say(f"special.{special.value}", language)


def _duel_note(view: OczkoView, language: Language, names: SeatNames) -> str:
    if view.phase is Phase.DOUBLED:
        return say("oczko.doubled", language)
    if view.phase is Phase.PUNTER:
        if view.open_card_required:
            return say("oczko.open-card", language)
        return about(names, view.punter or 0, language, "oczko.punter-draws")
    if view.banker_obligation is Obligation.MUST_DRAW:
        return say("oczko.must-draw", language)
    if view.banker_obligation is Obligation.MAY_NOT_DRAW:
        return say("oczko.may-not-draw", language)
    return say("oczko.banker-draws", language)


def _last_result(
    sheet: Sheet, view: OczkoView, language: Language, index: int, names: SeatNames
) -> None:
    """The duel just settled: who won what, and whether the bank broke; under a bank just
    put up, whose bank it is (the last duel was against the bank before)."""
    if view.phase is not Phase.BANK and not view.last_duel_this_bank:
        said = say("common.banker", language)
        banker = named(names, view.banker, BODY, LINE_ROOM, lambda who: f"{said} {who}")
        sheet.text((MARGIN, line(index)), banker, BODY)
        return
    if not view.results:
        return
    result = view.results[-1]
    if result.outcome is Outcome.THROWN_IN or result.winner is None:
        text = say("oczko.thrown-in", language)
    elif result.broke_bank:
        text = about(names, result.winner, language, "common.broke-bank")
    else:
        text = about(names, result.winner, language, "common.won", amount=result.paid)
    sheet.text((MARGIN, line(index)), text, BODY)
