"""How the screens call the seats: P1..Pn, or the people's names where the game names
them, each in the longest form that fits where it is drawn.

A name's forms, longest first: the name, the name cut short with a dot ("Barte.",
"Bart."), and its shortest part no other name of the table starts with (an initial:
"B"); where two names share their first letters, the initial and the seat's number
("B2"). Every form of a seat is told apart from every form of another, so a screen never
leaves the table guessing who is meant.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from companion.games.people import People
from companion.ui.canvas import Pen, text_width

CUT = "."
MIN_CUT = 2  # letters kept before the dot of a cut name
LONGEST_INITIAL = 2  # letters that tell two names apart before the seat's number is used


@dataclass(frozen=True)
class SeatNames:
    """The seats of one game as the screens call them (``people`` None: P1..Pn)."""

    people: People | None = None
    unnamed: str = "P{number}"  # the language's word for an unnamed seat: P1, G1, И1

    def full(self, seat: int) -> str:
        if self.people is None:
            return self.unnamed.format(number=seat + 1)
        return self.people.name(seat)

    def forms(self, seat: int) -> tuple[str, ...]:
        """The seat's names, longest first."""
        return self._forms[seat] if self.people is not None else (self.full(seat),)

    def fit(self, seat: int, pen: Pen, room: int) -> str:
        """The longest form of the seat's name no wider than ``room`` pixels in ``pen`` (the
        shortest where none is)."""
        forms = self.forms(seat)
        return next((form for form in forms if text_width(form, pen) <= room), forms[-1])

    def shortest(self, seat: int) -> str:
        return self.forms(seat)[-1]

    def seat_of(self, said: str) -> int | None:
        """The seat a form names, or None (for readers of the screens)."""
        if self.people is None:
            for seat in range(99):
                if self.full(seat) == said:
                    return seat
            return None
        for seat, forms in enumerate(self._forms):
            if said in forms:
                return seat
        return None

    @cached_property
    def _forms(self) -> tuple[tuple[str, ...], ...]:
        assert self.people is not None
        names = self.people.names
        return tuple(_forms_of(seat, names) for seat in range(len(names)))


def _forms_of(seat: int, names: tuple[str, ...]) -> tuple[str, ...]:
    name = names[seat]
    others = [other.casefold() for index, other in enumerate(names) if index != seat]
    unique = next(
        (
            length
            for length in range(1, len(name) + 1)
            if not any(other.startswith(name[:length].casefold()) for other in others)
        ),
        len(name),
    )
    forms = [name]
    for length in range(len(name) - 1, max(unique, MIN_CUT) - 1, -1):
        forms.append(name[:length] + CUT)
    if unique <= LONGEST_INITIAL:
        if unique < len(name):
            forms.append(name[:unique])
    else:
        forms.append(f"{name[0]}{seat + 1}")
    return tuple(dict.fromkeys(forms))
