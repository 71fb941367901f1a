"""The sheet's server over a real journal file and a real loopback socket: its pages, CSV
and live stream, and every kind of bad request answered with a clear status, no
traceback, while the other clients go on being served."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.events import parse_event
from companion.journal.records import Source
from companion.values.language import Language
from tests.sheet.helpers import (
    EXAMPLE_GAMES,
    RunningSheet,
    open_journal,
    play_example,
    running_sheet,
)

LIVE_WITHIN_S = 1.0
MEGABYTE = 1 << 20


def fetch(
    url: str, *, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, str]:
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def export_csv(folder: Path, capsys: pytest.CaptureFixture[str], game: int) -> str:
    capsys.readouterr()
    assert main(["export", str(game), "--state-dir", str(folder), "--format", "csv"]) == 0
    return capsys.readouterr().out


class EventStream:
    """A raw client of ``/live``: the events it has been sent, read as they come."""

    def __init__(self, sheet: RunningSheet, path: str) -> None:
        self.socket = sheet.connect()
        self.socket.sendall(f"GET {path} HTTP/1.1\r\nHost: box\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n", deadline=time.monotonic() + 5)
        self.status = int(head.split(b" ", 2)[1])

    def _until(self, mark: bytes, *, deadline: float) -> bytes:
        while mark not in self.buffer:
            self.socket.settimeout(max(deadline - time.monotonic(), 0.001))
            chunk = self.socket.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the stream")
            self.buffer += chunk
        found, _, self.buffer = self.buffer.partition(mark)
        return found

    def next_event(self, within_s: float) -> tuple[str, str]:
        """The next event's name and data (skipping comments and the retry line)."""
        deadline = time.monotonic() + within_s
        while True:
            block = self._until(b"\n\n", deadline=deadline)
            # chunked transfer: drop the chunk-size lines between the event's lines
            lines = [
                line
                for line in block.decode().splitlines()
                if line and not all(c in "0123456789abcdefABCDEF" for c in line.strip())
            ]
            name = next((line[7:] for line in lines if line.startswith("event: ")), None)
            data = "".join(line[6:] for line in lines if line.startswith("data: "))
            if name is not None:
                return name, data

    def close(self) -> None:
        self.socket.close()


@pytest.fixture
def journal_folder(tmp_path: Path) -> Iterator[Path]:
    with open_journal(tmp_path) as journal:
        play_example(journal, "oczko")
        play_example(journal, "oh-hell", events=20)
    yield tmp_path


@pytest.fixture
def sheet(journal_folder: Path) -> Iterator[RunningSheet]:
    with running_sheet(journal_folder) as running:
        yield running


def test_the_page_holds_the_latest_games_sheet(sheet: RunningSheet) -> None:
    status, html = fetch(sheet.base + "/current")
    assert status == 200
    assert '<html lang="en">' in html
    data = json.loads(html.split('id="sheet-data">')[1].split("</script>")[0])
    assert data["sheet"]["id"] == 2 and data["sheet"]["game"] == "oh-hell"
    assert data["live"] == "/live?lang=en"
    assert "/static/plotly.min.js" in html and "http" not in html.split("<body>")[1]


