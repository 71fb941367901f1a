"""``companion demo``: the whole pipeline on a synthetic table session of a real game
(its bundled example, or any event script).

The session's frames (a filmed mat, cards dealt by hand) go through the real tracker on
the camera thread; its events and the session's button steps go through the journal (in
a temporary folder), the engine and the screens, drawn in the terminal. At the end the
game's score sheet is printed and the game compared with the session's own script.
"""

from __future__ import annotations

import contextlib
import functools
import statistics
import tempfile
import textwrap
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from PIL import Image

from companion.app.feeds import ButtonPump, CameraFeed, FrameTracker
from companion.app.kiosk import Kiosk, KioskWatcher
from companion.app.messages import CameraState
from companion.app.notify import Notifier, Watchdog
from companion.app.runner import Runner
from companion.demo.filmed import FilmedCamera, SessionInbox, button_steps
from companion.device.buttons import ButtonSource, FakeButtons
from companion.device.display import LumaDevice, Screen
from companion.device.terminal import CLEAR_LINE, KEYS_LEGEND, Scale, TerminalDevice
from companion.games.events import Action, CardSeen, parse_event
from companion.games.people import PEOPLE_OPTION
from companion.games.script import parse_script
from companion.games.spec import GameSpec
from companion.journal.records import EventRow
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.tracker_settings import TrackerSettings
from companion.ui.canvas import Sheet, TextMark
from companion.ui.settings import UiSettings
from companion.ui.transcript import TRANSCRIPT_FILE, Shown, screens_text
from companion.ui.transcript import lines as transcript_lines
from companion.values.language import Language
from companion.words.labels import game_name, options_in_words
from companion.words.reasons import event_text

if TYPE_CHECKING:
    from companion.demo.film.session import SyntheticSession
    from companion.games.script import Script
    from companion.values.frame import Frame

DEFAULT_SEED = 2  # a session the tracker follows whole (on seed 1 it misreads a fan)
TICKER_LINES = 5  # log lines kept under the drawn screen, where the terminal has room
SUMMARY_WIDTH = 79  # the end's lines, so that an 80-column terminal never wraps them
WRAP_INDENT = "  "


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
        """The end of the demo in a player's words: the game, what was filmed, whether the
        box kept the game as it was played, how quickly a card reached the screen, and
        where the game is kept."""
        game = parse_script(self.header, "the demo's game")
        played = [parse_event(line) for line in self.expected]
        laid = sum(isinstance(event, CardSeen) for event in played)
        pressed = sum(isinstance(event, Action) for event in played)
        latency = self.median_latency_ms
        spec = game.spec()
        options = spec.options
        named = [name for name in game.options if name not in ("players", PEOPLE_OPTION)]
        chosen = ", ".join(options_in_words(options, Language.EN, named=named))
        people = "" if spec.people is None else f": {', '.join(spec.people.names)}"
        said = [
            f"{game_name(game.game, Language.EN)} for {getattr(options, 'players', '?')} "
            f"players{people}" + (f" ({chosen})." if chosen else "."),
            f"Filmed: {self.frames} camera frames; the box drew {self.screens} screens.",
            f"Played: {_count(len(played), 'move')}: {_count(laid, 'card')} laid, "
            f"{len(played) - laid - pressed} taken away, "
            f"{_count(pressed, 'button press', 'button presses')}.",
            "Recorded: " + self._recorded_words(game.game, game.options),
            (
                "Card to screen: no card was laid."
                if latency is None
                else f"Card to screen: {latency:.0f} ms after the card came to rest (median "
                f"of {_count(len(self.latencies), 'move')})."
            ),
            (
                "Kept: nowhere; the journal was in a temporary folder, now removed "
                "(--state-dir DIR keeps it)."
                if self.journal is None
                else f"Kept: {self.journal} (companion export or companion sheet "
                f"--state-dir {self.journal.parent})."
            ),
        ]
        # each said in lines that an 80-column terminal shows whole
        return [
            line
            for text in said
            for line in textwrap.wrap(
                text,
                SUMMARY_WIDTH,
                subsequent_indent=WRAP_INDENT,
                break_long_words=False,  # a path stays whole, to be copied
                break_on_hyphens=False,
            )
        ]

    def _recorded_words(self, game_id: str, options: dict[str, str]) -> str:
        """Whether the box recorded the game as played, and where it first did not."""
        if self.same_game:
            return (
                f"all {_count(len(self.expected), 'move')} as played, in order; none missed, "
                "added or misread."
            )
        seat_led = GameSpec.of(game_id, options).engine().seat_led_actions
        pairs = zip(self.expected, self.recorded, strict=False)  # the moves both hold
        first = next(
            (n for n, (a, b) in enumerate(pairs) if a != b),
            min(len(self.expected), len(self.recorded)),
        )

        def said(line: str) -> str:
            return f'"{event_text(parse_event(line), Language.EN, seat_led=seat_led)}"'

        if first < len(self.expected) and first < len(self.recorded):
            where = (
                f"move {first + 1} was {said(self.expected[first])} but the box recorded "
                f"{said(self.recorded[first])}"
            )
        elif first < len(self.expected):
            missed = said(self.expected[first])
            where = f"move {first + 1}, {missed}, and those after it are missing"
        else:
            where = f"the box recorded moves never played, from {said(self.recorded[first])}"
        return (
            f"NOT the game played: {_count(len(self.recorded), 'move')} recorded of "
            f"{len(self.expected)} played, the first {first} as played; {where}."
        )


