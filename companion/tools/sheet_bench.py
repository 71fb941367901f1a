"""The phone sheet's figures: ``companion sheet`` as its own process over a real journal.

    .venv/bin/python -m companion.tools.sheet_bench [--pages 20] [--games 200] [--events 60]
    .venv/bin/python -m companion.tools.sheet_bench --only evenings [--evenings 200]

1. Peak memory with a journal of ``--games`` games: every game's page, JSON and CSV
   fetched once in each language, and the games list.
2. ``--pages`` live streams following the current game while a writer commits
   ``--events`` events to the journal, one every ``--interval`` seconds: the server's CPU
   (its own /proc times over the run) and memory, and the time from each commit (the
   append returned) to each stream's copy of the sheet that shows it (median, max).
   The streams are plain SSE clients that parse each sheet's JSON, not browsers.
3. Bad requests against the same server: their status, and that it still serves.
4. One page following an Oh Hell game ``--long-game`` events long (a random lawful game)
   while its next events land until two more hands have ended: the time from a commit to
   the page late in an evening, for commits within a hand and commits ending one.

5. Peak memory with a journal of ``--evenings`` evenings (three named games each, a day
   apart): the first page (the latest evening: every game summed up), every evening's
   page in each language, the lists of evenings and people, and every person's page,
   JSON and CSV.

Loopback only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from companion.games.events import CardSeen, Event, ZoneCleared
from companion.games.registry import make_engine, plugin
from companion.games.script import parse_script
from companion.games.session import Game
from companion.games.spec import GameSpec
from companion.journal.export import score_sheet
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal

GAMES = ("oh-hell", "oczko", "ochko-21", "ochko-bank", "gwiazda")
LANGUAGES = ("en", "pl", "ru")
START_WITHIN_S = 30.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
MEGABYTE = 1 << 20
LONG_GAME_SEED = 7
LONG_GAME_HAND_ENDS = 2  # commits go on until this many hands have ended
LONG_GAME_MORE = 600  # events at most after the long game's start, whatever ended
LONG_GAME_INTERVAL_S = 0.5
LONG_GAME_SETTLE_S = 3.0  # after the last commit, for its sheet to arrive however slow


def _script(name: str) -> tuple[GameSpec, list[str]]:
    script = parse_script(plugin(name).example_text(), name)
    return script.spec(), [str(line.event) for line in script.lines]


def write_journal(folder: Path, games: int) -> None:
    from companion.games.events import parse_event

    with Journal.open(folder / JOURNAL_FILE) as journal:
        for number in range(games):
            spec, lines = _script(GAMES[number % len(GAMES)])
            played = JournaledGame.start(journal, spec)
            for line in lines:
                played.record_event(parse_event(line), source=Source.CAMERA)
            played.finish()


PEOPLE = ("Ania", "Bartek", "Celina", "Dima", "Ewa", "Fiodor", "Grażyna", "Игорь", "Jan", "Kasia")
GAMES_AN_EVENING = 3


def write_evenings(folder: Path, evenings: int) -> None:
    """``evenings`` evenings a day apart, each of three example games named by people
    drawn from ``PEOPLE`` (the same draw every run)."""
    from datetime import UTC, datetime, timedelta

    from companion.games.events import parse_event
    from companion.games.people import People

    rng = random.Random(LONG_GAME_SEED)
    now = datetime(2026, 1, 2, 19, 0, tzinfo=UTC)

    def clock() -> datetime:
        nonlocal now
        now += timedelta(seconds=5)
        return now

    with Journal.open(folder / JOURNAL_FILE, clock=clock) as journal:
        for evening in range(evenings):
            now = datetime(2026, 1, 2, 19, 0, tzinfo=UTC) + timedelta(days=evening)
            for number in range(GAMES_AN_EVENING):
                spec, lines = _script(GAMES[(evening + number) % len(GAMES)])
                people = (
                    People.of(rng.sample(PEOPLE, spec.seats)) if spec.seats <= len(PEOPLE) else None
                )
                played = JournaledGame.start(journal, spec.with_people(people))
                for line in lines:
                    played.record_event(parse_event(line), source=Source.CAMERA)
                played.finish()


def evenings_memory(folder: Path, evenings: int, journal: Path | None) -> None:
    kept = journal / f"evenings-{evenings}.sqlite3" if journal is not None else None
    if kept is not None and kept.exists():
        shutil.copy(kept, folder / JOURNAL_FILE)
        print(f"journal: {kept} (kept from an earlier run)")
    else:
        started = time.monotonic()
        write_evenings(folder, evenings)
        print(
            f"journal: {evenings} evenings ({evenings * GAMES_AN_EVENING} games) written in "
            f"{time.monotonic() - started:.1f} s"
        )
        if kept is not None:
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(folder / JOURNAL_FILE, kept)
    server = Server(folder)
    try:
        idle, _ = server.memory_mb()
        started = time.monotonic()
        assert server.get("/")[0] == 200
        first = time.monotonic() - started
        numbers = json.loads(server.get("/evening.json")[1])
        assert numbers["number"] is not None
        requests = 1
        for number in range(1, evenings * GAMES_AN_EVENING + 1, GAMES_AN_EVENING):
            for language in LANGUAGES:
                assert server.get(f"/evening/{number}?lang={language}")[0] == 200
                requests += 1
        for path in ("/evenings", "/people"):
            assert server.get(path)[0] == 200
            requests += 1
        for name in PEOPLE:
            for part in ("", "/record.json", "/record.csv"):
                assert server.get(f"/person/{urllib.parse.quote(name)}{part}")[0] == 200
                requests += 1
        took = time.monotonic() - started
        now, peak = server.memory_mb()
        print(
            f"{evenings}-evening journal: the first page in {first:.1f} s (every game summed "
            f"up), then every evening in 3 languages, the lists and every person's page, "
            f"JSON and CSV ({requests} requests) in {took:.1f} s; RSS idle {idle:.1f} MB, "
            f"after {now:.1f} MB, peak {peak:.1f} MB"
        )
    finally:
        server.stop()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "companion-sheet"),
                *("--state-dir", str(folder), "--port", str(self.port)),
                *("--bind", "127.0.0.1", "--config", "/dev/null"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + START_WITHIN_S
        while self.get("/games")[0] != 200:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("companion sheet did not start")
            time.sleep(0.2)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path: str, method: str = "GET") -> tuple[int, bytes]:
        request = urllib.request.Request(self.base + path, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return reply.status, reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except OSError:
            return 0, b""

    def memory_mb(self) -> tuple[float, float]:
        """(resident now, peak resident) in MB, from /proc."""
        found: dict[str, float] = {}
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) / 1024
        return found["VmRSS"], found["VmHWM"]

    def cpu_s(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime + stime

    def stop(self) -> str:
        self.process.terminate()
        _, err = self.process.communicate(timeout=30)
        return err


@dataclass
class Stream:
    """One page's live stream: when it got each event count."""

    server: Server
    seen: dict[int, float] = field(default_factory=dict)
    rows: dict[int, int] = field(default_factory=dict)  # the sheet's rows at each count
    errors: list[str] = field(default_factory=list)

    def follow(self, stop: threading.Event) -> None:
        try:
            with socket.create_connection(("127.0.0.1", self.server.port), timeout=1) as client:
                client.sendall(b"GET /live HTTP/1.1\r\nHost: box\r\n\r\n")
                buffer = b""
                while not stop.is_set():
                    try:
                        chunk = client.recv(1 << 16)
                    except TimeoutError:
                        continue
                    if not chunk:
                        return
                    buffer += chunk
                    buffer = self._events(buffer)
        except OSError as error:
            self.errors.append(str(error))

    def _events(self, buffer: bytes) -> bytes:
        while (start := buffer.find(b"data: {")) >= 0 and (end := buffer.find(b"\n\n", start)) > 0:
            sheet = json.loads(buffer[start + 6 : end])
            self.seen.setdefault(int(sheet["events"]), time.monotonic())
            self.rows.setdefault(int(sheet["events"]), len(sheet["rows"]))
            buffer = buffer[end + 2 :]
        return buffer


