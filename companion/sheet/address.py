"""The sheet's address on the LAN, kept in the state folder for the kiosk's menu.

The address is the bind address when that names one; for "every address" it is the
address of the interface the default route leaves by (a UDP socket's ``connect`` picks
it and sends nothing); failing that (no route: a table whose Wi-Fi has no gateway), the
first non-loopback address the host name resolves to, and last the host name itself as
``NAME.local`` (Raspberry Pi OS answers mDNS for it).
"""

from __future__ import annotations

import contextlib
import fcntl
import ipaddress
import os
import socket
import tempfile
from pathlib import Path

from companion.values.sheet_address import SHEET_ADDRESS_FILE, address_text

# Documentation addresses (RFC 5737, RFC 3849): routed by the default route like any
# other, never answered; connecting a UDP socket sends nothing anyway.
PROBE_V4 = "192.0.2.1"
PROBE_V6 = "2001:db8::1"
PROBE_PORT = 9  # discard; no packet goes out
HTTP_PORT = 80
EVERY_ADDRESS = frozenset({"", "0.0.0.0", "::"})


def _routed_address(family: socket.AddressFamily, probe: str) -> str | None:
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, PROBE_PORT))
            address = str(udp.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address.split("%")[0]).is_unspecified else address


def _resolved_address() -> str | None:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:
        return None
    for _, _, _, _, sockaddr in infos:
        address = str(sockaddr[0])
        parsed = ipaddress.ip_address(address.split("%")[0])
        if not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified):
            return address
    return None


def lan_address(bind: str) -> str:
    """The address a phone on the LAN reaches the sheet at, for a server bound to
    ``bind``."""
    if bind not in EVERY_ADDRESS:
        return bind
    for found in (
        _routed_address(socket.AF_INET, PROBE_V4),
        _routed_address(socket.AF_INET6, PROBE_V6) if bind == "::" else None,
        _resolved_address(),
    ):
        if found is not None:
            return found
    return f"{socket.gethostname()}.local"


def sheet_url(host: str, port: int) -> str:
    """``http://HOST:PORT/`` (the port left out when it is 80; IPv6 in brackets)."""
    try:
        shown = f"[{host}]" if ipaddress.ip_address(host.split("%")[0]).version == 6 else host
    except ValueError:  # a name, not an address
        shown = host
    return f"http://{shown}/" if port == HTTP_PORT else f"http://{shown}:{port}/"


class AddressFile:
    """The address file in the state folder: written whole (a reader never sees half of
    it) and held locked (``flock``) while the sheet runs. The kernel drops the lock with
    the process, so a file whose lock is free is one a sheet that is gone left behind.
    Nothing is written while the address stays the same: a heartbeat on the SD card would
    cost it a file-system commit every beat."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / SHEET_ADDRESS_FILE
        self._written: str | None = None
        self._held: int | None = None  # the open, locked file the path names

    def keep(self, url: str) -> None:
        """Write ``url`` if it changed (or the file went away or was replaced)."""
        text = address_text(url)
        if text == self._written and self._still_held():
            return
        fd, temporary = tempfile.mkstemp(prefix=".sheet-address-", dir=self.path.parent)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # a new file: nobody else can hold it
            data = text.encode("utf-8")
            while data:
                data = data[os.write(fd, data) :]
            os.replace(temporary, self.path)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        self._release()
        self._held, self._written = fd, text

    def remove(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._release()
        self._written = None

    def _still_held(self) -> bool:
        if self._held is None:
            return False
        try:
            return os.stat(self.path).st_ino == os.fstat(self._held).st_ino
        except OSError:
            return False

    def _release(self) -> None:
        if self._held is not None:
            os.close(self._held)
            self._held = None
