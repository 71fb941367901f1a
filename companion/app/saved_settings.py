"""The settings a player changes in the menu (language, brightness, screen timeouts), kept
in a small JSON file in the state folder so that they outlast a restart.

Only the settings the player changed are in the file; at start they are laid over the
config's values, so a config edit still reaches every setting the player left alone.
The file is replaced whole (a temporary file, synced, renamed over it), so a power cut
leaves the old file or the new one. A damaged file is named in the log and the config's
values are used; the next change writes a sound one. The journal keeps event lines only.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from companion.ui.settings import BRIGHTNESS_LEVELS, UiSettings
from companion.ui.texts import Language

SETTINGS_FILE = "settings.json"
# A screen timeout read back from the file: whole seconds, at most a day (as the config).
MAX_TIMEOUT_S = 86_400

Value = str | int | None


class DamagedSettings(Exception):
    """The settings file cannot be used; the message says what is wrong in it."""


def _language(value: object) -> Value:
    names = [language.value for language in Language]
    if not isinstance(value, str) or value not in names:
        raise DamagedSettings(f"language {value!r} is not one of {', '.join(names)}")
    return value


def _brightness(value: object) -> Value:
    if isinstance(value, bool) or not isinstance(value, int) or value not in BRIGHTNESS_LEVELS:
        raise DamagedSettings(f"brightness {value!r} is not one of {list(BRIGHTNESS_LEVELS)}")
    return value


def _timeout(key: str) -> Callable[[object], Value]:
    def read(value: object) -> Value:
        if value is None:
            return None  # never
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_TIMEOUT_S:
            raise DamagedSettings(f"{key} {value!r} is not whole seconds in 1..{MAX_TIMEOUT_S}")
        return value

    return read


READERS: dict[str, Callable[[object], Value]] = {
    "language": _language,
    "brightness": _brightness,
    "dim_after": _timeout("dim_after"),
    "dark_after": _timeout("dark_after"),
}


def _as_json(key: str, settings: UiSettings) -> Value:
    value: object = getattr(settings, key)
    if isinstance(value, Language):
        return value.value
    if value is None or isinstance(value, int):
        return value
    raise TypeError(f"setting {key}: {value!r} has no JSON form here")


def _laid_over(base: UiSettings, kept: Mapping[str, Value]) -> UiSettings:
    """``base`` with the kept values (checked by ``READERS``) in place of its own."""

    def pick(key: str) -> Value:
        return kept[key] if key in kept else _as_json(key, base)

    language, brightness = pick("language"), pick("brightness")
    dim_after, dark_after = pick("dim_after"), pick("dark_after")
    if not isinstance(language, str) or not isinstance(brightness, int):
        raise TypeError(f"settings kept unchecked: {dict(kept)}")
    if isinstance(dim_after, str) or isinstance(dark_after, str):
        raise TypeError(f"settings kept unchecked: {dict(kept)}")
    return UiSettings(
        language=Language(language),
        brightness=brightness,
        dim_after=dim_after,
        dark_after=dark_after,
    )


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
        for key in READERS:
            if getattr(before, key) != getattr(after, key):
                self.kept[key] = _as_json(key, after)
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
    for key, value in data.items():
        if key not in READERS:
            raise DamagedSettings(f"unknown setting {key!r} (settings: {', '.join(READERS)})")
        values[key] = READERS[key](value)
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