def _count(number: int, word: str, plural: str | None = None) -> str:
    return f"{number} {word if number == 1 else plural or word + 's'}"


class DemoWatcher(KioskWatcher):
    """What the demo tells of the kiosk at the end: the screens it drew (the texts of the
    last one, for the drawing in text and the PNGs' lines), and how long a card or a press
    took to reach the screen."""

    def __init__(self) -> None:
        self.screens = 0
        self.marks: tuple[TextMark, ...] = ()
        self.latencies: list[float] = []
        self.press_latencies: list[float] = []

    def showing(self, sheet: Sheet) -> None:
        self.marks = tuple(sheet.marks)

    def shown(self, sheet: Sheet, rows: Sequence[EventRow]) -> None:
        self.screens += 1

    def card_shown(self, seconds: float) -> None:
        self.latencies.append(seconds)

    def press_shown(self, seconds: float) -> None:
        self.press_latencies.append(seconds)

    def lines(self) -> list[str]:
        """The lines of the screen shown last."""
        return transcript_lines(self.marks)


class PngFolder:
    """A display that writes every picture it is given to a folder, numbered, and the
    lines drawn on it to the folder's ``screens.txt`` (``lines()``: those of the picture
    being shown)."""

    def __init__(self, folder: Path, lines: Callable[[], Sequence[str]] = tuple) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.lines = lines
        self.count = 0
        (folder / TRANSCRIPT_FILE).write_text("", encoding="utf-8")

    def display(self, image: Image.Image) -> None:
        self.count += 1
        name = f"screen-{self.count:04d}.png"
        image.save(self.folder / name)
        block = screens_text([Shown(name, tuple(self.lines()))])
        with (self.folder / TRANSCRIPT_FILE).open("a", encoding="utf-8") as written:
            written.write(block if self.count == 1 else "\n" + block)

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


@dataclass(frozen=True)
class DemoTerminal:
    """The demo drawn in a terminal: the picture's scale and the terminal's size."""

    scale: Scale
    columns: int
    rows: int


class Ticker:
    """The last few log lines, kept under the drawn screen from ``top_row`` on (None: no
    screen drawn; each line is written as it comes)."""

    def __init__(
        self, stream: TextIO, *, top_row: int | None = None, lines: int = 0, width: int = 0
    ) -> None:
        """``width``: a line kept under the screen is cut to it, so it never wraps."""
        self.stream = stream
        self.top_row = top_row
        self.width = width
        self.lines: deque[str] = deque(maxlen=max(1, lines))

    def __call__(self, line: str) -> None:
        if self.top_row is None:
            self.stream.write(line + "\n")
            self.stream.flush()
            return
        self.lines.append(line)
        for offset, text in enumerate(self.lines):
            self.stream.write(f"\x1b[{self.top_row + offset};1H{CLEAR_LINE}{text[: self.width]}")
        self.park()

    def park(self) -> None:
        """The cursor on the line below the kept lines."""
        if self.top_row is not None:
            self.stream.write(f"\x1b[{self.top_row + len(self.lines)};1H")
            self.stream.flush()


