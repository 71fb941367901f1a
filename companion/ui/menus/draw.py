"""How the menus look: the game screens' frame (an inverted title bar, five body lines
10 pixels apart), a highlighted row for the cursor, a big number for amounts, and a
refusal's reason in place of the body."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.ui.canvas import HEIGHT, PAPER, WIDTH, Align, Pen, Sheet, Weight, text_width

# The screens' frame, shared so that the menus look like the game screens.
from companion.ui.screens.layout import BODY as BODY
from companion.ui.screens.layout import BODY_BOLD as BODY_BOLD
from companion.ui.screens.layout import BODY_LINES as BODY_LINES
from companion.ui.screens.layout import HEADER_BOTTOM as HEADER_BOTTOM
from companion.ui.screens.layout import LINE_PITCH as LINE_PITCH
from companion.ui.screens.layout import MARGIN as MARGIN
from companion.ui.screens.layout import RIGHT as RIGHT
from companion.ui.screens.layout import SMALL as SMALL
from companion.ui.screens.layout import header as header
from companion.ui.screens.layout import line as line

NUMBER = Pen(20, Weight.BOLD)
SCROLL_BAR = 2  # pixels at the right edge for the scroll bar of a long list


@dataclass(frozen=True)
class Row:
    """A menu line: a label on the left, a value on the right. ``may_shorten``: the
    label is a name from the game (an offer) that may lose its tail to fit."""

    label: str
    value: str = ""
    may_shorten: bool = False


def first_visible(cursor: int, count: int, lines: int = BODY_LINES) -> int:
    """The first row shown so that the cursor's row is on screen."""
    return max(0, min(cursor - lines // 2, count - lines))


def menu(
    sheet: Sheet,
    title: str,
    rows: Sequence[Row],
    cursor: int,
    *,
    editing: bool = False,
    right: str = "",
) -> None:
    """A titled list with the cursor's row highlighted (only its value while editing)."""
    header(sheet, title, right)
    top = first_visible(cursor, len(rows))
    long_list = len(rows) > BODY_LINES
    right_edge = RIGHT - (SCROLL_BAR + 1 if long_list else 0)
    for index, row in enumerate(rows[top : top + BODY_LINES]):
        baseline = line(index)
        value_left = right_edge
        if row.value:
            value_mark = sheet.text((right_edge, baseline), row.value, BODY_BOLD, align=Align.RIGHT)
            value_left = value_mark.box.left
        room = value_left - 4 - MARGIN if row.value else right_edge - MARGIN
        sheet.text(
            (MARGIN + 1, baseline), row.label, BODY, max_width=room, may_shorten=row.may_shorten
        )
        if top + index == cursor:
            if editing and row.value:
                sheet.invert(value_left - 2, baseline - 8, right_edge, baseline + 1)
            else:
                sheet.invert(0, baseline - 8, right_edge + 1, baseline + 1)
    if long_list:
        _scroll_bar(sheet, top, len(rows))


def choices(sheet: Sheet, answers: Sequence[str], cursor: int, *, first: int) -> None:
    """The answers of a question, one a line from body line ``first``, the cursor's
    highlighted."""
    for index, answer in enumerate(answers):
        baseline = line(first + index)
        sheet.text((MARGIN + 1, baseline), answer, BODY, max_width=RIGHT - MARGIN - 1)
        if index == cursor:
            sheet.invert(0, baseline - 8, RIGHT + 1, baseline + 1)


def _scroll_bar(sheet: Sheet, top: int, count: int) -> None:
    height = HEIGHT - HEADER_BOTTOM - 3
    start = HEADER_BOTTOM + 2 + height * top // count
    end = HEADER_BOTTOM + 2 + height * min(count, top + BODY_LINES) // count
    sheet.box(WIDTH - SCROLL_BAR, start, WIDTH - 1, max(start, end - 1), filled=True)


def big_number(sheet: Sheet, baseline: int, value: str, *, lower: bool, higher: bool) -> None:
    """A large centred value with a ▼ / ▲ beside it where DOWN / UP can still move it."""
    mark = sheet.text((WIDTH // 2, baseline), value, NUMBER, align=Align.CENTRE)
    middle = baseline - 6
    if lower:
        sheet.text((mark.box.left - 6, middle + 4), "▼", BODY, align=Align.RIGHT)
    if higher:
        sheet.text((mark.box.right + 6, middle + 4), "▲", BODY)


def hint(sheet: Sheet, text: str) -> None:
    """The bottom line: what the buttons do here."""
    sheet.text((WIDTH // 2, line(BODY_LINES - 1)), text, BODY, align=Align.CENTRE)


def wrap(text: str, pen: Pen, width: int) -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` (a long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and text_width(candidate, pen) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def notice(sheet: Sheet, text: str) -> None:
    """Why an action was refused, in place of the screen's body: the title (whose action
    it was) stays, the body is cleared and says why, shortened at the end of the last
    line if the reason is longer. The texts that were under it are gone from the sheet."""
    sheet.draw.rectangle([(0, HEADER_BOTTOM + 1), (WIDTH - 1, HEIGHT - 1)], fill=PAPER)
    sheet.marks[:] = [mark for mark in sheet.marks if mark.box.bottom <= HEADER_BOTTOM + 1]
    lines = wrap(text, BODY, WIDTH - 2 * MARGIN)
    shown = lines[:BODY_LINES]
    if len(lines) > BODY_LINES:
        shown[-1] = " ".join(lines[BODY_LINES - 1 :])
    for index, words in enumerate(shown):
        sheet.text(
            (MARGIN, line(index)), words, BODY, max_width=WIDTH - 2 * MARGIN, may_shorten=True
        )


def new_sheet() -> Sheet:
    return Sheet()


def centred(sheet: Sheet, baseline: int, text: str, pen: Pen = BODY) -> None:
    sheet.text((WIDTH // 2, baseline), text, pen, align=Align.CENTRE)
