"""Where the phone sheet can be reached, as the sheet process tells the kiosk.

The kiosk's unit has no network of its own (``PrivateNetwork=yes``), so it cannot see the
box's LAN address; the sheet works it out and keeps it in a small file in the state
folder that both units share: written when it starts listening, rewritten when the
address changes (looked up every ``ADDRESS_CHECK_S``), held locked while it runs and
removed when it stops cleanly. A file nobody holds locked is one a sheet that died left
behind. This module holds only the file's name and format, and what the kiosk makes of
it; each side does its own I/O.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum

SHEET_ADDRESS_FILE = "sheet-address.json"
# Wi-Fi joins late and DHCP moves addresses: the sheet looks its address up this often.
ADDRESS_CHECK_S = 30.0
URL_KEY = "url"
MAX_URL = 200  # longer than any address of ours: a file with more is not ours


class SheetAddressError(ValueError):
    """The address file's text is not what the sheet writes."""


def address_text(url: str) -> str:
    return json.dumps({URL_KEY: url}) + "\n"


def parse_address(text: str) -> str:
    """The URL in an address file's text."""
    try:
        body = json.loads(text)
    except ValueError:
        raise SheetAddressError("not JSON") from None
    url = body.get(URL_KEY) if isinstance(body, dict) else None
    if not isinstance(url, str) or not url.startswith("http://") or len(url) > MAX_URL:
        raise SheetAddressError(f'no "{URL_KEY}" with an http:// address of at most {MAX_URL}')
    return url


class SheetLinkState(Enum):
    """What the kiosk can say of the phone sheet."""

    READY = "ready"  # running, at ``url``
    OFF = "off"  # [sheet] enabled = false in the config
    NOT_RUNNING = "not_running"  # no address file: never started, or stopped
    STALE = "stale"  # a file left by a sheet that is no longer running
    UNREADABLE = "unreadable"  # a file that is not the sheet's


@dataclass(frozen=True)
class SheetLink:
    state: SheetLinkState
    url: str | None = None
