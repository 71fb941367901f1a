"""``companion run`` put together from the config: the journal, the display, the
buttons, the camera thread (or none), the kiosk and its loop.

A display or buttons that cannot be opened are a state, not a crash: logged once, told
to the kiosk (its status lines say so) and opened again now and then; a missing camera
is the camera thread's to report and retry. Only a journal that cannot be opened stops
the start (``JournalError``), since nothing could be kept.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Protocol

from PIL import Image

from companion.app.config import Config
from companion.app.feeds import ButtonPump, CameraFeed, Inbox
from companion.app.kiosk import Kiosk, KioskWatcher
from companion.app.messages import CameraState, Part, PartNews
from companion.app.notify import Notifier, Progress, Watchdog
from companion.app.runner import Runner
from companion.app.saved_settings import SETTINGS_FILE, SavedSettings
from companion.app.sheet_link import read_sheet_link
from companion.device.buttons import ButtonSource, FakeButtons, RetriedButtons
from companion.device.display import LumaDevice, RetriedPanel, Screen
from companion.device.display_config import DisplayKind
from companion.journal.records import EventRow
from companion.journal.store import JOURNAL_FILE, KIOSK_PAGE_SIZE, Journal
from companion.table.tracker_settings import TrackerSettings
from companion.ui.canvas import Sheet
from companion.ui.settings import UiSettings
from companion.values.camera_source import CameraKind


class LastPicture:
    """A display that keeps only the last picture: ``kind = "none"``, and the stand-in
    for a panel that is not there."""

    def __init__(self) -> None:
        self.image: Image.Image | None = None
        self.count = 0

    def display(self, image: Image.Image) -> None:
        self.image = image
        self.count += 1

    def contrast(self, level: int) -> None:
        """Nothing to dim."""

    def hide(self) -> None:
        """Nothing to darken."""

    def show(self) -> None:
        """Nothing to wake."""


class GuardedDevice:
    """A panel whose I2C errors are logged (once per spell of trouble) rather than
    raised: a display unplugged mid-game must not stop the table."""

    def __init__(self, device: LumaDevice, log: Callable[[str], None]) -> None:
        self.device = device
        self.log = log
        self.failing = False

    def _call(self, call: Callable[[], None]) -> None:
        try:
            call()
        except Exception as error:  # luma and smbus raise OSError and their own errors
            if not self.failing:
                self.log(f"display lost ({error}): going on without it")
            self.failing = True
        else:
            if self.failing:
                self.log("display back")
            self.failing = False

    def display(self, image: Image.Image) -> None:
        self._call(lambda: self.device.display(image))

    def contrast(self, level: int) -> None:
        self._call(lambda: self.device.contrast(level))

    def hide(self) -> None:
        self._call(self.device.hide)

    def show(self) -> None:
        self._call(self.device.show)


class SideFeed(Protocol):
    """Messages from beside the camera and the buttons (a scripted session played from
    the command line): while it plays, the buttons are fakes and no camera is opened."""

    def thread(self, kiosk: Kiosk, inbox: Inbox, stop: threading.Event) -> threading.Thread:
        """The thread that feeds the inbox, made once the kiosk exists (not started)."""
        ...


@dataclass(frozen=True)
class Listener:
    """Told when the first screen is out and when each journal row's effect is shown."""

    on_ready: Callable[[], None]
    on_shown: Callable[[EventRow], None]


class RowsShown(KioskWatcher):
    """A listener's ``on_shown`` told of each row once a screen shows its effect."""

    def __init__(self, on_shown: Callable[[EventRow], None]) -> None:
        self.on_shown = on_shown

    def shown(self, sheet: Sheet, rows: Sequence[EventRow]) -> None:
        for row in rows:
            self.on_shown(row)


@dataclass
class Assembled:
    runner: Runner
    journal: Journal
    buttons: ButtonSource
    problems: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.buttons.close()
        self.journal.close()


def ui_settings(config: Config) -> UiSettings:
    """The player's settings as the config sets them (the settings file is laid over)."""
    display = config.display
    return UiSettings(
        language=config.ui.language,
        brightness=display.brightness,
        dim_after=display.dim_after_s,
        dark_after=display.dark_after_s,
    )


def tracker_settings(config: Config) -> TrackerSettings:
    table = config.table
    return TrackerSettings(min_frames=table.stability_frames, min_seconds=table.stability_ms / 1000)


