"""``companion demo``: the whole pipeline on a synthetic table session of a real game
(its bundled example, or any event script).

The session's frames (a filmed mat, cards dealt by hand) go through the real tracker on
the camera thread; its events and the session's button steps go through the journal (in
a temporary folder), the engine and the screens, drawn in the terminal. At the end the
game's score sheet is printed and the game compared with the session's own script.
"""

from __future__ import annotations

import contextlib
import queue
import statistics
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from PIL import Image

from companion.app.feeds import ButtonPump, CameraFeed, FrameTracker, Inbox
from companion.app.kiosk import Kiosk
from companion.app.messages import CameraState
from companion.app.notify import Notifier, Watchdog
from companion.app.runner import Runner
from companion.device.buttons import ButtonSource, FakeButtons
from companion.device.display import LumaDevice, PowerSettings, Screen
from companion.games.events import Action, parse_event
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.tracker_settings import TrackerSettings
from companion.ui.settings import UiSettings
from companion.ui.texts import Language

if TYPE_CHECKING:
    from companion.games.script import Script
    from companion.tools.synthetic.session import ScriptStep

DEFAULT_SEED = 2  # a session the tracker follows whole (on seed 1 it misreads a fan)
TICKER_LINES = 5
TICKER_ROW = 36  # below the drawn screen (two border lines and 32 of pixels)


@dataclass(frozen=True)
class DemoOptions:
    game: str = "oh-hell"
    seed: int = DEFAULT_SEED
    fast: bool = False  # do not wait for the session's times
    png: Path | None = None
    events: int | None = None  # only the first events of the game
    language: Language = Language.EN
    script: str | None = None  # an event script to film instead of the game's example
    state_dir: Path | None = None  # keep the journal here (default: a folder removed after)


@dataclass(frozen=True)
class DemoResult:
    header: str
    expected: tuple[str, ...]  # the session's event lines
    recorded: tuple[str, ...]  # the events the game holds at the end
    sheet: str  # the score sheet, CSV
    latencies: tuple[float, ...]  # card settled -> screen out, seconds
    press_latencies: tuple[float, ...]  # press taken -> its screen out, seconds
    screens: int
    frames: int
    journal: Path | None = None  # where the game's journal was kept, if it was

    @property
    def same_game(self) -> bool:
        return self.expected == self.recorded

    @property
    def median_latency_ms(self) -> float | None:
        return statistics.median(self.latencies) * 1000 if self.latencies else None

    def lines(self) -> list[str]:
        matched = sum(a == b for a, b in zip(self.expected, self.recorded, strict=False))
        latency = self.median_latency_ms
        return [
            self.header,
            f"frames: {self.frames}, screens drawn: {self.screens}",
            f"events: {len(self.recorded)} recorded, {len(self.expected)} in the session's "
            f"script, {matched} the same from the start",
            "the game equals the session's script: " + ("yes" if self.same_game else "no"),
            "card settled -> screen updated, median: "
            + ("-" if latency is None else f"{latency:.0f} ms over {len(self.latencies)} events"),
            "journal: "
            + (
                "kept in a temporary folder, now removed (--state-dir DIR keeps it)"
                if self.journal is None
                else f"{self.journal} (companion export --state-dir {self.journal.parent})"
            ),
        ]


class PngFolder:
    """A display that writes every picture it is given to a folder, numbered."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.count = 0

    def display(self, image: Image.Image) -> None:
        self.count += 1
        image.save(self.folder / f"screen-{self.count:04d}.png")

    def contrast(self, level: int) -> None:
        """A file has no brightness."""

    def hide(self) -> None:
        """A file stays as written."""

    def show(self) -> None:
        """A file stays as written."""


class BothDevices:
    """Two displays showing the same pictures (the terminal and the PNG folder)."""

    def __init__(self, first: LumaDevice, second: LumaDevice) -> None:
        self.first, self.second = first, second

    def display(self, image: Image.Image) -> None:
        self.first.display(image)
        self.second.display(image)

    def contrast(self, level: int) -> None:
        self.first.contrast(level)
        self.second.contrast(level)

    def hide(self) -> None:
        self.first.hide()
        self.second.hide()

    def show(self) -> None:
        self.first.show()
        self.second.show()


class Ticker:
    """The last few log lines, kept under the drawn screen."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lines: deque[str] = deque(maxlen=TICKER_LINES)

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        for offset, text in enumerate(self.lines):
            self.stream.write(f"\x1b[{TICKER_ROW + offset};1H\x1b[K{text[:128]}")
        self.stream.write(f"\x1b[{TICKER_ROW + TICKER_LINES};1H")
        self.stream.flush()


