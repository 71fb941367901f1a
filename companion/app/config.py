"""The kiosk's one TOML file, read into frozen values with a default for every key.

A wrong file stops the start with one line naming the file, the key and what is wrong;
``load_config`` raises ``ConfigError`` with that line and never half-reads a file.
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

DEFAULT_CONFIG = Path("/etc/companion/config.toml")
CONFIG_NAME = "config.toml"
DEFAULT_STATE_DIRECTORY = Path("/var/lib/companion")
MAX_BCM_PIN = 27
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


class Language(Enum):
    EN = "en"
    PL = "pl"
    RU = "ru"


class CameraKind(Enum):
    PI = "pi"
    USB = "usb"
    PATH = "path"  # a video file or a folder of images
    NONE = "none"  # no camera: cards are entered from the menus


@dataclass(frozen=True)
class CameraSource:
    kind: CameraKind
    usb_index: int | None = None
    path: Path | None = None

    @classmethod
    def parse(cls, text: str) -> CameraSource:
        if text in ("pi", "none"):
            return cls(CameraKind(text))
        if text.startswith("usb:"):
            number = text.removeprefix("usb:")
            if not number.isdigit():
                raise ValueError(f'"{text}": a USB camera is usb:N with N a number, like usb:0')
            return cls(CameraKind.USB, usb_index=int(number))
        if not text:
            raise ValueError("empty: use pi, usb:N, a file or folder path, or none")
        return cls(CameraKind.PATH, path=Path(text))

    def __str__(self) -> str:
        if self.kind is CameraKind.USB:
            return f"usb:{self.usb_index}"
        if self.kind is CameraKind.PATH:
            return str(self.path)
        return str(self.kind.value)


@dataclass(frozen=True)
class DisplayConfig:
    kind: DisplayKind = DisplayKind.SSD1306
    i2c_port: int = 1
    i2c_address: int = 0x3C
    contrast: int = 128
    dim_after_s: float = 60.0
    dark_after_s: float = 600.0


@dataclass(frozen=True)
class ButtonsConfig:
    """BCM pin numbers; each button joins its pin to ground (internal pull-ups)."""

    up: int = 5
    down: int = 6
    ok: int = 13
    back: int = 19
    long_press_s: float = 0.8


@dataclass(frozen=True)
class CameraConfig:
    source: CameraSource = CameraSource(CameraKind.PI)
    width: int = 1920
    height: int = 1080
    fps: int = 10


@dataclass(frozen=True)
class TableConfig:
    """A zone's reading stands once it is still this many frames and milliseconds."""

    stability_frames: int = 3
    stability_ms: int = 250


@dataclass(frozen=True)
class UiConfig:
    language: Language = Language.EN


@dataclass(frozen=True)
class StateConfig:
    directory: Path = DEFAULT_STATE_DIRECTORY


@dataclass(frozen=True)
class SheetConfig:
    """The phone score sheet (``companion sheet``, its own unit): on or off, and where it
    listens (every address of the box by default, so phones on the room's Wi-Fi reach it)."""

    enabled: bool = True
    port: int = 8080
    bind: str = "0.0.0.0"


@dataclass(frozen=True)
class Config:
    display: DisplayConfig = field(default_factory=DisplayConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    table: TableConfig = field(default_factory=TableConfig)
    ui: UiConfig = field(default_factory=UiConfig)
    state: StateConfig = field(default_factory=StateConfig)
    sheet: SheetConfig = field(default_factory=SheetConfig)


# -- reading one value ----------------------------------------------------------------------

Reader = Callable[[object], Any]


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


PIN = _whole(0, MAX_BCM_PIN)

READERS: dict[str, dict[str, Reader]] = {
    "display": {
        "kind": _choice(DisplayKind),
        "i2c_port": _whole(0, 30),
        "i2c_address": _whole(0x03, 0x77),
        "contrast": _whole(0, 255),
        "dim_after_s": _seconds(0, 86_400),
        "dark_after_s": _seconds(0, 86_400),
    },
    "buttons": {"up": PIN, "down": PIN, "ok": PIN, "back": PIN, "long_press_s": _seconds(0, 10)},
    "camera": {
        "source": _camera_source,
        "width": _whole(16, 4608),
        "height": _whole(16, 2592),
        "fps": _whole(1, 120),
    },
    "table": {"stability_frames": _whole(1, 100), "stability_ms": _whole(0, 10_000)},
    "ui": {"language": _choice(Language)},
    "state": {"directory": _directory},
    "sheet": {"enabled": _switch, "port": _whole(1, 65_535), "bind": _address},
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
    return LoadedConfig(config_from_toml(data, defaults, path), path, found=True)


def config_from_toml(data: Mapping[str, Any], defaults: Config, path: Path) -> Config:
    sections: dict[str, Any] = {}
    for name, table in data.items():
        if name not in READERS:
            known = ", ".join(f"[{section}]" for section in READERS)
            raise ConfigError(f"{path}: [{name}]: unknown section (sections: {known})")
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {name}: must be a section [{name}], not a value")
        current = getattr(defaults, name)
        sections[name] = replace(current, **_section(path, name, table))
    config = replace(defaults, **sections)
    _check_together(config, path)
    return config


def _section(path: Path, name: str, table: Mapping[str, object]) -> dict[str, Any]:
    readers = READERS[name]
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key not in readers:
            known = ", ".join(readers)
            raise ConfigError(f"{path}: [{name}] {key}: unknown key (keys: {known})")
        try:
            values[key] = readers[key](value)
        except ValueError as error:
            raise ConfigError(f"{path}: [{name}] {key}: {error}") from None
    return values


def _check_together(config: Config, path: Path) -> None:
    """The rules that join keys: distinct pins, no pin on the display's bus, dark after dim."""
    display, buttons = config.display, config.buttons
    if display.dark_after_s <= display.dim_after_s:
        raise ConfigError(
            f"{path}: [display] dark_after_s: {display.dark_after_s:g} must be more than "
            f"dim_after_s ({display.dim_after_s:g})"
        )
    seen: dict[int, str] = {}
    for key in ("up", "down", "ok", "back"):
        pin: int = getattr(buttons, key)
        if pin in seen:
            raise ConfigError(
                f"{path}: [buttons] {key}: GPIO {pin} is already the {seen[pin]} button"
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
            lines.append(f"{item.name} = {_toml_value(item.name, getattr(values, item.name))}")
        lines.append("")
    return "\n".join(lines)


def _toml_value(key: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if key == "i2c_address" and isinstance(value, int):
        return f"0x{value:02X}"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, Path | CameraSource):
        value = str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's too
    if isinstance(value, float):
        return repr(value)
    return str(value)
