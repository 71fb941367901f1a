"""The sheet's LAN address and the file that hands it to the kiosk: a bound address is
kept, "every address" becomes one a phone can reach, the URL is well formed, and the file
is written whole, held locked while the sheet runs, left alone while unchanged and removed
on request."""

from __future__ import annotations

import fcntl
import ipaddress
from pathlib import Path

import pytest

from companion.sheet.address import AddressFile, lan_address, sheet_url
from companion.values.sheet_address import SHEET_ADDRESS_FILE, parse_address


@pytest.mark.parametrize("bind", ["127.0.0.1", "192.168.4.1", "fd00::5"])
def test_a_specific_bind_address_is_the_address(bind: str) -> None:
    assert lan_address(bind) == bind


def test_every_address_becomes_one_that_is_not_unspecified() -> None:
    found = lan_address("0.0.0.0")
    try:
        address = ipaddress.ip_address(found)
    except ValueError:  # no route and no resolvable address: the mDNS name
        assert found.endswith(".local")
    else:
        assert not address.is_unspecified


@pytest.mark.parametrize(
    ("host", "port", "url"),
    [
        ("192.168.1.23", 8080, "http://192.168.1.23:8080/"),
        ("10.0.0.7", 80, "http://10.0.0.7/"),
        ("fd00::5", 8080, "http://[fd00::5]:8080/"),
        ("table.local", 8080, "http://table.local:8080/"),
    ],
)
def test_the_url(host: str, port: int, url: str) -> None:
    assert sheet_url(host, port) == url


def _locked(path: Path) -> bool:
    with path.open("rb") as file:
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        return False


def test_the_file_is_written_held_and_removed(tmp_path: Path) -> None:
    address = AddressFile(tmp_path)
    address.keep("http://192.168.1.23:8080/")
    path = tmp_path / SHEET_ADDRESS_FILE
    assert parse_address(path.read_text("utf-8")) == "http://192.168.1.23:8080/"
    assert _locked(path)
    before = path.stat()
    address.keep("http://192.168.1.23:8080/")  # unchanged: nothing written, not even a touch
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns, after.st_ctime_ns) == (
        before.st_ino,
        before.st_mtime_ns,
        before.st_ctime_ns,
    )
    address.keep("http://192.168.1.24:8080/")  # changed: replaced whole, the new one held
    assert parse_address(path.read_text("utf-8")) == "http://192.168.1.24:8080/"
    assert path.stat().st_ino != before.st_ino and _locked(path)
    assert [entry.name for entry in tmp_path.iterdir()] == [SHEET_ADDRESS_FILE]
    address.remove()
    assert not path.exists()
    address.remove()  # removing twice is fine


def test_a_file_removed_by_someone_is_written_again(tmp_path: Path) -> None:
    address = AddressFile(tmp_path)
    address.keep("http://10.0.0.7/")
    (tmp_path / SHEET_ADDRESS_FILE).unlink()
    address.keep("http://10.0.0.7/")
    assert parse_address((tmp_path / SHEET_ADDRESS_FILE).read_text("utf-8")) == "http://10.0.0.7/"


def test_a_file_replaced_by_someone_is_written_again_and_held(tmp_path: Path) -> None:
    address = AddressFile(tmp_path)
    address.keep("http://10.0.0.7/")
    path = tmp_path / SHEET_ADDRESS_FILE
    other = tmp_path / "other"
    other.write_text("{}", "utf-8")
    other.replace(path)
    assert not _locked(path)
    address.keep("http://10.0.0.7/")
    assert parse_address(path.read_text("utf-8")) == "http://10.0.0.7/" and _locked(path)
