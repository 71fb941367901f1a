"""The kiosk finds the phone sheet through the address file the sheet keeps in the state
folder: off, not running, stale, not the sheet's, or its address; looked up when the
menu's page is opened, and shown by the controller from the table's context."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.app.sheet_link import read_sheet_link
from companion.app.table import Table
from companion.journal.store import Journal
from companion.sheet.address import AddressFile
from companion.ui.intents import LookUpSheet
from companion.ui.settings import UiSettings
from companion.values.sheet_address import (
    SHEET_ADDRESS_FILE,
    STALE_AFTER_S,
    SheetLink,
    SheetLinkState,
)

URL = "http://192.168.1.23:8080/"
NOW = 1_800_000_000.0


def _written(folder: Path, *, age_s: float) -> None:
    AddressFile(folder).keep(URL)
    os.utime(folder / SHEET_ADDRESS_FILE, (NOW - age_s, NOW - age_s))


def test_the_sheets_file_gives_its_address(tmp_path: Path) -> None:
    _written(tmp_path, age_s=1)
    link = read_sheet_link(tmp_path, enabled=True, wall_clock=lambda: NOW)
    assert link == SheetLink(SheetLinkState.READY, URL)


def test_no_file_is_not_running(tmp_path: Path) -> None:
    link = read_sheet_link(tmp_path, enabled=True, wall_clock=lambda: NOW)
    assert link.state is SheetLinkState.NOT_RUNNING


def test_off_in_the_config_is_said_whatever_the_file(tmp_path: Path) -> None:
    _written(tmp_path, age_s=1)
    assert read_sheet_link(tmp_path, enabled=False).state is SheetLinkState.OFF


@pytest.mark.parametrize("age_s", [STALE_AFTER_S + 1, -(STALE_AFTER_S + 1)])
def test_a_file_not_touched_for_long_is_stale(tmp_path: Path, age_s: float) -> None:
    _written(tmp_path, age_s=age_s)
    link = read_sheet_link(tmp_path, enabled=True, wall_clock=lambda: NOW)
    assert link.state is SheetLinkState.STALE


@pytest.mark.parametrize(
    "text", ["", "not json", '{"url": 5}', '{"url": "ftp://x/"}', '["http://x/"]', "\udcff"]
)
def test_a_file_not_the_sheets_is_unreadable(tmp_path: Path, text: str) -> None:
    path = tmp_path / SHEET_ADDRESS_FILE
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
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