def peak_memory(folder: Path, games: int, journal: Path | None) -> None:
    if journal is not None and (journal / JOURNAL_FILE).exists():
        shutil.copy(journal / JOURNAL_FILE, folder / JOURNAL_FILE)
        print(f"journal: {journal / JOURNAL_FILE} (kept from an earlier run)")
    else:
        started = time.monotonic()
        write_journal(folder, games)
        print(f"journal: {games} games written in {time.monotonic() - started:.1f} s")
        if journal is not None:
            journal.mkdir(parents=True, exist_ok=True)
            shutil.copy(folder / JOURNAL_FILE, journal / JOURNAL_FILE)
    server = Server(folder)
    try:
        idle, _ = server.memory_mb()
        started = time.monotonic()
        assert server.get("/games")[0] == 200
        for game in range(1, games + 1):
            for language in LANGUAGES:
                assert server.get(f"/game/{game}?lang={language}")[0] == 200
            assert server.get(f"/game/{game}/sheet.csv")[0] == 200
        took = time.monotonic() - started
        now, peak = server.memory_mb()
        print(
            f"{games}-game journal: every page in 3 languages and every CSV "
            f"({games * 4 + 1} requests) in {took:.1f} s; RSS idle {idle:.1f} MB, "
            f"after {now:.1f} MB, peak {peak:.1f} MB"
        )
    finally:
        server.stop()


