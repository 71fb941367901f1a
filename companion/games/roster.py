"""The box's roster: the names kept on the box to seat people with, in the order the
table set, and the box's own moves apart from any game (a name added, removed or moved;
a new evening begun).

Each move is a line, as a game's events are (``person add Ania``, ``person move Ania 0``,
``evening new``); the journal keeps the lines and the roster is the fold of them, so it
survives a power cut as a game does and a damaged journal gives back what it salvaged.
A move the roster cannot take (a name it has already, one it lacks) is refused with
why, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.games.errors import GameError
from companion.games.people import BadName, check_name, same_name

PERSON_WORD = "person"
EVENING_WORD = "evening"
BOX_WORDS = frozenset({PERSON_WORD, EVENING_WORD})
MAX_ROSTER = 40  # names kept at most: more than a box's buttons would scroll through


class RosterError(GameError):
    """A roster move that cannot be made, or a line that is no roster move."""


@dataclass(frozen=True)
class AddPerson:
    name: str

    def __str__(self) -> str:
        return f"{PERSON_WORD} add {self.name}"


@dataclass(frozen=True)
class RemovePerson:
    name: str

    def __str__(self) -> str:
        return f"{PERSON_WORD} remove {self.name}"


@dataclass(frozen=True)
class MovePerson:
    """``name`` to place ``to`` of the roster (counted from 0), the others closing up."""

    name: str
    to: int

    def __str__(self) -> str:
        return f"{PERSON_WORD} move {self.name} {self.to}"


@dataclass(frozen=True)
class NewEvening:
    """The table said a new evening begins: the next game opens it."""

    def __str__(self) -> str:
        return f"{EVENING_WORD} new"


RosterChange = AddPerson | RemovePerson | MovePerson
BoxMove = AddPerson | RemovePerson | MovePerson | NewEvening


def parse_box_move(line: str) -> BoxMove:
    """A box move from its line; ``RosterError`` saying what is wrong."""
    words = line.split()
    if words == [EVENING_WORD, "new"]:
        return NewEvening()
    if len(words) < 3 or words[0] != PERSON_WORD:
        raise RosterError(
            f'"{line}" is not a move of the box: "person add NAME", "person remove NAME", '
            '"person move NAME PLACE" or "evening new"'
        )
    verb, name, rest = words[1], words[2], words[3:]
    try:
        check_name(name)
    except BadName as error:
        raise RosterError(f'"{line}": {error}') from None
    if verb == "add" and not rest:
        return AddPerson(name)
    if verb == "remove" and not rest:
        return RemovePerson(name)
    if verb == "move" and len(rest) == 1 and rest[0].isdigit():
        return MovePerson(name, int(rest[0]))
    raise RosterError(f'"{line}": "person" takes add NAME, remove NAME or move NAME PLACE')


@dataclass(frozen=True)
class Roster:
    """The names on the box, in the table's order."""

    names: tuple[str, ...] = ()

    def index(self, name: str) -> int | None:
        for place, known in enumerate(self.names):
            if same_name(known, name):
                return place
        return None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.index(name) is not None

    def can(self, change: RosterChange) -> str | None:
        """Why ``change`` cannot be made, or None when it can."""
        if isinstance(change, AddPerson):
            if change.name in self:
                return f'"{change.name}" is on the roster already'
            if len(self.names) >= MAX_ROSTER:
                return f"the roster holds {MAX_ROSTER} names at most: remove one first"
            return None
        if change.name not in self:
            return f'"{change.name}" is not on the roster'
        if isinstance(change, MovePerson) and not 0 <= change.to < len(self.names):
            return f"place {change.to} is not on a roster of {len(self.names)} names"
        return None

    def changed(self, change: RosterChange) -> Roster:
        """The roster after ``change``; ``RosterError`` saying why it cannot be made."""
        problem = self.can(change)
        if problem is not None:
            raise RosterError(problem)
        if isinstance(change, AddPerson):
            return Roster((*self.names, change.name))
        place = self.index(change.name)
        assert place is not None
        rest = self.names[:place] + self.names[place + 1 :]
        if isinstance(change, RemovePerson):
            return Roster(rest)
        return Roster((*rest[: change.to], self.names[place], *rest[change.to :]))


@dataclass(frozen=True)
class RosterFold:
    """The roster the box's moves leave, and the moves it could not take (with why)."""

    roster: Roster
    skipped: tuple[tuple[str, str], ...]


def fold_roster(lines: Iterable[str]) -> RosterFold:
    """The roster from the box's move lines in order; an unreadable line or a move the
    roster refuses is skipped and named, never fatal (as a game's bad rows are)."""
    roster = Roster()
    skipped: list[tuple[str, str]] = []
    for line in lines:
        try:
            move = parse_box_move(line)
            if not isinstance(move, NewEvening):
                roster = roster.changed(move)
        except RosterError as error:
            skipped.append((line, str(error)))
    return RosterFold(roster, tuple(skipped))
