"""The camera and script threads: frames tracked off the main thread into the inbox, a
camera that fails is reported and opened again, scripted steps in order."""

from __future__ import annotations

import queue
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from companion.app.feeds import UNDO_PRESSES, CameraFeed, Inbox, ScriptFeed
from companion.app.messages import (
    CameraNews,
    CameraState,
    Message,
    Press,
    ScriptedLine,
    ScriptRestart,
    TableNews,
)
from companion.device.camera import FakeSource, FolderSource, Frame, FrameSource, SourceError
from companion.table.events import TableEvent, TrackerOutput, UnsureReport


def frames(count: int, *, start: int = 0) -> list[Frame]:
    image = np.zeros((4, 4, 3), np.uint8)
    return [Frame(image, (start + n) / 10, start + n) for n in range(count)]


class EventAt:
    """A tracker that reports one event line at a given frame number."""

    def __init__(self, number: int, line: str) -> None:
        self.number, self.line = number, line

    def step(self, frame: Frame) -> TrackerOutput:
        if frame.number == self.number:
            return TrackerOutput(frame.time, events=(TableEvent(frame.time - 0.3, self.line),))
        return TrackerOutput(frame.time)

    def confidence(self, report: UnsureReport) -> float:
        return 0.0


def drain(inbox: Inbox) -> list[Message]:
    found = []
    while True:
        try:
            found.append(inbox.get_nowait())
        except queue.Empty:
            return found


def test_frames_are_tracked_on_the_camera_thread_with_timed_steps_between() -> None:
    inbox: Inbox = queue.Queue()
    feed = CameraFeed(
        lambda: FakeSource(frames(10)),
        lambda: EventAt(4, "card trump 8D"),
        inbox,
        threading.Event(),
        timed_lines=[(0.55, "bid 1 1")],
    )
    feed.thread.start()
    feed.thread.join(10)
    messages = drain(inbox)
    assert isinstance(messages[-1], CameraNews) and messages[-1].state is CameraState.ENDED
    news = [m for m in messages if isinstance(m, TableNews)]
    assert len(news) == 10 and feed.frames_seen == 10
    assert news[4].events == ((news[4].frame_time - 0.3, "card trump 8D"),)
    step = messages.index(ScriptedLine("bid 1 1"))
    assert messages[step - 1] == news[5] and messages[step + 1] == news[6]


class Unplugged:
    """A camera that gives three frames, then fails; opening again fails once, then it
    works for two more frames."""

    def __init__(self) -> None:
        self.opened = 0

    def __call__(self) -> FrameSource:
        self.opened += 1
        if self.opened == 2:
            raise SourceError("usb:0: no camera there")
        if self.opened == 1:
            return FailingAfter(frames(3))
        return FakeSource(frames(2, start=3))


class FailingAfter(FakeSource):
    def frames(self) -> Iterator[Frame]:
        yield from super().frames()
        raise SourceError("usb:0: the camera stopped giving frames")


def test_a_camera_unplugged_mid_game_is_reported_and_opened_again() -> None:
    inbox: Inbox = queue.Queue()
    camera = Unplugged()
    feed = CameraFeed(camera, lambda: EventAt(-1, ""), inbox, threading.Event(), retry_s=0.0)
    feed.thread.start()
    feed.thread.join(10)
    states = [m.state for m in drain(inbox) if isinstance(m, CameraNews)]
    assert states == [CameraState.LOST, CameraState.LOST, CameraState.ENDED]
    assert camera.opened == 3 and feed.frames_seen == 5


def test_a_folder_of_unreadable_images_is_a_lost_camera_opened_again(tmp_path: Path) -> None:
    (tmp_path / "0001.png").write_bytes(b"not an image")
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    opened: list[FolderSource] = []

    def open_folder() -> FolderSource:
        opened.append(FolderSource(tmp_path))
        if len(opened) == 3:
            stop.set()
        return opened[-1]

    feed = CameraFeed(open_folder, lambda: EventAt(-1, ""), inbox, stop, retry_s=0.0)
    feed.thread.start()
    feed.thread.join(10)
    news = [m for m in drain(inbox) if isinstance(m, CameraNews)]
    assert {m.state for m in news} == {CameraState.LOST}
    assert news[0].detail == f"{tmp_path}: none of its 1 images is readable"
    assert len(opened) == 3


def test_the_script_feed_plays_undos_as_presses_and_restarts_at_the_end() -> None:
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    steps = ("card trump 8D", "bid 1 1", "undo")
    feed = ScriptFeed("game oh-hell players=4", steps, inbox, stop, start_at=1)
    feed.thread.start()
    taken = [inbox.get(timeout=10) for _ in range(6)]
    stop.set()
    feed.thread.join(10)
    assert taken[0] == ScriptedLine("bid 1 1")
    assert taken[1:3] == [Press(press) for press in UNDO_PRESSES]
    assert taken[3] == ScriptRestart("game oh-hell players=4")
    assert isinstance(taken[4], TableNews) and taken[4].events[0][1] == "card trump 8D"
    assert taken[5] == ScriptedLine("bid 1 1")


class WatchedFrames:
    """A source that notes, as it makes each frame, whether the last one it made is
    still alive anywhere (it keeps only a weak reference)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.alive_at_next: list[bool] = []

    def frames(self) -> Iterator[Frame]:
        last: weakref.ref[np.ndarray] | None = None
        for number in range(self.count):
            if last is not None:
                self.alive_at_next.append(last() is not None)
            image = np.zeros((4, 4, 3), np.uint8)
            last = weakref.ref(image)
            yield Frame(image, number / 10, number)
            del image

    def close(self) -> None:
        """Nothing held."""


@pytest.mark.parametrize("pace", [False, True])
def test_the_camera_thread_lets_each_frame_go_before_the_next_is_read(pace: bool) -> None:
    source = WatchedFrames(5)
    inbox: Inbox = queue.Queue()
    feed = CameraFeed(lambda: source, lambda: EventAt(99, ""), inbox, threading.Event(), pace=pace)
    feed.thread.start()
    feed.thread.join(10)
    assert feed.frames_seen == 5
    assert source.alive_at_next == [False] * 4
