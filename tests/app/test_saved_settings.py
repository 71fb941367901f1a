"""The menu's settings outlast a restart: changed through the kiosk, kept in the state
folder, laid over the config at the next start (a new assembly); a damaged file is named
and the config's values used. Real files in tmp_path, the kiosk as ``companion run``
assembles it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.app.assembly import Assembled, assemble
from companion.app.config import load_config
from companion.app.messages import Press
from companion.app.saved_settings import SETTINGS_FILE, SavedSettings, write_atomically
from companion.ui.presses import Button, ButtonPress
from companion.ui.settings import UiSettings
from companion.values.language import Language

OK, UP, DOWN = ButtonPress(Button.OK), ButtonPress(Button.UP), ButtonPress(Button.DOWN)
# With no game: OK opens the menu (on a new game), DOWN twice to the settings, OK into
# them (the language).
TO_SETTINGS = (OK, DOWN, DOWN, OK)
# On the language: OK to change it, UP to the next (English -> Polski), OK to keep it.
NEXT_LANGUAGE = (OK, UP, OK)
# From the language DOWN to the brightness, OK, UP (4 -> 5), OK.
BRIGHTER = (DOWN, OK, UP, OK)


def start(
    tmp_path: Path, *, ui: str = "", display: str = "", logged: list[str] | None = None
) -> Assembled:
    """A new assembly from a config with no camera and no panel, and these lines in its
    [ui] and [display] sections; started (the first screen drawn)."""
    path = tmp_path / "config.toml"
    path.write_text(
        f'[camera]\nsource = "none"\n[display]\nkind = "none"\n{display}[ui]\n{ui}'
        f'[state]\ndirectory = "{tmp_path / "state"}"\n',
        "utf-8",
    )
    config = load_config(path).config
    log = logged.append if logged is not None else (lambda line: None)
    assembled = assemble(config, log=log, environ={})
    assembled.runner.kiosk.start()
    return assembled


def press(assembled: Assembled, *presses: ButtonPress) -> None:
    for one in presses:
        assembled.runner.kiosk.take(Press(one))


def test_a_setting_changed_in_the_menu_is_there_after_a_restart(tmp_path: Path) -> None:
    first = start(tmp_path)
    try:
        before = first.runner.kiosk.table.settings
        press(first, *TO_SETTINGS, *NEXT_LANGUAGE, *BRIGHTER)
        after = first.runner.kiosk.table.settings
        assert (before.language, after.language) == (Language.EN, Language.PL)
    finally:
        first.close()
    again = start(tmp_path)
    try:
        settings = again.runner.kiosk.table.settings
        assert (settings.language, settings.brightness) == (Language.PL, 5)
        assert again.runner.kiosk.screen.settings.brightness == 5  # and the panel uses it
    finally:
        again.close()


def test_only_the_changed_settings_outrank_the_config(tmp_path: Path) -> None:
    first = start(tmp_path, ui='language = "ru"\n')
    try:
        press(first, *TO_SETTINGS, *NEXT_LANGUAGE)  # Русский -> English
    finally:
        first.close()
    kept = json.loads((tmp_path / "state" / SETTINGS_FILE).read_text("utf-8"))
    assert kept == {"language": "en"}
    # the config edited since: its timeout reaches the kiosk, the player's language stays
    later = start(tmp_path, ui='language = "ru"\n', display="dim_after_s = 30\n")
    try:
        settings = later.runner.kiosk.table.settings
        assert (settings.language, settings.dim_after) == (Language.EN, 30)
    finally:
        later.close()


@pytest.mark.parametrize(
    ("content", "named"),
    [
        ('{"language": "pl", "brightn', "not JSON"),
        ('["pl"]', "not a JSON object"),
        ('{"language": "de"}', 'language: "de" is not one of en, pl, ru'),
        ('{"brightness": 9}', "brightness: 9 is not in 1..5"),
        ('{"dim_after": "soon"}', 'dim_after: "soon" is not a number of seconds'),
        ('{"contrast": 3}', "unknown setting 'contrast'"),
        ('{"dark_after": 0.5}', "dark_after: 0.5 is not a whole number of seconds"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_a_damaged_file_is_named_and_the_configs_values_are_used(
    tmp_path: Path, content: str | bytes, named: str
) -> None:
    path = tmp_path / "state" / SETTINGS_FILE
    path.parent.mkdir()
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    logged: list[str] = []
    assembled = start(tmp_path, ui='language = "ru"\n', logged=logged)
    try:
        assert assembled.runner.kiosk.table.settings == UiSettings(language=Language.RU)
        (line,) = [line for line in logged if SETTINGS_FILE in line]
        assert str(path) in line and "damaged settings file" in line and named in line
        press(assembled, *TO_SETTINGS, *NEXT_LANGUAGE)  # Русский -> English: a sound file
    finally:
        assembled.close()
    assert json.loads(path.read_text("utf-8")) == {"language": "en"}


def test_the_file_is_replaced_whole_with_nothing_left_beside_it(tmp_path: Path) -> None:
    path = tmp_path / SETTINGS_FILE
    path.write_text('{"language": "ru"}\n', "utf-8")
    write_atomically(path, '{"language": "pl"}\n')
    assert path.read_text("utf-8") == '{"language": "pl"}\n'
    assert os.listdir(tmp_path) == [SETTINGS_FILE]


def test_a_write_that_fails_is_logged_and_the_setting_still_applies(tmp_path: Path) -> None:
    logged: list[str] = []
    saved = SavedSettings(tmp_path / "gone" / SETTINGS_FILE, logged.append)
    before = saved.load(UiSettings())
    saved.save(before, UiSettings(brightness=2))
    (line,) = logged
    assert str(tmp_path / "gone" / SETTINGS_FILE) in line and "could not be kept" in line
    assert saved.kept == {"brightness": 2}