def live_pages(folder: Path, pages: int, events: int, interval: float) -> None:
    from companion.games.events import parse_event

    spec, lines = _script("oh-hell")
    with Journal.open(folder / JOURNAL_FILE) as journal:
        played = JournaledGame.start(journal, spec)
    server = Server(folder)
    stop = threading.Event()
    streams = [Stream(server) for _ in range(pages)]
    threads = [threading.Thread(target=s.follow, args=(stop,), daemon=True) for s in streams]
    for thread in threads:
        thread.start()
    time.sleep(1.0)
    commits: dict[int, float] = {}
    cpu_before, wall_before = server.cpu_s(), time.monotonic()
    peak_rss = 0.0
    try:
        with Journal.open(folder / JOURNAL_FILE) as journal:
            resumed, _ = JournaledGame.resume(journal, played.record.id)
            for number, line in enumerate(lines[:events], start=1):
                resumed.record_event(parse_event(line), source=Source.CAMERA)
                commits[number] = time.monotonic()
                time.sleep(interval)
                peak_rss = max(peak_rss, server.memory_mb()[0])
        time.sleep(1.0)
        cpu = server.cpu_s() - cpu_before
        wall = time.monotonic() - wall_before
        now, peak = server.memory_mb()
    finally:
        stop.set()
        for thread in threads:
            thread.join(2)
        err = server.stop()
    delays = [
        stream.seen[count] - committed
        for stream in streams
        for count, committed in commits.items()
        if count in stream.seen
    ]
    missing = sum(count not in stream.seen for stream in streams for count in commits)
    print(
        f"{pages} live pages, {len(commits)} commits {interval:g} s apart: server CPU "
        f"{cpu:.2f} s over {wall:.1f} s ({100 * cpu / wall:.1f}% of one core); RSS {now:.1f} MB, "
        f"peak {peak:.1f} MB"
    )
    print(
        f"commit -> page: median {1000 * statistics.median(delays):.0f} ms, "
        f"max {1000 * max(delays):.0f} ms over {len(delays)} updates; {missing} missed "
        f"(a page may skip an intermediate sheet when two commits land within one poll); "
        f"stream errors: {sum(len(s.errors) for s in streams)}"
    )
    if "Traceback" in err:
        print("server stderr had a traceback:\n" + err)


def lawful_walk(game: Game, rng: random.Random) -> Event | None:
    """A random event the game takes now: an offered action or a card in (or the clearing
    of) one of its zones; None when it takes none of them."""
    tried: list[Event] = []
    for offer in game.offers():
        amount = None if offer.amount is None else rng.choice(offer.amount.values())
        tried.append(offer.action(amount))
    for zone in game.engine.zones:
        tried.append(CardSeen(zone, rng.choice(game.engine.deck.distinct_cards)))
        tried.append(ZoneCleared(zone))
    rng.shuffle(tried)
    return next((event for event in tried if game.can_apply(event) is None), None)


def _hands(game: Game) -> int:
    """The Oh Hell hands settled so far (the rows of its score sheet)."""
    return len(game.to_json()["score_sheet"])


def walk_long_game(events: int, hand_ends: int) -> list[Event]:
    """A random lawful Oh Hell game (4 players): ``events`` events, then on until
    ``hand_ends`` more hands have ended (at most ``LONG_GAME_MORE`` events more)."""
    rng = random.Random(LONG_GAME_SEED)
    game = Game(make_engine("oh-hell", {"players": "4"}))
    ended = 0
    while len(game.events) < events + LONG_GAME_MORE and ended < hand_ends:
        event = lawful_walk(game, rng)
        if event is None:
            break
        before = _hands(game)
        game.apply(event)
        if len(game.events) > events and _hands(game) > before:
            ended += 1
    return list(game.events)


