"""Reading a screen's transcript back: its lines matched one by one against the shapes a
game's screens draw, and every number, seat and card in them compared with what the
engine holds. A line with a digit that no shape reads is itself a mismatch, so a number
added to a screen without being checked here fails the oracle."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from companion.cards import Card, Rank, Suit
from companion.ui.canvas import TextMark
from companion.ui.transcript import cells, lines

SEAT = r"P(\d+)"
NUMBER = r"[-+]?(?:\d+½|\d+|½)"
CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]"
# a hand as drawn: cards a space (or, squeezed, a thin space) apart, its first cards given
# way to an ellipsis when even that is too long
CARDS = rf"(?:…?{CARD}(?:[ \u2009]{CARD})*)"
DIGIT = re.compile(r"\d")
_RANKS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}


def seat_of(text: str) -> int:
    """The script's seat (from 0) of a label as drawn, or of its number (P1, 1: seat 0)."""
    return int(text.strip().removeprefix("P")) - 1


def money(text: str) -> Fraction:
    """An amount as drawn: 5, -3, +2, 1½, -½."""
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    half = Fraction(1, 2) if body.endswith("½") else Fraction(0)
    whole = body.rstrip("½")
    return sign * (Fraction(int(whole) if whole else 0) + half)


def cards_of(text: str) -> tuple[Card, ...]:
    """Cards as drawn (``10♠ Q♥``); "–" for none."""
    found: list[Card] = []
    for word in text.replace("…", " ").replace("\u2009", " ").split():
        if word == "–":
            continue
        rank_text, symbol = word[:-1], word[-1]
        rank = _RANKS.get(rank_text) or Rank(int(rank_text))
        suit = next(suit for suit in Suit if suit.symbol == symbol)
        found.append(Card(rank, suit))
    return tuple(found)


@dataclass
class Tally:
    """What the oracle read on a game's screens, and what it found wrong."""

    screens: int = 0
    numbers: int = 0
    mismatches: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.screens += other.screens
        self.numbers += other.numbers
        self.mismatches.extend(other.mismatches)


class Screen:
    """One drawn screen being read: its transcript's lines in order (the texts of a line
    two spaces apart); ``take`` reads the next line if it has a shape, ``expect``
    compares a value."""

    def __init__(self, marks: Sequence[TextMark], where: str, tally: Tally) -> None:
        self.rows = lines(marks)
        self.row_cells = cells(marks)
        self.where = where
        self.tally = tally
        self.position = 0
        tally.screens += 1

    @property
    def text(self) -> str:
        return " | ".join(self.rows)

    def peek(self) -> str | None:
        return self.rows[self.position] if self.position < len(self.rows) else None

    def take(self, pattern: str) -> re.Match[str] | None:
        """The next line, read by ``pattern`` (the whole line), or None if it differs."""
        row = self.peek()
        if row is None:
            return None
        found = re.fullmatch(pattern, row)
        if found is not None:
            self.position += 1
        return found

    def take_cells(self, pattern: str) -> list[re.Match[str]] | None:
        """The next line's texts, each read by ``pattern``, or None if one differs."""
        if self.position >= len(self.rows):
            return None
        found = [re.fullmatch(pattern, cell) for cell in self.row_cells[self.position]]
        if not all(found):
            return None
        self.position += 1
        return [match for match in found if match is not None]

    def must(self, pattern: str, what: str) -> re.Match[str] | None:
        found = self.take(pattern)
        if found is None:
            self.wrong(f"{what}: expected a line like {pattern!r}, found {self.peek()!r}")
        return found

    def skip_words(self) -> None:
        """Lines without a digit (a phase, an instruction) are words only."""
        while (row := self.peek()) is not None and not DIGIT.search(row):
            self.position += 1

    def expect(self, what: str, shown: object, wanted: object) -> None:
        self.tally.numbers += 1
        if shown != wanted:
            self.wrong(f"{what}: the screen shows {shown!r}, the engine holds {wanted!r}")

    def seat(self, what: str, shown: str, wanted: int | None) -> None:
        self.expect(what, seat_of(shown), wanted)

    def money(self, what: str, shown: str, wanted: Fraction | int | float) -> None:
        self.expect(what, money(shown), Fraction(wanted))

    def cards(self, what: str, shown: str, wanted: Sequence[Card]) -> None:
        """The cards drawn are the hand's (its last ones, after an ellipsis)."""
        self.tally.numbers += 1
        drawn = cards_of(shown)
        whole = tuple(wanted)
        if shown.startswith("…"):
            whole = whole[len(whole) - len(drawn) :] if len(drawn) < len(whole) else ()
        if drawn != whole:
            self.wrong(f"{what}: the screen shows {shown!r}, the engine holds {list(wanted)}")

    def wrong(self, problem: str) -> None:
        self.tally.mismatches.append(f"{self.where}: {problem} [{self.text}]")

    def finish(self) -> None:
        """Every line left with a digit was not read: a number nobody checks."""
        for row in self.rows[self.position :]:
            if DIGIT.search(row):
                self.wrong(f"a line the oracle cannot read: {row!r}")
        self.position = len(self.rows)
