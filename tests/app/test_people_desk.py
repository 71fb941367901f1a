"""The table's people: each roster change journaled before it is taken, a refused one
writing nothing; the roster comes back after a restart; the evening now."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.people_desk import PeopleDesk
from companion.games.people import People
from companion.games.roster import AddPerson, MovePerson, RemovePerson, RosterError
from companion.games.spec import GameSpec
from companion.journal.records import BoxRow
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import TickingClock


def _open(folder: Path) -> Journal:
    return Journal.open(folder / JOURNAL_FILE, clock=TickingClock())


def test_the_roster_survives_a_restart_and_a_refusal_writes_nothing(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        desk = PeopleDesk(journal)
        for change in (AddPerson("Ania"), AddPerson("Bartek"), MovePerson("Bartek", 0)):
            desk.change(change)
        rows = len(journal.box_rows())
        with pytest.raises(RosterError, match="on the roster already"):
            desk.change(AddPerson("ania"))
        with pytest.raises(RosterError, match="not on the roster"):
            desk.change(RemovePerson("Zenon"))
        assert len(journal.box_rows()) == rows
    with _open(tmp_path) as journal:
        assert PeopleDesk(journal).roster.names == ("Bartek", "Ania")


def test_the_last_games_people_and_the_evening_now(tmp_path: Path) -> None:
    with _open(tmp_path) as journal:
        desk = PeopleDesk(journal)
        assert desk.last_people() is None and desk.evening() is None
        spec = GameSpec.parse("game oczko players=3 people=Ania,Bartek,Celina")
        JournaledGame.start(journal, spec).finish()
        assert desk.last_people() == People.parse("Ania,Bartek,Celina")
        evening = desk.evening()
        assert evening is not None and [game.number for game in evening.games] == [1]
        desk.new_evening()
        assert desk.evening() is None  # the next game opens the new evening
        JournaledGame.start(journal, GameSpec.parse("game oczko players=3"))
        assert desk.last_people() is None
        evening = desk.evening()
        assert evening is not None and [game.number for game in evening.games] == [2]
        assert [row.line for row in journal.box_rows() if isinstance(row, BoxRow)] == [
            "evening new"
        ]
