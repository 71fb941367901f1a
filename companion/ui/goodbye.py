"""The last screen before the companion shuts down: so the table knows it heard the
press, that the game is kept, and when the box may be unplugged."""

from __future__ import annotations

from companion.ui.canvas import Sheet
from companion.ui.menus import draw
from companion.values.language import Language
from companion.words import say


def compose_goodbye(language: Language) -> Sheet:
    sheet = draw.new_sheet()
    draw.header(sheet, say("goodbye.title", language))
    lines = draw.wrap(say("goodbye.text", language), draw.BODY, draw.RIGHT - draw.MARGIN)
    for index, words in enumerate(lines[: draw.BODY_LINES]):
        sheet.text((draw.MARGIN, draw.line(index)), words, draw.BODY)
    return sheet
