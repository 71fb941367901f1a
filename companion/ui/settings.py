"""The settings a player changes from the menu: language, brightness, screen timeouts."""

from __future__ import annotations

from dataclasses import dataclass

from companion.values.language import Language

BRIGHTNESS_LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5)
DEFAULT_BRIGHTNESS = 4
# Seconds idle before the screen dims / goes dark; None: never. A timeout is whole
# seconds, at most a day, wherever it is set (the config, the menu, the settings file).
DEFAULT_DIM_AFTER_S = 60
DEFAULT_DARK_AFTER_S = 600
MAX_TIMEOUT_S = 86_400
DIM_CHOICES: tuple[int | None, ...] = (30, DEFAULT_DIM_AFTER_S, 120, 300, None)
DARK_CHOICES: tuple[int | None, ...] = (120, 300, DEFAULT_DARK_AFTER_S, 1800, 3600, None)


@dataclass(frozen=True)
class UiSettings:
    language: Language = Language.EN
    brightness: int = DEFAULT_BRIGHTNESS
    dim_after: int | None = DEFAULT_DIM_AFTER_S
    dark_after: int | None = DEFAULT_DARK_AFTER_S
