"""The kiosk's heart, on the main thread: it moves messages from the inbox to the table
(presses, camera events, unsure cards, intents from a side feed), the table's picture to
the display, and the game at the table to the camera thread.

Every event is committed to the journal before the screen that shows its effect is
drawn; a ``KioskWatcher`` is told of each screen and the rows it is the first to show
(the crash test's witness), and how long a card or a press took to reach the screen (the
demo's figures): the kiosk keeps none of it. The journal is used from this thread alone:
SQLite connections must not cross threads.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from companion.app.messages import (
    CameraNews,
    CameraState,
    Intended,
    Message,
    PartNews,
    Press,
    TableNews,
)
from companion.app.table import Table
from companion.device.display import Screen
from companion.games.spec import GameSpec
from companion.games.zones import watched_game
from companion.journal.records import EventRow
from companion.journal.store import Journal
from companion.ui.canvas import Sheet
from companion.ui.intents import StartGame
from companion.ui.settings import UiSettings
from companion.values.sheet_address import SheetLink
from companion.values.watched import WatchedGame


class KioskWatcher:
    """Told of the kiosk at work by whoever witnesses or measures it; nothing here."""

    def showing(self, sheet: Sheet) -> None:
        """A screen goes out now (a display that writes its lines reads them here)."""

    def shown(self, sheet: Sheet, rows: Sequence[EventRow]) -> None:
        """A screen is out; ``rows``: the journal rows whose effect it is the first to show."""

    def card_shown(self, seconds: float) -> None:
        """A card came to rest on the mat ``seconds`` before the screen that shows it."""

    def press_shown(self, seconds: float) -> None:
        """A press was taken ``seconds`` before the screen that answers it."""


class Kiosk:
    def __init__(
        self,
        journal: Journal,
        screen: Screen,
        *,
        settings: UiSettings,
        camera: CameraState | None,
        log: Callable[[str], None],
        watcher: KioskWatcher | None = None,
        keep_settings: Callable[[UiSettings, UiSettings], None] | None = None,
        tell_camera: Callable[[WatchedGame], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        table_clock: Callable[[], float] | None = None,
        find_sheet: Callable[[], SheetLink] | None = None,
    ) -> None:
        """``camera`` None: no camera configured (cards are entered by hand);
        ``watcher``: told of each screen shown and how long its news took;
        ``keep_settings(before, after)``: told of each change made in the settings menu;
        ``tell_camera``: told the game at the table whenever it changes (its deck and
        zones, for the camera thread); ``table_clock``: how long a violation is shown is
        measured by it (default ``clock``; the demo's is the session's own time);
        ``find_sheet``: where the phone sheet is now."""
        self.screen = screen
        self.log = log
        self.watcher = watcher or KioskWatcher()
        self.keep_settings = keep_settings
        self.tell_camera = tell_camera
        self.clock = clock
        self.table = Table(
            journal,
            settings=settings,
            camera=camera,
            log=log,
            on_settings=self._settings_changed,
            clock=table_clock or clock,
            find_sheet=find_sheet,
        )
        self.camera_detail = ""
        self._camera_told: int | None = None  # the journal id of the game last told

    # -- starting ---------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the last unfinished game (or stay on the new-game menu) and draw the
        first screen; a game already begun (the demo's) is kept."""
        self.table.resume()
        self.show()

    def begin(self, spec: GameSpec) -> None:
        """Start a game, as the new-game menu does."""
        self.table.carry_out(StartGame(spec))
        self.show()

    # -- what comes in ----------------------------------------------------------------------

    def take(self, message: Message) -> None:
        """Act on one message from the inbox and show the result."""
        if isinstance(message, Press):
            if self.screen.touch():
                self.show()  # the press only woke the screen
                return
            self.table.press(message.press)
            self.show()
            if message.at:
                self.watcher.press_shown(self.clock() - message.at)
        elif isinstance(message, TableNews):
            self.table_news(message)
        elif isinstance(message, CameraNews):
            self.camera_news(message)
        elif isinstance(message, Intended):
            self.table.carry_out(message.intent)
            self.show()
        elif isinstance(message, PartNews):
            self.part_news(message)

    def table_news(self, news: TableNews) -> None:
        table = self.table
        if table.camera is not None and table.camera is not CameraState.READING:
            table.camera_is(CameraState.READING)
            self.camera_detail = ""
        if not news.events and not news.unsure:
            return
        recorded = [seen.time for seen in news.events if table.seen(seen.event)]
        for report in news.unsure:
            table.ask(report)
        self.show()
        shown_at = self.clock()
        for settled in recorded:
            self.watcher.card_shown((news.frame_time - settled) + (shown_at - news.arrived))

    def camera_news(self, news: CameraNews) -> None:
        if news.state is not self.table.camera or news.detail != self.camera_detail:
            self.log(f"camera {news.state.value}" + (f": {news.detail}" if news.detail else ""))
        self.table.camera_is(news.state)
        self.camera_detail = news.detail
        self.show()

    def part_news(self, news: PartNews) -> None:
        """Logged where the part is opened; kept by the table for the status line."""
        self.table.part_opened(news.part, news.problem)
        self.show()

    def tick(self) -> None:
        """Time passing: a violation shown long enough is put away."""
        if self.table.tick():
            self.show()

    # -- what goes out ------------------------------------------------------------------------

    def show(self) -> None:
        self._tell_camera()
        sheet = self.table.sheet()
        self.watcher.showing(sheet)
        self.screen.show(sheet.image)
        self.watcher.shown(sheet, self.table.take_written())

    def status_text(self) -> str:
        """One line for systemd's STATUS."""
        table = self.table
        if table.played is None:
            game = "no game"
        else:
            played = table.played
            kind = played.game.engine.game_id
            game = f"game {played.record.id} ({kind}), {len(played.live)} events"
        camera = "no camera" if table.camera is None else f"camera {table.camera.value}"
        said = (table.problem, table.repaired, *table.missing.values())
        trouble = "".join(f"; {text}" for text in said if text)
        return f"{game}; {camera}{trouble}"

    def _settings_changed(self, before: UiSettings, after: UiSettings) -> None:
        self.screen.configure(after)
        if self.keep_settings is not None:
            self.keep_settings(before, after)

    def _tell_camera(self) -> None:
        """Tell the camera side the game at the table, when it is another than last told
        (a resume, a new game)."""
        played = self.table.played
        if self.tell_camera is None or played is None or played.record.id == self._camera_told:
            return
        self._camera_told = played.record.id
        self.tell_camera(watched_game(played.game.engine))
