"""The OLED: a luma.oled ssd1306 or sh1106 over I2C, behind ``Screen``.

``Screen.show(image)`` is the only way a picture goes out. The screen also looks after
the panel: it dims after a while idle, goes dark later, shifts the picture by a pixel now
and then against burn-in, and tells the caller when a press only woke it. Time comes
from an injected clock, so all of it is tested without waiting. Without a display (no
I2C device) ``open_display`` returns a ``Screen`` over ``RecordingDevice`` and a one-line
reason, so the rest of the companion goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from PIL import Image

from companion.device.display_config import DisplayConfig, DisplayKind
from companion.device.retry import Retried
from companion.ui.settings import BRIGHTNESS_LEVELS, UiSettings

WIDTH = 128
HEIGHT = 64
MAX_CONTRAST = 255

# The picture moves around these offsets (x, y), one step every ``shift_every`` seconds.
SHIFTS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (1, 1), (0, 1))
SHIFT_EVERY_S = 120.0
# The settings and the display a screen has when nobody gives it theirs.
FACTORY_SETTINGS = UiSettings()
FACTORY_DISPLAY = DisplayConfig()

# Brightness levels 1..5 as the settings menu offers them, and the contrast each sets.
BRIGHTNESS_CONTRAST: dict[int, int] = dict(
    zip(BRIGHTNESS_LEVELS, (8, 40, 100, 180, 255), strict=True)
)
DIM_CONTRAST = 1


class Level(Enum):
    ON = "on"
    DIM = "dim"
    DARK = "dark"


class LumaDevice(Protocol):
    """The part of a luma device the screen uses (luma's devices and dummy have it)."""

    def display(self, image: Image.Image) -> None: ...

    def contrast(self, level: int) -> None: ...

    def hide(self) -> None: ...

    def show(self) -> None: ...


class RecordingDevice:
    """A display that keeps what it was told: the fake for a missing panel, and for tests
    that want every picture rather than luma dummy's last one."""

    def __init__(self) -> None:
        self.images: list[Image.Image] = []
        self.contrasts: list[int] = []
        self.hidden = False

    def display(self, image: Image.Image) -> None:
        self.images.append(image.copy())

    def contrast(self, level: int) -> None:
        self.contrasts.append(level)

    def hide(self) -> None:
        self.hidden = True

    def show(self) -> None:
        self.hidden = False


def shifted(image: Image.Image, offset: tuple[int, int]) -> Image.Image:
    """``image`` moved right and down by ``offset``; what falls off the edge is lost."""
    if offset == (0, 0):
        return image
    moved = Image.new(image.mode, image.size, 0)
    moved.paste(image, offset)
    return moved


class Screen:
    """The panel looked after with the player's settings: its brightness, and the seconds
    idle before it dims and before it goes dark (None: never)."""

    def __init__(
        self,
        device: LumaDevice,
        settings: UiSettings = FACTORY_SETTINGS,
        *,
        shift_every: float = SHIFT_EVERY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.device = device
        self.settings = settings
        self.shift_every = shift_every
        self._clock = clock
        self._started = clock()
        self._last_activity = self._started
        self._picture: Image.Image | None = None
        self._sent: tuple[bytes, tuple[int, int]] | None = None
        self._level = Level.ON
        device.contrast(BRIGHTNESS_CONTRAST[settings.brightness])

    @property
    def level(self) -> Level:
        return self._level

    @property
    def offset(self) -> tuple[int, int]:
        step = int((self._clock() - self._started) // self.shift_every)
        return SHIFTS[step % len(SHIFTS)]

    def show(self, image: Image.Image) -> None:
        """Put ``image`` (128x64) on the panel (kept for later while the panel is dark)."""
        if image.size != (WIDTH, HEIGHT):
            raise ValueError(
                f"the display is {WIDTH}x{HEIGHT}, not {image.size[0]}x{image.size[1]}"
            )
        self._picture = image.convert("1")
        self._refresh()

    def touch(self) -> bool:
        """A button was pressed. True when the screen was dark: that press only wakes it."""
        was_dark = self._level is Level.DARK
        self._last_activity = self._clock()
        self._set_level(Level.ON)
        self._refresh()
        return was_dark

    def tick(self) -> None:
        """Dim, darken or shift as time passes; call it now and then (once a second)."""
        self._set_level(self._idle_level())
        self._refresh()

    def configure(self, settings: UiSettings) -> None:
        self.settings = settings
        self._level = Level.ON
        self.device.contrast(self.contrast)
        self.tick()

    @property
    def contrast(self) -> int:
        """The panel's contrast at the brightness set (when not dimmed)."""
        return BRIGHTNESS_CONTRAST[self.settings.brightness]

    def _idle_level(self) -> Level:
        idle = self._clock() - self._last_activity
        dark_after, dim_after = self.settings.dark_after, self.settings.dim_after
        if dark_after is not None and idle >= dark_after:
            return Level.DARK
        if dim_after is not None and idle >= dim_after:
            return Level.DIM
        return Level.ON

    def _set_level(self, level: Level) -> None:
        if level is self._level:
            return
        if level is Level.DARK:
            self.device.hide()
        else:
            if self._level is Level.DARK:
                self.device.show()
            self.device.contrast(DIM_CONTRAST if level is Level.DIM else self.contrast)
        self._level = level

    def _refresh(self) -> None:
        picture = self._picture
        if picture is None or self._level is Level.DARK:
            return
        offset = self.offset
        key = (picture.tobytes(), offset)
        if key == self._sent:
            return  # the panel already shows exactly this
        self.device.display(shifted(picture, offset))
        self._sent = key


# How often a panel that could not be opened is tried again (at the next picture).
PANEL_RETRY_S = 15.0


class RetriedPanel:
    """A panel that could not be opened when the app started: what it is told is kept, and
    it is opened again at a call once ``retry_s`` has passed (the screen sends a picture
    at each change, and at least at each shift against burn-in). Once open, the kept
    contrast and picture go to it and every call after that passes straight through.
    ``opener`` gives the panel or why not; ``on_change(problem)`` is told when it is
    missing, when the reason changes and (None) when it is there."""

    def __init__(
        self,
        opener: Callable[[], LumaDevice | str],
        *,
        on_change: Callable[[str | None], None],
        retry_s: float = PANEL_RETRY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._image: Image.Image | None = None
        self._contrast: int | None = None
        self._hidden = False
        self._retried = Retried(opener, on_change=on_change, retry_s=retry_s, clock=clock)

    @property
    def device(self) -> LumaDevice | None:
        return self._retried.part

    @property
    def problem(self) -> str | None:
        return self._retried.problem

    def _open(self) -> LumaDevice | None:
        """The panel to pass a call to; None while it is missing, or when it was opened
        just now and has been given the kept state already."""
        fresh = self._retried.attempt()
        if fresh is None:
            return self._retried.part
        if self._contrast is not None:
            fresh.contrast(self._contrast)
        if self._hidden:
            fresh.hide()
        elif self._image is not None:
            fresh.display(self._image)
        return None

    def display(self, image: Image.Image) -> None:
        self._image = image
        device = self._open()
        if device is not None:
            device.display(image)

    def contrast(self, level: int) -> None:
        self._contrast = level
        device = self._open()
        if device is not None:
            device.contrast(level)

    def hide(self) -> None:
        self._hidden = True
        device = self._open()
        if device is not None:
            device.hide()

    def show(self) -> None:
        self._hidden = False
        device = self._open()
        if device is not None:
            device.show()


@dataclass(frozen=True)
class OpenedDisplay:
    screen: Screen
    problem: str | None  # why the real display is not there, in one line


def open_display(
    config: DisplayConfig = FACTORY_DISPLAY,
    settings: UiSettings = FACTORY_SETTINGS,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> OpenedDisplay:
    """The OLED on the I2C bus (``config.kind``, one of the two chips), or a recording
    fake and a one-line reason."""
    if not config.kind.uses_i2c:
        raise ValueError(f"a {config.kind.value} display is not an OLED on I2C")
    try:
        from luma.core.interface.serial import i2c
        from luma.oled.device import sh1106, ssd1306
    except ImportError as error:
        problem = f"no display: luma.oled is not installed ({error})"
        return OpenedDisplay(Screen(RecordingDevice(), settings, clock=clock), problem)
    chip = ssd1306 if config.kind is DisplayKind.SSD1306 else sh1106
    try:
        serial = i2c(port=config.i2c_port, address=config.i2c_address)
        device = chip(serial, width=WIDTH, height=HEIGHT)
    except Exception as error:  # smbus and luma raise OSError, their own errors and more
        problem = f"no {config.kind.value} display on {config.where} ({error}): drawing to a fake"
        return OpenedDisplay(Screen(RecordingDevice(), settings, clock=clock), problem)
    return OpenedDisplay(Screen(device, settings, clock=clock), None)
