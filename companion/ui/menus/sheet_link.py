"""Where the phone sheet is: its address as a QR code (two pixels a module when it fits)
on the left and as text on the right, so a phone finds it without typing; or, when the
sheet cannot be reached, why, in the player's words. OK or BACK goes back to the menu."""

from __future__ import annotations

import re

import segno

from companion.ui.canvas import HEIGHT, INK, PAPER, WIDTH, Pen, Sheet, text_width
from companion.ui.menus import draw
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.state import MainMenu, SheetAddress, UiContext, UiState
from companion.ui.presses import Button, ButtonPress
from companion.values.language import Language
from companion.values.sheet_address import SheetLink, SheetLinkState
from companion.words import say

MODULE_PX = 2  # two pixels a module: a phone reads it from a 0.96" panel
MAX_QUIET_MODULES = 4  # the standard's quiet zone; less when the height is short of it
MIN_QUIET_MODULES = 1
GAP = 3  # pixels between the code and the text
TEXT_TOP = 9  # the first text line's baseline
SCHEME = "http://"
# An address cut before each dot or colon, so that a line break falls between its parts.
ADDRESS_PARTS = re.compile(r"[.:]?[^.:]+|[.:]")
SAY_STATE = {
    SheetLinkState.OFF: "sheet.off",
    SheetLinkState.NOT_RUNNING: "sheet.not_running",
    SheetLinkState.STALE: "sheet.stale",
    SheetLinkState.UNREADABLE: "sheet.unreadable",
}


def handle_sheet_link(
    state: UiState, page: SheetAddress, press: ButtonPress, context: UiContext
) -> Step:
    if press.button in (Button.OK, Button.BACK):
        return go(state, MainMenu(state.menu_at or 0))
    return stay(state)


def compose_sheet_link(page: SheetAddress, context: UiContext) -> Sheet:
    link = context.sheet_link or SheetLink(SheetLinkState.NOT_RUNNING)
    sheet = draw.new_sheet()
    if link.state is SheetLinkState.READY and link.url is not None:
        _draw_address(sheet, link.url, context.language)
    else:
        _draw_reason(sheet, say(SAY_STATE[link.state], context.language), context.language)
    return sheet


def _draw_reason(sheet: Sheet, text: str, language: Language) -> None:
    draw.header(sheet, say("menu.sheet", language))
    lines = draw.wrap(text, draw.BODY, WIDTH - 2 * draw.MARGIN)
    for index, words in enumerate(lines[: draw.BODY_LINES]):
        sheet.text((draw.MARGIN, draw.line(index)), words, draw.BODY)


def qr_matrix(url: str) -> tuple[bytearray, ...]:
    """The QR code of ``url``: rows of modules, 1 dark (the smallest version that holds
    it, with as much error correction as that version allows)."""
    return tuple(segno.make_qr(url, error="l", boost_error=True).matrix)


def _draw_address(sheet: Sheet, url: str, language: Language) -> None:
    right = _draw_code(sheet, qr_matrix(url)) + GAP
    width = WIDTH - right
    lines = draw.wrap(say("sheet.open", language), draw.BODY, width)
    lines += address_lines(url, draw.BODY, width)
    for index, words in enumerate(lines):
        baseline = TEXT_TOP + index * draw.LINE_PITCH
        sheet.text((right, baseline), words, draw.BODY, max_width=width, may_shorten=True)


def _draw_code(sheet: Sheet, matrix: tuple[bytearray, ...]) -> int:
    """Draw the code at the left, lit with its dark modules unlit (a camera sees the
    panel's lit pixels as paper); the right edge of its quiet zone."""
    size = len(matrix)
    scale = MODULE_PX if size + 2 * MIN_QUIET_MODULES <= HEIGHT // MODULE_PX else 1
    quiet = max(MIN_QUIET_MODULES, min(MAX_QUIET_MODULES, (HEIGHT // scale - size) // 2))
    side = (size + 2 * quiet) * scale
    top = (HEIGHT - side) // 2
    sheet.draw.rectangle([(0, top), (side - 1, top + side - 1)], fill=INK)
    origin = quiet * scale
    for row, modules in enumerate(matrix):
        for column, dark in enumerate(modules):
            if dark:
                x, y = origin + column * scale, top + origin + row * scale
                sheet.draw.rectangle([(x, y), (x + scale - 1, y + scale - 1)], fill=PAPER)
    return side


def address_lines(url: str, pen: Pen, width: int) -> list[str]:
    """The address as a person types it (no scheme, no final slash), in lines no wider
    than ``width``, broken before a dot or a colon."""
    text = url.removeprefix(SCHEME).removesuffix("/")
    lines: list[str] = []
    current = ""
    for part in ADDRESS_PARTS.findall(text):
        if current and text_width(current + part, pen) > width:
            lines.append(current)
            current = part
        else:
            current += part
    if current:
        lines.append(current)
    return lines
