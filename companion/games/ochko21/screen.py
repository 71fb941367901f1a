"""Очко with стук: the bank and its стук mark, the stake and its limits, the player's and
the banker's hands, the last game, how the bank ended; then the balances."""

from __future__ import annotations

from companion.games.ochko21.state import BankEnd, Outcome, Phase
from companion.games.ochko21.view import Ochko21View
from companion.games.round_outcome import BankMeaning
from companion.ui.canvas import Sheet
from companion.ui.screens.layout import (
    BODY,
    BODY_BOLD,
    MARGIN,
    amount,
    balances_page,
    hand_line,
    header,
    left_right,
    line,
    seat,
    stake_line,
)
from companion.ui.screens.outcome import bank_text
from companion.values.language import Language
from companion.words import say

PAGES = 2  # the table, the balances
TWENTY_ONE = 21
LOSSES = (Outcome.LOST, Outcome.BUST, Outcome.DARK_BUST, Outcome.HIDDEN_BUST)


def page_count(view: Ochko21View) -> int:
    return PAGES


def compose(
    sheet: Sheet, view: Ochko21View, language: Language, page: int, chosen: int | None
) -> None:
    bank = bank_text(view.bank, BankMeaning.SIZE, language)
    if page == 1:
        balances = [(place.seat, place.balance) for place in view.seats]
        balances_page(sheet, language, balances, view.banker, bank)
        return
    header(sheet, _title(view, language), bank)
    turn = seat(view.turn if view.turn is not None else view.banker, language)
    banker = seat(view.banker, language)
    if view.phase is Phase.ANNOUNCE:
        _limits(sheet, view, say("ochko21.announces", language, seat=banker), chosen)
        _last_game(sheet, view, language, 2)
    elif view.phase is Phase.STAKE:
        _limits(sheet, view, say("ochko21.stakes", language, seat=turn), chosen)
        _last_game(sheet, view, language, 3)
        sheet.text((MARGIN, line(4)), _stuk_note(view, language), BODY)
    elif view.phase is Phase.STUK:
        sheet.text((MARGIN, line(0)), say("ochko21.stuk-due", language, seat=banker), BODY_BOLD)
        _last_game(sheet, view, language, 2)
    elif view.phase is Phase.TAKE_BANK:
        takes = say("ochko21.takes-bank", language, seat=banker)
        left_right(sheet, line(0), takes, amount(view.bank), BODY_BOLD)
        _last_game(sheet, view, language, 2)
    else:
        _game(sheet, view, language, turn)


def _title(view: Ochko21View, language: Language) -> str:
    if view.stuk:
        return say("ochko21.stuk-round", language, left=view.stuk_turns_left or 0)
    if view.round is None:
        return say("ochko21.new-bank", language)
    return say("ochko21.round", language, round=view.round)


def _limits(sheet: Sheet, view: Ochko21View, label: str, chosen: int | None) -> None:
    if view.limits is not None:
        stake_line(sheet, line(0), label, view.limits.low, view.limits.high, chosen)


def _stuk_note(view: Ochko21View, language: Language) -> str:
    if view.stuk or view.stuk_at is None:
        return ""
    return say("ochko21.stuk-at", language, bank=view.stuk_at)


def _game(sheet: Sheet, view: Ochko21View, language: Language, turn: str) -> None:
    stake = say("ochko21.stake", language, stake=view.stake or 0)
    dark = say("ochko21.dark", language) if view.dark else ""
    left_right(sheet, line(0), turn, f"{stake} {dark}".strip(), BODY_BOLD, right_pen=BODY)
    total = "" if view.player_total is None else str(view.player_total)
    hand_line(sheet, line(1), view.player_cards, total, language)
    sheet.rule(line(1) + 3)
    left_right(sheet, line(2) + 2, say("common.banker", language), seat(view.banker, language))
    banker_total = "" if view.banker_total is None else str(view.banker_total)
    hand_line(sheet, line(3) + 2, view.banker_cards, banker_total, language)
    key = "ochko21.player-draws" if view.phase is Phase.PLAYER else "ochko21.banker-draws"
    if view.phase is Phase.PLAYER and (view.player_total or 0) > TWENTY_ONE:
        key = "ochko21.over"
    text = say(key, language, seat=turn, total=view.player_total)
    sheet.text((MARGIN, line(4) + 1), text, BODY_BOLD)


def _last_game(sheet: Sheet, view: Ochko21View, language: Language, index: int) -> None:
    """The last game against the bank; under a bank just named, whose bank it is (the
    last game was against the bank before)."""
    last = view.last_game
    if (last is None or not view.last_game_this_bank) and view.phase is not Phase.ANNOUNCE:
        banker = f"{say('common.banker', language)} {seat(view.banker, language)}"
        sheet.text((MARGIN, line(index)), banker, BODY)
        return
    if last is None:
        return
    who = seat(last.seat, language)
    if last.outcome in LOSSES:
        text = say(f"ochko21.outcome.{last.outcome.value}", language, seat=who, amount=-last.amount)
    else:
        text = say("common.won", language, seat=who, amount=last.amount)
    sheet.text((MARGIN, line(index)), text, BODY)
    _bank_end(sheet, view, language, index + 1)


def _bank_end(sheet: Sheet, view: Ochko21View, language: Language, index: int) -> None:
    """How the last bank ended, when it just did (the next banker announces now)."""
    if not view.banks or view.phase is not Phase.ANNOUNCE:
        return
    record = view.banks[-1]
    who = seat(record.banker, language)
    if record.end is BankEnd.BROKEN and view.last_game is not None:
        text = say("common.broke-bank", language, seat=seat(view.last_game.seat, language))
    elif record.end is BankEnd.FLOWN:
        text = say("ochko21.bank-flown", language)
    else:
        text = say("ochko21.bank-taken", language, seat=who, amount=record.taken)
    sheet.text((MARGIN, line(index)), text, BODY)
