"""The settings: language, brightness and the screen's timeouts. OK on a line changes
it (UP/DOWN through its values, shown at once), OK again keeps it, BACK drops it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.ui.canvas import Sheet
from companion.ui.intents import ChangeSetting
from companion.ui.menus import draw
from companion.ui.menus.common import Step, go, stay
from companion.ui.menus.state import (
    MainMenu,
    SettingsMenu,
    UiContext,
    UiState,
    direction,
    is_short,
    moved,
)
from companion.ui.presses import Button, ButtonPress
from companion.ui.settings import BRIGHTNESS_LEVELS, DARK_CHOICES, DIM_CHOICES, UiSettings
from companion.values.language import Language
from companion.words import say

LANGUAGE_NAMES = {Language.EN: "English", Language.PL: "Polski", Language.RU: "Русский"}
SECONDS_PER_MINUTE = 60


@dataclass(frozen=True)
class Setting:
    field: str
    label_key: str
    choices: Sequence[Any]


SETTINGS: tuple[Setting, ...] = (
    Setting("language", "settings.language", tuple(Language)),
    Setting("brightness", "settings.brightness", BRIGHTNESS_LEVELS),
    Setting("dim_after", "settings.dim_after", DIM_CHOICES),
    Setting("dark_after", "settings.dark_after", DARK_CHOICES),
)


def value_text(setting: Setting, value: Any, language: Language) -> str:
    if isinstance(value, Language):
        return LANGUAGE_NAMES[value]
    if setting.field == "brightness":
        return f"{value}/{len(BRIGHTNESS_LEVELS)}"
    if value is None:
        return say("settings.never", language)
    if value % SECONDS_PER_MINUTE == 0:
        return say("settings.minutes", language, count=value // SECONDS_PER_MINUTE)
    return say("settings.seconds", language, count=value)


def _cycled(setting: Setting, current: Any, press: ButtonPress) -> Any:
    """The next value UP (or DOWN) gives: round at the end, unless held."""
    choices = list(setting.choices)
    index = choices.index(current) if current in choices else 0
    flipped = ButtonPress(Button.DOWN if press.button is Button.UP else Button.UP, press.kind)
    return choices[moved(index, len(choices), flipped)]


def handle_settings(
    state: UiState, menu: SettingsMenu, press: ButtonPress, context: UiContext
) -> Step:
    setting = SETTINGS[menu.cursor % len(SETTINGS)]
    if menu.draft is None:
        if direction(press):
            return go(state, SettingsMenu(moved(menu.cursor, len(SETTINGS), press)))
        if is_short(press, Button.OK):
            return go(state, SettingsMenu(menu.cursor, context.settings))
        if press.button is Button.BACK:
            return go(state, MainMenu(state.menu_at or 0))
        return stay(state)
    if direction(press):
        value = _cycled(setting, getattr(menu.draft, setting.field), press)
        draft = dataclasses.replace(menu.draft, **{setting.field: value})
        return go(state, SettingsMenu(menu.cursor, draft))
    if is_short(press, Button.OK):
        new_state = dataclasses.replace(state, mode=SettingsMenu(menu.cursor))
        if menu.draft == context.settings:
            return new_state, ()
        return new_state, (ChangeSetting(menu.draft),)
    if press.button is Button.BACK:
        return go(state, SettingsMenu(menu.cursor))
    return stay(state)


def compose_settings(menu: SettingsMenu, context: UiContext) -> Sheet:
    shown: UiSettings = menu.draft or context.settings
    language = shown.language  # a language being chosen shows itself at once
    rows = [
        draw.Row(
            say(setting.label_key, language),
            value_text(setting, getattr(shown, setting.field), language),
        )
        for setting in SETTINGS
    ]
    sheet = draw.new_sheet()
    draw.menu(
        sheet,
        say("menu.settings", language),
        rows,
        menu.cursor % len(SETTINGS),
        editing=menu.draft is not None,
    )
    return sheet
