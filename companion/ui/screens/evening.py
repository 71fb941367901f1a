"""The evening on the OLED: each person's total over the evening's games (Oh Hell points,
money at the banking games), four to a page, then who pays whom, four transfers to a page.

Names are cut to fit their column (a dot where they were cut); the numbers are never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from companion.games.evening import Evening, PersonTotal, money_transfers, totals
from companion.games.settling import Transfer
from companion.ui.canvas import Align, Pen, Sheet, text_width
from companion.ui.screens.layout import BODY, BODY_LINES, MARGIN, RIGHT, header, line
from companion.values.language import Language
from companion.words import say

PEOPLE_A_PAGE = BODY_LINES - 1  # under the columns' heads
TRANSFERS_A_PAGE = BODY_LINES - 1
COLUMN_GAP = 6
CUT = "."


def _amount(value: Fraction | None, *, signed: bool = False) -> str:
    """Points or money as the table counts them: whole, a half as ½, else rounded."""
    if value is None:
        return "–"
    sign = "+" if signed and value > 0 else ("-" if value < 0 else "")
    magnitude = abs(value)
    if magnitude.denominator == 1:
        return f"{sign}{magnitude.numerator}"
    if magnitude.denominator == 2:
        whole = magnitude.numerator // 2
        return f"{sign}{whole or ''}½"
    return f"{sign}{round(magnitude)}"


def fit_name(name: str, pen: Pen, room: int) -> str:
    """``name`` or its longest beginning that fits ``room`` with a dot after it."""
    if text_width(name, pen) <= room:
        return name
    for length in range(len(name) - 1, 0, -1):
        cut = name[:length] + CUT
        if text_width(cut, pen) <= room:
            return cut
    return name[:1]


def _pages(count: int, per_page: int) -> int:
    return max(1, -(-count // per_page))


def page_count(evening: Evening | None) -> int:
    """The people's pages, then the transfers' (where money changed hands)."""
    if evening is None:
        return 1
    people = _pages(len(evening.people()), PEOPLE_A_PAGE)
    transfers = money_transfers(evening)
    return people + (_pages(len(transfers), TRANSFERS_A_PAGE) if transfers else 0)


def compose(sheet: Sheet, evening: Evening | None, language: Language, page: int) -> None:
    if evening is None:
        header(sheet, say("evening.title", language))
        sheet.text((MARGIN, line(1)), say("evening.none", language), BODY)
        return
    games = len(evening.games)
    right = say("evening.games", language, count=games)
    found = totals(evening)
    people_pages = _pages(len(found), PEOPLE_A_PAGE)
    if page < people_pages:
        header(sheet, say("evening.title", language), right)
        shown = found[page * PEOPLE_A_PAGE : (page + 1) * PEOPLE_A_PAGE]
        kinds = (
            any(total.points is not None for total in found),
            any(total.money is not None for total in found),
        )
        _people(sheet, shown, kinds, language)
        return
    header(sheet, say("evening.pays", language), right)
    at = (page - people_pages) * TRANSFERS_A_PAGE
    _transfers(sheet, money_transfers(evening)[at : at + TRANSFERS_A_PAGE])


def _people(
    sheet: Sheet, found: Sequence[PersonTotal], kinds: tuple[bool, bool], language: Language
) -> None:
    """The people's names and their columns (``kinds``: the evening has points, money)."""
    has_points, has_money = kinds
    columns: list[tuple[str, list[str]]] = []
    if has_points:
        columns.append(
            (say("evening.points", language), [_amount(total.points) for total in found])
        )
    if has_money:
        columns.append(
            (
                say("evening.money", language),
                [_amount(total.money, signed=True) for total in found],
            )
        )
    right = RIGHT
    lefts: list[int] = []
    for head, values in reversed(columns):
        width = max(text_width(text, BODY) for text in (*values, "0"))
        width = max(width, text_width(head, BODY))
        sheet.text((right, line(0)), head, BODY, align=Align.RIGHT)
        for index, value in enumerate(values):
            sheet.text((right, line(index + 1)), value, BODY, align=Align.RIGHT)
        lefts.append(right - width)
        right -= width + COLUMN_GAP
    room = min(lefts, default=RIGHT) - COLUMN_GAP - MARGIN
    for index, total in enumerate(found):
        name = fit_name(total.person.name, BODY, room)
        sheet.text((MARGIN, line(index + 1)), name, BODY, may_shorten=True)


def _transfers(sheet: Sheet, transfers: Sequence[Transfer]) -> None:
    for index, transfer in enumerate(transfers):
        amount = _amount(transfer.amount)
        mark = sheet.text((RIGHT, line(index)), amount, BODY, align=Align.RIGHT)
        room = mark.box.left - COLUMN_GAP - MARGIN
        arrow = " → "
        half = (room - text_width(arrow, BODY)) // 2
        payer = fit_name(transfer.payer, BODY, half)
        payee = fit_name(transfer.payee, BODY, room - text_width(payer + arrow, BODY))
        sheet.text((MARGIN, line(index)), payer + arrow + payee, BODY, may_shorten=True)
