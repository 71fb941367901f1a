"""systemd's notify protocol, a few lines of our own: one datagram of ``KEY=value`` lines
to the Unix socket named in ``$NOTIFY_SOCKET`` (``@`` starts an abstract address).

Without the variable (not under systemd, or not ``Type=notify``) every call does nothing.
The watchdog pings only while the loop reports that frames and screens move on, so a hung
camera or a stuck screen lets systemd restart the service.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Mapping
from enum import Enum


class Notifier:
    def __init__(self, address: str | None) -> None:
        self.address = address

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Notifier:
        env = os.environ if environ is None else environ
        return cls(env.get("NOTIFY_SOCKET") or None)

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *fields: str) -> bool:
        """Send the fields as one datagram without waiting; False when there is nowhere
        to send or the send failed. A reader that stopped reading fills its queue: the
        datagram is then dropped rather than the loop stalled (a status is only news)."""
        if self.address is None:
            return False
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        message = "\n".join(fields).encode("utf-8")
        try:
            with socket.socket(
                socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK
            ) as sock:
                sock.sendto(message, target)
        except OSError:
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.send("READY=1", *_status(status))

    def status(self, text: str) -> bool:
        return self.send(*_status(text))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> bool:
        return self.send("STOPPING=1", *_status(status))


def _status(text: str | None) -> tuple[str, ...]:
    # A status is one line: a newline would start a field of its own.
    return () if text is None else ("STATUS=" + " ".join(text.split()),)


class Progress(Enum):
    FRAMES = "frames"
    SCREENS = "screens"


class Watchdog:
    """Pings at half the watchdog interval, and only when every required kind of progress
    was reported since the last ping."""

    def __init__(
        self,
        notifier: Notifier,
        *,
        interval_s: float | None,
        clock: Callable[[], float],
        required: frozenset[Progress] = frozenset(Progress),
    ) -> None:
        self.notifier = notifier
        self.interval_s = interval_s
        self.required = required
        self._clock = clock
        self._seen: set[Progress] = set()
        self._last = clock()

    @classmethod
    def from_environ(
        cls,
        notifier: Notifier,
        *,
        clock: Callable[[], float],
        required: frozenset[Progress] = frozenset(Progress),
        environ: Mapping[str, str] | None = None,
        pid: int | None = None,
    ) -> Watchdog:
        """``$WATCHDOG_USEC`` halved; off when unset, not a number, or meant for another
        process (``$WATCHDOG_PID``)."""
        env = os.environ if environ is None else environ
        interval = None
        usec = env.get("WATCHDOG_USEC", "")
        owner = env.get("WATCHDOG_PID", "")
        mine = not owner or owner == str(os.getpid() if pid is None else pid)
        if usec.isdigit() and int(usec) > 0 and mine:
            interval = int(usec) / 2 / 1_000_000
        return cls(notifier, interval_s=interval, clock=clock, required=required)

    @property
    def enabled(self) -> bool:
        return self.interval_s is not None and self.notifier.enabled

    def advanced(self, progress: Progress) -> None:
        self._seen.add(progress)

    def tick(self) -> bool:
        """Ping if it is time and everything required moved on; True when it pinged."""
        if self.interval_s is None or not self.required <= self._seen:
            return False
        now = self._clock()
        if now - self._last < self.interval_s:
            return False
        sent = self.notifier.watchdog()
        self._seen.clear()
        self._last = now
        return sent
