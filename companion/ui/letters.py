"""The letter picker: a name typed with four buttons. Pure: a press in, the picker out.

The letters stand in rows of eight (Latin with the Polish letters, or Cyrillic), under
a row of the letters used lately on this box and over a row that switches the alphabet
and one that saves the name. UP and DOWN choose a row, OK opens it; in a row UP and DOWN
choose a letter (a short press goes round the end, a held one stops there) and OK adds
it, back to the first row. BACK takes back the last letter (in a row: back to the rows;
with no letter: leaves); a long OK saves, a long BACK leaves. A name starts with a
capital, and so does each part after a hyphen, an apostrophe or a dot; the rest are
small letters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.games.people import INNER_MARKS, MAX_NAME_LENGTH, name_problem
from companion.ui.canvas import WIDTH, Align, Sheet
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.screens.layout import BODY, BODY_LINES, MARGIN, RIGHT, header, line, wrap
from companion.values.language import Language
from companion.words import say

ROW_LENGTH = 8
RECENT_LETTERS = ROW_LENGTH
CURSOR = "_"


class Alphabet(Enum):
    LATIN = "latin"
    CYRILLIC = "cyrillic"


def _rows(letters: str) -> tuple[tuple[str, ...], ...]:
    items = letters.split()
    return tuple(tuple(items[at : at + ROW_LENGTH]) for at in range(0, len(items), ROW_LENGTH))


# The table's letters in their alphabets' order; the marks a name may hold inside it last.
LETTER_ROWS: dict[Alphabet, tuple[tuple[str, ...], ...]] = {
    Alphabet.LATIN: _rows(
        "A Ą B C Ć D E Ę F G H I J K L Ł M N Ń O Ó P Q R S Ś T U V W X Y Z Ź Ż - ' ."
    ),
    Alphabet.CYRILLIC: _rows(
        "А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я І Ї Є Ґ - ' ."
    ),
}


class RowKind(Enum):
    LETTERS = "letters"
    SWITCH = "switch"  # the other alphabet
    SAVE = "save"


@dataclass(frozen=True)
class PickerRow:
    kind: RowKind
    letters: tuple[str, ...] = ()


class Refusal(Enum):
    """Why the picker did not take the last press (shown until the next one)."""

    TOO_LONG = "too-long"  # the name has MAX_NAME_LENGTH letters already
    MARK_FIRST = "mark-first"  # a hyphen, an apostrophe or a dot cannot start a name
    EMPTY = "empty"  # nothing to save
    TAKEN = "taken"  # the caller's: the roster has that name already


class Outcome(Enum):
    TYPING = "typing"
    SAVED = "saved"  # ``LetterPicker.text`` is the name
    LEFT = "left"  # nothing saved


@dataclass(frozen=True)
class LetterPicker:
    """The name so far; the alphabet shown; the letters used lately (most recent first,
    as capitals); the row under the cursor, and the letter in it while one is being
    chosen (None: a row is being chosen); why the last press was refused."""

    text: str = ""
    alphabet: Alphabet = Alphabet.LATIN
    recent: tuple[str, ...] = ()
    row: int = 0
    letter: int | None = None
    problem: Refusal | None = None

    def rows(self) -> tuple[PickerRow, ...]:
        own = set(letter for row in LETTER_ROWS[self.alphabet] for letter in row)
        recent = tuple(letter for letter in self.recent if letter in own)[:RECENT_LETTERS]
        found = [PickerRow(RowKind.LETTERS, recent)] if recent else []
        found += [PickerRow(RowKind.LETTERS, row) for row in LETTER_ROWS[self.alphabet]]
        return (*found, PickerRow(RowKind.SWITCH), PickerRow(RowKind.SAVE))


def recent_letters(names: Sequence[str]) -> tuple[str, ...]:
    """The letters of ``names`` (the latest name first) as capitals, each once: the ones
    they use most first, and of those the ones used latest."""
    count: dict[str, int] = {}
    for name in names:
        for character in name:
            if character.isalpha():
                count[character.upper()] = count.get(character.upper(), 0) + 1
    order = {letter: place for place, letter in enumerate(count)}
    return tuple(sorted(count, key=lambda letter: (-count[letter], order[letter])))


def start(names_lately: Sequence[str]) -> LetterPicker:
    """A picker for a new name, the letters of ``names_lately`` (latest first) on top, in
    the alphabet of the latest of them (a Russian table types Cyrillic names)."""
    recent = recent_letters(names_lately)
    return LetterPicker(
        alphabet=alphabet_of(recent[0]) if recent else Alphabet.LATIN, recent=recent
    )


def alphabet_of(letter: str) -> Alphabet:
    for alphabet, rows in LETTER_ROWS.items():
        if any(letter.upper() in row for row in rows):
            return alphabet
    return Alphabet.LATIN


def cased(text: str, letter: str) -> str:
    """``letter`` as it is written after ``text``: a capital to start a name or a part."""
    if not text or text[-1] in INNER_MARKS:
        return letter.upper()
    return letter.lower()


def _moved(at: int, count: int, press: ButtonPress) -> int:
    """UP back, DOWN on; a short press goes round the end, a held one stops there."""
    step = -1 if press.button is Button.UP else 1
    if press.kind is PressKind.REPEAT:
        return min(max(at + step, 0), count - 1)
    return (at + step) % count


def press(picker: LetterPicker, pressed: ButtonPress) -> tuple[LetterPicker, Outcome]:
    """The picker after ``pressed``, and whether the name was saved or left."""
    picker = dataclasses.replace(picker, problem=None)
    long = pressed.kind is PressKind.LONG
    if pressed.button is Button.BACK and long:
        return picker, Outcome.LEFT
    if pressed.button is Button.OK and long:
        return _save(picker)
    if picker.letter is not None:
        return _in_row(picker, pressed), Outcome.TYPING
    rows = picker.rows()
    if pressed.button in (Button.UP, Button.DOWN):
        return dataclasses.replace(
            picker, row=_moved(picker.row, len(rows), pressed)
        ), Outcome.TYPING
    if pressed.button is Button.BACK:
        if not picker.text:
            return picker, Outcome.LEFT
        return dataclasses.replace(picker, text=picker.text[:-1]), Outcome.TYPING
    chosen = rows[picker.row]
    if chosen.kind is RowKind.SAVE:
        return _save(picker)
    if chosen.kind is RowKind.SWITCH:
        other = Alphabet.CYRILLIC if picker.alphabet is Alphabet.LATIN else Alphabet.LATIN
        return dataclasses.replace(picker, alphabet=other, row=0), Outcome.TYPING
    return dataclasses.replace(picker, letter=0), Outcome.TYPING


def _in_row(picker: LetterPicker, pressed: ButtonPress) -> LetterPicker:
    assert picker.letter is not None
    letters = picker.rows()[picker.row].letters
    if pressed.button in (Button.UP, Button.DOWN):
        return dataclasses.replace(picker, letter=_moved(picker.letter, len(letters), pressed))
    if pressed.button is Button.BACK:
        return dataclasses.replace(picker, letter=None)
    letter = letters[picker.letter]
    if len(picker.text) >= MAX_NAME_LENGTH:
        return dataclasses.replace(picker, letter=None, problem=Refusal.TOO_LONG)
    if not picker.text and letter in INNER_MARKS:
        return dataclasses.replace(picker, letter=None, problem=Refusal.MARK_FIRST)
    text = picker.text + cased(picker.text, letter)
    return dataclasses.replace(picker, text=text, letter=None, row=0)


def _save(picker: LetterPicker) -> tuple[LetterPicker, Outcome]:
    if not picker.text:
        return dataclasses.replace(picker, problem=Refusal.EMPTY, letter=None), Outcome.TYPING
    # the picker offers nothing a name may not hold; a name is checked again where kept
    assert name_problem(picker.text) is None, picker.text
    return picker, Outcome.SAVED


def refused(picker: LetterPicker, refusal: Refusal) -> LetterPicker:
    """The picker saying why the caller did not take its name (it is on the roster)."""
    return dataclasses.replace(picker, problem=refusal, letter=None)


# -- the picture ----------------------------------------------------------------------------


def compose(picker: LetterPicker, language: Language, *, title: str = "") -> Sheet:
    """The name so far in the title bar, and the rows around the cursor's."""
    sheet = Sheet()
    header(sheet, (title + " " if title else "") + picker.text + CURSOR)
    if picker.problem is not None:
        _problem(sheet, picker.problem, language)
        return sheet
    rows = picker.rows()
    top = max(0, min(picker.row - BODY_LINES // 2, len(rows) - BODY_LINES))
    for index, row in enumerate(rows[top : top + BODY_LINES]):
        _row(sheet, picker, row, line(index), chosen=top + index == picker.row, language=language)
    return sheet


def _row(
    sheet: Sheet,
    picker: LetterPicker,
    row: PickerRow,
    baseline: int,
    *,
    chosen: bool,
    language: Language,
) -> None:
    if row.kind is not RowKind.LETTERS:
        key = "letters.save" if row.kind is RowKind.SAVE else f"letters.to-{_other(picker).value}"
        sheet.text((MARGIN + 1, baseline), say(key, language), BODY)
        if chosen:
            sheet.invert(0, baseline - 8, RIGHT + 1, baseline + 1)
        return
    column = (RIGHT - MARGIN) // ROW_LENGTH
    for index, letter in enumerate(row.letters):
        centre = MARGIN + column * index + column // 2
        sheet.text((centre, baseline), letter, BODY, align=Align.CENTRE)
        if chosen and picker.letter == index:
            sheet.invert(centre - column // 2, baseline - 9, centre + column // 2 - 1, baseline + 1)
    if chosen and picker.letter is None:
        sheet.invert(0, baseline - 8, WIDTH - 1, baseline + 1)


def _other(picker: LetterPicker) -> Alphabet:
    return Alphabet.CYRILLIC if picker.alphabet is Alphabet.LATIN else Alphabet.LATIN


def _problem(sheet: Sheet, refusal: Refusal, language: Language) -> None:
    words = say(f"letters.{refusal.value}", language, most=MAX_NAME_LENGTH)
    for index, text in enumerate(wrap(words, BODY, RIGHT - MARGIN, BODY_LINES - 1)):
        sheet.text((MARGIN, line(index)), text, BODY, max_width=RIGHT - MARGIN, may_shorten=True)
    sheet.text((MARGIN, line(BODY_LINES - 1)), say("letters.go-on", language), BODY)
