"""Очко with стук: the bank and its стук mark, the stake and its limits, the player's and
the banker's hands, the last game, how the bank ended; then the balances."""

from __future__ import annotations

from companion.games.ochko21.state import BankEnd, Outcome, Phase
from companion.games.ochko21.view import Ochko21View
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
TWENTY_ONE = 21
LOSSES = (Outcome.LOST, Outcome.BUST, Outcome.DARK_BUST, Outcome.HIDDEN_BUST)


def page_count(view: Ochko21View) -> int:
    return PAGES


def compose(
    sheet: Sheet,
    view: Ochko21View,
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
    header(sheet, _title(view, language), bank)
    turn = view.turn if view.turn is not None else view.banker
    banker = view.banker
    if view.phase is Phase.ANNOUNCE:
        label = about(names, banker, language, "ochko21.announces", room=LABEL_ROOM)
        _limits(sheet, view, label, chosen)
        _last_game(sheet, view, language, 2, names)
    elif view.phase is Phase.STAKE:
        label = about(names, turn, language, "ochko21.stakes", room=LABEL_ROOM)
        _limits(sheet, view, label, chosen)
        _last_game(sheet, view, language, 3, names)
        sheet.text((MARGIN, line(4)), _stuk_note(view, language), BODY)
    elif view.phase is Phase.STUK:
        knocks = about(names, banker, language, "ochko21.stuk-due", pen=BODY_BOLD)
        sheet.text((MARGIN, line(0)), knocks, BODY_BOLD)
        _last_game(sheet, view, language, 2, names)
    elif view.phase is Phase.TAKE_BANK:
        room = LINE_ROOM - text_width(amount(view.bank), BODY_BOLD) - 3
        takes = about(names, banker, language, "ochko21.takes-bank", pen=BODY_BOLD, room=room)
        left_right(sheet, line(0), takes, amount(view.bank), BODY_BOLD)
        _last_game(sheet, view, language, 2, names)
    else:
        _game(sheet, view, language, turn, names)


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


def _game(sheet: Sheet, view: Ochko21View, language: Language, turn: int, names: SeatNames) -> None:
    stake = say("ochko21.stake", language, stake=view.stake or 0)
    dark = say("ochko21.dark", language) if view.dark else ""
    staked = f"{stake} {dark}".strip()
    who = named(names, turn, BODY_BOLD, LINE_ROOM - text_width(staked, BODY) - 3)
    left_right(sheet, line(0), who, staked, BODY_BOLD, right_pen=BODY)
    total = "" if view.player_total is None else str(view.player_total)
    hand_line(sheet, line(1), view.player_cards, total, language)
    sheet.rule(line(1) + 3)
    banker_said = say("common.banker", language)
    banker = named(names, view.banker, BODY, LINE_ROOM - text_width(banker_said, BODY) - 3)
    left_right(sheet, line(2) + 2, banker_said, banker)
    banker_total = "" if view.banker_total is None else str(view.banker_total)
    hand_line(sheet, line(3) + 2, view.banker_cards, banker_total, language)
    key = "ochko21.player-draws" if view.phase is Phase.PLAYER else "ochko21.banker-draws"
    if view.phase is Phase.PLAYER and (view.player_total or 0) > TWENTY_ONE:
        key = "ochko21.over"
    text = about(names, turn, language, key, pen=BODY_BOLD, total=view.player_total)
    sheet.text((MARGIN, line(4) + 1), text, BODY_BOLD)


def _last_game(
    sheet: Sheet, view: Ochko21View, language: Language, index: int, names: SeatNames
) -> None:
    """The last game against the bank; under a bank just named, whose bank it is (the
    last game was against the bank before)."""
    last = view.last_game
    if (last is None or not view.last_game_this_bank) and view.phase is not Phase.ANNOUNCE:
        said = say("common.banker", language)
        banker = named(names, view.banker, BODY, LINE_ROOM, lambda who: f"{said} {who}")
        sheet.text((MARGIN, line(index)), banker, BODY)
        return
    if last is None:
        return
    if last.outcome in LOSSES:
        key = f"ochko21.outcome.{last.outcome.value}"
        text = about(names, last.seat, language, key, amount=-last.amount)
    else:
        text = about(names, last.seat, language, "common.won", amount=last.amount)
    sheet.text((MARGIN, line(index)), text, BODY)
    _bank_end(sheet, view, language, index + 1, names)


def _bank_end(
    sheet: Sheet, view: Ochko21View, language: Language, index: int, names: SeatNames
) -> None:
    """How the last bank ended, when it just did (the next banker announces now)."""
    if not view.banks or view.phase is not Phase.ANNOUNCE:
        return
    record = view.banks[-1]
    if record.end is BankEnd.BROKEN and view.last_game is not None:
        text = about(names, view.last_game.seat, language, "common.broke-bank")
    elif record.end is BankEnd.FLOWN:
        text = say("ochko21.bank-flown", language)
    else:
        text = about(names, record.banker, language, "ochko21.bank-taken", amount=record.taken)
    sheet.text((MARGIN, line(index)), text, BODY)
