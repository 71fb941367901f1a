"""Who sits where in the game about to start, chosen with four buttons. Pure.

It offers, cursor on the first: the last game's people in their seats (one press keeps
them), the same people each moved a seat on, names chosen seat by seat from the roster
(each seat starting on who sat there last), or no names (P1..Pn). Choosing seat by seat,
UP/DOWN go through the roster's names not seated yet, OK seats one and goes to the next
seat, BACK goes back a seat.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from companion.games.people import People
from companion.games.roster import Roster
from companion.ui.canvas import Sheet, text_width
from companion.ui.menus import draw
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.seat_names import SeatNames
from companion.values.language import Language
from companion.words import say, seat_label


class Choice(Enum):
    KEEP = "keep"
    ROTATE = "rotate"
    CHOOSE = "choose"
    UNNAMED = "unnamed"


@dataclass(frozen=True)
class Seating:
    """``seats``: the new game's; ``last``: the last game's people; ``cursor``: the row of
    the choices; ``chosen``: the names seated so far while choosing seat by seat (None:
    not choosing); ``pick``: the roster name under the cursor for the next seat."""

    seats: int
    last: People | None
    roster: Roster
    cursor: int = 0
    chosen: tuple[str, ...] | None = None
    pick: int = 0

    def choices(self) -> tuple[Choice, ...]:
        same = self.last is not None and len(self.last) == self.seats
        found = [Choice.KEEP, Choice.ROTATE] if same else []
        if len(self.roster.names) >= self.seats:
            found.append(Choice.CHOOSE)
        return (*found, Choice.UNNAMED)

    def candidates(self) -> tuple[str, ...]:
        """The roster's names not seated yet (choosing seat by seat)."""
        taken = {name.casefold() for name in self.chosen or ()}
        return tuple(name for name in self.roster.names if name.casefold() not in taken)


class Outcome(Enum):
    CHOOSING = "choosing"
    SEATED = "seated"  # ``people`` says who (None: no names)
    LEFT = "left"


@dataclass(frozen=True)
class Seated:
    seating: Seating
    outcome: Outcome = Outcome.CHOOSING
    people: People | None = None


def start(seats: int, last: People | None, roster: Roster) -> Seating:
    return Seating(seats, last, roster)


def _moved(at: int, count: int, pressed: ButtonPress) -> int:
    step = -1 if pressed.button is Button.UP else 1
    if pressed.kind is PressKind.REPEAT:
        return min(max(at + step, 0), count - 1)
    return (at + step) % count


def _first_pick(seating: Seating, chosen: tuple[str, ...]) -> int:
    """Where the cursor starts for the next seat: on who sat there last, if free."""
    at = dataclasses.replace(seating, chosen=chosen)
    candidates = at.candidates()
    seat = len(chosen)
    if seating.last is not None and seat < len(seating.last):
        before = seating.last.name(seat).casefold()
        for index, name in enumerate(candidates):
            if name.casefold() == before:
                return index
    return 0


def press(seating: Seating, pressed: ButtonPress) -> Seated:
    vertical = pressed.button in (Button.UP, Button.DOWN)
    short_ok = pressed.button is Button.OK and pressed.kind is PressKind.SHORT
    if seating.chosen is not None:
        return _choosing(seating, seating.chosen, pressed, vertical=vertical, ok=short_ok)
    choices = seating.choices()
    cursor = min(seating.cursor, len(choices) - 1)
    if vertical:
        return Seated(dataclasses.replace(seating, cursor=_moved(cursor, len(choices), pressed)))
    if pressed.button is Button.BACK:
        return Seated(seating, Outcome.LEFT)
    if not short_ok:
        return Seated(seating)
    choice = choices[cursor]
    if choice is Choice.KEEP:
        return Seated(seating, Outcome.SEATED, seating.last)
    if choice is Choice.ROTATE:
        assert seating.last is not None
        return Seated(seating, Outcome.SEATED, seating.last.rotated())
    if choice is Choice.UNNAMED:
        return Seated(seating, Outcome.SEATED, None)
    return Seated(dataclasses.replace(seating, chosen=(), pick=_first_pick(seating, ())))


def _choosing(
    seating: Seating, chosen: tuple[str, ...], pressed: ButtonPress, *, vertical: bool, ok: bool
) -> Seated:
    candidates = seating.candidates()
    if vertical:
        return Seated(
            dataclasses.replace(seating, pick=_moved(seating.pick, len(candidates), pressed))
        )
    if pressed.button is Button.BACK:
        if not chosen:
            return Seated(dataclasses.replace(seating, chosen=None))
        back = chosen[:-1]
        return Seated(dataclasses.replace(seating, chosen=back, pick=_first_pick(seating, back)))
    if not ok:
        return Seated(seating)
    seated = (*chosen, candidates[min(seating.pick, len(candidates) - 1)])
    if len(seated) == seating.seats:
        return Seated(seating, Outcome.SEATED, People.of(seated))
    return Seated(dataclasses.replace(seating, chosen=seated, pick=_first_pick(seating, seated)))


# -- the picture ----------------------------------------------------------------------------

# A menu row's room for its label: the screen less its margins and a scroll bar.
ROW_ROOM = draw.RIGHT - draw.MARGIN - 1 - draw.SCROLL_BAR - 1


def _kept_names(people: People, language: Language) -> str:
    """The last game's people in one row: the widest name cut a step at a time (a dot,
    then its initial) until the row fits, so that every seat still shows."""
    names = SeatNames(people)
    forms = [names.forms(seat) for seat in range(len(people))]
    chosen = [0] * len(forms)

    def row() -> str:
        shown = ", ".join(form[at] for form, at in zip(forms, chosen, strict=True))
        return say("seating.keep", language, names=shown)

    while text_width(row(), draw.BODY) > ROW_ROOM:
        shorter = [seat for seat, form in enumerate(forms) if chosen[seat] < len(form) - 1]
        if not shorter:
            break
        widest = max(shorter, key=lambda seat: text_width(forms[seat][chosen[seat]], draw.BODY))
        chosen[widest] += 1
    return row()


def choice_label(seating: Seating, choice: Choice, language: Language) -> str:
    if choice is Choice.KEEP and seating.last is not None:
        return _kept_names(seating.last, language)
    if choice is Choice.UNNAMED:
        return say(
            "seating.unnamed", language, last=seat_label(seating.seats - 1, language, short=True)
        )
    return say(f"seating.{choice.value}", language)


def compose(seating: Seating, language: Language) -> Sheet:
    sheet = draw.new_sheet()
    if seating.chosen is None:
        choices = seating.choices()
        rows = [
            draw.Row(choice_label(seating, choice, language), may_shorten=choice is Choice.KEEP)
            for choice in choices
        ]
        draw.menu(sheet, say("seating.title", language), rows, min(seating.cursor, len(rows) - 1))
        return sheet
    seat = len(seating.chosen)
    rows = [draw.Row(name) for name in seating.candidates()]
    title = say("seating.seat", language, seat=seat_label(seat, language, short=True))
    draw.menu(sheet, title, rows, min(seating.pick, len(rows) - 1))
    return sheet
