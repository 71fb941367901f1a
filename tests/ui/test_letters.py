"""The letter picker: a name from four buttons, in fewer than 40 presses."""

from __future__ import annotations

import pytest

from companion.games.people import MAX_NAME_LENGTH
from companion.tools.name_presses import NAMES, ROSTER, presses_for
from companion.ui.letters import (
    Alphabet,
    LetterPicker,
    Outcome,
    Refusal,
    RowKind,
    compose,
    press,
    recent_letters,
    refused,
    start,
)
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.values.language import Language
from tests.ui.test_fit import problems

OK = ButtonPress(Button.OK)
DOWN = ButtonPress(Button.DOWN)
UP = ButtonPress(Button.UP)
BACK = ButtonPress(Button.BACK)
SAVE = ButtonPress(Button.OK, PressKind.LONG)
GOAL = 40


def _play(presses: tuple[ButtonPress, ...], picker: LetterPicker) -> tuple[LetterPicker, Outcome]:
    outcome = Outcome.TYPING
    for pressed in presses:
        picker, outcome = press(picker, pressed)
    return picker, outcome


@pytest.mark.parametrize("roster", [(), ROSTER], ids=["new box", "roster"])
@pytest.mark.parametrize("name", NAMES)
def test_a_five_letter_name_takes_fewer_than_forty_presses(
    name: str, roster: tuple[str, ...]
) -> None:
    presses = presses_for(name, roster)
    picker, outcome = _play(presses, start(list(reversed(roster))))
    assert outcome is Outcome.SAVED and picker.text == name
    assert len(name) == 5 and len(presses) < GOAL


def test_each_part_of_a_name_starts_with_a_capital() -> None:
    for name in ("Jean-Luc", "O'Neil", "Łucja"):
        picker, outcome = _play(presses_for(name), start([]))
        assert (outcome, picker.text) == (Outcome.SAVED, name)


def test_the_letters_used_most_come_first_in_the_latest_names_alphabet() -> None:
    assert recent_letters(["Anna", "Ola"]) == ("A", "N", "O", "L")
    picker = start(["Маша", "Ola"])
    assert picker.alphabet is Alphabet.CYRILLIC
    assert picker.rows()[0].letters == ("А", "М", "Ш")  # the Latin ones are not offered
    assert [row.kind for row in picker.rows()[-2:]] == [RowKind.SWITCH, RowKind.SAVE]


def test_a_press_goes_round_the_end_and_a_hold_stops_there() -> None:
    picker = LetterPicker()
    last = len(picker.rows()) - 1
    assert press(picker, UP)[0].row == last
    assert press(picker, ButtonPress(Button.UP, PressKind.REPEAT))[0].row == 0


def test_back_takes_back_a_letter_then_leaves() -> None:
    picker, _ = _play((OK, DOWN, OK), LetterPicker())  # "Ą"
    assert picker.text == "Ą"
    picker, outcome = press(picker, BACK)
    assert (picker.text, outcome) == ("", Outcome.TYPING)
    assert press(picker, BACK)[1] is Outcome.LEFT
    assert press(LetterPicker(text="Ola"), ButtonPress(Button.BACK, PressKind.LONG))[1] is (
        Outcome.LEFT
    )


def test_what_cannot_be_a_name_is_refused_and_said() -> None:
    mark_row = next(n for n, row in enumerate(LetterPicker().rows()) if "-" in row.letters)
    mark = LetterPicker(row=mark_row, letter=LetterPicker().rows()[mark_row].letters.index("-"))
    assert press(mark, OK)[0].problem is Refusal.MARK_FIRST
    full = LetterPicker(text="A" * MAX_NAME_LENGTH, letter=0)
    after, _ = press(full, OK)
    assert after.problem is Refusal.TOO_LONG and after.text == full.text
    assert press(LetterPicker(), SAVE)[0].problem is Refusal.EMPTY
    assert press(after, DOWN)[0].problem is None  # said until the next press


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_every_picture_of_the_picker_fits(language: Language) -> None:
    pictures = [
        LetterPicker(),
        LetterPicker(text="Małgorzata", row=3),
        LetterPicker(text="Ola", row=2, letter=7),
        start(["Маша"]),
        LetterPicker(alphabet=Alphabet.CYRILLIC, row=6),
        LetterPicker(row=7),
        *(refused(LetterPicker(text="Ola"), refusal) for refusal in Refusal),
    ]
    for picker in pictures:
        assert problems(compose(picker, language, title="+")) == [], picker
