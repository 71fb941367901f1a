"""``companion run`` put together from the config: the pieces each key chooses, and a
display that fails mid-game logged rather than raised (luma's own dummy device)."""

from __future__ import annotations

import contextlib
import queue
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image

from companion.app.assembly import GuardedDevice, LastPicture, assemble, camera_feed
from companion.app.config import Config, load_config
from companion.app.scripted import ScriptedSession
from companion.device.buttons import FakeButtons
from companion.device.camera import SourceError
from companion.journal.store import KIOSK_PAGE_SIZE, Journal
from companion.values.language import Language


class UnpluggedDummy(dummy):  # type: ignore[misc]
    """luma's dummy device, with its I2C pulled out while ``unplugged``."""

    unplugged = False

    def display(self, image: Image.Image) -> None:
        if self.unplugged:
            raise OSError(121, "Remote I/O error")
        super().display(image)


def picture(shade: int) -> Image.Image:
    return Image.new("1", (128, 64), shade)


def test_a_display_unplugged_mid_game_is_logged_once_and_the_table_goes_on() -> None:
    panel = UnpluggedDummy(width=128, height=64, mode="1")
    logged: list[str] = []
    guarded = GuardedDevice(panel, logged.append)
    guarded.display(picture(0))
    panel.unplugged = True
    guarded.display(picture(1))
    guarded.display(picture(1))
    assert logged == ["display lost ([Errno 121] Remote I/O error): going on without it"]
    panel.unplugged = False
    guarded.display(picture(1))
    assert logged[-1] == "display back"
    assert panel.image.convert("L").getpixel((0, 0)) == 255  # the lit picture got through


def config_file(tmp_path: Path, text: str) -> Config:
    path = tmp_path / "config.toml"
    path.write_text(text + f'\n[state]\ndirectory = "{tmp_path / "state"}"\n', "utf-8")
    return load_config(path).config


def test_no_camera_and_no_display_make_a_kiosk_for_cards_by_hand(tmp_path: Path) -> None:
    config = config_file(
        tmp_path, '[camera]\nsource = "none"\n[display]\nkind = "none"\n[ui]\nlanguage = "pl"\n'
    )
    logged: list[str] = []
    assembled = assemble(config, log=logged.append, environ={})
    try:
        kiosk = assembled.runner.kiosk
        assert kiosk.table.camera is None
        assert isinstance(kiosk.screen.device, LastPicture)
        assert kiosk.table.settings.language is Language.PL
        assert [thread.name for thread in assembled.runner.threads] == ["buttons"]
        assert (tmp_path / "state" / "journal.sqlite3").exists()
    finally:
        assembled.close()


def test_the_kiosk_makes_its_journal_with_small_pages_and_keeps_an_old_ones(
    tmp_path: Path,
) -> None:
    config = config_file(tmp_path, '[camera]\nsource = "none"\n[display]\nkind = "none"\n')
    journal = tmp_path / "state" / "journal.sqlite3"

    def page_size() -> int:
        with contextlib.closing(sqlite3.connect(journal)) as db:
            return int(db.execute("PRAGMA page_size").fetchone()[0])

    assemble(config, log=lambda line: None, environ={}).close()
    assert page_size() == KIOSK_PAGE_SIZE
    journal.unlink()
    Journal.open(journal).close()  # a journal made before, in SQLite's own pages
    before = page_size()
    assemble(config, log=lambda line: None, environ={}).close()
    assert page_size() == before != KIOSK_PAGE_SIZE


def test_a_scripted_run_has_fake_buttons_and_no_camera_thread(tmp_path: Path) -> None:
    config = config_file(tmp_path, '[camera]\nsource = "usb:0"\n[display]\nkind = "none"\n')
    script = tmp_path / "game.txt"
    script.write_text("game oczko players=3\n", "utf-8")
    assembled = assemble(config, log=lambda line: None, feed=ScriptedSession(script), environ={})
    try:
        assert isinstance(assembled.buttons, FakeButtons)
        assert [t.name for t in assembled.runner.threads] == ["buttons", "script"]
    finally:
        assembled.close()


def test_a_camera_gets_its_thread_and_the_kiosk_waits_for_it(tmp_path: Path) -> None:
    config = config_file(tmp_path, '[camera]\nsource = "usb:0"\n[display]\nkind = "none"\n')
    assembled = assemble(config, log=lambda line: None, environ={})
    try:
        assert [t.name for t in assembled.runner.threads] == ["buttons", "camera"]
        assert assembled.runner.kiosk.table.camera is not None
        assert assembled.runner.kiosk.table.camera.value == "starting"
    finally:
        assembled.close()


@pytest.fixture
def broken_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gpiozero's mock pins, one of them already held by another program."""
    from gpiozero import Button as GpioButton
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    holder = GpioButton(13)
    yield
    holder.close()
    Device.pin_factory.close()


@pytest.mark.usefixtures("broken_pins")
def test_buttons_and_display_that_cannot_be_opened_are_a_state_said_once(
    tmp_path: Path,
) -> None:
    config = config_file(
        tmp_path, '[camera]\nsource = "none"\n[display]\nkind = "sh1106"\ni2c_port = 29\n'
    )
    logged: list[str] = []
    assembled = assemble(config, log=logged.append, environ={})
    try:
        runner = assembled.runner
        assert [line.split(" (")[0] for line in logged] == [
            "no buttons: GPIO is not available",
            "no sh1106 display on I2C bus 29 at 0x3C",
        ]
        assert "GPIO13" in logged[0]
        while not runner.inbox.empty():
            runner.kiosk.take(runner.inbox.get_nowait())
        assert runner.kiosk.table.status_line() == "No buttons: retrying"
        assert runner.kiosk.status_text() == f"no game; no camera; {logged[0]}; {logged[1]}"
        assert len(logged) == 2  # drawing again tells nothing new
    finally:
        assembled.close()


def test_a_folder_camera_read_again_after_each_retry_names_each_bad_image_once(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    (folder / "0001.png").write_bytes(b"not an image")
    config = config_file(tmp_path, f'[camera]\nsource = "{folder}"\n')
    logged: list[str] = []
    feed = camera_feed(config, queue.Queue(), threading.Event(), logged.append)
    for _ in range(3):
        source = feed.open_source()
        with pytest.raises(SourceError, match="none of its 1 images is readable"):
            list(source.frames())
    assert logged == [f"{folder / '0001.png'}: not a readable image, skipped"]


def test_the_terminal_display_shows_the_keys_legend(tmp_path: Path) -> None:
    from companion.app.assembly import open_screen, ui_settings
    from companion.device.terminal import KEYS_LEGEND, TerminalDevice

    path = tmp_path / "config.toml"
    path.write_text('[display]\nkind = "terminal"\n', "utf-8")
    config = load_config(path).config
    screen = open_screen(config, ui_settings(config), log=lambda line: None, report=print)
    assert isinstance(screen.device, TerminalDevice) and screen.device.legend == KEYS_LEGEND
