"""The shared frame of every screen: a title bar, body lines, seats, cards and amounts.

The 64 rows: a title bar (rows 0-11) and five body lines 10 pixels apart (baselines 21 to
61), enough for the accents of Polish capitals above and Cyrillic descenders below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from companion.cards import Card
from companion.games.people import People
from companion.ui.canvas import PAPER, WIDTH, Align, Pen, Sheet, TextMark, Weight, text_width
from companion.ui.legibility import LEFT_MARGIN, is_legible
from companion.ui.seat_names import SeatNames
from companion.values.language import Language

# the cards' words live with the other words; the screens take them from here too
from companion.words import card_text as card_text
from companion.words import rank_text as rank_text
from companion.words import say, seat_label, template

# The regular condensed face at 9 and 10 pixels draws 0 like D; its bold draws it round.
TITLE = Pen(9, Weight.BOLD)
BODY = Pen(9, Weight.BOLD)
BODY_BOLD = Pen(9, Weight.WIDE_BOLD)
SMALL = Pen(8)
BIG = Pen(11, Weight.BOLD)
HUGE = Pen(14, Weight.BOLD)

HEADER_BOTTOM = 11
HEADER_BASELINE = 9
FIRST_BASELINE = 21
LINE_PITCH = 10
BODY_LINES = 5
MARGIN = LEFT_MARGIN
# The right edge keeps one column of paper as before: a text ends there, none starts.
RIGHT = WIDTH - 2


def line(index: int) -> int:
    """The baseline of body line ``index`` (0 to 4)."""
    return FIRST_BASELINE + LINE_PITCH * index


def header(sheet: Sheet, title: str, right: str = "") -> None:
    """The inverted title bar: ``title`` on the left, ``right`` (a trump, the bank) on the
    right."""
    sheet.box(0, 0, WIDTH - 1, HEADER_BOTTOM, filled=True)
    room = RIGHT - MARGIN
    if right:
        mark = sheet.text((RIGHT, HEADER_BASELINE), right, TITLE, align=Align.RIGHT, fill=PAPER)
        room = mark.box.left - 4 - MARGIN
    sheet.text((MARGIN, HEADER_BASELINE), title, TITLE, max_width=room, fill=PAPER)


def left_right(
    sheet: Sheet,
    baseline: int,
    left: str,
    right: str,
    pen: Pen = BODY,
    *,
    right_pen: Pen | None = None,
) -> None:
    """A body line with text at both ends (a label and its amount)."""
    mark = sheet.text((RIGHT, baseline), right, right_pen or pen, align=Align.RIGHT)
    sheet.text((MARGIN, baseline), left, pen, max_width=mark.box.left - 3 - MARGIN)


def stake_line(
    sheet: Sheet,
    baseline: int,
    label: str,
    low: int,
    high: int,
    chosen: int | None,
    *,
    zero: str | None = None,
) -> None:
    """What is being named (a bank, a stake), its limits, and the amount the buttons have
    reached, large on the right; ``zero``, what a chosen 0 means, on the line under them."""
    limits = f"{low}–{high}"
    if chosen is None:
        left_right(sheet, baseline, label, limits)
        return
    mark = sheet.text((RIGHT, baseline + 4), str(chosen), HUGE, align=Align.RIGHT)
    room = mark.box.left - 4 - MARGIN
    sheet.text((MARGIN, baseline - 1), label, BODY, max_width=room)
    sheet.text((MARGIN, baseline + 8), limits, SMALL, max_width=room)
    if chosen == 0 and zero is not None:
        sheet.text((MARGIN, baseline + 2 * LINE_PITCH), zero, BODY)


def centred(sheet: Sheet, baseline: int, text: str, pen: Pen = BODY) -> TextMark:
    return sheet.text((WIDTH // 2, baseline), text, pen, align=Align.CENTRE)


def cards_text(cards: Sequence[Card], language: Language) -> str:
    return " ".join(card_text(card, language) for card in cards)


def fit_cards(cards: Sequence[Card], language: Language, pen: Pen, room: int) -> str:
    """The cards a space apart, in ``pen``; where they do not fit in ``room`` pixels, the
    last of them after an ellipsis (the newest cards matter; the total says the rest)."""
    words = [card_text(card, language) for card in cards]
    kept = list(words)
    while len(kept) > 1 and text_width(("…" if kept != words else "") + " ".join(kept), pen) > room:
        kept.pop(0)
    return ("…" if kept != words else "") + " ".join(kept)


def seat(number: int, language: Language) -> str:
    return seat_label(number, language, short=True)


def table_names(people: People | None, language: Language) -> SeatNames:
    """The seats as this game's screens call them: the people's names, or the language's
    P1..Pn where the game names nobody."""
    return SeatNames(people, unnamed=template("common.seat_short", language))


def named(
    names: SeatNames,
    number: int,
    pen: Pen,
    room: int,
    said: Callable[[str], str] = str,
) -> str:
    """``said(name)`` for the longest form of the seat's name whose whole text fits
    ``room`` pixels in ``pen`` (its shortest form where none does). A name whose small
    letters the pen draws too small to read is written in capitals."""
    forms = [form if is_legible(form, pen) else form.upper() for form in names.forms(number)]
    for form in forms:
        text = said(form)
        if text_width(text, pen) <= room:
            return text
    return said(forms[-1])


def amount(value: int | float | Fraction) -> str:
    """Money as the table counts it: whole chips, or with a half chip as ½."""
    fraction = Fraction(value).limit_denominator(2)
    if fraction.denominator == 1:
        return str(int(fraction))
    sign = "-" if fraction < 0 else ""
    whole = int(abs(fraction))
    return f"{sign}{whole or ''}½"


def signed(value: int | float) -> str:
    """A change of money or score: +5, -3, 0."""
    text = amount(abs(value))
    if value > 0:
        return "+" + text
    if value < 0:
        return "-" + text
    return text


def cells(
    sheet: Sheet,
    first_line: int,
    texts: Sequence[str],
    *,
    per_line: int = 4,
    pen: Pen = BODY,
    highlight: int | None = None,
) -> int:
    """Short texts (a seat and its number) in columns, ``per_line`` to a line, from body
    line ``first_line``; ``highlight`` inverts one of them. Returns the next free line."""
    width = WIDTH // per_line
    for index, text in enumerate(texts):
        row, column = divmod(index, per_line)
        x = column * width + MARGIN
        # A cell too wide for its pen (a three-digit amount) steps down to the small face.
        fits_pen = text_width(text, pen) <= width - 2
        cell_pen = pen if fits_pen or text_width(text, SMALL) > width - 2 else SMALL
        mark = sheet.text((x, line(first_line + row)), text, cell_pen, max_width=width - 2)
        if index == highlight:
            sheet.invert(
                max(mark.box.left - 1, 0),
                mark.box.top,
                min(mark.box.right, WIDTH - 1),
                mark.box.bottom,
            )
    rows = -(-len(texts) // per_line)
    return first_line + rows


def seat_texts(
    names: SeatNames, seats: Sequence[tuple[int, str]], pen: Pen, *, per_line: int
) -> list[str]:
    """A seat's name and what follows it (its score, its bid), each fitted to its cell of
    ``cells``."""
    room = WIDTH // per_line - 2
    return [named(names, number, pen, room, followed_by(rest)) for number, rest in seats]


def followed_by(rest: str) -> Callable[[str], str]:
    """A name and ``rest`` after a space."""
    return lambda who: f"{who} {rest}"


def balances_page(
    sheet: Sheet,
    language: Language,
    balances: Sequence[tuple[int, int | float]],
    banker: int | None,
    right: str,
    names: SeatNames,
) -> int:
    """Every seat's money, the banker's cell inverted; the number of lines it took."""
    header(sheet, say("common.balances", language), right)
    wide = len(balances) <= 2 * BODY_LINES
    highlight = None if banker is None else [n for n, _ in balances].index(banker)
    # Past ten seats, three to a line in the small face.
    per_line, pen = (2, BODY) if wide else (3, SMALL)
    money = [(number, signed(value)) for number, value in balances]
    texts = seat_texts(names, money, pen, per_line=per_line)
    cells(sheet, 0, texts, per_line=per_line, pen=pen, highlight=highlight)
    return -(-len(texts) // per_line)


def wrap(text: str, pen: Pen, width: int, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of ``width`` pixels; words
    that do not fit any more are left off (the caller draws the last line shortened)."""
    rows: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if text_width(candidate, pen) <= width or not current:
            current = candidate
            continue
        rows.append(current)
        current = word
        if len(rows) == lines:
            break
    if len(rows) < lines and current:
        rows.append(current)
    elif len(rows) == lines and current and rows[-1] != current:
        rows[-1] = f"{rows[-1]} {current} …"
    return rows


