"""The film as the kiosk meets it: a camera whose frames come no faster than their own
times, with the film's button steps posted between them, on an inbox whose clock is the
film's own.

In fast mode the camera waits before each frame until the kiosk has drawn all that was
posted so far, so the screens of a fast run are those of a run at the film's pace,
however busy the machine.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence

from companion.app.feeds import Inbox
from companion.app.messages import Intended, Message, TableNews
from companion.demo.film.session import ScriptStep
from companion.games.events import Action, parse_event
from companion.ui.intents import ApplyEvent
from companion.values.frame import Frame

DRAWN_POLL_S = 0.2  # how often a wait for the kiosk looks whether the run was stopped


class SessionInbox(queue.Queue[Message]):
    """The demo's inbox. Its clock is the session's own: the time of the last frame the
    kiosk took out, so what the kiosk does by time (a violation put away, the picture
    shifted against burn-in) falls between the same frames at any pace. ``wait_drawn``
    is fast mode's handshake: it returns once the kiosk has acted on every message posted
    so far (it is back for the next one), however slow the machine."""

    def __init__(self) -> None:
        super().__init__()
        self.time = 0.0
        self._acted = threading.Condition()
        self._open = 0  # messages posted and not yet acted on
        self._holding = False  # the kiosk has taken a message and is acting on it

    def now(self) -> float:
        return self.time

    def put(self, item: Message, block: bool = True, timeout: float | None = None) -> None:
        with self._acted:
            self._open += 1
        super().put(item, block, timeout)

    def get(self, block: bool = True, timeout: float | None = None) -> Message:
        # The kiosk is back for another message: it has acted on the one it held.
        if self._holding:
            self._holding = False
            with self._acted:
                self._open -= 1
                self._acted.notify_all()
        message = super().get(block, timeout)
        self._holding = True
        if isinstance(message, TableNews):
            self.time = message.frame_time
        return message

    def wait_drawn(self, stop: threading.Event) -> None:
        with self._acted:
            while self._open and not stop.is_set():
                self._acted.wait(DRAWN_POLL_S)


class FilmedCamera:
    """The film's frames as a camera source: paced by their own times (or, ``fast``,
    each held until the kiosk has drawn what came before), with each button step posted
    to the inbox just before the first frame at or after its time, so it falls between
    the camera events as it did at the table (the rest once the film ends)."""

    def __init__(
        self,
        frames: Iterable[Frame],
        steps: Sequence[tuple[float, Action]],
        inbox: SessionInbox | Inbox,
        stop: threading.Event,
        *,
        wait_drawn: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``wait_drawn``: fast mode's wait before each frame (None: the film's pace)."""
        self._frames = frames
        self.steps = list(steps)
        self.inbox = inbox
        self.stop = stop
        self.wait_drawn = wait_drawn
        self.clock = clock
        self.count = 0  # frames given

    def frames(self) -> Iterator[Frame]:
        started: float | None = None
        for frame in self._frames:
            if self.wait_drawn is not None:
                self.wait_drawn()
            else:
                now = self.clock()
                started = now - frame.time if started is None else started
                if self.stop.wait(max(0.0, started + frame.time - now)):
                    return
            self._post_steps(frame.time)
            self.count += 1
            yield frame
            del frame  # as a camera does: one full frame alive at a time
        self._post_steps(float("inf"))

    def close(self) -> None:
        """The film is drawn frame by frame: nothing to let go."""

    def _post_steps(self, until: float) -> None:
        while self.steps and self.steps[0][0] <= until:
            self.inbox.put(Intended(ApplyEvent(self.steps.pop(0)[1])))


def button_steps(script: Sequence[ScriptStep]) -> list[tuple[float, Action]]:
    """The session's button actions with their times (the script's text read here)."""
    steps = []
    for step in script:
        if step.source == "button":
            event = parse_event(step.line)
            if not isinstance(event, Action):
                raise ValueError(f"the session's button step {step.line!r} is not an action")
            steps.append((step.time, event))
    return steps
