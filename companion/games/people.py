"""People at the table: a person's name, and the names of a game's seats in seat order.

A game's options line may name its people (``people=Ania,Bartek,Celina,Dima``, seat 0
first); a game without names is played by P1..Pn as before. A name is one word of
letters (Latin, with the Polish ones, or Cyrillic), digits and, inside it, a hyphen, an
apostrophe or a dot: what the box's letter picker can type, what the screens' font
draws, and what never breaks the options line it is written in (no space, comma, ``=``
or ``#``). Two people of one game never share a name (letter case aside).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.games.errors import OptionError

PEOPLE_OPTION = "people"
NAME_SEPARATOR = ","
MAX_NAME_LENGTH = 12
# Marks a name may hold between its letters (Jean-Luc, O'Neil, St.John), never first.
INNER_MARKS = frozenset("-'.")
SCRIPTS = ("LATIN", "CYRILLIC")


class BadName(OptionError):
    """A name the box cannot keep, saying why."""


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a person's name, or None when it can."""
    if not text:
        return "a name is empty"
    if len(text) > MAX_NAME_LENGTH:
        return f'"{text}" is longer than {MAX_NAME_LENGTH} characters'
    if text[0] in INNER_MARKS:
        return f'"{text}" starts with "{text[0]}": a name starts with a letter or a digit'
    for character in text:
        if character.isdigit() and character.isascii():
            continue
        if character in INNER_MARKS:
            continue
        if not _is_letter(character):
            shown = "a space" if character.isspace() else f'"{character}"'
            return (
                f'"{text}" holds {shown}: a name is one word of Latin or Cyrillic letters, '
                "digits, and - ' . inside it"
            )
    return None


def _is_letter(character: str) -> bool:
    if not character.isalpha():
        return False
    return unicodedata.name(character, "").split(" ", 1)[0] in SCRIPTS


def check_name(text: str) -> str:
    """``text`` when it is a good name; ``BadName`` saying why when not."""
    problem = name_problem(text)
    if problem is not None:
        raise BadName(problem)
    return text


def same_name(first: str, second: str) -> bool:
    """Whether two names are one (letter case aside: Ania and ania are one person)."""
    return first.casefold() == second.casefold()


@dataclass(frozen=True)
class People:
    """The names of a game's seats, seat 0 first."""

    names: tuple[str, ...]

    def __post_init__(self) -> None:
        for name in self.names:
            check_name(name)
        seen: dict[str, str] = {}
        for name in self.names:
            key = name.casefold()
            if key in seen:
                raise BadName(f'"{name}" is named twice (as "{seen[key]}" too)')
            seen[key] = name

    @classmethod
    def parse(cls, text: str) -> People:
        """``Ania,Bartek,Celina``; ``BadName`` saying what is wrong."""
        return cls(tuple(text.split(NAME_SEPARATOR)))

    @classmethod
    def of(cls, names: Iterable[str]) -> People:
        return cls(tuple(names))

    def format(self) -> str:
        return NAME_SEPARATOR.join(self.names)

    def __str__(self) -> str:
        return self.format()

    def __len__(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def seat_of(self, name: str) -> int | None:
        """The seat of the person called ``name`` (letter case aside), or None."""
        for seat, known in enumerate(self.names):
            if same_name(known, name):
                return seat
        return None

    def check_seats(self, seats: int, game: str) -> None:
        """``BadName`` unless there is a name for each of the game's ``seats``."""
        if len(self.names) != seats:
            raise BadName(
                f'option "{PEOPLE_OPTION}": {len(self.names)} names for the {seats} seats '
                f"of {game} (name each seat once, seat 0 first, separated by commas)"
            )

    def rotated(self, steps: int = 1) -> People:
        """Everyone moved ``steps`` seats on (the person in the last seat to seat 0)."""
        if not self.names:
            return self
        cut = -(steps % len(self.names))
        return People(self.names[cut:] + self.names[:cut]) if cut else self


def parse_people_option(text: str) -> People:
    """The value of a ``people=`` option, its problem named as that option's."""
    try:
        return People.parse(text)
    except BadName as error:
        raise BadName(f'option "{PEOPLE_OPTION}": {error}') from None


def seat_names(people: People | None, seats: int) -> Sequence[str | None]:
    """Per seat its person's name, or None where the game names nobody."""
    if people is None:
        return (None,) * seats
    return people.names
