"""The kiosk's one TOML file, read into frozen values with a default for every key.

A wrong file stops the start with one line naming the file, the key and what is wrong;
``load_config`` raises ``ConfigError`` with that line and never half-reads a file.

The schema is written once: each key is a field of its section's dataclass, whose default
and check (``values.setting.checked``) are the key's only definition. A section that is a
device's setting ([display], [buttons]) is that device's own dataclass, imported here and
handed to the device as it is; defaults and limits that belong to a layer below (the
camera's frame, the screen's timeouts) are that layer's values. This module adds the
file: where each key is, the rules that join keys, and the file and key in each error.
A value the check accepts is one ``companion run`` can use (tests hold that), and it is
not checked again.
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from pathlib import Path
from typing import Any

from companion.device.buttons import ButtonsConfig
from companion.device.camera_modes import PI_SENSOR_MODES, PI_STREAM_SIZE
from companion.device.display_config import DisplayConfig, DisplayKind
from companion.table.stability import STILL_FRAMES, STILL_SECONDS
from companion.ui.settings import UiSettings
from companion.values.camera_source import CameraKind, CameraSource
from companion.values.language import Language
from companion.values.setting import (
    READ,
    SHOW,
    Reader,
    checked,
    choice,
    quoted,
    switch,
    text,
    whole,
)

# The [ui] language is the screens' own; the device sections are the devices' own types.
__all__ = ["ButtonsConfig", "DisplayConfig", "DisplayKind", "Language"]

DEFAULT_CONFIG = Path("/etc/companion/config.toml")
CONFIG_NAME = "config.toml"
DEFAULT_STATE_DIRECTORY = Path("/var/lib/companion")
I2C_PINS = {2: "the display's I2C SDA", 3: "the display's I2C SCL"}


class ConfigError(Exception):
    """A config file that cannot be used: the message names the file and the key."""


# -- reading one value ----------------------------------------------------------------------


def _address(value: object) -> str:
    given = text(value)
    try:
        ipaddress.ip_address(given)
    except ValueError:
        raise ValueError(f'"{given}" is not an IP address (like "0.0.0.0" or "::")') from None
    return given


def _camera_source(value: object) -> CameraSource:
    return CameraSource.parse(text(value))


def _directory(value: object) -> Path:
    given = text(value)
    if not given:
        raise ValueError("empty: give a folder")
    path = Path(given).expanduser()
    # what run would meet: a file where the folder (or a folder above it) should be
    for above in (path, *path.parents):
        if above.exists():
            if not above.is_dir():
                raise ValueError(f"{above} is a file, not a folder")
            break
    return path


# A frame side the reader can use at all, and the largest the Pi camera's sensor gives.
MIN_FRAME_SIDE = 16
MAX_FRAME = PI_SENSOR_MODES[-1]
DEFAULT_FPS = 10
MAX_FPS = 120
MAX_STABILITY_FRAMES = 100
MAX_STABILITY_MS = 10_000
MS_PER_S = 1000
DEFAULT_SHEET_PORT = 8080
MAX_PORT = 65_535

UI = UiSettings()  # the [ui] language is the screens' own default


@dataclass(frozen=True)
class CameraConfig:
    """``width`` x ``height``: the frames the Pi or USB camera is asked for (a video file
    or a folder of images gives the frames it holds)."""

    source: CameraSource = field(
        default=CameraSource(CameraKind.PI),
        metadata=checked(_camera_source, show=quoted),
    )
    width: int = field(
        default=PI_STREAM_SIZE[0], metadata=checked(whole(MIN_FRAME_SIDE, MAX_FRAME[0]))
    )
    height: int = field(
        default=PI_STREAM_SIZE[1], metadata=checked(whole(MIN_FRAME_SIDE, MAX_FRAME[1]))
    )
    fps: int = field(default=DEFAULT_FPS, metadata=checked(whole(1, MAX_FPS)))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


@dataclass(frozen=True)
class TableConfig:
    """A zone's reading stands once it is still this many frames and milliseconds."""

    stability_frames: int = field(
        default=STILL_FRAMES, metadata=checked(whole(1, MAX_STABILITY_FRAMES))
    )
    stability_ms: int = field(
        default=round(STILL_SECONDS * MS_PER_S), metadata=checked(whole(0, MAX_STABILITY_MS))
    )


@dataclass(frozen=True)
class UiConfig:
    language: Language = field(default=UI.language, metadata=checked(choice(Language)))


@dataclass(frozen=True)
class StateConfig:
    directory: Path = field(
        default=DEFAULT_STATE_DIRECTORY,
        metadata=checked(_directory, show=quoted),
    )


@dataclass(frozen=True)
class SheetConfig:
    """The phone score sheet (``companion sheet``, its own unit): on or off, and where it
    listens (every address of the box by default, so phones on the room's Wi-Fi reach it)."""

    enabled: bool = field(default=True, metadata=checked(switch))
    port: int = field(default=DEFAULT_SHEET_PORT, metadata=checked(whole(1, MAX_PORT)))
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
        return quoted(value)
    if isinstance(value, float):
        return repr(value)
    return str(value)