def long_game(folder: Path, events: int, hand_ends: int, interval: float) -> None:
    """One page following an Oh Hell game already ``events`` long while the next events
    land, up to the end of ``hand_ends`` more hands: the cost of a change, and of a hand
    ending, late in an evening."""
    walked = walk_long_game(events, hand_ends)
    with Journal.open(folder / JOURNAL_FILE) as journal:
        played = JournaledGame.start(journal, GameSpec.of("oh-hell", {"players": "4"}))
        for event in walked[:events]:
            played.record_event(event, source=Source.CAMERA)
    server = Server(folder)
    stop = threading.Event()
    stream = Stream(server)
    thread = threading.Thread(target=stream.follow, args=(stop,), daemon=True)
    thread.start()
    commits: dict[int, float] = {}
    try:
        deadline = time.monotonic() + START_WITHIN_S
        while events not in stream.seen and time.monotonic() < deadline:
            time.sleep(0.1)
        with Journal.open(folder / JOURNAL_FILE) as journal:
            resumed, _ = JournaledGame.resume(journal, played.record.id)
            for number, event in enumerate(walked[events:], start=events + 1):
                resumed.record_event(event, source=Source.CAMERA)
                commits[number] = time.monotonic()
                time.sleep(interval)
        time.sleep(LONG_GAME_SETTLE_S)
    finally:
        stop.set()
        thread.join(2)
        server.stop()
    shown = [n for n in commits if n in stream.seen]
    # a commit that ends a hand adds a row to the sheet
    ending = [n for n in shown if stream.rows[n] > stream.rows.get(n - 1, stream.rows[n])]
    for label, counts in (("within a hand", set(shown) - set(ending)), ("ending a hand", ending)):
        delays = [1000 * (stream.seen[n] - commits[n]) for n in counts]
        if delays:
            print(
                f"one page following a {events}-event Oh Hell game, commits {label}: "
                f"commit -> page median {statistics.median(delays):.0f} ms, max "
                f"{max(delays):.0f} ms over {len(delays)} commits {interval:g} s apart"
            )
    print(f"  ({len(commits) - len(shown)} of {len(commits)} commits' sheets skipped)")
    started = time.monotonic()
    score_sheet(played.record.header, walked[:events])
    print(
        f"  for scale: export's sheet of these {events} events by a whole replay takes "
        f"{1000 * (time.monotonic() - started):.0f} ms"
    )


def bad_requests(folder: Path) -> None:
    server = Server(folder)
    try:
        cases = [
            ("GET", "/nope"),
            ("GET", "/game/99999"),
            ("GET", "/game/99999/sheet.csv"),
            ("GET", "/game/99999999999999999999"),
            ("GET", "/?lang=de"),
            ("POST", "/"),
            ("PUT", "/game/1"),
            ("DELETE", "/sheet.csv"),
            ("HEAD", "/"),
        ]
        for method, path in cases:
            status, body = server.get(path, method)
            print(f"{method} {path}: {status} {body.decode(errors='replace')[:70]!r}")
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
            client.sendall(b"GET /" + b"a" * MEGABYTE + b" HTTP/1.1\r\nHost: box\r\n\r\n")
            reply = b""
            try:
                while chunk := client.recv(1 << 16):
                    reply += chunk
            except OSError:
                pass
        status_line = reply.split(b"\r\n", 1)[0].decode()
        print(f"GET /a...a (1 MB URL): {status_line}")
        slow = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(50)]
        for client in slow:
            client.sendall(b"GET / HTTP/1.1\r\nHost: b")  # and nothing more
        started = time.monotonic()
        status, _ = server.get("/sheet.json")
        print(
            f"50 clients holding half-sent requests: another GET /sheet.json -> {status} in "
            f"{1000 * (time.monotonic() - started):.0f} ms"
        )
        for client in slow:
            client.close()
        print(f"still serving: GET / -> {server.get('/')[0]}")
    finally:
        err = server.stop()
    print(f"server log lines: {len(err.splitlines())}, tracebacks: {err.count('Traceback')}")
    for line in err.splitlines()[:5]:
        print(f"  log: {line[:150]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--events", type=int, default=60)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--long-game", type=int, default=500, help="events of the long game")
    parser.add_argument("--evenings", type=int, default=200, help="evenings of part 5")
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="keep the written journal in this folder, and reuse it when it is there",
    )
    parser.add_argument(
        "--only",
        choices=("journal", "long", "evenings"),
        default=None,
        help="run one part: 1-3, 4 or 5",
    )
    args = parser.parse_args()
    if args.only in (None, "evenings"):
        with tempfile.TemporaryDirectory(prefix="sheet-bench-evenings-") as temporary:
            evenings_memory(Path(temporary), args.evenings, args.journal)
    if args.only in (None, "journal"):
        with tempfile.TemporaryDirectory(prefix="sheet-bench-") as temporary:
            folder = Path(temporary)
            peak_memory(folder, args.games, args.journal)
            live_pages(folder, args.pages, args.events, args.interval)
            bad_requests(folder)
    if args.only in (None, "long"):
        with tempfile.TemporaryDirectory(prefix="sheet-bench-long-") as temporary:
            long_game(Path(temporary), args.long_game, LONG_GAME_HAND_ENDS, LONG_GAME_INTERVAL_S)
    return 0


if __name__ == "__main__":
    sys.exit(main())
