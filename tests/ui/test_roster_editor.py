"""The roster edited with four buttons: add (the letter picker), move, remove (asked)."""

from __future__ import annotations

import pytest

from companion.games.roster import AddPerson, MovePerson, RemovePerson, Roster, RosterChange
from companion.tools.name_presses import presses_for
from companion.ui.letters import Refusal
from companion.ui.presses import Button, ButtonPress
from companion.ui.roster_editor import Edited, RosterEditor, Step, compose, press
from companion.values.language import Language
from tests.ui.test_fit import problems

OK, UP, DOWN, BACK = (ButtonPress(b) for b in (Button.OK, Button.UP, Button.DOWN, Button.BACK))
ROSTER = Roster(("Ania", "Bartek", "Celina"))


def _play(
    roster: Roster, presses: list[ButtonPress], editor: RosterEditor | None = None
) -> tuple[Roster, RosterEditor, list[RosterChange], Edited]:
    """Press through the editor, the roster taking each change it asks for (as the app
    journals it)."""
    editor = editor or RosterEditor()
    changes: list[RosterChange] = []
    edited = Edited(editor)
    for pressed in presses:
        edited = press(editor, roster, pressed)
        editor = edited.editor
        if edited.change is not None:
            changes.append(edited.change)
            roster = roster.changed(edited.change)
    return roster, editor, changes, edited


def test_a_name_is_added_with_the_letter_picker() -> None:
    typed = list(presses_for("Ola", ROSTER.names))
    roster, editor, changes, _ = _play(ROSTER, [OK, *typed])
    assert changes == [AddPerson("Ola")]
    assert roster.names == ("Ania", "Bartek", "Celina", "Ola")
    assert editor.step is Step.LIST and editor.cursor == 4  # on the new name


def test_a_name_on_the_roster_already_is_refused_and_said() -> None:
    _, editor, changes, _ = _play(ROSTER, [OK, *presses_for("Ania", ROSTER.names)])
    assert changes == [] and editor.picker is not None
    assert editor.picker.problem is Refusal.TAKEN


def test_a_name_is_moved_up_and_down() -> None:
    # Celina (row 3): OK, "move", UP twice, OK: she is first
    roster, editor, changes, _ = _play(ROSTER, [DOWN, DOWN, DOWN, OK, OK, UP, UP, OK])
    assert changes == [MovePerson("Celina", 0)]
    assert roster.names == ("Celina", "Ania", "Bartek") and editor.cursor == 1


def test_a_name_is_removed_only_when_the_answer_is_yes() -> None:
    kept, _, changes, _ = _play(ROSTER, [DOWN, DOWN, OK, DOWN, OK, OK])  # the answer "no"
    assert changes == [] and kept == ROSTER
    roster, editor, changes, _ = _play(ROSTER, [DOWN, DOWN, OK, DOWN, OK, DOWN, OK])
    assert changes == [RemovePerson("Bartek")] and roster.names == ("Ania", "Celina")
    assert editor.step is Step.LIST


def test_back_goes_back_a_step_and_leaves_from_the_list() -> None:
    *_, edited = _play(ROSTER, [DOWN, OK, BACK])
    assert edited.editor.step is Step.LIST and not edited.left
    assert _play(ROSTER, [BACK])[3].left


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_every_picture_fits(language: Language) -> None:
    roster = Roster(("Małgorzata", "Александра", "Bartłomiej", "Ola", "Przemysław", "Kuba"))
    editors = [
        RosterEditor(),
        RosterEditor(cursor=5),
        RosterEditor(step=Step.ACTIONS, cursor=2, choice=1),
        RosterEditor(step=Step.REMOVING, cursor=2),
        RosterEditor(step=Step.MOVING, cursor=2, place=4),
    ]
    for editor in editors:
        assert problems(compose(editor, roster, language)) == [], editor
