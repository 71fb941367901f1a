"""The threads that feed the main loop's inbox: the camera (frames read and tracked off
the main thread, so a press is never stuck behind a frame) and the buttons. None of them
touches the journal.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol

from companion.app.messages import CameraNews, CameraState, Message, Press, TableNews
from companion.device.buttons import ButtonSource
from companion.device.camera import FrameSource
from companion.table.events import TrackerOutput
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

Inbox = queue.Queue[Message]
CAMERA_RETRY_S = 2.0
BUTTON_POLL_S = 0.05


class FrameTracker(Protocol):
    """What the camera thread needs of the table side (``TableWatch``, or a test's)."""

    def step(self, frame: Frame) -> TrackerOutput: ...

    def use_game(self, watched: WatchedGame) -> None: ...


class CameraFeed:
    """Opens the source, tracks its frames and posts what the tracker saw. A source that
    fails (missing, unplugged) is reported LOST and opened again every ``retry_s``; a
    finite one (a file, the demo's film) ends with ENDED. ``tell`` (from any thread)
    gives the game being played to the tracker before its next frame."""

    def __init__(
        self,
        open_source: Callable[[], FrameSource],
        make_tracker: Callable[[], FrameTracker],
        inbox: Inbox,
        stop: threading.Event,
        *,
        retry_s: float = CAMERA_RETRY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.open_source = open_source
        self.make_tracker = make_tracker
        self.inbox = inbox
        self.stop = stop
        self.retry_s = retry_s
        self.clock = clock
        self._told: queue.Queue[WatchedGame] = queue.Queue()
        self._watched: WatchedGame | None = None  # the latest told
        self._given: WatchedGame | None = None  # the one the tracker has
        self.thread = threading.Thread(target=self.run, name="camera", daemon=True)

    def tell(self, watched: WatchedGame) -> None:
        """The game at the table is this one now (a start, a resume, a new game)."""
        self._told.put(watched)

    def _listen(self, tracker: FrameTracker) -> None:
        """Give the tracker the latest game told, when it has not had it yet."""
        while True:
            try:
                self._watched = self._told.get_nowait()
            except queue.Empty:
                break
        if self._watched is not None and self._watched is not self._given:
            tracker.use_game(self._watched)
            self._given = self._watched

    def run(self) -> None:
        tracker: FrameTracker | None = None
        while not self.stop.is_set():
            try:
                source = self.open_source()
            except Exception as error:  # a camera library may raise anything at all
                self._lost(error)
                continue
            try:
                if tracker is None:
                    tracker = self.make_tracker()  # the reader loads here, off the main thread
                for frame in source.frames():
                    if self.stop.is_set():
                        return
                    self._frame(tracker, frame)
                    del frame  # not kept alive while the source reads the next one
            except Exception as error:
                self._lost(error)
                continue
            finally:
                source.close()
            self.inbox.put(CameraNews(CameraState.ENDED))
            return

    def _frame(self, tracker: FrameTracker, frame: Frame) -> None:
        arrived = self.clock()
        self._listen(tracker)
        output = tracker.step(frame)
        unsure = tuple(report for report in output.unsure if report.candidates)
        self.inbox.put(TableNews(frame.time, arrived, output.events, unsure))

    def _lost(self, error: BaseException) -> None:
        self.inbox.put(CameraNews(CameraState.LOST, str(error) or type(error).__name__))
        self.stop.wait(self.retry_s)


class ButtonPump:
    """Moves presses from a button source into the inbox."""

    def __init__(
        self,
        buttons: ButtonSource,
        inbox: Inbox,
        stop: threading.Event,
        *,
        ended: Callable[[], bool] = lambda: False,
    ) -> None:
        self.buttons = buttons
        self.inbox = inbox
        self.stop = stop
        self.ended = ended
        self.thread = threading.Thread(target=self.run, name="buttons", daemon=True)

    def run(self) -> None:
        while not self.stop.is_set() and not self.ended():
            press = self.buttons.next_press(timeout=BUTTON_POLL_S)
            if press is None:
                self.stop.wait(BUTTON_POLL_S / 5)  # a fake source returns at once
            else:
                self.inbox.put(Press(press, time.monotonic()))
