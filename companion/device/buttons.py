"""The four buttons: GPIO edges (gpiozero) turned into ``ButtonPress`` values.

The timing rules live in ``PressDecoder``, which is pure (every call is given the time),
so they are tested without a clock or a pin. ``GpioButtons`` feeds it from gpiozero's
callbacks; ``FakeButtons`` is a queue of presses for tests and the demo. Both are a
``ButtonSource``.
"""

from __future__ import annotations

import queue
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.device.retry import Retried
from companion.ui.presses import LONG_PRESS_BUTTONS, Button, ButtonPress, PressKind
from companion.values.setting import checked, seconds, whole

MAX_BCM_PIN = 27
MAX_LONG_PRESS_S = 10.0


@dataclass(frozen=True)
class PressTiming:
    """Seconds. A press shorter than ``debounce`` is contact bounce. UP and DOWN repeat
    after ``repeat_delay``, every ``first_interval`` at first, each interval ``speed_up``
    times the last, never faster than ``fastest_interval``. ``tick`` is how often a held
    button is looked at."""

    debounce: float = 0.03
    long_press: float = 0.8
    repeat_delay: float = 0.45
    first_interval: float = 0.2
    speed_up: float = 0.85
    fastest_interval: float = 0.05
    tick: float = 0.02


TIMING = PressTiming()
PIN = whole(0, MAX_BCM_PIN)


@dataclass(frozen=True)
class ButtonsConfig:
    """The buttons' setting (the config's ``[buttons]``): BCM pin numbers, each button
    joining its pin to ground (internal pull-ups), and how long OK or BACK is held for a
    long press. Each is checked where it is read; the rules joining them (no two buttons
    on one pin, none on the display's bus) are the config's."""

    up: int = field(default=5, metadata=checked(PIN))
    down: int = field(default=6, metadata=checked(PIN))
    ok: int = field(default=13, metadata=checked(PIN))
    back: int = field(default=19, metadata=checked(PIN))
    # Longer than the debounce: a shorter hold could not be told from contact bounce.
    long_press_s: float = field(
        default=TIMING.long_press, metadata=checked(seconds(TIMING.debounce, MAX_LONG_PRESS_S))
    )

    def pin(self, button: Button) -> int:
        pin: int = getattr(self, button.value)
        return pin

    @property
    def timing(self) -> PressTiming:
        return PressTiming(long_press=self.long_press_s)


# A late look at a held button catches up at most this many repeat steps at once.
MAX_CATCH_UP = 3


class PressDecoder:
    """One button's edges and ticks in, presses out. Not thread-safe: one caller at a time.

    A press acts on release unless it became a hold: OK and BACK give LONG once held for
    ``long_press`` (and nothing on release), UP and DOWN give REPEATs while held. A tick
    or a release that comes while the button is up is ignored: that is the guard against
    gpiozero's hold callback firing after the release.
    """

    def __init__(self, button: Button, timing: PressTiming = TIMING) -> None:
        self.button = button
        self.timing = timing
        self._down_at: float | None = None
        self._held = False
        self._next_repeat = 0.0
        self._interval = timing.first_interval

    def pressed(self, now: float) -> tuple[ButtonPress, ...]:
        self._down_at = now
        self._held = False
        self._next_repeat = now + self.timing.repeat_delay
        self._interval = self.timing.first_interval
        return ()

    def released(self, now: float) -> tuple[ButtonPress, ...]:
        down_at, held = self._down_at, self._held
        if down_at is None:
            return ()
        self._down_at = None
        if held:
            return ()
        duration = now - down_at
        if duration < self.timing.debounce:
            return ()
        if self.button in LONG_PRESS_BUTTONS and duration >= self.timing.long_press:
            return (ButtonPress(self.button, PressKind.LONG),)  # no tick came in time
        return (ButtonPress(self.button, PressKind.SHORT),)

    def tick(self, now: float) -> tuple[ButtonPress, ...]:
        down_at = self._down_at
        if down_at is None:
            return ()
        if self.button in LONG_PRESS_BUTTONS:
            if self._held or now - down_at < self.timing.long_press:
                return ()
            self._held = True
            return (ButtonPress(self.button, PressKind.LONG),)
        presses: list[ButtonPress] = []
        while now >= self._next_repeat and len(presses) < MAX_CATCH_UP:
            self._held = True
            presses.append(ButtonPress(self.button, PressKind.REPEAT))
            self._next_repeat += self._interval
            self._interval = max(
                self.timing.fastest_interval, self._interval * self.timing.speed_up
            )
        if now >= self._next_repeat:
            self._next_repeat = now + self._interval
        return tuple(presses)


