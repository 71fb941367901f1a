"""The camera thread: frames tracked off the main thread into the inbox, the game told
reaching the tracker, a camera that fails reported and opened again, one frame alive at a
time."""

from __future__ import annotations

import queue
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from companion.app.feeds import CameraFeed, Inbox
from companion.app.messages import CameraNews, CameraState, Message, TableNews
from companion.cards import FRENCH52, SHORT36, Card
from companion.device.camera import FakeSource, FolderSource, FrameSource, SourceError
from companion.games.events import Action, CardSeen
from companion.table.events import TableEvent, TrackerOutput
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

BID = Action("bid", ("1", "1"))
EIGHT = CardSeen("trump", Card.parse("8D"))


def frames(count: int, *, start: int = 0) -> list[Frame]:
    image = np.zeros((4, 4, 3), np.uint8)
    return [Frame(image, (start + n) / 10, start + n) for n in range(count)]


class EventAt:
    """A tracker that reports one event line at a given frame number."""

    def __init__(self, number: int, line: str) -> None:
        self.number, self.line = number, line
        self.games: list[tuple[int, WatchedGame]] = []  # (frames seen before, the game)
        self.seen = 0

    def step(self, frame: Frame) -> TrackerOutput:
        self.seen += 1
        if frame.number == self.number:
            event = TableEvent(frame.time - 0.3, CardSeen("trump", Card.parse(self.line)))
            return TrackerOutput(frame.time, events=(event,))
        return TrackerOutput(frame.time)

    def use_game(self, watched: WatchedGame) -> None:
        self.games.append((self.seen, watched))


def drain(inbox: Inbox) -> list[Message]:
    found = []
    while True:
        try:
            found.append(inbox.get_nowait())
        except queue.Empty:
            return found


def test_frames_are_tracked_on_the_camera_thread() -> None:
    inbox: Inbox = queue.Queue()
    feed = CameraFeed(
        lambda: FakeSource(frames(10)), lambda: EventAt(4, "8D"), inbox, threading.Event()
    )
    feed.thread.start()
    feed.thread.join(10)
    messages = drain(inbox)
    assert isinstance(messages[-1], CameraNews) and messages[-1].state is CameraState.ENDED
    news = [m for m in messages if isinstance(m, TableNews)]
    assert [m.frame_time for m in news] == [n / 10 for n in range(10)]
    assert news[4].events == (TableEvent(news[4].frame_time - 0.3, EIGHT),)


def test_the_game_told_reaches_the_tracker_before_its_next_frame() -> None:
    inbox: Inbox = queue.Queue()
    tracker = EventAt(-1, "")
    first = WatchedGame("ochko-21", SHORT36, ("banker", "player", "stock"))
    second = WatchedGame("ochko-21", FRENCH52, ("banker", "player", "stock"))
    feed = CameraFeed(lambda: FakeSource(frames(3)), lambda: tracker, inbox, threading.Event())
    feed.tell(first)
    feed.tell(second)  # only the latest counts when both wait
    feed.thread.start()
    feed.thread.join(10)
    assert tracker.games == [(0, second)]
    assert tracker.seen == 3


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
    tracker = EventAt(-1, "")
    feed = CameraFeed(camera, lambda: tracker, inbox, threading.Event(), retry_s=0.0)
    feed.thread.start()
    feed.thread.join(10)
    states = [m.state for m in drain(inbox) if isinstance(m, CameraNews)]
    assert states == [CameraState.LOST, CameraState.LOST, CameraState.ENDED]
    assert camera.opened == 3 and tracker.seen == 5


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


def test_the_camera_thread_lets_each_frame_go_before_the_next_is_read() -> None:
    source = WatchedFrames(5)
    inbox: Inbox = queue.Queue()
    tracker = EventAt(99, "")
    feed = CameraFeed(lambda: source, lambda: tracker, inbox, threading.Event())
    feed.thread.start()
    feed.thread.join(10)
    assert tracker.seen == 5
    assert source.alive_at_next == [False] * 4
