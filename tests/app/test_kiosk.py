"""The kiosk on the main thread: resume, commit before show, refusals, unsure cards,
cards entered by hand, camera trouble and a full disk; a real SQLite journal in tmp_path
and the display's recording fake."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.app.kiosk import Kiosk, KioskWatcher
from companion.app.messages import (
    CameraNews,
    CameraState,
    Intended,
    Message,
    Part,
    PartNews,
    Press,
    TableNews,
)
from companion.cards import DOUBLE104, FRENCH52, Card
from companion.device.display import RecordingDevice, Screen
from companion.games.events import Action, parse_event
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, RowKind, Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.events import TableEvent, UnsureReason, UnsureReport
from companion.ui.canvas import Sheet
from companion.ui.controller import context_for, render
from companion.ui.intents import ApplyEvent
from companion.ui.menus.state import TableMenu, UiState
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.screens.violation import compose_violation
from companion.ui.settings import UiSettings
from companion.values.language import Language
from companion.values.watched import WatchedGame
from tests.examples import example_path

HEADER = "game oh-hell players=4 dealer=0 hook=on"
OK = ButtonPress(Button.OK)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
UP = ButtonPress(Button.UP)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class RowCountingDevice(RecordingDevice):
    """Counts the journal's rows, through a connection of its own, at every picture."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.rows_when_shown: list[int] = []

    def display(self, image: Image.Image) -> None:
        super().display(image)
        with sqlite3.connect(self.path) as connection:
            count = connection.execute("SELECT count(*) FROM events").fetchone()[0]
        self.rows_when_shown.append(int(count))


def make_kiosk(
    folder: Path,
    *,
    camera: CameraState | None = CameraState.READING,
    journal: Journal | None = None,
) -> tuple[Kiosk, RowCountingDevice, list[str]]:
    path = folder / JOURNAL_FILE
    journal = journal or Journal.open(path)
    device = RowCountingDevice(path)
    logged: list[str] = []
    kiosk = Kiosk(
        journal,
        Screen(device, clock=Clock()),
        settings=UiSettings(),
        camera=camera,
        log=logged.append,
        clock=Clock(),
    )
    return kiosk, device, logged


def example_lines(game: str) -> list[str]:
    text = example_path(game).read_text("utf-8")
    return [str(line.event) for line in parse_script(text, game).lines]


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def news(*lines: str) -> TableNews:
    events = []
    for line in lines:
        event = parse_event(line)
        assert not isinstance(event, Action)
        events.append(TableEvent(4.7, event))
    return TableNews(5.0, 100.0, tuple(events))


def step(line: str) -> Message:
    """A script line as it reaches the kiosk: an action from the menus, or the camera's."""
    event = parse_event(line)
    return Intended(ApplyEvent(event)) if isinstance(event, Action) else news(line)


def test_with_no_unfinished_game_the_first_screen_is_the_new_game_menu(tmp_path: Path) -> None:
    kiosk, device, _ = make_kiosk(tmp_path)
    kiosk.start()
    assert kiosk.table.played is None
    assert same(device.images[-1], render(UiState(), context_for(None)))


