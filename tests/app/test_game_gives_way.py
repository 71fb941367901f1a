"""A new game over an unfinished one asks keep or abandon; a kept game is resumed from
the menu; an abandoned one is marked so in the journal, the export and the sheet."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from PIL import ImageChops

from companion.app.messages import CameraState
from companion.app.table import Table
from companion.cli import main
from companion.games.events import CameraEvent, parse_event
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, RowKind
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.sheet.page import games_page
from companion.ui.goodbye import compose_goodbye
from companion.ui.intents import ApplyEvent, StartGame
from companion.ui.menus.main_menu import ENTRIES, Entry
from companion.ui.menus.state import KeptGames, MainMenu, Unfinished
from companion.ui.settings import UiSettings
from companion.values.language import Language
from tests.ui.table_driver import BACK, DOWN, LONG_OK, OK, UP

OH_HELL = "game oh-hell players=4 dealer=0"
OH_HELL_PLAYED = ("card trump 8D", "bid 1 1")


def table(journal: Journal, language: Language = Language.EN) -> Table:
    found = Table(
        journal, settings=UiSettings(language), camera=CameraState.READING, log=lambda line: None
    )
    found.resume()
    return found


def journal_at(folder: Path) -> Journal:
    return Journal.open(folder / JOURNAL_FILE)


def play_oh_hell(at: Table) -> None:
    at.carry_out(StartGame(GameSpec.parse(OH_HELL)))
    at.seen(parse_event(OH_HELL_PLAYED[0]))  # type: ignore[arg-type]
    at.carry_out(ApplyEvent(parse_event(OH_HELL_PLAYED[1])))


def to_menu_row(at: Table, entry: Entry) -> None:
    at.press(LONG_OK)
    for _ in ENTRIES:
        if at.ui.mode == MainMenu(ENTRIES.index(entry)):
            return
        at.press(DOWN)
    raise AssertionError(f"the menu never reached {entry}: {at.ui.mode}")


def new_oczko_from_the_menu(at: Table) -> None:
    """The menu, a new game, Oczko (the second game), up round to Start, start."""
    to_menu_row(at, Entry.NEW_GAME)
    for press in (OK, DOWN, OK, UP, OK):
        at.press(press)


def test_a_new_game_over_an_unfinished_one_asks_and_keeps_it_by_default(tmp_path: Path) -> None:
    with journal_at(tmp_path) as journal:
        at = table(journal)
        play_oh_hell(at)
        new_oczko_from_the_menu(at)
        assert isinstance(at.ui.mode, Unfinished)  # asked: nothing started yet
        assert len(journal.games()) == 1
        at.press(OK)  # the cursor starts on "keep it"
        first, second = journal.games()
        assert not first.is_finished and not first.abandoned
        assert at.played is not None and at.played.record.id == second.id
        # the kept game is in the menu's resume list, and comes back as it was
        assert [kept.journal_id for kept in at.context().kept] == [first.id]
        to_menu_row(at, Entry.RESUME)
        at.press(OK)
        assert isinstance(at.ui.mode, KeptGames)
        at.press(OK)  # Oczko has nothing played yet: it gives way at once (abandoned)
        assert at.played.record.id == first.id
        assert [str(event) for event in at.played.game.events] == list(OH_HELL_PLAYED)
        assert journal.game(second.id).abandoned


def test_an_abandoned_game_is_marked_everywhere(tmp_path: Path, capsys: object) -> None:
    with journal_at(tmp_path) as journal:
        at = table(journal, Language.PL)
        play_oh_hell(at)
        new_oczko_from_the_menu(at)
        at.press(DOWN)  # to "abandon it"
        at.press(OK)
        first = journal.games()[0]
        assert first.is_finished and first.abandoned and first.state == "abandoned"
        rows = [row for row in journal.rows(first.id) if isinstance(row, EventRow)]
        assert rows[-1].kind is RowKind.ABANDON
        # the journal replays it as it was (the abandon row ends it, changes nothing)
        resumed, bad = JournaledGame.resume(journal, first.id)
        assert bad == () and [str(e) for e in resumed.game.events] == list(OH_HELL_PLAYED)
        listed = games_page(journal.games(), Language.PL, now=datetime.now(UTC))
        assert "porzucona" in listed
    assert main(["export", "--list", "--state-dir", str(tmp_path)]) == 0
    listed = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    assert listed[0].split("\t")[2] == "abandoned"
    assert main(["export", "1", "--state-dir", str(tmp_path)]) == 0
    script = capsys.readouterr().out  # type: ignore[attr-defined]
    assert ", abandoned " in script.splitlines()[0]


def test_back_on_the_question_changes_nothing(tmp_path: Path) -> None:
    with journal_at(tmp_path) as journal:
        at = table(journal)
        play_oh_hell(at)
        new_oczko_from_the_menu(at)
        at.press(BACK)
        assert len(journal.games()) == 1 and at.played is not None
        assert not journal.games()[0].is_finished


def test_a_game_played_out_gives_way_without_asking(tmp_path: Path) -> None:
    text = (Path(__file__).parents[1] / "ui" / "scripts" / "oh-hell-game-over.txt").read_text()
    script = parse_script(text, "oh-hell-game-over")
    header, lines = script.spec().header(), [str(line.event) for line in script.lines]
    with journal_at(tmp_path) as journal:
        at = table(journal)
        at.carry_out(StartGame(GameSpec.parse(header)))
        for line in lines:
            event = parse_event(line)
            if isinstance(event, CameraEvent):
                at.seen(event)
            else:
                at.carry_out(ApplyEvent(event))
        new_oczko_from_the_menu(at)
        assert not isinstance(at.ui.mode, Unfinished)
        first = journal.games()[0]
        assert first.is_finished and not first.abandoned


def test_the_game_played_last_is_the_one_resumed_at_the_next_start(tmp_path: Path) -> None:
    with journal_at(tmp_path) as journal:
        at = table(journal)
        play_oh_hell(at)
        new_oczko_from_the_menu(at)
        at.press(OK)  # keep the Oh Hell game
        at.press(UP)  # Oczko's bank 1 -> 2, entered
        at.press(OK)
        oczko = at.played.record.id if at.played else None
    with journal_at(tmp_path) as journal:
        again = table(journal)
        assert again.played is not None and again.played.record.id == oczko
        assert [kept.journal_id for kept in again.context().kept] == [1]


def test_shutting_down_shows_the_goodbye_screen(tmp_path: Path) -> None:
    with journal_at(tmp_path) as journal:
        at = table(journal, Language.PL)
        play_oh_hell(at)
        to_menu_row(at, Entry.SHUTDOWN)
        for press in (OK, DOWN, OK):  # asked, yes, OK
            at.press(press)
        assert at.stopped and at.shutdown_asked
        goodbye = compose_goodbye(Language.PL).image
        assert ImageChops.difference(at.picture(), goodbye).getbbox() is None
