"""Shared helpers of the sheet's tests: journals written through the journal's own API,
and the real server on a loopback port, run in a thread of the test process."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from companion.games.people import People
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.sheet.server import SheetServer, SheetSettings, make_runner
from companion.values.language import Language
from tests.journal.helpers import EXAMPLE_GAMES, TickingClock, example

__all__ = ["EXAMPLE_GAMES", "RunningSheet", "play_example", "play_named", "running_sheet"]

START_TIMEOUT_S = 10.0


def play_example(journal: Journal, name: str, *, events: int | None = None) -> JournaledGame:
    """The bundled example game ``name`` recorded into ``journal`` (its first ``events``)."""
    script = example(name)
    played = JournaledGame.start(journal, script.spec())
    for line in script.lines[:events]:
        played.record_event(line.event, source=Source.CAMERA)
    return played


def play_named(
    journal: Journal, name: str, people: Sequence[str], *, events: int | None = None
) -> JournaledGame:
    """The example game ``name`` played by the first of ``people`` in its seats."""
    script = example(name)
    spec = script.spec()
    played = JournaledGame.start(journal, spec.with_people(People.of(people[: spec.seats])))
    for line in script.lines[:events]:
        played.record_event(line.event, source=Source.CAMERA)
    return played


def open_journal(folder: Path) -> Journal:
    return Journal.open(folder / JOURNAL_FILE, clock=TickingClock())


@dataclass
class RunningSheet:
    server: SheetServer
    port: int
    loop: asyncio.AbstractEventLoop

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=5)


@contextmanager
def running_sheet(
    folder: Path,
    *,
    language: Language = Language.EN,
    heartbeat_s: float = 15.0,
    port: int = 0,
) -> Iterator[RunningSheet]:
    """``companion sheet`` over ``folder``'s journal on a loopback port (0: a free one)."""
    settings = SheetSettings(folder / JOURNAL_FILE, language, heartbeat_s=heartbeat_s)
    server = SheetServer(settings)
    loop = asyncio.new_event_loop()
    started = threading.Event()
    runner = make_runner(server)
    bound: list[int] = []

    async def start() -> None:
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        bound.append(int(runner.addresses[0][1]))
        started.set()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(start())
        loop.run_forever()
        loop.run_until_complete(runner.cleanup())
        loop.close()

    thread = threading.Thread(target=run, name="sheet-server", daemon=True)
    thread.start()
    if not started.wait(START_TIMEOUT_S):
        raise RuntimeError("the sheet server did not start")
    try:
        yield RunningSheet(server, bound[0], loop)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(START_TIMEOUT_S)