PartReport = Callable[[str | None], None]


def open_screen(
    config: Config, settings: UiSettings, log: Callable[[str], None], report: PartReport
) -> Screen:
    kind = config.display.kind
    if kind is DisplayKind.TERMINAL:
        from companion.device.terminal import KEYS_LEGEND, TerminalDevice

        return Screen(TerminalDevice(sys.stdout, legend=KEYS_LEGEND), settings)
    if kind is DisplayKind.NONE:
        return Screen(LastPicture(), settings)
    from companion.device.display import open_display

    def open_panel() -> LumaDevice | str:
        opened = open_display(config.display, settings)
        if opened.problem is not None:
            return opened.problem
        return GuardedDevice(opened.screen.device, log)

    return Screen(RetriedPanel(open_panel, on_change=report), settings)


def open_button_source(config: Config, report: PartReport) -> ButtonSource:
    if config.display.kind is DisplayKind.TERMINAL and sys.stdin.isatty():
        from companion.device.terminal import TerminalKeys

        return TerminalKeys()
    from companion.device.buttons import open_buttons

    return RetriedButtons(lambda: open_buttons(config.buttons), on_change=report)


def part_reporter(part: Part, inbox: Inbox, log: Callable[[str], None]) -> PartReport:
    """Logs a part's trouble (once per change) and tells the kiosk, through the inbox."""

    def report(problem: str | None) -> None:
        log(problem if problem is not None else f"{part.value} back")
        inbox.put(PartNews(part, problem))

    return report


def assemble(
    config: Config,
    *,
    log: Callable[[str], None],
    feed: SideFeed | None = None,
    listener: Listener | None = None,
    environ: dict[str, str] | None = None,
) -> Assembled:
    """Everything ``companion run`` needs, not yet started."""
    journal = Journal.open(config.state.directory / JOURNAL_FILE, page_size=KIOSK_PAGE_SIZE)
    saved = SavedSettings(config.state.directory / SETTINGS_FILE, log)
    settings = saved.load(ui_settings(config))
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    buttons = (
        FakeButtons()
        if feed is not None
        else open_button_source(config, part_reporter(Part.BUTTONS, inbox, log))
    )
    camera_on = feed is None and config.camera.source.kind is not CameraKind.NONE
    camera = camera_feed(config, inbox, stop, log) if camera_on else None
    kiosk = Kiosk(
        journal,
        open_screen(config, settings, log, part_reporter(Part.DISPLAY, inbox, log)),
        settings=settings,
        camera=CameraState.STARTING if camera_on else None,
        log=log,
        watcher=None if listener is None else RowsShown(listener.on_shown),
        keep_settings=saved.save,
        tell_camera=None if camera is None else camera.tell,
        find_sheet=partial(read_sheet_link, config.state.directory, enabled=config.sheet.enabled),
    )
    threads = [ButtonPump(buttons, inbox, stop).thread]
    if camera is not None:
        threads.append(camera.thread)
    if feed is not None:
        threads.append(feed.thread(kiosk, inbox, stop))
    notifier = Notifier.from_environ(environ)
    required = frozenset(Progress) if camera_on else frozenset({Progress.SCREENS})
    watchdog = Watchdog.from_environ(
        notifier, clock=time.monotonic, required=required, environ=environ
    )
    runner = Runner(
        kiosk,
        inbox,
        stop,
        threads,
        notifier=notifier,
        watchdog=watchdog,
        on_ready=(lambda: None) if listener is None else listener.on_ready,
    )
    return Assembled(runner, journal, buttons)


def camera_feed(
    config: Config, inbox: Inbox, stop: threading.Event, log: Callable[[str], None]
) -> CameraFeed:
    from companion.app.table_side import TrackedTable
    from companion.device.camera import FrameSource, SkippedImage, open_source

    source = config.camera.source
    fps = float(config.camera.fps)
    size = config.camera.size

    said: set[Path] = set()  # a folder is read again after each retry: each image said once

    def skip(skipped: SkippedImage) -> None:
        if skipped.path not in said:
            said.add(skipped.path)
            log(str(skipped))

    def opened() -> FrameSource:
        return open_source(source, fps=fps, size=size, on_skip=skip)

    settings = tracker_settings(config)
    return CameraFeed(opened, lambda: TrackedTable(settings, game=None, log=log), inbox, stop)
