"""The settings a player changes from the menu: language, brightness, screen timeouts."""

from __future__ import annotations

from dataclasses import dataclass

from companion.ui.texts import Language

BRIGHTNESS_LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5)
# Seconds idle before the screen dims / goes dark; None: never.
DIM_CHOICES: tuple[int | None, ...] = (30, 60, 120, 300, None)
DARK_CHOICES: tuple[int | None, ...] = (120, 300, 600, 1800, 3600, None)


@dataclass(frozen=True)
class UiSettings:
    language: Language = Language.EN
    brightness: int = 4
    dim_after: int | None = 60
    dark_after: int | None = 600
