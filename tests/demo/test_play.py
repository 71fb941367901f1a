"""``companion demo --script``: any event script filmed and played through the whole
pipeline. An Очко 21 game with the 52-card pack holds twos to fives, which the camera
reads only when it is told the game's own deck."""

from __future__ import annotations

import io
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from companion.app.kiosk import Kiosk
from companion.app.messages import CameraNews, CameraState, Intended, Message, TableNews
from companion.app.table_side import TrackedTable
from companion.cli import main
from companion.demo.film.session import SyntheticSession, make_session
from companion.demo.play import DEFAULT_SEED, DemoOptions, run_demo
from companion.device.display import RecordingDevice, Screen
from companion.games.events import Action, parse_event
from companion.games.registry import game_ids
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.events import TableEvent, TrackerOutput
from companion.table.tracker_settings import TrackerSettings
from companion.ui.intents import ApplyEvent
from companion.ui.settings import UiSettings
from companion.values.camera_events import CameraEvent
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

DECK52 = Path(__file__).resolve().parent / "ochko21_deck52.txt"
LOW_RANKS = ("2", "3", "4", "5")


def test_a_deck52_game_with_twos_to_fives_played_through_demo_script_equals_its_script(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--fast", "--script", str(DECK52)]) == 0
    out = capsys.readouterr().out
    assert "Recorded: all 26 moves as played, in order; none missed, added or misread." in out


class DeafTable:
    """The real camera side that never hears which game is played (the bug)."""

    def __init__(self, game: str, log: Callable[[str], None]) -> None:
        self.table = TrackedTable(TrackerSettings(), game=game, log=log)

    def step(self, frame: Frame) -> TrackerOutput:
        return self.table.step(frame)

    def use_game(self, watched: WatchedGame) -> None:
        """Not heard: the reader keeps the default 36-card deck."""


def test_without_being_told_the_game_the_camera_misses_the_low_cards() -> None:
    options = DemoOptions(game="ochko-21", fast=True, script=DECK52.read_text("utf-8"))
    result = run_demo(options, stream=io.StringIO(), tracker=DeafTable)
    assert not result.same_game
    cards = [line.split()[-1] for line in result.recorded if line.startswith("card ")]
    assert cards and not [card for card in cards if card[:-1] in LOW_RANKS]
    expected = [line.split()[-1] for line in result.expected if line.startswith("card ")]
    assert [card for card in expected if card[:-1] in LOW_RANKS]


def test_a_script_the_game_refuses_is_an_error_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("game ochko-21 players=3 banker=0\nstand\n", "utf-8")
    assert main(["demo", "--fast", "--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"{script}, line 2" in err and "Traceback" not in err
    assert main(["demo", "--fast", "--script", str(tmp_path / "missing.txt")]) == 2
    assert "--script" in capsys.readouterr().err


BLANK = np.zeros((1, 1, 3), np.uint8)
SLOW_FRAME_S = 0.001  # a camera slower than the kiosk
SLOW_PICTURE_S = 0.02  # a kiosk slower than the camera (the busy machine of the issue)


def blank_frames(session: SyntheticSession) -> list[Frame]:
    """The session's frames with nothing drawn: the scripted table does not look."""
    return [Frame(BLANK, scene.time, scene.number) for scene in session.scenes]


def camera_steps(session: SyntheticSession) -> deque[tuple[float, CameraEvent]]:
    steps: deque[tuple[float, CameraEvent]] = deque()
    for step in session.script:
        event = parse_event(step.line)
        if step.source == "camera":
            assert not isinstance(event, Action)
            steps.append((step.time, event))
    return steps


def button_steps(session: SyntheticSession) -> deque[tuple[float, Action]]:
    steps: deque[tuple[float, Action]] = deque()
    for step in session.script:
        event = parse_event(step.line)
        if step.source == "button":
            assert isinstance(event, Action)
            steps.append((step.time, event))
    return steps


class ScriptedTable:
    """The camera side reporting the session's camera lines at their times, ``delay``
    seconds a frame."""

    def __init__(self, session: SyntheticSession, delay: float) -> None:
        self.pending = camera_steps(session)
        self.delay = delay

    def step(self, frame: Frame) -> TrackerOutput:
        time.sleep(self.delay)
        return TrackerOutput(frame.time, events=tuple(self._due(frame.time)))

    def _due(self, now: float) -> list[TableEvent]:
        due = []
        while self.pending and self.pending[0][0] <= now:
            when, event = self.pending.popleft()
            due.append(TableEvent(when, event))
        return due

    def use_game(self, watched: WatchedGame) -> None:
        """The script knows its game."""


class SlowDevice(RecordingDevice):
    def display(self, image: Image.Image) -> None:
        time.sleep(SLOW_PICTURE_S)
        super().display(image)


def folded_screens(session: SyntheticSession, folder: Path) -> list[bytes]:
    """The screens of the session worked out in one thread, message by message as the
    main loop takes them (no queue, no camera thread, no waiting): the reference."""
    now = 0.0

    def clock() -> float:
        return now

    device = RecordingDevice()
    journal = Journal.open(folder / JOURNAL_FILE)
    quiet = UiSettings(dim_after=None, dark_after=None)
    kiosk = Kiosk(
        journal,
        Screen(device, quiet, clock=clock),
        settings=quiet,
        camera=CameraState.STARTING,
        log=lambda line: None,
        table_clock=clock,
    )

    def take(message: Message) -> None:
        kiosk.take(message)
        kiosk.tick()
        kiosk.screen.tick()

    kiosk.begin(session.spec)
    kiosk.start()
    actions, events = button_steps(session), camera_steps(session)
    for scene in session.scenes:
        while actions and actions[0][0] <= scene.time:
            take(Intended(ApplyEvent(actions.popleft()[1])))
        now = scene.time
        due = []
        while events and events[0][0] <= scene.time:
            when, event = events.popleft()
            due.append(TableEvent(when, event))
        take(TableNews(scene.time, 0.0, tuple(due)))
    while actions:
        take(Intended(ApplyEvent(actions.popleft()[1])))
    take(CameraNews(CameraState.ENDED))
    journal.close()
    return [image.tobytes() for image in device.images]


@pytest.mark.slow
@pytest.mark.parametrize("game", game_ids())
def test_fast_demo_screens_are_the_sessions_whether_camera_or_kiosk_is_slower(
    game: str, tmp_path: Path
) -> None:
    session = make_session(game, seed=DEFAULT_SEED)
    reference = folded_screens(session, tmp_path)
    assert len(set(reference)) > 20
    for delay, device in ((SLOW_FRAME_S, RecordingDevice()), (0.0, SlowDevice())):
        result = run_demo(
            DemoOptions(game=game, fast=True),
            stream=io.StringIO(),
            device=device,
            tracker=lambda game, log, delay=delay: ScriptedTable(session, delay),  # type: ignore[misc]
            frames=blank_frames,
        )
        assert result.same_game
        assert [image.tobytes() for image in device.images] == reference


@pytest.mark.slow
def test_the_permanent_bank_demo_asks_nothing_and_is_refused_nothing() -> None:
    """Its sweeps and the J♠ over the 8♥ on the split hand once made the reader see a J♥."""
    log = io.StringIO()
    result = run_demo(DemoOptions(game="ochko-bank", fast=True), stream=log)
    assert result.same_game
    assert "unsure card" not in log.getvalue()
    assert "refused" not in log.getvalue()
    assert "new game 1: game ochko-bank" in log.getvalue()
