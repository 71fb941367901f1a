"""The kiosk's one TOML file, read into frozen values with a default for every key.

A wrong file stops the start with one line naming the file, the key and what is wrong;
``load_config`` raises ``ConfigError`` with that line and never half-reads a file.

The schema is written once: each key is a field of its section's dataclass, whose default
and check (``setting``) are the key's only definition. Defaults and limits that belong to
a device or a layer below (the pins, the I2C address, the camera's frame, the screen's
timeouts) are that module's own values, imported here, so nothing keeps a second copy.
A value the check accepts is one ``companion run`` can use (tests hold that).
"""

from __future__ import annotations

import ipaddress
import json
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from companion.device.buttons import MAX_BCM_PIN, ButtonPins, PressTiming
from companion.device.camera_modes import PI_SENSOR_MODES, PI_STREAM_SIZE
from companion.device.i2c_bus import DEFAULT_ADDRESS, DEFAULT_PORT, MAX_ADDRESS, MIN_ADDRESS
from companion.table.stability import STILL_FRAMES, STILL_SECONDS
from companion.ui.settings import (
    BRIGHTNESS_LEVELS,
    DEFAULT_DARK_AFTER_S,
    DEFAULT_DIM_AFTER_S,
    MAX_TIMEOUT_S,
    UiSettings,
)
from companion.ui.texts import Language
from companion.values.camera_source import CameraKind, CameraSource

__all__ = ["Language"]  # the config's [ui] language is the screens' own

DEFAULT_CONFIG = Path("/etc/companion/config.toml")
CONFIG_NAME = "config.toml"
DEFAULT_STATE_DIRECTORY = Path("/var/lib/companion")
I2C_PINS = {2: "the display's I2C SDA", 3: "the display's I2C SCL"}


class ConfigError(Exception):
    """A config file that cannot be used: the message names the file and the key."""


class DisplayKind(Enum):
    SSD1306 = "ssd1306"
    SH1106 = "sh1106"
    TERMINAL = "terminal"
    NONE = "none"

    @property
    def uses_i2c(self) -> bool:
        return self in (DisplayKind.SSD1306, DisplayKind.SH1106)


# -- reading one value ----------------------------------------------------------------------

Reader = Callable[[object], Any]
# Field metadata: the key's check (which also turns the TOML value into the field's type),
# and, where the plain form would not do, how the value is written back as TOML.
READ = "read"
SHOW = "show"


def checked(read: Reader, *, show: Callable[[Any], str] | None = None) -> dict[str, object]:
    """A key's field metadata: its check (and how it is written back, when not plain).
    A key is ``name: type = field(default=..., metadata=checked(...))``."""
    metadata: dict[str, object] = {READ: read}
    if show is not None:
        metadata[SHOW] = show
    return metadata


def _whole(low: int, high: int) -> Reader:
    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{_shown(value)} is not a whole number")
        if not low <= value <= high:
            raise ValueError(f"{value} is not in {low}..{high}")
        return value

    return read


