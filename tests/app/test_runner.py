"""The whole loop on threads: frames tracked on the camera thread, presses on the buttons
thread, the journal on the main thread; systemd told over a real datagram socket."""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from companion.app.feeds import ButtonPump, CameraFeed, Inbox
from companion.app.kiosk import Kiosk
from companion.app.messages import CameraState
from companion.app.notify import Notifier, Watchdog
from companion.app.runner import Runner
from companion.cards import Card
from companion.device.buttons import FakeButtons
from companion.device.camera import FakeSource
from companion.device.display import RecordingDevice, Screen
from companion.games.events import CardSeen
from companion.games.spec import GameSpec
from companion.journal.records import EventRow, Source
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.events import TableEvent, TrackerOutput
from companion.ui.menus.state import MainMenu
from companion.ui.presses import Button, ButtonPress, PressKind
from companion.ui.settings import UiSettings
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

HEADER = "game oh-hell players=4 dealer=0 hook=on"


FRAME_S = 0.1


def paced(frames: list[Frame]) -> Iterator[Frame]:
    """The frames at 10 a second, as a camera gives them."""
    for frame in frames:
        time.sleep(FRAME_S)
        yield frame


class TrumpAtThirdFrame:
    seen = 0  # frames tracked, by every tracker of the test

    def step(self, frame: Frame) -> TrackerOutput:
        TrumpAtThirdFrame.seen += 1
        if frame.number == 3:
            event = TableEvent(frame.time - 0.3, CardSeen("trump", Card.parse("8D")))
            return TrackerOutput(frame.time, events=(event,))
        return TrackerOutput(frame.time)

    def use_game(self, watched: WatchedGame) -> None:
        """The one game of these tests is played with its default deck."""


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def received(listener: socket.socket) -> list[str]:
    fields = []
    listener.settimeout(0)
    while True:
        try:
            fields.extend(listener.recv(4096).decode().splitlines())
        except BlockingIOError:
            return fields


def test_frames_presses_and_the_journal_meet_in_one_loop(tmp_path: Path) -> None:
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        journal = Journal.open(tmp_path / JOURNAL_FILE)
        device = RecordingDevice()
        kiosk = Kiosk(
            journal,
            Screen(device),
            settings=UiSettings(),
            camera=CameraState.STARTING,
            log=lambda line: None,
        )
        kiosk.begin(GameSpec.parse(HEADER))
        inbox: Inbox = queue.Queue()
        stop = threading.Event()
        image = np.zeros((4, 4, 3), np.uint8)
        frames = [Frame(image, n / 10, n) for n in range(8)]
        # paced at 10 fps (0.8 s), so the press is surely taken before the frames end
        TrumpAtThirdFrame.seen = 0
        feed = CameraFeed(lambda: FakeSource(paced(frames)), TrumpAtThirdFrame, inbox, stop)
        buttons = FakeButtons([ButtonPress(Button.OK, PressKind.LONG)])
        pump = ButtonPump(buttons, inbox, stop)
        notifier = Notifier(address)
        runner = Runner(
            kiosk,
            inbox,
            stop,
            [pump.thread, feed.thread],
            notifier=notifier,
            # a ping at most every third tick: the socket's buffer is read only at the end
            watchdog=Watchdog(notifier, interval_s=3.0, clock=Ticks()),
            stop_at_end=True,
            tick_s=0.01,
        )
        runner.run()
        fields = received(listener)
        assert kiosk.table.played is not None
        rows = journal.rows(kiosk.table.played.record.id)
        assert [(r.line, r.source) for r in rows if isinstance(r, EventRow)] == [
            ("card trump 8D", Source.CAMERA)
        ]
        journal.close()
    assert buttons.pending() == 0 and isinstance(kiosk.table.ui.mode, MainMenu)
    assert TrumpAtThirdFrame.seen == 8 and not pump.thread.is_alive() and not feed.thread.is_alive()
    assert fields[0] == "READY=1" and fields[1].startswith("STATUS=game 1 (oh-hell), 0 events")
    assert "STATUS=game 1 (oh-hell), 1 events; camera reading" in fields
    assert "WATCHDOG=1" in fields  # frames and screens both moved on
    assert fields[-2:] == ["STOPPING=1", "STATUS=stopping"]
    assert len(device.images) >= 3