THIN_SPACE = "\u2009"


def hand_line(
    sheet: Sheet,
    baseline: int,
    cards: Sequence[Card],
    total: str,
    language: Language,
    *,
    prefix: str = "",
) -> None:
    """A hand's cards on the left and its total on the right. A long hand (eight small
    cards at Oczko) steps down to the small face, then to thin spaces; past that its first
    cards give way to an ellipsis, since the total says what matters."""
    mark = sheet.text((RIGHT, baseline), total, BODY_BOLD, align=Align.RIGHT)
    room = (mark.box.left if total else RIGHT) - 4 - MARGIN
    words = [card_text(card, language) for card in cards] or ["–"]
    lead = f"{prefix} " if prefix else ""
    for pen, space in ((BODY, " "), (SMALL, " "), (SMALL, THIN_SPACE)):
        text = lead + space.join(words)
        if text_width(text, pen) <= room:
            sheet.text((MARGIN, baseline), text, pen)
            return
    kept = list(words)
    while len(kept) > 1 and text_width(lead + "…" + THIN_SPACE.join(kept), SMALL) > room:
        kept.pop(0)
    sheet.text((MARGIN, baseline), lead + "…" + THIN_SPACE.join(kept), SMALL, may_shorten=True)


LINE_ROOM = RIGHT - MARGIN
# what a label beside a large chosen amount (stake_line) may take
LABEL_ROOM = LINE_ROOM - 44


def about(
    names: SeatNames,
    number: int,
    language: Language,
    key: str,
    *,
    pen: Pen = BODY,
    room: int = LINE_ROOM,
    **values: object,
) -> str:
    """The words of ``key`` about a seat, its name in the longest form the room holds."""
    return named(names, number, pen, room, lambda who: say(key, language, seat=who, **values))