class ButtonSource(Protocol):
    """Where the controller's presses come from."""

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        """The next press, waiting up to ``timeout`` seconds (None: no limit) for one."""

    def close(self) -> None: ...


class FakeButtons:
    """A queue of presses: tests and the demo push, the loop takes. Never waits."""

    def __init__(self, presses: Iterable[ButtonPress] = ()) -> None:
        self._presses: deque[ButtonPress] = deque(presses)

    def push(self, *presses: ButtonPress) -> None:
        self._presses.extend(presses)

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        return self._presses.popleft() if self._presses else None

    def pending(self) -> int:
        return len(self._presses)

    def close(self) -> None:
        self._presses.clear()


class GpioButtons:
    """The four buttons on GPIO pins through gpiozero.

    gpiozero's own hold machinery is used only as a ticker (``hold_repeat`` every
    ``timing.tick``) while a button is down; the decoder decides what a hold means.
    ``timing``: the setting's own (``buttons.timing``) unless a test wants another.
    """

    def __init__(
        self,
        buttons: ButtonsConfig = ButtonsConfig(),
        timing: PressTiming | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        pin_factory: Any = None,
    ) -> None:
        from gpiozero import Button as GpioButton

        timing = buttons.timing if timing is None else timing
        self._clock = clock
        self._lock = threading.Lock()
        self._presses: queue.SimpleQueue[ButtonPress] = queue.SimpleQueue()
        self.decoders = {button: PressDecoder(button, timing) for button in Button}
        # Public so that tests can fire gpiozero's callbacks (e.g. a late when_held).
        self.devices: dict[Button, Any] = {}
        try:
            for button in Button:
                device = GpioButton(
                    buttons.pin(button),
                    pull_up=True,
                    bounce_time=None,  # the decoder debounces by duration
                    hold_time=timing.tick,
                    hold_repeat=True,
                    pin_factory=pin_factory,
                )
                decoder = self.decoders[button]
                device.when_pressed = self._handler(decoder.pressed)
                device.when_released = self._handler(decoder.released)
                device.when_held = self._handler(decoder.tick)
                self.devices[button] = device
        except BaseException:
            self.close()
            raise

    def _handler(self, step: Callable[[float], tuple[ButtonPress, ...]]) -> Callable[[], None]:
        def handle() -> None:
            with self._lock:
                for press in step(self._clock()):
                    self._presses.put(press)

        return handle

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        try:
            return self._presses.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        for device in self.devices.values():
            device.close()
        self.devices.clear()


# How often buttons that could not be opened are tried again: GPIO that is missing at
# start (a chip not yet probed, a pin another program holds) may come later.
BUTTON_RETRY_S = 15.0


@dataclass(frozen=True)
class OpenedButtons:
    source: ButtonSource
    problem: str | None  # why the real buttons are not there, in one line


def open_buttons(
    buttons: ButtonsConfig = ButtonsConfig(), timing: PressTiming | None = None
) -> OpenedButtons:
    """The GPIO buttons, or (no GPIO here) an empty fake and a one-line reason, so the
    rest of the companion goes on (the terminal keys still work)."""
    try:
        import gpiozero  # noqa: F401
    except ImportError as error:
        return OpenedButtons(FakeButtons(), f"no buttons: gpiozero is not installed ({error})")
    try:
        with warnings.catch_warnings():
            # gpiozero warns once per pin library it tries; the one-line reason says it all
            warnings.simplefilter("ignore")
            return OpenedButtons(GpioButtons(buttons, timing), None)
    except Exception as error:
        # Choosing a pin factory and claiming a pin raise whatever the pin library does:
        # gpiozero's own errors, OSError, ImportError of a missing lgpio, lgpio.error...
        return OpenedButtons(FakeButtons(), f"no buttons: GPIO is not available ({_cause(error)})")


def _cause(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class RetriedButtons:
    """Buttons that are opened again every ``retry_s`` while they cannot be (tried on the
    caller's ``next_press``); ``on_change(problem)`` is told when they go missing, when
    the reason changes and (None) when they are back."""

    def __init__(
        self,
        opener: Callable[[], OpenedButtons],
        *,
        on_change: Callable[[str | None], None],
        retry_s: float = BUTTON_RETRY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        def open_source() -> ButtonSource | str:
            opened = opener()
            return opened.source if opened.problem is None else opened.problem

        self._retried = Retried(open_source, on_change=on_change, retry_s=retry_s, clock=clock)

    @property
    def problem(self) -> str | None:
        return self._retried.problem

    @property
    def attempts(self) -> int:
        return self._retried.attempts

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        self._retried.attempt()
        source = self._retried.part
        return None if source is None else source.next_press(timeout)

    def close(self) -> None:
        if self._retried.part is not None:
            self._retried.part.close()