def run_demo(
    options: DemoOptions,
    *,
    stream: TextIO,
    buttons: ButtonSource | None = None,
    device: LumaDevice | None = None,
    tracker: Callable[[str, Callable[[str], None]], FrameTracker] | None = None,
    terminal: DemoTerminal | None = None,
    frames: Callable[[SyntheticSession], Iterable[Frame]] | None = None,
) -> DemoResult:
    """Play the session; ``terminal``: draw it in the terminal ``stream`` is (None: the
    log lines alone, plain text); ``device`` replaces the drawing (the benchmark),
    ``tracker(game, log)`` the real tracker and ``frames(session)`` the session's drawn
    frames (tests of the wiring)."""
    from companion.demo.film.session import make_session
    from companion.device.display import RecordingDevice
    from companion.journal.export import score_sheet

    session = make_session(
        options.game, seed=options.seed, max_events=options.events, script=options.script
    )
    drawn: TerminalDevice | None = None
    log = Ticker(stream)
    if device is None and terminal is not None:
        drawn = TerminalDevice(stream, scale=terminal.scale, legend=KEYS_LEGEND, hide_cursor=True)
        room = terminal.rows - drawn.rows - 1  # the last line keeps the cursor
        log = Ticker(
            stream,
            top_row=drawn.rows + 1,
            lines=min(TICKER_LINES, room),
            width=terminal.columns - 1,  # the last column would wrap in some terminals
        )
    shown: LumaDevice = device or drawn or RecordingDevice()
    pictures: PngFolder | None = None
    if options.png is not None:
        pictures = PngFolder(options.png)
        shown = BothDevices(shown, pictures)
    make_tracker = tracker or _real_tracker

    buttons = buttons or FakeButtons()
    with contextlib.ExitStack() as stack:
        folder = options.state_dir or Path(
            stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-demo-"))
        )
        journal = Journal.open(folder / JOURNAL_FILE)
        try:
            inbox = SessionInbox()
            stop = threading.Event()
            camera = FilmedCamera(
                session.frames if frames is None else frames(session),
                button_steps(session.script),
                inbox,
                stop,
                wait_drawn=functools.partial(inbox.wait_drawn, stop) if options.fast else None,
            )
            feed = CameraFeed(lambda: camera, lambda: make_tracker(session.game, log), inbox, stop)
            # the screen never dims or goes dark: the film has no player to wake it
            settings = UiSettings(language=options.language, dim_after=None, dark_after=None)
            watcher = DemoWatcher()
            kiosk = Kiosk(
                journal,
                Screen(shown, settings, clock=inbox.now),
                settings=settings,
                camera=CameraState.STARTING,
                log=log,
                watcher=watcher,
                tell_camera=feed.tell,
                table_clock=inbox.now,
            )
            if pictures is not None:
                pictures.lines = watcher.lines
            if drawn is not None:
                drawn.text = watcher.lines
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
            kiosk.begin(session.spec)
            runner.run()
            played = kiosk.table.played
            assert played is not None
            recorded = tuple(str(event) for event in played.game.events)
            exported = score_sheet(played.record.header, played.game.events)
            sheet = exported.named(played.game.people).csv_text()
        finally:
            journal.close()
            if drawn is not None:
                drawn.close()
            log.park()
    stream.write("\n")
    return DemoResult(
        header=session.header,
        expected=tuple(step.line for step in session.script),
        recorded=recorded,
        sheet=sheet,
        latencies=tuple(watcher.latencies),
        press_latencies=tuple(watcher.press_latencies),
        screens=watcher.screens,
        frames=camera.count,
        journal=None if options.state_dir is None else options.state_dir / JOURNAL_FILE,
    )


def filmable(script: Script) -> None:
    """Raise a ``ScriptError`` (naming the line) when the game refuses the script, a
    ``ValueError`` when it names a zone its mat does not have."""
    from companion.demo.film.session import check_zones
    from companion.games.session import replay_script
    from companion.table.layouts import Paper, mat_layout

    replay_script(script)
    check_zones(script, mat_layout(script.game, Paper.A3))


def _real_tracker(game: str, log: Callable[[str], None]) -> FrameTracker:
    from companion.app.table_side import TrackedTable

    return TrackedTable(TrackerSettings(), game=game, log=log)
