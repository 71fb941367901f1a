"""The roster on the box, edited with four buttons. Pure: a press in, the editor and the
change to journal out (the app journals it and gives the editor the new roster).

The list: "+ Add a name", then the names in the table's order. OK on "add" opens the
letter picker; OK on a name offers to move it (UP/DOWN carry it, OK puts it down) or to
remove it (asked first, the answer starting on "no"). BACK goes back a step, and from the
list leaves.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.games.roster import AddPerson, MovePerson, RemovePerson, Roster, RosterChange
from companion.ui import letters
from companion.ui.canvas import Sheet
from companion.ui.letters import LetterPicker, Refusal
from companion.ui.menus import draw
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.values.language import Language
from companion.words import say

ADD_ROW = 0  # the list's first row; the names follow


class Step(Enum):
    LIST = "list"
    ACTIONS = "actions"  # what to do with the name under the cursor
    MOVING = "moving"
    REMOVING = "removing"  # asked: remove it?
    TYPING = "typing"


class Action(Enum):
    MOVE = "move"
    REMOVE = "remove"


ACTIONS = tuple(Action)


@dataclass(frozen=True)
class RosterEditor:
    """``cursor``: the list's row (0: add; 1..: the names); ``choice``: the row of the
    actions or of the question; ``place``: where a name being moved would go."""

    step: Step = Step.LIST
    cursor: int = ADD_ROW
    choice: int = 0
    place: int = 0
    picker: LetterPicker | None = None


@dataclass(frozen=True)
class Edited:
    editor: RosterEditor
    change: RosterChange | None = None  # to journal
    left: bool = False  # the player left the roster


def _moved(at: int, count: int, pressed: ButtonPress) -> int:
    step = -1 if pressed.button is Button.UP else 1
    if pressed.kind is PressKind.REPEAT:
        return min(max(at + step, 0), count - 1)
    return (at + step) % count


def _is(pressed: ButtonPress, button: Button) -> bool:
    return pressed.button is button and pressed.kind is PressKind.SHORT


def press(editor: RosterEditor, roster: Roster, pressed: ButtonPress) -> Edited:
    """The editor after ``pressed`` on ``roster``, with the change it asks for."""
    names = roster.names
    cursor = min(editor.cursor, len(names))
    editor = dataclasses.replace(editor, cursor=cursor)
    if editor.step is Step.TYPING:
        return _typing(editor, roster, pressed)
    vertical = pressed.button in (Button.UP, Button.DOWN)
    if editor.step is Step.LIST:
        if vertical:
            return Edited(
                dataclasses.replace(editor, cursor=_moved(cursor, len(names) + 1, pressed))
            )
        if pressed.button is Button.BACK:
            return Edited(editor, left=True)
        if not _is(pressed, Button.OK):
            return Edited(editor)
        if cursor == ADD_ROW:
            latest_first = list(reversed(names))
            return Edited(
                dataclasses.replace(editor, step=Step.TYPING, picker=letters.start(latest_first))
            )
        return Edited(dataclasses.replace(editor, step=Step.ACTIONS, choice=0))
    name = names[cursor - 1] if cursor else ""
    if editor.step is Step.ACTIONS:
        if vertical:
            return Edited(
                dataclasses.replace(editor, choice=_moved(editor.choice, len(ACTIONS), pressed))
            )
        if pressed.button is Button.BACK:
            return Edited(dataclasses.replace(editor, step=Step.LIST))
        if not _is(pressed, Button.OK):
            return Edited(editor)
        if ACTIONS[editor.choice] is Action.MOVE:
            return Edited(dataclasses.replace(editor, step=Step.MOVING, place=cursor - 1))
        return Edited(dataclasses.replace(editor, step=Step.REMOVING, choice=0))
    if editor.step is Step.MOVING:
        if vertical:
            return Edited(
                dataclasses.replace(editor, place=_moved(editor.place, len(names), pressed))
            )
        if pressed.button is Button.BACK:
            return Edited(dataclasses.replace(editor, step=Step.LIST))
        if not _is(pressed, Button.OK):
            return Edited(editor)
        back = dataclasses.replace(editor, step=Step.LIST, cursor=editor.place + 1)
        if editor.place == cursor - 1:
            return Edited(back)
        return Edited(back, MovePerson(name, editor.place))
    # the question: remove the name? (0: no, 1: yes)
    if vertical:
        return Edited(dataclasses.replace(editor, choice=1 - editor.choice))
    if pressed.button is Button.BACK or (_is(pressed, Button.OK) and editor.choice == 0):
        return Edited(dataclasses.replace(editor, step=Step.LIST))
    if not _is(pressed, Button.OK):
        return Edited(editor)
    after = dataclasses.replace(editor, step=Step.LIST, cursor=min(cursor, len(names) - 1))
    return Edited(after, RemovePerson(name))


def _typing(editor: RosterEditor, roster: Roster, pressed: ButtonPress) -> Edited:
    assert editor.picker is not None
    picker, outcome = letters.press(editor.picker, pressed)
    if outcome is letters.Outcome.LEFT:
        return Edited(dataclasses.replace(editor, step=Step.LIST, picker=None))
    if outcome is letters.Outcome.TYPING:
        return Edited(dataclasses.replace(editor, picker=picker))
    if picker.text in roster:
        return Edited(dataclasses.replace(editor, picker=letters.refused(picker, Refusal.TAKEN)))
    added = dataclasses.replace(editor, step=Step.LIST, picker=None, cursor=len(roster.names) + 1)
    return Edited(added, AddPerson(picker.text))


# -- the picture ----------------------------------------------------------------------------


def compose(editor: RosterEditor, roster: Roster, language: Language) -> Sheet:
    names = roster.names
    if editor.step is Step.TYPING and editor.picker is not None:
        return letters.compose(editor.picker, language, title="+")
    sheet = draw.new_sheet()
    cursor = min(editor.cursor, len(names))
    name = names[cursor - 1] if cursor else ""
    if editor.step is Step.ACTIONS:
        rows = [draw.Row(say(f"people.{action.value}", language)) for action in ACTIONS]
        draw.menu(sheet, name, rows, editor.choice)
        return sheet
    if editor.step is Step.REMOVING:
        answers = [
            draw.Row(say("people.keep", language)),
            draw.Row(say("people.remove-it", language)),
        ]
        draw.menu(sheet, say("people.remove-title", language, name=name), answers, editor.choice)
        return sheet
    if editor.step is Step.MOVING:
        order = list(names)
        order.remove(name)
        order.insert(editor.place, name)
        rows = [draw.Row(f"{place + 1}. {who}") for place, who in enumerate(order)]
        draw.menu(sheet, say("people.moving", language, name=name), rows, editor.place)
        return sheet
    rows = [draw.Row(say("people.add", language))]
    rows += [draw.Row(f"{place + 1}. {who}") for place, who in enumerate(names)]
    draw.menu(sheet, say("people.title", language), rows, cursor)
    return sheet
