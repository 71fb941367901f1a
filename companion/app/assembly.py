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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from companion.app.config import CameraKind, Config, DisplayKind
from companion.app.feeds import ButtonPump, CameraFeed, Inbox, ScriptFeed
from companion.app.kiosk import Kiosk, power_settings
from companion.app.messages import CameraState, Part, PartNews
from companion.app.notify import Notifier, Progress, Watchdog
from companion.app.runner import Runner
from companion.app.saved_settings import SETTINGS_FILE, SavedSettings
from companion.device.buttons import (
    ButtonPins,
    ButtonSource,
    FakeButtons,
    PressTiming,
    RetriedButtons,
)
from companion.device.display import Driver, LumaDevice, RetriedPanel, Screen
from companion.journal.records import EventRow
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.tracker_settings import TrackerSettings
from companion.ui.settings import UiSettings
from companion.ui.texts import Language

READY_LINE = "ready"
SHOWN_LINE = "shown"


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


@dataclass(frozen=True)
class RunOptions:
    """``scripted``: play this event script for ever (the crash test's session) with
    fake buttons and no camera; ``report_shown``: print ``ready`` after the first
    screen and ``shown GAME SEQ`` once each journal row's effect is on the screen."""

    scripted: Path | None = None
    report_shown: bool = False
    stop_at_end: bool = False


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
    display = config.display
    return UiSettings(
        language=Language(config.ui.language.value),
        dim_after=round(display.dim_after_s),
        dark_after=round(display.dark_after_s),
    )


def tracker_settings(config: Config) -> TrackerSettings:
    table = config.table
    return TrackerSettings(min_frames=table.stability_frames, min_seconds=table.stability_ms / 1000)


PartReport = Callable[[str | None], None]


def open_screen(
    config: Config, settings: UiSettings, log: Callable[[str], None], report: PartReport
) -> Screen:
    kind = config.display.kind
    power = power_settings(settings)
    if kind is DisplayKind.TERMINAL:
        from companion.device.terminal import TerminalDevice

        return Screen(TerminalDevice(sys.stdout), power)
    if kind is DisplayKind.NONE:
        return Screen(LastPicture(), power)
    from companion.device.display import DisplayConfig, open_display

    driver = Driver.SSD1306 if kind is DisplayKind.SSD1306 else Driver.SH1106
    where = DisplayConfig(driver, config.display.i2c_port, config.display.i2c_address)

    def open_panel() -> LumaDevice | str:
        opened = open_display(where, power)
        if opened.problem is not None:
            return opened.problem
        return GuardedDevice(opened.screen.device, log)

    return Screen(RetriedPanel(open_panel, on_change=report), power)


def open_button_source(config: Config, options: RunOptions, report: PartReport) -> ButtonSource:
    if options.scripted is not None:
        return FakeButtons()
    if config.display.kind is DisplayKind.TERMINAL and sys.stdin.isatty():
        from companion.device.terminal import TerminalKeys

        return TerminalKeys()
    from companion.device.buttons import open_buttons

    pins = ButtonPins(
        config.buttons.up, config.buttons.down, config.buttons.ok, config.buttons.back
    )
    timing = PressTiming(long_press=config.buttons.long_press_s)
    return RetriedButtons(lambda: open_buttons(pins, timing), on_change=report)


def part_reporter(part: Part, inbox: Inbox, log: Callable[[str], None]) -> PartReport:
    """Logs a part's trouble (once per change) and tells the kiosk, through the inbox."""

    def report(problem: str | None) -> None:
        log(problem if problem is not None else f"{part.value} back")
        inbox.put(PartNews(part, problem))

    return report


def assemble(
    config: Config,
    options: RunOptions,
    *,
    log: Callable[[str], None],
    out: Callable[[str], None],
    environ: dict[str, str] | None = None,
) -> Assembled:
    """Everything ``companion run`` needs, not yet started. ``out``: where ``ready`` and
    ``shown`` lines go."""
    journal = Journal.open(config.state.directory / JOURNAL_FILE)
    saved = SavedSettings(config.state.directory / SETTINGS_FILE, log)
    settings = saved.load(ui_settings(config))
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    buttons = open_button_source(config, options, part_reporter(Part.BUTTONS, inbox, log))
    camera_on = options.scripted is None and config.camera.source.kind is not CameraKind.NONE

    def shown(row: EventRow) -> None:
        out(f"{SHOWN_LINE} {row.game} {row.seq}")

    kiosk = Kiosk(
        journal,
        open_screen(config, settings, log, part_reporter(Part.DISPLAY, inbox, log)),
        settings=settings,
        camera=CameraState.STARTING if camera_on else None,
        log=log,
        on_shown=shown if options.report_shown else None,
        keep_settings=saved.save,
    )
    threads = [ButtonPump(buttons, inbox, stop).thread]
    if camera_on:
        threads.append(camera_feed(config, inbox, stop, log).thread)
    if options.scripted is not None:
        threads.append(script_feed(options.scripted, kiosk, inbox, stop))
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
        stop_at_end=options.stop_at_end,
        on_ready=(lambda: out(READY_LINE)) if options.report_shown else (lambda: None),
    )
    return Assembled(runner, journal, buttons)


def camera_feed(
    config: Config, inbox: Inbox, stop: threading.Event, log: Callable[[str], None]
) -> CameraFeed:
    from companion.app.table_side import TrackedTable
    from companion.device.camera import FrameSource, SkippedImage, open_source

    spec = str(config.camera.source)
    fps = float(config.camera.fps)

    said: set[Path] = set()  # a folder is read again after each retry: each image said once

    def skip(skipped: SkippedImage) -> None:
        if skipped.path not in said:
            said.add(skipped.path)
            log(str(skipped))

    def opened() -> FrameSource:
        return open_source(spec, fps=fps, on_skip=skip)

    settings = tracker_settings(config)
    return CameraFeed(opened, lambda: TrackedTable(settings, game=None, say=log), inbox, stop)


def script_feed(path: Path, kiosk: Kiosk, inbox: Inbox, stop: threading.Event) -> threading.Thread:
    """The crash test's session; it carries on from the rows the resumed game holds,
    which the kiosk counted when it started (threads start after it)."""
    from companion.games.script import parse_script
    from companion.journal.crash import script_header, session_steps

    script = parse_script(path.read_text("utf-8"), str(path))
    header, steps = script_header(script), session_steps(script)

    def run() -> None:
        done = kiosk.resumed_rows
        feed = ScriptFeed(header, steps, inbox, stop, start_at=len(steps) if done is None else done)
        feed.run()

    return threading.Thread(target=run, name="script", daemon=True)
