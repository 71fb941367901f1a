"""The phone sheet's address as the kiosk finds it: the file the sheet process keeps in the
state folder (the kiosk has no network of its own to look the address up), read when the
menu's page for it is opened."""

from __future__ import annotations

import fcntl
from pathlib import Path

from companion.values.sheet_address import (
    SHEET_ADDRESS_FILE,
    SheetAddressError,
    SheetLink,
    SheetLinkState,
    parse_address,
)

MAX_FILE_BYTES = 4096  # the sheet writes well under this; more is not its file


def read_sheet_link(folder: Path, *, enabled: bool) -> SheetLink:
    """What the menu says of the sheet: off in the config, not running (no file), gone (a
    file no running sheet holds locked), a file that is not the sheet's, or its address."""
    if not enabled:
        return SheetLink(SheetLinkState.OFF)
    path = folder / SHEET_ADDRESS_FILE
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
            running = _locked_by_another(file.fileno())
    except FileNotFoundError:
        return SheetLink(SheetLinkState.NOT_RUNNING)
    except OSError:
        return SheetLink(SheetLinkState.UNREADABLE)
    if not running:
        return SheetLink(SheetLinkState.STALE)
    try:
        if len(data) > MAX_FILE_BYTES:
            raise SheetAddressError("too long")
        url = parse_address(data.decode("utf-8"))
    except (SheetAddressError, UnicodeDecodeError):
        return SheetLink(SheetLinkState.UNREADABLE)
    return SheetLink(SheetLinkState.READY, url)


def _locked_by_another(fd: int) -> bool:
    """True while another open of the file holds its lock (the running sheet does)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(fd, fcntl.LOCK_UN)
    return False