def _seconds(low: float, high: float) -> Reader:
    def read(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{_shown(value)} is not a number of seconds")
        if not low < value <= high:
            raise ValueError(f"{value} is not more than {low:g} and at most {high:g} seconds")
        return float(value)

    return read


def _whole_seconds(high: int) -> Reader:
    """Whole seconds in 1..high; a whole float (60.0) counts, a fraction is refused rather
    than rounded (0.3 would round to 0, which no screen timeout can be)."""

    def read(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{_shown(value)} is not a number of seconds")
        if isinstance(value, float) and not value.is_integer():
            raise ValueError(f"{value} is not a whole number of seconds")
        if not 1 <= value <= high:
            raise ValueError(f"{value:g} is not in 1..{high} seconds")
        return int(value)

    return read


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{_shown(value)} is not a string (put it in quotes)")
    return value


def _choice(kind: type[Enum]) -> Reader:
    def read(value: object) -> Enum:
        names = ", ".join(str(member.value) for member in kind)
        try:
            return kind(_text(value))
        except ValueError:
            raise ValueError(f"{_shown(value)} is not one of {names}") from None

    return read


def _switch(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{_shown(value)} is not true or false")
    return value


def _address(value: object) -> str:
    text = _text(value)
    try:
        ipaddress.ip_address(text)
    except ValueError:
        raise ValueError(f'"{text}" is not an IP address (like "0.0.0.0" or "::")') from None
    return text


def _camera_source(value: object) -> CameraSource:
    return CameraSource.parse(_text(value))


def _directory(value: object) -> Path:
    text = _text(value)
    if not text:
        raise ValueError("empty: give a folder")
    return Path(text).expanduser()


def _shown(value: object) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def _hex(value: int) -> str:
    return f"0x{value:02X}"


PIN = _whole(0, MAX_BCM_PIN)
MAX_I2C_PORT = 30
# A frame side the reader can use at all, and the largest the Pi camera's sensor gives.
MIN_FRAME_SIDE = 16
MAX_FRAME = PI_SENSOR_MODES[-1]
DEFAULT_FPS = 10
MAX_FPS = 120
MAX_LONG_PRESS_S = 10.0
MAX_STABILITY_FRAMES = 100
MAX_STABILITY_MS = 10_000
MS_PER_S = 1000
DEFAULT_SHEET_PORT = 8080
MAX_PORT = 65_535

# The values the other layers start from when nobody sets them: the config's defaults are
# these, not copies of them.
PINS = ButtonPins()
TIMING = PressTiming()
UI = UiSettings()


@dataclass(frozen=True)
class DisplayConfig:
    kind: DisplayKind = field(default=DisplayKind.SSD1306, metadata=checked(_choice(DisplayKind)))
    i2c_port: int = field(default=DEFAULT_PORT, metadata=checked(_whole(0, MAX_I2C_PORT)))
    i2c_address: int = field(
        default=DEFAULT_ADDRESS, metadata=checked(_whole(MIN_ADDRESS, MAX_ADDRESS), show=_hex)
    )
    # The brightness level (the menu's setting) until it is changed in the menu.
    brightness: int = field(
        default=UI.brightness, metadata=checked(_whole(BRIGHTNESS_LEVELS[0], BRIGHTNESS_LEVELS[-1]))
    )
    dim_after_s: int = field(
        default=DEFAULT_DIM_AFTER_S, metadata=checked(_whole_seconds(MAX_TIMEOUT_S))
    )
    dark_after_s: int = field(
        default=DEFAULT_DARK_AFTER_S, metadata=checked(_whole_seconds(MAX_TIMEOUT_S))
    )


@dataclass(frozen=True)
class ButtonsConfig:
    """BCM pin numbers; each button joins its pin to ground (internal pull-ups)."""

    up: int = field(default=PINS.up, metadata=checked(PIN))
    down: int = field(default=PINS.down, metadata=checked(PIN))
    ok: int = field(default=PINS.ok, metadata=checked(PIN))
    back: int = field(default=PINS.back, metadata=checked(PIN))
    # Longer than the debounce: a shorter hold could not be told from contact bounce.
    long_press_s: float = field(
        default=TIMING.long_press, metadata=checked(_seconds(TIMING.debounce, MAX_LONG_PRESS_S))
    )


@dataclass(frozen=True)
class CameraConfig:
    """``width`` x ``height``: the frames the Pi or USB camera is asked for (a video file
    or a folder of images gives the frames it holds)."""

    source: CameraSource = field(
        default=CameraSource(CameraKind.PI),
        metadata=checked(_camera_source, show=lambda value: _quoted(str(value))),
    )
    width: int = field(
        default=PI_STREAM_SIZE[0], metadata=checked(_whole(MIN_FRAME_SIDE, MAX_FRAME[0]))
    )
    height: int = field(
        default=PI_STREAM_SIZE[1], metadata=checked(_whole(MIN_FRAME_SIDE, MAX_FRAME[1]))
    )
    fps: int = field(default=DEFAULT_FPS, metadata=checked(_whole(1, MAX_FPS)))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


@dataclass(frozen=True)
class TableConfig:
    """A zone's reading stands once it is still this many frames and milliseconds."""

    stability_frames: int = field(
        default=STILL_FRAMES, metadata=checked(_whole(1, MAX_STABILITY_FRAMES))
    )
    stability_ms: int = field(
        default=round(STILL_SECONDS * MS_PER_S), metadata=checked(_whole(0, MAX_STABILITY_MS))
    )


@dataclass(frozen=True)
class UiConfig:
    language: Language = field(default=UI.language, metadata=checked(_choice(Language)))


@dataclass(frozen=True)
class StateConfig:
    directory: Path = field(
        default=DEFAULT_STATE_DIRECTORY,
        metadata=checked(_directory, show=lambda v: _quoted(str(v))),
    )


@dataclass(frozen=True)
class SheetConfig:
    """The phone score sheet (``companion sheet``, its own unit): on or off, and where it
    listens (every address of the box by default, so phones on the room's Wi-Fi reach it)."""

    enabled: bool = field(default=True, metadata=checked(_switch))
    port: int = field(default=DEFAULT_SHEET_PORT, metadata=checked(_whole(1, MAX_PORT)))
    bind: str = field(default="0.0.0.0", metadata=checked(_address))


@dataclass(frozen=True)
class Config:
    display: DisplayConfig = field(default_factory=DisplayConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    table: TableConfig = field(default_factory=TableConfig)
    ui: UiConfig = field(default_factory=UiConfig)
    state: StateConfig = field(default_factory=StateConfig)
    sheet: SheetConfig = field(default_factory=SheetConfig)


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON's escapes are TOML's too


SECTIONS: dict[str, type[Any]] = {
    section.name: type(getattr(Config(), section.name)) for section in fields(Config)
}
# Each section's keys and their checks, read off the fields.
READERS: dict[str, dict[str, Reader]] = {
    name: {item.name: item.metadata[READ] for item in fields(kind)}
    for name, kind in SECTIONS.items()
}
# Keys older files hold that do nothing any more: read past, with a note to delete them.
RETIRED: dict[tuple[str, str], str] = {
    ("display", "contrast"): "the panel's contrast follows [display] brightness (1..5)",
}


# -- the file --------------------------------------------------------------------------------


def default_config_path(environ: Mapping[str, str]) -> Path:
    """systemd's ``$CONFIGURATION_DIRECTORY`` when set, else /etc/companion."""
    configured = environ.get("CONFIGURATION_DIRECTORY", "").split(":")[0]
    return Path(configured) / CONFIG_NAME if configured else DEFAULT_CONFIG


def default_state_directory(environ: Mapping[str, str]) -> Path:
    state = environ.get("STATE_DIRECTORY", "").split(":")[0]
    return Path(state) if state else DEFAULT_STATE_DIRECTORY


@dataclass(frozen=True)
class LoadedConfig:
    config: Config
    path: Path
    found: bool  # False: no file at the default place, so every key is its default
    notes: tuple[str, ...] = ()  # keys that do nothing any more, one line each


def load_config(
    path: Path | None = None, *, environ: Mapping[str, str] | None = None
) -> LoadedConfig:
    """Read ``path`` (which must exist), or the default file if there is one."""
    env = os.environ if environ is None else environ
    defaults = Config(state=StateConfig(default_state_directory(env)))
    if path is None:
        path = default_config_path(env)
        if not path.exists():
            return LoadedConfig(defaults, path, found=False)
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except OSError as error:
        raise ConfigError(f"{path}: cannot read it: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not UTF-8 text ({error.reason})") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: TOML syntax error: {error}") from None
    notes: list[str] = []
    config = config_from_toml(data, defaults, path, notes=notes)
    return LoadedConfig(config, path, found=True, notes=tuple(notes))


def config_from_toml(
    data: Mapping[str, Any], defaults: Config, path: Path, *, notes: list[str] | None = None
) -> Config:
    """The config ``data`` (a parsed TOML file) sets over ``defaults``; a retired key adds
    a line to ``notes``."""
    sections: dict[str, Any] = {}
    for name, table in data.items():
        if name not in READERS:
            known = ", ".join(f"[{section}]" for section in READERS)
            raise ConfigError(f"{path}: [{name}]: unknown section (sections: {known})")
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {name}: must be a section [{name}], not a value")
        current = getattr(defaults, name)
        sections[name] = replace(current, **_section(path, name, table, notes))
    config = replace(defaults, **sections)
    _check_together(config, path, data)
    return config


def _section(
    path: Path, name: str, table: Mapping[str, object], notes: list[str] | None
) -> dict[str, Any]:
    readers = READERS[name]
    values: dict[str, Any] = {}
    for key, value in table.items():
        retired = RETIRED.get((name, key))
        if retired is not None:
            if notes is not None:
                notes.append(f"{path}: [{name}] {key} does nothing ({retired}): delete it")
            continue
        if key not in readers:
            known = ", ".join(readers)
            raise ConfigError(f"{path}: [{name}] {key}: unknown key (keys: {known})")
        try:
            values[key] = readers[key](value)
        except ValueError as error:
            raise ConfigError(f"{path}: [{name}] {key}: {error}") from None
    return values


def _check_together(config: Config, path: Path, given: Mapping[str, Any]) -> None:
    """The rules that join keys: distinct pins, no pin on the display's bus, dark after dim.
    A clash is told at a key the file sets (``given``), not at a default it left alone."""
    display, buttons = config.display, config.buttons
    if display.dark_after_s <= display.dim_after_s:
        dim, dark = f"{display.dim_after_s:g}", f"{display.dark_after_s:g}"
        if "dark_after_s" in given.get("display", {}) or "dim_after_s" not in given.get(
            "display", {}
        ):
            raise ConfigError(
                f"{path}: [display] dark_after_s: {dark} must be more than dim_after_s ({dim})"
            )
        raise ConfigError(
            f"{path}: [display] dim_after_s: {dim} must be less than dark_after_s ({dark})"
        )
    set_here = given.get("buttons", {})
    seen: dict[int, str] = {}
    for key in ("up", "down", "ok", "back"):
        pin: int = getattr(buttons, key)
        if pin in seen:
            other = seen[pin]
            named, button = (
                (other, key) if other in set_here and key not in set_here else (key, other)
            )
            raise ConfigError(
                f"{path}: [buttons] {named}: GPIO {pin} is already the {button} button"
            )
        if display.kind.uses_i2c and pin in I2C_PINS:
            raise ConfigError(f"{path}: [buttons] {key}: GPIO {pin} is {I2C_PINS[pin]}")
        seen[pin] = key


# -- showing it ------------------------------------------------------------------------------


def config_toml(config: Config) -> str:
    """The config as a TOML file that ``load_config`` reads back to the same values."""
    lines: list[str] = []
    for section in fields(config):
        lines.append(f"[{section.name}]")
        values = getattr(config, section.name)
        for item in fields(values):
            show = item.metadata.get(SHOW, _toml_value)
            lines.append(f"{item.name} = {show(getattr(values, item.name))}")
        lines.append("")
    return "\n".join(lines)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, float):
        return repr(value)
    return str(value)