def test_an_earlier_game_has_its_own_page(sheet: RunningSheet) -> None:
    status, body = fetch(sheet.base + "/game/1/sheet.json")
    assert status == 200
    assert json.loads(body)["game"] == "oczko"
    status, html = fetch(sheet.base + "/games")
    assert status == 200
    assert html.index('href="/game/2?lang=en"') < html.index('href="/game/1?lang=en"')


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_csv_served_is_exports(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_journal(tmp_path) as journal:
        played = play_example(journal, name)
        played.undo(source=Source.BUTTON)  # an undo row: left out by both
    exported = export_csv(tmp_path, capsys, 1)
    assert exported.count("\n") > 1
    with running_sheet(tmp_path) as sheet:
        assert fetch(sheet.base + "/sheet.csv") == (200, exported)
        assert fetch(sheet.base + "/game/1/sheet.csv") == (200, exported)
        totals = json.loads(fetch(sheet.base + "/sheet.json")[1])["totals"]
    last_row = exported.splitlines()[-1].split(",")
    assert totals == [cell for cell in last_row if cell.lstrip("-").isdigit()][-len(totals) :]


def test_the_phones_language_or_the_boxes(sheet: RunningSheet) -> None:
    russian = fetch(sheet.base + "/sheet.json", headers={"Accept-Language": "ru-RU,en;q=0.5"})
    assert json.loads(russian[1])["leading_columns"][0] == "Сдача"
    polish = fetch(sheet.base + "/sheet.json?lang=pl", headers={"Accept-Language": "ru"})
    assert json.loads(polish[1])["leading_columns"][0] == "Rozdanie"
    german = fetch(sheet.base + "/sheet.json", headers={"Accept-Language": "de"})
    assert json.loads(german[1])["leading_columns"][0] == "Hand"  # the box's (English)


def test_a_change_reaches_an_open_stream_within_a_second(
    sheet: RunningSheet, journal_folder: Path
) -> None:
    stream = EventStream(sheet, "/live?lang=en")
    try:
        assert stream.status == 200
        name, data = stream.next_event(LIVE_WITHIN_S)
        assert name == "sheet"
        before = json.loads(data)["events"]
        with open_journal(journal_folder) as journal:
            game = journal.last_game()
            assert game is not None
            committed = time.monotonic()
            journal.append(game.id, parse_event("card trick 9S"), source=Source.CAMERA)
        name, data = stream.next_event(LIVE_WITHIN_S)
        assert time.monotonic() - committed < LIVE_WITHIN_S
        assert name == "sheet" and json.loads(data)["events"] == before + 1
    finally:
        stream.close()


def test_a_new_game_is_followed_by_the_current_games_stream(
    sheet: RunningSheet, journal_folder: Path
) -> None:
    stream = EventStream(sheet, "/live")
    try:
        assert json.loads(stream.next_event(LIVE_WITHIN_S)[1])["id"] == 2
        with open_journal(journal_folder) as journal:
            play_example(journal, "gwiazda", events=3)
        deadline = time.monotonic() + 3 * LIVE_WITHIN_S
        shown = 2
        while shown != 3 and time.monotonic() < deadline:
            shown = json.loads(stream.next_event(LIVE_WITHIN_S)[1])["id"]
        assert shown == 3
    finally:
        stream.close()


def test_a_journal_that_appears_later_is_picked_up(tmp_path: Path) -> None:
    with running_sheet(tmp_path) as sheet:
        status, html = fetch(sheet.base + "/current")
        assert status == 200 and '"sheet": null' in html
        assert fetch(sheet.base + "/game/1")[0] == 404
        stream = EventStream(sheet, "/live")
        try:
            assert stream.next_event(LIVE_WITHIN_S)[0] == "nogame"
            with open_journal(tmp_path) as journal:
                play_example(journal, "ochko-21", events=5)
            name = "nogame"
            deadline = time.monotonic() + 3 * LIVE_WITHIN_S
            while name != "sheet" and time.monotonic() < deadline:
                name, data = stream.next_event(LIVE_WITHIN_S)
            assert name == "sheet" and json.loads(data)["game"] == "ochko-21"
        finally:
            stream.close()


def test_serving_writes_nothing_to_the_journal(sheet: RunningSheet, journal_folder: Path) -> None:
    with open_journal(journal_folder) as journal:
        before = [journal.rows(game.id) for game in journal.games()], journal.games()
    for path in ("/", "/games", "/game/1", "/sheet.csv", "/game/1/sheet.json", "/nope"):
        fetch(sheet.base + path)
    with open_journal(journal_folder) as journal:
        assert ([journal.rows(game.id) for game in journal.games()], journal.games()) == before
    routes = sheet.server.application().router.routes()
    assert {route.method for route in routes} == {"GET", "HEAD"}


# -- bad requests --------------------------------------------------------------------------


@pytest.fixture
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    traced = [record for record in caplog.get_records("call") if record.exc_info]
    assert not traced, [record.getMessage() for record in traced]


def _still_serving(sheet: RunningSheet) -> None:
    assert fetch(sheet.base + "/sheet.json")[0] == 200


@pytest.mark.usefixtures("no_tracebacks")
@pytest.mark.parametrize(
    ("path", "status", "said"),
    [
        ("/nope", 404, "404 Not Found: GET /nope"),
        ("/game/99", 404, "404: game 99 is not in the journal"),
        ("/game/99/sheet.csv", 404, "404: game 99 is not in the journal"),
        ("/game/99/sheet.json", 404, "404: game 99 is not in the journal"),
        ("/game/99/live", 404, "404: game 99 is not in the journal"),
        ("/game/0", 404, "404: game 0 is not in the journal"),
        ("/game/-1", 404, "Not Found"),
        ("/game/1x", 404, "Not Found"),
        ("/game/99999999999999999999", 404, "Not Found"),
        ("/static/../journal.sqlite3", 404, "Not Found"),
        ("/static/sheet.py", 404, "Not Found"),
        ("/?lang=de", 400, 'lang "de" is not one of en, pl, ru'),
    ],
)
def test_a_bad_path_is_a_clear_status(
    sheet: RunningSheet, journal_folder: Path, path: str, status: int, said: str
) -> None:
    got, body = fetch(sheet.base + path)
    assert (got, said in body) == (status, True), body
    assert str(journal_folder) not in body  # no file of the box named
    _still_serving(sheet)


@pytest.mark.usefixtures("no_tracebacks")
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_methods_other_than_get_are_refused(sheet: RunningSheet, method: str) -> None:
    for path in ("/", "/game/1", "/sheet.csv", "/live"):
        assert fetch(sheet.base + path, method=method)[0] == 405
    _still_serving(sheet)


@pytest.mark.usefixtures("no_tracebacks")
@pytest.mark.parametrize(
    "path", ["/", "/game/1", "/games", "/sheet.csv", "/game/1/sheet.json", "/static/sheet.css"]
)
def test_head_answers_as_get_without_the_body(sheet: RunningSheet, path: str) -> None:
    request = urllib.request.Request(sheet.base + path, method="HEAD")
    with urllib.request.urlopen(request, timeout=10) as head:
        assert (head.status, head.read()) == (200, b"")
        got = dict(head.headers)
    with urllib.request.urlopen(sheet.base + path, timeout=10) as get:
        sent = dict(get.headers)
        body = get.read()
    assert got["Content-Type"] == sent["Content-Type"]
    assert got["Content-Security-Policy"] == sent["Content-Security-Policy"]
    if "Content-Length" in got:  # said for the body a GET gets
        assert int(got["Content-Length"]) == len(body)


@pytest.mark.usefixtures("no_tracebacks")
def test_head_of_the_live_stream_is_its_headers_at_once(sheet: RunningSheet) -> None:
    with closing(sheet.connect()) as client:
        client.sendall(b"HEAD /live HTTP/1.1\r\nHost: box\r\nConnection: close\r\n\r\n")
        client.settimeout(5)
        reply = b""
        while chunk := client.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head
    assert body == b""
    assert fetch(sheet.base + "/game/99/live", method="HEAD")[0] == 404


def _raw_reply(sheet: RunningSheet, request: bytes) -> bytes:
    with closing(sheet.connect()) as client:
        client.sendall(request)
        reply = b""
        try:
            while chunk := client.recv(65536):
                reply += chunk
        except (ConnectionResetError, BrokenPipeError):
            pass
    return reply


@pytest.mark.usefixtures("no_tracebacks")
@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /" + b"a" * MEGABYTE + b" HTTP/1.1\r\nHost: box\r\n\r\n",
        b"GET /?lang=" + b"b" * 20_000 + b" HTTP/1.1\r\nHost: box\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: box\r\nX-Long: " + b"c" * 20_000 + b"\r\n\r\n",
    ],
    ids=["megabyte-url", "long-query", "long-header"],
)
def test_an_over_long_request_is_a_short_400(sheet: RunningSheet, request_bytes: bytes) -> None:
    reply = _raw_reply(sheet, request_bytes)
    head, _, body = reply.partition(b"\r\n\r\n")
    assert int(head.split(b" ", 2)[1]) == 400, reply[:200]
    assert body == b"400 Bad Request: the request is too long or not HTTP"
    _still_serving(sheet)


