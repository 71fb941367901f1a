"""A screen's transcript: its lines as drawn, read from the marks the sheet kept of each
text it put on the picture (not a second formatting of the game's state).

Texts standing on the same baseline (within ``ROW_TOLERANCE`` pixels) form a line, left to
right, separated by two spaces; a struck-through text carries a combining stroke on each
character (``1̶``). ``companion simulate --screens`` and ``companion demo --png`` write the
lines of each picture to ``screens.txt`` beside it; tests read the numbers back from them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.ui.canvas import TextMark

ROW_TOLERANCE = 2  # pixels between the baselines of texts drawn as one line
CELL_GAP = "  "
STROKE = "\u0336"
TRANSCRIPT_FILE = "screens.txt"


def cells(marks: Iterable[TextMark]) -> list[list[str]]:
    """The drawn texts line by line, top to bottom, each line's texts left to right."""
    shown = sorted((mark for mark in marks if mark.drawn.strip()), key=lambda m: m.baseline)
    rows: list[list[TextMark]] = []
    for mark in shown:
        if rows and mark.baseline - rows[-1][0].baseline <= ROW_TOLERANCE:
            rows[-1].append(mark)
        else:
            rows.append([mark])
    return [[_text(mark) for mark in sorted(row, key=lambda m: m.box.left)] for row in rows]


def lines(marks: Iterable[TextMark]) -> list[str]:
    """The screen's lines as drawn."""
    return [CELL_GAP.join(row) for row in cells(marks)]


def _text(mark: TextMark) -> str:
    drawn = mark.drawn.strip()
    if mark.struck:
        return "".join(character + STROKE for character in drawn)
    return drawn


@dataclass(frozen=True)
class Shown:
    """One picture's file name and the lines drawn on it."""

    name: str
    lines: tuple[str, ...]


def screens_text(shown: Sequence[Shown]) -> str:
    """``screens.txt``: each picture's name, then its lines, a blank line between them."""
    return "\n".join("\n".join((picture.name, *picture.lines)) + "\n" for picture in shown)
