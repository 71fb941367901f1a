"""The notify protocol against a real Unix datagram socket, path and abstract."""

from __future__ import annotations

import os
import socket
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.notify import Notifier, Progress, Watchdog


@pytest.fixture(params=["path", "abstract"])
def listener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if request.param == "path":
        address = str(tmp_path / "notify")
        sock.bind(address)
    else:
        name = f"companion-test-{uuid.uuid4().hex}"
        sock.bind("\0" + name)
        address = "@" + name
    sock.settimeout(5)
    yield sock, address
    sock.close()


def _received(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode("utf-8").split("\n")


def test_ready_status_watchdog_and_stopping(listener: tuple[socket.socket, str]) -> None:
    sock, address = listener
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": address})
    assert notifier.ready("table ready")
    assert _received(sock) == ["READY=1", "STATUS=table ready"]
    assert notifier.status("camera missing:\nretrying")
    assert _received(sock) == ["STATUS=camera missing: retrying"]
    assert notifier.watchdog()
    assert _received(sock) == ["WATCHDOG=1"]
    assert notifier.stopping()
    assert _received(sock) == ["STOPPING=1"]


def test_without_the_variable_nothing_is_sent() -> None:
    notifier = Notifier.from_environ({})
    assert not notifier.enabled
    assert not notifier.ready()
    assert not notifier.watchdog()


def test_a_socket_nobody_listens_on_is_not_fatal(tmp_path: Path) -> None:
    assert not Notifier(str(tmp_path / "gone")).ready()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_watchdog_pings_at_half_the_interval_only_after_progress(
    listener: tuple[socket.socket, str],
) -> None:
    sock, address = listener
    clock = Clock()
    env = {"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": str(os.getpid())}
    watchdog = Watchdog.from_environ(Notifier(address), clock=clock, environ=env)
    assert watchdog.enabled and watchdog.interval_s == 5.0
    clock.now += 6
    assert not watchdog.tick()  # nothing moved on yet
    watchdog.advanced(Progress.FRAMES)
    assert not watchdog.tick()  # the screens did not
    watchdog.advanced(Progress.SCREENS)
    assert watchdog.tick()
    assert _received(sock) == ["WATCHDOG=1"]
    watchdog.advanced(Progress.FRAMES)
    watchdog.advanced(Progress.SCREENS)
    clock.now += 4.9
    assert not watchdog.tick()  # too soon
    clock.now += 0.1
    assert watchdog.tick()
    assert _received(sock) == ["WATCHDOG=1"]


def test_without_a_camera_screens_alone_keep_it_alive(listener: tuple[socket.socket, str]) -> None:
    sock, address = listener
    clock = Clock()
    watchdog = Watchdog(
        Notifier(address), interval_s=1.0, clock=clock, required=frozenset({Progress.SCREENS})
    )
    clock.now += 1
    watchdog.advanced(Progress.SCREENS)
    assert watchdog.tick()
    assert _received(sock) == ["WATCHDOG=1"]


@pytest.mark.parametrize(
    "env",
    [{}, {"WATCHDOG_USEC": "soon"}, {"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}],
)
def test_the_watchdog_is_off_unless_meant_for_us(env: dict[str, str]) -> None:
    watchdog = Watchdog.from_environ(
        Notifier("@x"), clock=Clock(), environ=env, pid=os.getpid() + 1 if env else None
    )
    watchdog.advanced(Progress.FRAMES)
    watchdog.advanced(Progress.SCREENS)
    assert not watchdog.enabled
    assert not watchdog.tick()


def test_a_reader_that_stops_reading_never_blocks_the_sender(tmp_path: Path) -> None:
    """The reader's queue fills up; later statuses are dropped and every send returns."""
    reader = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    address = str(tmp_path / "notify")
    reader.bind(address)
    notifier = Notifier(address)
    sends = 2000
    outcomes: list[bool] = []
    sender = threading.Thread(
        target=lambda: outcomes.extend(notifier.status(f"event {n}") for n in range(sends)),
        daemon=True,
    )
    sender.start()
    sender.join(timeout=30)
    try:
        assert not sender.is_alive(), "a send blocked on the full socket"
        assert len(outcomes) == sends
        assert outcomes[0], "the first status fits in the empty queue"
        assert not all(outcomes), "the full queue must have dropped some statuses"
        reader.setblocking(False)
        first = reader.recv(4096).decode("utf-8")
        assert first == "STATUS=event 0"
    finally:
        reader.close()
