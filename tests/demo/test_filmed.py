"""The film as the kiosk meets it: button steps between the frames at their times, frames
at their own pace or held for the kiosk in fast mode, one frame alive at a time."""

from __future__ import annotations

import queue
import threading
import time

import numpy as np

from companion.app.feeds import CameraFeed, Inbox
from companion.app.messages import CameraNews, CameraState, Intended, Message, TableNews
from companion.demo.filmed import FilmedCamera, SessionInbox
from companion.games.events import Action
from companion.table.events import TrackerOutput
from companion.ui.intents import ApplyEvent
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

BID = Action("bid", ("1", "1"))
STAKE = Action("stake", ("5",))


def frames(count: int) -> list[Frame]:
    image = np.zeros((4, 4, 3), np.uint8)
    return [Frame(image, n / 10, n) for n in range(count)]


class Blind:
    """A tracker that sees nothing."""

    def step(self, frame: Frame) -> TrackerOutput:
        return TrackerOutput(frame.time)

    def use_game(self, watched: WatchedGame) -> None:
        """Nothing to follow."""


def drain(inbox: Inbox) -> list[Message]:
    found = []
    while True:
        try:
            found.append(inbox.get_nowait())
        except queue.Empty:
            return found


def test_button_steps_fall_between_the_frames_at_their_times() -> None:
    inbox: Inbox = queue.Queue()
    stop = threading.Event()
    camera = FilmedCamera(
        frames(10), [(0.55, BID), (9.0, STAKE)], inbox, stop, wait_drawn=lambda: None
    )
    feed = CameraFeed(lambda: camera, Blind, inbox, stop)
    feed.thread.start()
    feed.thread.join(10)
    messages = drain(inbox)
    news = [m for m in messages if isinstance(m, TableNews)]
    assert len(news) == 10 and camera.count == 10
    step = messages.index(Intended(ApplyEvent(BID)))
    assert messages[step - 1] == news[5] and messages[step + 1] == news[6]
    # a step after the last frame comes once the film ends, before the camera's end
    assert messages[-2:] == [Intended(ApplyEvent(STAKE)), CameraNews(CameraState.ENDED)]


def test_frames_come_at_their_own_pace_unless_fast() -> None:
    stop = threading.Event()
    started = time.monotonic()
    paced = list(FilmedCamera(frames(4), [], queue.Queue(), stop).frames())
    assert len(paced) == 4 and time.monotonic() - started >= 0.29
    held: list[int] = []
    fast = FilmedCamera(frames(4), [], queue.Queue(), stop, wait_drawn=lambda: held.append(1))
    assert len(list(fast.frames())) == 4 and held == [1, 1, 1, 1]


def test_the_session_inbox_keeps_the_films_time_and_waits_for_the_kiosk() -> None:
    inbox = SessionInbox()
    stop = threading.Event()
    inbox.put(TableNews(1.5, 0.0, ()))
    waited = threading.Thread(target=inbox.wait_drawn, args=(stop,))
    waited.start()
    inbox.get()
    assert inbox.now() == 1.5 and waited.is_alive()  # taken, not yet acted on
    inbox.put(TableNews(1.6, 0.0, ()))
    inbox.get()  # back for another: the first was acted on; the second is held
    assert waited.is_alive()
    stop.set()
    waited.join(5)
    assert not waited.is_alive()
