"""The table's people from the buttons, through the real controller, the app's table and
a real SQLite journal: names typed on the letter picker and journaled, who sits where in
a new game, the same people's next game in two presses once a game is over, the evening
one press from the menu, a new evening; the roster and the last game's people after a
restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.app.messages import CameraState
from companion.app.table import Table
from companion.games.events import parse_event
from companion.games.people import People
from companion.games.registry import game_ids
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import BoxRow
from companion.journal.store import JOURNAL_FILE, Journal, JournalError
from companion.tools.name_presses import presses_for
from companion.ui.intents import ApplyEvent, StartGame
from companion.ui.menus.main_menu import ENTRIES, Entry
from companion.ui.menus.state import EveningPage, MainMenu, PeopleList, SeatingChoice, Unfinished
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.ui.transcript import lines
from companion.values.language import Language
from tests.journal.helpers import TickingClock

UP = ButtonPress(Button.UP)
DOWN = ButtonPress(Button.DOWN)
OK = ButtonPress(Button.OK)
BACK = ButtonPress(Button.BACK)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
NAMES = ("Ania", "Bartek", "Celina", "Dima")
GAME_OVER = Path(__file__).parents[1] / "ui" / "scripts" / "oh-hell-game-over.txt"


def _table(journal: Journal, language: Language = Language.EN) -> Table:
    table = Table(
        journal,
        settings=UiSettings(language=language),
        camera=CameraState.READING,
        log=lambda _line: None,
    )
    table.resume()
    return table


def _press(table: Table, *presses: ButtonPress) -> None:
    for pressed in presses:
        table.press(pressed)


def _open(folder: Path, clock: TickingClock) -> Journal:
    return Journal.open(folder / JOURNAL_FILE, clock=clock)


def _to_menu_entry(table: Table, entry: Entry) -> None:
    """From home to ``entry`` of the menu (its rows fixed, its cursor where it opens)
    and into it."""
    _press(table, LONG_OK)
    mode = table.ui.mode
    assert isinstance(mode, MainMenu)
    steps = ENTRIES.index(entry) - mode.cursor
    _press(table, *([DOWN] * steps if steps > 0 else [UP] * -steps))
    _press(table, OK)


def _said(table: Table) -> list[str]:
    return [" ".join(line.split()) for line in lines(table.sheet().marks)]


def _play_to_the_end(table: Table) -> None:
    for line in parse_script(GAME_OVER.read_text("utf-8"), "over").lines:
        table.carry_out(ApplyEvent(line.event))


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


def test_names_typed_with_the_buttons_are_journaled_and_seated(
    tmp_path: Path, clock: TickingClock
) -> None:
    with _open(tmp_path, clock) as journal:
        table = _table(journal)
        _to_menu_entry(table, Entry.PEOPLE)
        assert isinstance(table.ui.mode, PeopleList)
        for name in NAMES:
            assert "+ Add a name" in _said(table)[1]
            _press(table, OK)  # on "+ Add a name"
            _press(table, *presses_for(name, table.people.roster.names))
            _press(table, *[UP] * (len(table.people.roster.names)))  # back to "add"
        assert table.people.roster.names == NAMES
        assert [row.line for row in journal.box_rows() if isinstance(row, BoxRow)] == [
            f"person add {name}" for name in NAMES
        ]
        _press(table, BACK, BACK)
        # a new game: Oh Hell with its defaults, then who sits where
        _to_menu_entry(table, Entry.NEW_GAME)
        for _ in range(game_ids().index("oh-hell")):
            _press(table, DOWN)
        _press(table, OK)  # the game
        _press(table, UP, OK)  # "start", the form's last row
        assert isinstance(table.ui.mode, SeatingChoice)
        assert _said(table)[1:] == ["Choose from the list", "No names (P1…P4)"]
        _press(table, OK)  # choose seat by seat
        _press(table, DOWN, OK)  # seat 1: Bartek
        _press(table, OK, OK, OK)  # the rest, in the roster's order
        game = journal.last_game()
        assert game is not None and game.header.endswith("people=Bartek,Ania,Celina,Dima")
        assert table.game is not None and table.game.people == People.of(
            ("Bartek", "Ania", "Celina", "Dima")
        )
    with _open(tmp_path, clock) as journal:
        table = _table(journal)
        assert table.people.roster.names == NAMES
        assert table.last_people == People.of(("Bartek", "Ania", "Celina", "Dima"))


def test_a_new_game_offers_the_last_games_people_one_press_to_keep_them(
    tmp_path: Path, clock: TickingClock
) -> None:
    with _open(tmp_path, clock) as journal:
        table = _table(journal)
        spec = GameSpec.parse("game oczko players=4 people=Ania,Bartek,Celina,Dima")
        table.carry_out(StartGame(spec))
        _to_menu_entry(table, Entry.NEW_GAME)
        for _ in range(game_ids().index("oh-hell")):
            _press(table, DOWN)
        _press(table, OK, UP, OK)
        keep, rotate = _said(table)[1:3]
        assert keep == "= Ania, Bart., Celin., Dima" and rotate == "↻ Rotate seats"
        _press(table, DOWN, OK)  # rotate
        game = journal.last_game()
        assert game is not None and game.header.startswith("game oh-hell")
        assert game.header.endswith("people=Dima,Ania,Bartek,Celina")


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_the_same_people_again_in_two_presses_once_the_game_is_over(
    tmp_path: Path, clock: TickingClock, language: Language
) -> None:
    with _open(tmp_path, clock) as journal:
        table = _table(journal, language)
        first = GameSpec.parse(GAME_OVER.read_text("utf-8").splitlines()[1])
        table.carry_out(StartGame(first.with_people(People.of(("Ania", "Bartek", "Celina")))))
        _play_to_the_end(table)
        summary = table.context().summary
        assert summary is not None and summary.over
        before = table.journal.last_game()
        _press(table, OK, OK)  # the menu opens on "same again"
        again = journal.last_game()
        assert before is not None and again is not None and again.id == before.id + 1
        assert GameSpec.parse(again.header) == GameSpec.parse(
            "game oh-hell players=3 schedule=down hand=15 dealer=0 people=Ania,Bartek,Celina"
        )
        # "same people, new dealer": the next game's dealer is the next seat
        _play_to_the_end(table)
        _press(table, LONG_OK, DOWN, OK)
        newer = journal.last_game()
        assert newer is not None and newer.id == again.id + 1
        assert GameSpec.parse(newer.header).options.dealer == 1
        assert GameSpec.parse(newer.header).people == People.of(("Ania", "Bartek", "Celina"))


def test_while_a_game_is_played_the_same_again_asks_to_keep_or_abandon_it(
    tmp_path: Path, clock: TickingClock
) -> None:
    with _open(tmp_path, clock) as journal:
        table = _table(journal)
        table.carry_out(StartGame(GameSpec.parse("game oh-hell players=3 people=Ania,Bob,Cy")))
        table.carry_out(ApplyEvent(parse_event("card trump 7C")))
        started = journal.last_game()
        _to_menu_entry(table, Entry.AGAIN)
        assert isinstance(table.ui.mode, Unfinished)
        assert journal.last_game() == started
        _press(table, OK)  # keep it for later
        again = journal.last_game()
        assert started is not None and again is not None and again.id == started.id + 1
        assert again.header.endswith("people=Ania,Bob,Cy")


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_the_evening_is_one_press_from_the_menu_and_a_new_evening_empties_it(
    tmp_path: Path, clock: TickingClock, language: Language
) -> None:
    with _open(tmp_path, clock) as journal:
        table = _table(journal, language)
        table.carry_out(StartGame(GameSpec.parse("game oczko players=3 people=Ania,Bartek,Celina")))
        table.carry_out(StartGame(GameSpec.parse("game oh-hell players=3 people=Celina,Ania,Dima")))
        _to_menu_entry(table, Entry.EVENING)  # a row of the menu: OK on it
        assert isinstance(table.ui.mode, EveningPage)
        said = _said(table)
        assert said[0].endswith("2"), said  # the title and the count of games
        assert [line.split()[0] for line in said[2:]] == ["Ania", "Bartek", "Celina", "Dima"]
        _press(table, BACK, BACK)  # the menu, home
        _to_menu_entry(table, Entry.NEW_EVENING)
        assert isinstance(table.ui.mode, EveningPage)
        assert [row.line for row in journal.box_rows() if isinstance(row, BoxRow)] == [
            "evening new"
        ]
        _press(table, BACK)  # the notice is put away by the next press
        assert table.people.evening() is None


def test_an_unreadable_evening_shows_none_and_is_logged(
    tmp_path: Path, clock: TickingClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    logged: list[str] = []
    with _open(tmp_path, clock) as journal:
        table = Table(journal, settings=UiSettings(), camera=CameraState.READING, log=logged.append)
        table.carry_out(StartGame(GameSpec.parse("game oczko players=3 people=Ania,Bob,Cy")))

        def unreadable() -> None:
            raise JournalError("disk I/O error")

        monkeypatch.setattr(table.people, "evening", unreadable)
        _to_menu_entry(table, Entry.EVENING)
        assert _said(table)[1] == "No game yet."
        assert any("the evening could not be read: disk I/O error" in line for line in logged)


def test_a_refusal_and_a_violation_name_the_people_on_the_screen_and_in_the_log(
    tmp_path: Path, clock: TickingClock
) -> None:
    logged: list[str] = []
    with _open(tmp_path, clock) as journal:
        table = _table(journal)
        table.log = logged.append
        spec = GameSpec.parse("game oh-hell players=4 hand=3 dealer=0 people=Ania,Bob,Cy,Dima")
        table.carry_out(StartGame(spec))
        table.carry_out(ApplyEvent(parse_event("card trump 9H")))
        table.carry_out(ApplyEvent(parse_event("bid 2 0")))  # Bob (seat 1) bids first
        notice = table.ui.notice or ""
        assert "Cy" in notice and "P3" not in notice, notice
        assert any(line.startswith("refused Cy bids 0") for line in logged), logged
        for line in ("bid 1 1", "bid 2 0", "bid 3 1", "bid 0 2", "card trick KS"):
            table.carry_out(ApplyEvent(parse_event(line)))
        table.carry_out(ApplyEvent(parse_event("card trick 2C")))  # Cy does not follow
        table.carry_out(ApplyEvent(parse_event("card trick 4S")))
        table.carry_out(ApplyEvent(parse_event("card trick AS")))
        table.carry_out(ApplyEvent(parse_event("clear trick")))
        for line in ("card trick 5D", "card trick 7D"):
            table.carry_out(ApplyEvent(parse_event(line)))
        table.carry_out(ApplyEvent(parse_event("card trick JS")))  # Cy had a spade: a revoke
        assert table.violation is not None
        shown = "\n".join(lines(table.sheet().marks))
        assert "Cy" in shown and not re.search(r"\bP[1-4]\b", shown), shown