def test_a_damaged_journals_csv_is_a_503_as_its_page(tmp_path: Path) -> None:
    """A game whose first line no engine reads: the page, its JSON and its CSV all say
    503 in a line that names no file of the box, and the server goes on."""
    with open_journal(tmp_path) as journal:
        play_example(journal, "oczko", events=10)
    with sqlite3.connect(tmp_path / "journal.sqlite3") as damage:
        damage.execute("UPDATE games SET header = 'game nosuchgame players=3' WHERE id = 1")
    with running_sheet(tmp_path) as sheet:
        for path in ("/game/1", "/game/1/sheet.json", "/game/1/sheet.csv", "/sheet.csv"):
            status, body = fetch(sheet.base + path)
            assert status == 503, (path, body)
            assert body.startswith("503: the sheet cannot be read now"), body
            assert str(tmp_path) not in body and "Traceback" not in body
        assert fetch(sheet.base + "/games")[0] == 200


@pytest.mark.usefixtures("no_tracebacks")
def test_a_slow_client_does_not_hold_up_the_others(sheet: RunningSheet) -> None:
    slow = [sheet.connect() for _ in range(20)]
    try:
        for client in slow:
            client.sendall(b"GET / HTTP/1.1\r\nHost: b")  # and never the rest
        stalled = EventStream(sheet, "/live")  # a stream nobody reads
        started = time.monotonic()
        for _ in range(10):
            _still_serving(sheet)
        assert time.monotonic() - started < 5
    finally:
        for client in slow:
            client.close()
        stalled.close()
    _still_serving(sheet)


def test_the_csv_of_a_journal_nobody_wrote_says_so(tmp_path: Path) -> None:
    with running_sheet(tmp_path, language=Language.PL) as sheet:
        status, body = fetch(sheet.base + "/sheet.csv")
    assert (status, body) == (404, "404: there is no journal yet: no game has been played")


def test_a_heartbeat_keeps_an_idle_stream_open(journal_folder: Path) -> None:
    with running_sheet(journal_folder, heartbeat_s=0.2) as sheet:
        stream = EventStream(sheet, "/live")
        try:
            stream.next_event(LIVE_WITHIN_S)
            time.sleep(0.5)
            stream.socket.settimeout(1)
            assert b": still here" in stream.socket.recv(65536)
        finally:
            stream.close()


def test_streams_are_counted_and_released(journal_folder: Path) -> None:
    with running_sheet(journal_folder, heartbeat_s=0.1) as sheet:
        streams = [EventStream(sheet, "/live") for _ in range(3)]
        for stream in streams:
            stream.next_event(LIVE_WITHIN_S)
        assert sheet.server.streams == 3
        for stream in streams:
            stream.close()
        deadline = time.monotonic() + 3
        while sheet.server.streams and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sheet.server.streams == 0