def test_the_last_unfinished_game_resumes_exactly(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        played = JournaledGame.start(journal, GameSpec.parse(HEADER))
        for line in ("card trump 8D", "bid 1 1", "bid 2 1"):
            played.record_event(parse_event(line), source=Source.CAMERA)
        played.undo(source=Source.BUTTON)
        expected = played.game.engine.state_json(played.game.state)
        expected_screen = render(UiState(), context_for(played.game))
    kiosk, device, _ = make_kiosk(tmp_path)
    kiosk.start()
    assert kiosk.table.played is not None
    assert kiosk.table.played.game.engine.state_json(kiosk.table.played.game.state) == expected
    assert [str(event) for event in kiosk.table.played.game.events] == ["card trump 8D", "bid 1 1"]
    assert kiosk.table.played.rows == 4  # three events and an undo
    assert same(device.images[-1], expected_screen)


class Watcher(KioskWatcher):
    """Keeps what the kiosk tells of its screens."""

    def __init__(self) -> None:
        self.rows: list[EventRow] = []
        self.cards: list[float] = []
        self.presses: list[float] = []

    def shown(self, sheet: Sheet, rows: Sequence[EventRow]) -> None:
        self.rows.extend(rows)

    def card_shown(self, seconds: float) -> None:
        self.cards.append(seconds)

    def press_shown(self, seconds: float) -> None:
        self.presses.append(seconds)


def test_a_table_event_is_in_the_journal_before_its_screen_is_shown(tmp_path: Path) -> None:
    watcher = Watcher()
    kiosk, device, _ = make_kiosk(tmp_path)
    kiosk.watcher = watcher
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(news("card trump 8D"))
    assert device.rows_when_shown[-1] == 1
    assert [row.line for row in watcher.rows] == ["card trump 8D"]
    assert watcher.rows[0].source is Source.CAMERA
    assert watcher.cards[-1] == pytest.approx(0.3)  # settled 0.3 s before the frame


def test_a_refused_table_event_is_a_line_on_the_screen_not_a_row(tmp_path: Path) -> None:
    kiosk, device, logged = make_kiosk(tmp_path)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(news("card trick KS"))  # no trump card yet
    assert kiosk.table.played is not None and kiosk.table.played.game.events == ()
    # The notice and the log say it in people's words, not the script's.
    assert kiosk.table.ui.notice == "K♠ on trick: Turn up the trump card first"
    assert device.rows_when_shown[-1] == 0
    assert any("refused K♠ on trick (camera): Turn up the trump" in line for line in logged)


def test_an_unsure_card_is_asked_and_the_answer_recorded_from_the_buttons(tmp_path: Path) -> None:
    kiosk, _, _ = make_kiosk(tmp_path)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(
        TableNews(
            5.0,
            100.0,
            (),
            (UnsureReport("trump", (Card.parse("8D"),), 4.7, UnsureReason.FLICKER, 0.7),),
        )
    )
    question = kiosk.table.context().unsure
    assert question is not None and question.card == Card.parse("8D")
    kiosk.take(Press(OK))
    assert kiosk.table.context().unsure is None
    assert kiosk.table.played is not None
    rows = [
        row
        for row in kiosk.table.journal.rows(kiosk.table.played.record.id)
        if isinstance(row, EventRow)
    ]
    assert [(row.line, row.source) for row in rows] == [("card trump 8D", Source.BUTTON)]


def test_without_a_camera_a_card_is_entered_from_the_menus(tmp_path: Path) -> None:
    kiosk, _, _ = make_kiosk(tmp_path, camera=None)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    for press in (LONG_OK, OK, UP, OK, UP, OK):  # card on trump; rank 2 -> 3; suit S -> H
        kiosk.take(Press(press))
    assert kiosk.table.played is not None
    assert [str(event) for event in kiosk.table.played.game.events] == ["card trump 3H"]
    assert not isinstance(kiosk.table.ui.mode, TableMenu)
    kiosk.take(news("card trick KS"))  # a scripted camera line: still no camera to wait for
    assert kiosk.table.camera is None
    kiosk.take(Press(LONG_OK))  # it was refused (bids first): the press puts that line away
    kiosk.take(Press(LONG_OK))
    assert isinstance(kiosk.table.ui.mode, TableMenu)


def test_the_table_menu_leads_on_to_the_controllers_menu(tmp_path: Path) -> None:
    kiosk, _, _ = make_kiosk(tmp_path, camera=None)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(Press(LONG_OK))
    kiosk.take(Press(ButtonPress(Button.UP)))  # from the first row up to the last: Menu
    kiosk.take(Press(OK))
    assert type(kiosk.table.ui.mode).__name__ == "MainMenu"


def test_with_the_camera_reading_a_long_ok_opens_the_controllers_menu(tmp_path: Path) -> None:
    kiosk, _, _ = make_kiosk(tmp_path)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(Press(LONG_OK))
    assert not isinstance(kiosk.table.ui.mode, TableMenu)
    assert type(kiosk.table.ui.mode).__name__ == "MainMenu"


def test_a_lost_camera_is_said_on_the_screen_and_the_buttons_still_work(tmp_path: Path) -> None:
    kiosk, device, _ = make_kiosk(tmp_path)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    before = device.images[-1]
    kiosk.take(CameraNews(CameraState.LOST, "usb:0: no camera there"))
    assert kiosk.table.status_line() == "Camera lost: retrying"
    assert not same(device.images[-1], before)
    kiosk.take(Press(LONG_OK))  # the table menu: cards by hand while the camera is away
    assert isinstance(kiosk.table.ui.mode, TableMenu)
    kiosk.take(news())  # frames again
    assert kiosk.table.status_line() is None


def test_missing_buttons_are_said_on_the_screen_and_in_the_status_until_back(
    tmp_path: Path,
) -> None:
    kiosk, device, _ = make_kiosk(tmp_path, camera=None)
    kiosk.start()
    before = device.images[-1]
    reason = "no buttons: GPIO is not available (BadPinFactory: Unable to load any)"
    kiosk.take(PartNews(Part.BUTTONS, reason))
    assert kiosk.table.status_line() == "No buttons: retrying"
    assert kiosk.status_text() == f"no game; no camera; {reason}"
    assert not same(device.images[-1], before)
    kiosk.take(CameraNews(CameraState.LOST, "pi: no camera"))
    assert kiosk.table.status_line() == "Camera lost: retrying"  # the camera's line comes first
    kiosk.take(PartNews(Part.BUTTONS, None))
    assert kiosk.table.status_line() == "Camera lost: retrying"
    assert kiosk.status_text() == "no game; camera lost"
    assert kiosk.table.missing == {}


def _nearly_full(tmp_path: Path) -> tuple[Journal, int]:
    """A journal with a game begun and room for one page more, and its page count."""
    path = tmp_path / JOURNAL_FILE
    with Journal.open(path) as journal:
        JournaledGame.start(journal, GameSpec.parse(HEADER))
        pages = int(journal._db.execute("PRAGMA page_count").fetchone()[0])
    return Journal.open(path, page_limit=pages + 1), pages


def test_a_full_disk_is_said_and_the_journal_stays_whole(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    journal, _ = _nearly_full(tmp_path)
    kiosk, _, logged = make_kiosk(tmp_path, journal=journal)
    kiosk.start()
    assert kiosk.table.played is not None
    for line in example_lines("oh-hell"):  # until the page left runs out
        kiosk.take(step(line))
        if kiosk.table.problem is not None:
            break
    assert kiosk.table.problem is not None and kiosk.table.problem.startswith("Disk full")
    assert any("is full" in line for line in logged)
    kept = [str(event) for event in kiosk.table.played.game.events]
    assert 0 < len(kept) < len(example_lines("oh-hell"))
    journal.close()
    with Journal.open(path) as reopened:
        assert reopened.moved_aside is None
        resumed = JournaledGame.resume_last(reopened)
        assert resumed is not None
        assert [str(event) for event in resumed[0].game.events] == kept


def test_undo_from_the_buttons_appends_an_undo_row(tmp_path: Path) -> None:
    kiosk, _, _ = make_kiosk(tmp_path)
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    kiosk.take(news("card trump 8D"))
    kiosk.take(Press(ButtonPress(Button.BACK, PressKind.LONG)))
    kiosk.take(Press(ButtonPress(Button.DOWN)))  # the question starts on no: down to yes
    kiosk.take(Press(OK))
    assert kiosk.table.played is not None and kiosk.table.played.game.events == ()
    rows = kiosk.table.journal.rows(kiosk.table.played.record.id)
    assert [row.kind for row in rows if isinstance(row, EventRow)] == [RowKind.EVENT, RowKind.UNDO]


def test_a_flagged_violation_is_shown_until_the_next_press_or_a_while(
    tmp_path: Path,
) -> None:
    kiosk, device, _ = make_kiosk(tmp_path)
    clock = Clock()
    kiosk.clock = kiosk.table.clock = clock
    kiosk.start()
    kiosk.begin(GameSpec.parse(HEADER))
    lines = example_lines("oh-hell")
    revoke = lines.index("card trick 8C")  # the example's revoke
    for line in lines[: revoke + 1]:
        kiosk.take(step(line))
    assert kiosk.table.violation is not None and kiosk.table.violation.kind == "revoke"
    assert same(device.images[-1], compose_violation(kiosk.table.violation, Language.EN).image)
    kiosk.take(Press(ButtonPress(Button.BACK, PressKind.LONG)))  # only puts it away
    assert kiosk.table.violation is None and type(kiosk.table.ui.mode).__name__ == "Home"
    kiosk.take(Press(ButtonPress(Button.BACK, PressKind.LONG)))  # asks to undo
    assert type(kiosk.table.ui.mode).__name__ == "Confirm"
    kiosk.take(Press(ButtonPress(Button.DOWN)))
    kiosk.take(Press(OK))  # undo the revoke...
    kiosk.take(step("card trick 8C"))  # ...and it comes again
    assert kiosk.table.violation is not None
    clock.now += 5.0
    kiosk.tick()
    assert kiosk.table.violation is not None
    clock.now += 1.0
    kiosk.tick()
    assert kiosk.table.violation is None
    assert not same(device.images[-1], device.images[-2])  # the game's screen again


def test_a_timed_press_is_measured_to_its_screen(tmp_path: Path) -> None:
    watcher = Watcher()
    kiosk, _, _ = make_kiosk(tmp_path)
    kiosk.watcher = watcher
    clock = Clock()
    kiosk.clock = kiosk.table.clock = clock
    kiosk.start()
    kiosk.take(Press(UP, at=clock.now - 0.004))
    assert watcher.presses == [pytest.approx(0.004)]


def test_the_camera_is_told_the_game_at_the_table_when_it_resumes_and_when_a_new_one_starts(
    tmp_path: Path,
) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        JournaledGame.start(journal, GameSpec.parse("game ochko-21 players=3 banker=0 deck=52"))
    told: list[WatchedGame] = []
    kiosk, _, _ = make_kiosk(tmp_path)
    kiosk.tell_camera = told.append
    kiosk.start()
    assert told == [WatchedGame("ochko-21", FRENCH52, ("banker", "player", "stock"))]
    kiosk.take(step("bank 10"))
    assert len(told) == 1  # an event leaves the game as it was
    kiosk.begin(GameSpec.parse("game ochko-bank players=2"))
    assert told[-1].game == "ochko-bank" and told[-1].deck == DOUBLE104
    assert "seat1" in told[-1].zones and "seat2" not in told[-1].zones
    kiosk.begin(GameSpec.parse("game ochko-bank players=2"))
    assert len(told) == 3  # the same options, yet a new game: told again


def _kill_copy(live: Path, copy: Path) -> None:
    """The journal's files as a kill leaves them (the -shm too)."""
    copy.mkdir()
    for suffix in ("", "-wal", "-shm"):
        source = live / (JOURNAL_FILE + suffix)
        if source.exists():
            copy.joinpath(source.name).write_bytes(source.read_bytes())


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (Language.EN, "Journal repaired: 3 moves could not be read."),
        (Language.PL, "Dziennik naprawiony: nie odczytano ruchów: 3."),
        (Language.RU, "Журнал восстановлен: не прочитано ходов: 3."),
    ],
)
def test_a_repaired_journal_is_said_once_on_the_screen_and_stays_in_the_status(
    tmp_path: Path, language: Language, said: str
) -> None:
    live = tmp_path / "live"
    journal = Journal.open(live / JOURNAL_FILE)
    played = JournaledGame.start(journal, GameSpec.parse(HEADER))
    for line in example_lines("oh-hell")[:6]:
        played.record_event(parse_event(line), source=Source.CAMERA)
    _kill_copy(live, tmp_path / "state")
    journal.close()
    wal = tmp_path / "state" / (JOURNAL_FILE + "-wal")
    frame = 24 + 4096
    frames = (wal.stat().st_size - 32) // frame
    wal.write_bytes(wal.read_bytes()[: 32 + (frames - 8) * frame])  # the log cut short
    logged: list[str] = []
    device = RecordingDevice()
    kiosk = Kiosk(
        Journal.open(tmp_path / "state" / JOURNAL_FILE),
        Screen(device, clock=Clock()),
        settings=UiSettings(language=language),
        camera=CameraState.READING,
        log=logged.append,
        clock=Clock(),
    )
    kiosk.start()
    assert kiosk.table.ui.notice == said
    assert any("shorter than its index (-shm) says" in line for line in logged)
    assert "Journal repaired: 3 moves could not be read." in kiosk.status_text()
    assert kiosk.table.played is not None and len(kiosk.table.played.game.events) == 3
    kiosk.take(Press(UP))  # seen: the notice goes, the status keeps it
    assert kiosk.table.ui.notice is None
    assert "Journal repaired: 3 moves could not be read." in kiosk.status_text()


def test_a_full_disk_is_logged_once_and_once_more_when_it_clears(tmp_path: Path) -> None:
    journal, pages = _nearly_full(tmp_path)
    kiosk, _, logged = make_kiosk(tmp_path, journal=journal)
    kiosk.start()
    lines = example_lines("oh-hell")
    failed = 0
    first_failed = None
    for line in lines:
        kiosk.take(step(line))
        failed += kiosk.table.problem is not None
        if kiosk.table.problem is not None and first_failed is None:
            first_failed = line
    writes = kiosk.table.failed_writes
    assert failed >= 5 and writes >= 5  # every write after the page ran out failed
    assert sum("is full" in line for line in logged) == 1
    journal._db.execute(f"PRAGMA max_page_count = {pages + 100}")  # room again
    assert first_failed is not None
    kiosk.take(step(first_failed))  # the table goes on where the journal stopped
    assert kiosk.table.problem is None
    (cleared,) = [line for line in logged if "records again" in line]
    assert cleared == (
        f"the journal records again (the disk has room again) after {writes} failed writes"
    )
    journal.close()
