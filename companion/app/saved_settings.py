"""The settings a player changes in the menu (language, brightness, screen timeouts), kept
in a small JSON file in the state folder so that they outlast a restart.

Only the settings the player changed are in the file; at start they are laid over the
config's values, so a config edit still reaches every setting the player left alone.
The file is replaced whole (a temporary file, synced, renamed over it), so a power cut
leaves the old file or the new one. A damaged file is named in the log and the config's
values are used; the next change writes a sound one. The journal keeps event lines only.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from companion.app.config import READERS
from companion.ui.settings import UiSettings
from companion.values.setting import Reader

SETTINGS_FILE = "settings.json"

Value = str | int | None


class DamagedSettings(Exception):
    """The settings file cannot be used; the message says what is wrong in it."""


@dataclass(frozen=True)
class SavedKey:
    """A setting the file keeps (named as the ``UiSettings`` field it sets), read by the
    check of the config key it stands in for; ``never``: null (never) is allowed."""

    read: Reader
    never: bool = False


# The one decode table: what the file may hold, each read as its config key is.
SAVED: dict[str, SavedKey] = {
    "language": SavedKey(READERS["ui"]["language"]),
    "brightness": SavedKey(READERS["display"]["brightness"]),
    "dim_after": SavedKey(READERS["display"]["dim_after_s"], never=True),
    "dark_after": SavedKey(READERS["display"]["dark_after_s"], never=True),
}


def _decoded(name: str, value: object) -> Any:
    """The typed value of one kept setting, or ``DamagedSettings`` naming it."""
    key = SAVED[name]
    if value is None and key.never:
        return None
    try:
        return key.read(value)
    except ValueError as error:
        raise DamagedSettings(f"{name}: {error}") from None


def _as_json(value: object) -> Value:
    """A setting's value as the file keeps it (a language by its code)."""
    if isinstance(value, Enum):
        value = value.value
    if value is None or isinstance(value, str | int):
        return value
    raise TypeError(f"a setting of {value!r} has no JSON form here")


def _laid_over(base: UiSettings, kept: Mapping[str, Value]) -> UiSettings:
    """``base`` with the kept values (checked when read) in place of its own."""
    return dataclasses.replace(base, **{name: _decoded(name, v) for name, v in kept.items()})


class SavedSettings:
    """The settings file at ``path``; ``log`` takes one line per trouble."""

    def __init__(self, path: Path, log: Callable[[str], None]) -> None:
        self.path = path
        self.log = log
        self.kept: dict[str, Value] = {}

    def load(self, base: UiSettings) -> UiSettings:
        """``base`` (the config's values) with the file's settings laid over it."""
        try:
            self.kept = self._read()
        except DamagedSettings as error:
            self.kept = {}
            self.log(
                f"{self.path}: damaged settings file ({error}): the config's values are used "
                "until a setting is changed in the menu"
            )
        return _laid_over(base, self.kept)

    def save(self, before: UiSettings, after: UiSettings) -> None:
        """Keep the settings that differ between ``before`` and ``after`` (with those
        kept already). A write that fails is logged; the settings still apply until the
        app stops."""
        for name in SAVED:
            if getattr(before, name) != getattr(after, name):
                self.kept[name] = _as_json(getattr(after, name))
        try:
            write_atomically(self.path, json.dumps(self.kept, indent=1, sort_keys=True) + "\n")
        except OSError as error:
            self.log(f"{self.path}: the settings could not be kept: {error.strerror or error}")

    def _read(self) -> dict[str, Value]:
        try:
            text = self.path.read_text("utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise DamagedSettings(f"cannot read it: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise DamagedSettings("not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise DamagedSettings(f"not JSON: {error}") from None
        if not isinstance(data, dict):
            raise DamagedSettings("not a JSON object of settings")
        return _checked(data)


def _checked(data: Mapping[str, object]) -> dict[str, Value]:
    values: dict[str, Value] = {}
    for name, value in data.items():
        if name not in SAVED:
            raise DamagedSettings(f"unknown setting {name!r} (settings: {', '.join(SAVED)})")
        values[name] = _as_json(_decoded(name, value))
    return values


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text``: a temporary file beside it, synced, renamed over it,
    and the folder synced, so that a power cut leaves the old file or the new one."""
    temporary = path.with_name(f".{path.name}.new")
    with temporary.open("w", encoding="utf-8") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