def run_demo(
    options: DemoOptions,
    *,
    stream: TextIO,
    buttons: ButtonSource | None = None,
    device: LumaDevice | None = None,
    tracker: Callable[[str, Callable[[str], None]], FrameTracker] | None = None,
) -> DemoResult:
    """Play the session; ``device`` replaces the terminal drawing (the benchmark),
    ``tracker(game, say)`` the real tracker (tests of the wiring)."""
    from companion.device.camera import FakeSource, FrameSource
    from companion.device.terminal import TerminalDevice
    from companion.journal.export import score_sheet
    from companion.tools.synthetic.session import make_session

    session = make_session(
        options.game, seed=options.seed, max_events=options.events, script=options.script
    )
    shown: LumaDevice = device if device is not None else TerminalDevice(stream)
    if options.png is not None:
        shown = BothDevices(shown, PngFolder(options.png))
    log = Ticker(stream)
    make_tracker = tracker or _real_tracker

    def frames() -> FrameSource:
        return FakeSource(session.frames)

    buttons = buttons or FakeButtons()
    with contextlib.ExitStack() as stack:
        folder = options.state_dir or Path(
            stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-demo-"))
        )
        journal = Journal.open(folder / JOURNAL_FILE)
        try:
            inbox: Inbox = queue.Queue()
            stop = threading.Event()
            feed = CameraFeed(
                frames,
                lambda: make_tracker(session.game, log),
                inbox,
                stop,
                pace=not options.fast,
                timed_actions=_button_steps(session.script),
            )
            kiosk = Kiosk(
                journal,
                Screen(shown, PowerSettings(dim_after=None, dark_after=None)),
                settings=UiSettings(language=options.language, dim_after=None, dark_after=None),
                camera=CameraState.STARTING,
                log=log,
                tell_camera=feed.tell,
            )
            notifier = Notifier(None)
            runner = Runner(
                kiosk,
                inbox,
                stop,
                [feed.thread, ButtonPump(buttons, inbox, stop).thread],
                notifier=notifier,
                watchdog=Watchdog(notifier, interval_s=None, clock=lambda: 0.0),
                stop_at_end=True,
            )
            kiosk.begin(session.header)
            runner.run()
            played = kiosk.table.played
            assert played is not None
            recorded = tuple(str(event) for event in played.game.events)
            sheet = score_sheet(played.record.header, played.game.events).csv_text()
        finally:
            journal.close()
    stream.write("\n")
    return DemoResult(
        header=session.header,
        expected=tuple(step.line for step in session.script),
        recorded=recorded,
        sheet=sheet,
        latencies=tuple(kiosk.latencies),
        press_latencies=tuple(kiosk.press_latencies),
        screens=kiosk.screens_shown,
        frames=feed.frames_seen,
        journal=None if options.state_dir is None else options.state_dir / JOURNAL_FILE,
    )


def filmable(script: Script) -> None:
    """Raise a ``ScriptError`` (naming the line) when the game refuses the script, a
    ``ValueError`` when it names a zone its mat does not have."""
    from companion.games.session import replay_script
    from companion.table.layouts import Paper, mat_layout
    from companion.tools.synthetic.session import check_zones

    replay_script(script)
    check_zones(script, mat_layout(script.game, Paper.A3))


def _button_steps(script: Sequence[ScriptStep]) -> list[tuple[float, Action]]:
    """The session's button actions with their times (the script's text read here)."""
    steps = []
    for step in script:
        if step.source == "button":
            event = parse_event(step.line)
            if not isinstance(event, Action):
                raise ValueError(f"the session's button step {step.line!r} is not an action")
            steps.append((step.time, event))
    return steps


def _real_tracker(game: str, say: Callable[[str], None]) -> FrameTracker:
    from companion.app.table_side import TrackedTable

    return TrackedTable(TrackerSettings(), game=game, say=say)
