"""The table's people and evening: the roster as the journal's box moves leave it (each
change journaled before it is shown), a new evening marked, the last game's people, and
the evening now for the box's own page."""

from __future__ import annotations

from companion.games.errors import OptionError
from companion.games.evening import Evening
from companion.games.people import People
from companion.games.roster import NewEvening, Roster, RosterChange, RosterError
from companion.games.spec import GameSpec
from companion.journal.evenings import EveningBook, new_evening_marks, roster
from companion.journal.store import Journal


class PeopleDesk:
    """Used from the table's thread only, as the journal is."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        fold = roster(journal)
        self.roster: Roster = fold.roster
        self.skipped = fold.skipped  # moves the roster could not take, with why (for the log)
        self._book = EveningBook()

    def change(self, change: RosterChange) -> Roster:
        """Journal ``change`` and take it; ``RosterError`` (nothing written) when the
        roster cannot take it; the journal's own errors as they are."""
        problem = self.roster.can(change)
        if problem is not None:
            raise RosterError(problem)
        self.journal.append_box(str(change))
        self.roster = self.roster.changed(change)
        return self.roster

    def new_evening(self) -> None:
        """The table says a new evening begins: the next game opens it."""
        self.journal.append_box(str(NewEvening()))

    def last_people(self) -> People | None:
        """The people of the journal's latest game (None: it named nobody, or none)."""
        last = self.journal.last_game()
        if last is None:
            return None
        try:
            return GameSpec.parse(last.header).people
        except OptionError:
            return None

    def evening(self) -> Evening | None:
        """The evening now: that of the latest game, or none when "new evening" was
        pressed since it started (the next game opens the new one)."""
        last = self.journal.last_game()
        marks = new_evening_marks(self.journal)
        if last is not None and marks and marks[-1] > last.started:
            return None
        return self._book.latest(self.journal)
