"""The kiosk finds the phone sheet through the address file the sheet keeps in the state
folder: off, not running, left by a sheet that is gone (nobody holds its lock), not the
sheet's, or its address; looked up when the menu's page is opened, and shown by the
controller from the table's context."""

from __future__ import annotations

import fcntl
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.sheet_link import read_sheet_link
from companion.app.table import Table
from companion.journal.store import Journal
from companion.sheet.address import AddressFile
from companion.ui.intents import LookUpSheet
from companion.ui.settings import UiSettings
from companion.values.sheet_address import SHEET_ADDRESS_FILE, SheetLink, SheetLinkState

URL = "http://192.168.1.23:8080/"
# a sheet in a process of its own: it keeps the address, says so, and waits to be killed
SHEET = (
    "import sys, time; from pathlib import Path; from companion.sheet.address import "
    "AddressFile; AddressFile(Path(sys.argv[1])).keep(sys.argv[2]); print('kept', flush=True); "
    "time.sleep(60)"
)


def test_the_sheets_file_gives_its_address(tmp_path: Path) -> None:
    address = AddressFile(tmp_path)
    address.keep(URL)
    link = read_sheet_link(tmp_path, enabled=True)
    assert link == SheetLink(SheetLinkState.READY, URL)
    address.remove()
    assert read_sheet_link(tmp_path, enabled=True).state is SheetLinkState.NOT_RUNNING


def test_a_sheet_killed_leaves_a_file_said_to_be_stale(tmp_path: Path) -> None:
    sheet = subprocess.Popen(
        [sys.executable, "-c", SHEET, str(tmp_path), URL], stdout=subprocess.PIPE, text=True
    )
    try:
        assert sheet.stdout is not None and sheet.stdout.readline().strip() == "kept"
        assert read_sheet_link(tmp_path, enabled=True) == SheetLink(SheetLinkState.READY, URL)
    finally:
        sheet.send_signal(signal.SIGKILL)
        sheet.wait()
    assert (tmp_path / SHEET_ADDRESS_FILE).exists()  # a SIGKILL removes nothing
    assert read_sheet_link(tmp_path, enabled=True).state is SheetLinkState.STALE


def test_no_file_is_not_running(tmp_path: Path) -> None:
    link = read_sheet_link(tmp_path, enabled=True)
    assert link.state is SheetLinkState.NOT_RUNNING


def test_off_in_the_config_is_said_whatever_the_file(tmp_path: Path) -> None:
    AddressFile(tmp_path).keep(URL)
    assert read_sheet_link(tmp_path, enabled=False).state is SheetLinkState.OFF


def test_a_file_nobody_holds_is_stale(tmp_path: Path) -> None:
    (tmp_path / SHEET_ADDRESS_FILE).write_text(f'{{"url": "{URL}"}}', "utf-8")
    assert read_sheet_link(tmp_path, enabled=True).state is SheetLinkState.STALE


@pytest.mark.parametrize(
    "text", ["", "not json", '{"url": 5}', '{"url": "ftp://x/"}', '["http://x/"]', "\udcff"]
)
def test_a_held_file_not_the_sheets_is_unreadable(tmp_path: Path, text: str) -> None:
    path = tmp_path / SHEET_ADDRESS_FILE
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    with path.open("rb") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        link = read_sheet_link(tmp_path, enabled=True)
    assert link.state is SheetLinkState.UNREADABLE


def test_the_table_looks_the_sheet_up_when_asked(tmp_path: Path) -> None:
    found: list[SheetLink] = [SheetLink(SheetLinkState.NOT_RUNNING)]
    table = Table(
        Journal.in_memory(),
        settings=UiSettings(),
        camera=None,
        log=lambda line: None,
        find_sheet=lambda: found[-1],
    )
    assert table.context().sheet_link is None  # not looked up before the page is opened
    table.carry_out(LookUpSheet())
    assert table.context().sheet_link == SheetLink(SheetLinkState.NOT_RUNNING)
    found.append(SheetLink(SheetLinkState.READY, URL))
    table.carry_out(LookUpSheet())  # opened again: looked up again
    assert table.context().sheet_link == SheetLink(SheetLinkState.READY, URL)
