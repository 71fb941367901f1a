"""The main loop: one inbox, the kiosk acting on each message, the display ticking, and
systemd told READY after the first screen, STATUS on changes, WATCHDOG while frames and
screens move on, STOPPING at the end."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence

from companion.app.feeds import Inbox
from companion.app.kiosk import Kiosk
from companion.app.messages import CameraNews, CameraState, TableNews
from companion.app.notify import Notifier, Progress, Watchdog

TICK_S = 0.2  # the display's dim/dark/shift clock and the watchdog's, when nothing comes
JOIN_S = 2.0


class Runner:
    def __init__(
        self,
        kiosk: Kiosk,
        inbox: Inbox,
        stop: threading.Event,
        threads: Sequence[threading.Thread],
        *,
        notifier: Notifier,
        watchdog: Watchdog,
        stop_at_end: bool = False,
        on_ready: Callable[[], None] = lambda: None,
        tick_s: float = TICK_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``stop_at_end``: stop when a finite frame source ends (the demo, tests)."""
        self.kiosk = kiosk
        self.inbox = inbox
        self.stop = stop
        self.threads = threads
        self.notifier = notifier
        self.watchdog = watchdog
        self.stop_at_end = stop_at_end
        self.on_ready = on_ready
        self.tick_s = tick_s
        self.clock = clock
        self.started = clock()
        self.first_screen_s: float | None = None

    def run(self) -> None:
        kiosk = self.kiosk
        kiosk.start()
        self.first_screen_s = self.clock() - self.started
        self.notifier.ready(kiosk.status_text())
        self.on_ready()
        for thread in self.threads:
            thread.start()
        status = kiosk.status_text()
        try:
            while not self.stop.is_set() and not kiosk.table.stopped:
                if self._step():
                    break
                if kiosk.status_text() != status:
                    status = kiosk.status_text()
                    self.notifier.status(status)
        finally:
            self.notifier.stopping("stopping")
            self.stop.set()
            for thread in self.threads:
                thread.join(JOIN_S)

    def _step(self) -> bool:
        """One message (or a tick's wait); True when the run should end."""
        try:
            message = self.inbox.get(timeout=self.tick_s)
        except queue.Empty:
            message = None
        ended = False
        if message is not None:
            if isinstance(message, TableNews) or (
                isinstance(message, CameraNews) and message.state is CameraState.LOST
            ):
                # frames keep coming, or the camera thread is alive and retrying
                self.watchdog.advanced(Progress.FRAMES)
            self.kiosk.take(message)
            ended = (
                self.stop_at_end
                and isinstance(message, CameraNews)
                and message.state is CameraState.ENDED
            )
        self.kiosk.tick()
        self.kiosk.screen.tick()
        self.watchdog.advanced(Progress.SCREENS)
        self.watchdog.tick()
        return ended
