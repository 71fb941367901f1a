"""The sheet's web server (aiohttp): pages, JSON, CSV and the live stream, all GET.

One worker thread does every journal read, so SQLite is used from one thread and a slow
replay never stalls the event loop that serves the other phones. A poller asks the
journal's version ten times a second; when it moves, each open stream gets its game's
sheet again, built once per game and language however many pages follow it. A stream
that cannot take a message within the write timeout (a phone gone without a word) is
closed; every other client is served on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from http import HTTPStatus
from importlib import resources
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Final, TypeVar

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from companion.games.record import PersonRecord
from companion.journal.store import JournalError
from companion.sheet.address import AddressFile, lan_address, sheet_url
from companion.sheet.evening_model import evening_list, evening_sheet, record_csv, record_json
from companion.sheet.evening_page import evening_page, evenings_page, people_page, person_page
from companion.sheet.languages import UnknownLanguage, accepted_language, parse_language
from companion.sheet.page import games_page, sheet_page
from companion.sheet.source import JournalReader, NoGame, Version
from companion.values.language import Language
from companion.values.sheet_address import ADDRESS_CHECK_S

log = logging.getLogger(__name__)

# A game number in a path: at most this many digits (SQLite's integers end near 9e18).
GAME_NUMBER = r"{game:[0-9]{1,9}}"
EVENING_NUMBER = r"{evening:[0-9]{1,9}}"
# A person's name in a path (percent-encoded by the page): a name is 12 letters at most.
PERSON_NAME = r"{name:[^/]{1,64}}"
STATIC_MAX_AGE_S = 3600
# A stop waits this long for requests in flight (the live streams end at once).
SHUTDOWN_S = 3.0
BAD_REQUEST_SHOWN = 160  # characters of a refused request's reason in the log
# What a phone is told of a request the HTTP parser refused (a megabyte URL, a header too
# long, bytes that are no HTTP): the parser's own message quotes the request as Python
# bytes.
BAD_REQUEST_TEXT = "400 Bad Request: the request is too long or not HTTP"
# What a phone is told when a game's sheet cannot be read; why goes to the box's log.
CANNOT_READ_TEXT = "503: the sheet cannot be read now (the journal is damaged or busy)"
# Who may load what: only this box's own files (no CDN, nothing from the internet).
# Plotly sets element styles itself, hence 'unsafe-inline' for styles only.
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class MissingAsset(RuntimeError):
    """A file the page needs is not installed (the plotly package, say)."""


def plotly_script() -> Path:
    """plotly.js as the plotly Python package ships it (found without importing plotly)."""
    spec = find_spec("plotly")
    if spec is None or not spec.submodule_search_locations:
        raise MissingAsset("the plotly package is not installed: pip install plotly")
    for folder in spec.submodule_search_locations:
        script = Path(folder) / "package_data" / "plotly.min.js"
        if script.is_file():
            return script
    raise MissingAsset("the plotly package has no package_data/plotly.min.js")


def static_files() -> dict[str, Path]:
    own = resources.files("companion.sheet") / "static"
    return {
        "sheet.js": Path(str(own / "sheet.js")),
        "evening.js": Path(str(own / "evening.js")),
        "live.js": Path(str(own / "live.js")),
        "person.js": Path(str(own / "person.js")),
        "times.js": Path(str(own / "times.js")),
        "sheet.css": Path(str(own / "sheet.css")),
        "plotly.min.js": plotly_script(),
    }


@dataclass(frozen=True)
class SheetSettings:
    journal: Path
    language: Language  # the box's, for phones that ask for none of ours
    poll_s: float = 0.1
    heartbeat_s: float = 15.0  # a comment line keeps idle streams open through Wi-Fi gear
    write_timeout_s: float = 10.0
    retry_ms: int = 2000  # EventSource's reconnection delay


Key = tuple[int | None, Language]
Message = Callable[[], Awaitable[bytes]]
Read = TypeVar("Read")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class SheetServer:
    def __init__(self, settings: SheetSettings) -> None:
        self.settings = settings
        self.static = static_files()
        self._reader = JournalReader(settings.journal)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
        self._version: Version | None = None
        self._changed = asyncio.Condition()
        self._built: dict[Key, asyncio.Future[bytes]] = {}
        self._evenings: dict[Key, asyncio.Future[bytes]] = {}  # by (evening, language)
        self._poller: asyncio.Task[None] | None = None
        self._closing = False  # set on shutdown: every stream ends so that the stop is quick
        self._said: set[str] = set()  # the reasons a sheet could not be read, logged once
        self.streams = 0  # open live streams, for the figures

    # -- the application -------------------------------------------------------------------

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self._headers])
        game = f"/game/{GAME_NUMBER}"
        evening = f"/evening/{EVENING_NUMBER}"
        person = f"/person/{PERSON_NAME}"
        routes: list[tuple[str, Handler]] = [
            ("/", self._evening_page),
            (evening, self._evening_page),
            ("/evening.json", self._evening_json),
            (f"{evening}/evening.json", self._evening_json),
            ("/evening/live", self._evening_live),
            (f"{evening}/live", self._evening_live),
            ("/evenings", self._evenings_page),
            ("/people", self._people_page),
            (person, self._person_page),
            (f"{person}/record.json", self._record_json),
            (f"{person}/record.csv", self._record_csv),
            ("/current", self._page),
            (game, self._page),
            ("/games", self._games),
            ("/sheet.json", self._json),
            (f"{game}/sheet.json", self._json),
            ("/sheet.csv", self._csv),
            (f"{game}/sheet.csv", self._csv),
            ("/live", self._live),
            (f"{game}/live", self._live),
            ("/static/{name}", self._static),
        ]
        for path, handler in routes:  # GET, and HEAD answered as GET without the body
            app.router.add_get(path, handler)
        app.on_startup.append(self._start)
        app.on_shutdown.append(self._end_streams)
        app.on_cleanup.append(self._stop)
        return app

    async def _start(self, app: web.Application) -> None:
        await self._refresh()
        self._poller = asyncio.create_task(self._poll())

    async def _end_streams(self, app: web.Application) -> None:
        self._closing = True
        async with self._changed:
            self._changed.notify_all()

    async def _stop(self, app: web.Application) -> None:
        if self._poller is not None:
            self._poller.cancel()
        await asyncio.get_running_loop().run_in_executor(self._executor, self._reader.close)
        self._executor.shutdown(wait=True)

    @web.middleware
    async def _headers(
        self,
        request: web.Request,
        handler: Handler,
    ) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as error:
            if not error.text or error.text == f"{error.status}: {error.reason}":
                error.text = f"{error.status} {error.reason}: {request.method} {request.path}"
            error.headers.update(SECURITY_HEADERS)
            raise
        response.headers.update(SECURITY_HEADERS)
        return response

    # -- the journal, from its worker thread -----------------------------------------------

    async def _read(self, call: Callable[[], Read]) -> Read:
        return await asyncio.get_running_loop().run_in_executor(self._executor, call)

    async def _refresh(self) -> None:
        version = await self._read(self._reader.version)
        if version != self._version:
            self._version = version
            self._built.clear()
            self._evenings.clear()
            async with self._changed:
                self._changed.notify_all()

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.settings.poll_s)
            try:
                await self._refresh()
            except Exception:  # keep serving; the next poll tries again
                log.exception("polling the journal failed")

    async def _sheet_json(self, key: Key) -> bytes:
        """The sheet of (game, language) at the current version, built once for all."""
        built = self._built.get(key)
        if built is None:
            game, language = key
            built = asyncio.ensure_future(self._read(lambda: self._build(game, language)))
            self._built[key] = built
        return await asyncio.shield(built)

    def _build(self, game: int | None, language: Language) -> bytes:
        sheet = self._reader.sheet(game, language)
        return json.dumps(sheet.to_json(), ensure_ascii=False).encode()

    # -- requests --------------------------------------------------------------------------

    def _language(self, request: web.Request) -> Language:
        asked = request.query.get("lang")
        if asked is not None:
            try:
                return parse_language(asked)
            except UnknownLanguage as error:
                raise web.HTTPBadRequest(text=str(error)) from None
        return accepted_language(request.headers.get("Accept-Language"), self.settings.language)

    @staticmethod
    def _game(request: web.Request) -> int | None:
        number = request.match_info.get("game")
        return None if number is None else int(number)

    async def _sheet_or_error(self, request: web.Request) -> tuple[Key, bytes | None]:
        """The sheet's JSON; None for the latest game of a journal that has none yet; a
        404 for a game number the journal does not hold, a 503 for a journal that cannot
        be read now."""
        key = (self._game(request), self._language(request))
        try:
            return key, await self._sheet_json(key)
        except NoGame as error:
            if key[0] is None:
                return key, None
            raise web.HTTPNotFound(text=f"404: {error}") from None
        except (JournalError, ValueError) as error:
            raise self._unreadable(key[0], error) from None

    def _unreadable(self, game: int | None, error: Exception) -> web.HTTPException:
        """The 503 for a sheet that cannot be read; why (which may name the box's files)
        is logged once, not told to the phone."""
        reason = f"game {'latest' if game is None else game}: {error}"
        if reason not in self._said:
            self._said.add(reason)
            log.warning("the sheet cannot be read: %s", reason)
        return web.HTTPServiceUnavailable(text=CANNOT_READ_TEXT)

    async def _page(self, request: web.Request) -> web.Response:
        (game, language), body = await self._sheet_or_error(request)
        sheet = None if body is None else json.loads(body)
        return web.Response(
            text=sheet_page(game, language, sheet, datetime.now(UTC)),
            content_type="text/html",
            headers={"Cache-Control": "no-cache"},
        )

    async def _json(self, request: web.Request) -> web.Response:
        _, body = await self._sheet_or_error(request)
        return web.Response(body=body or b"null", content_type="application/json")

    async def _csv(self, request: web.Request) -> web.Response:
        game = self._game(request)
        try:
            text = await self._read(lambda: self._reader.csv_text(game))
        except NoGame as error:
            raise web.HTTPNotFound(text=f"404: {error}") from None
        except (JournalError, ValueError) as error:
            raise self._unreadable(game, error) from None
        name = "sheet.csv" if game is None else f"game-{game}.csv"
        return web.Response(
            text=text,
            content_type="text/csv",
            headers={"Content-Disposition": f'inline; filename="{name}"'},
        )

    async def _games(self, request: web.Request) -> web.Response:
        language = self._language(request)
        records = await self._read(self._reader.games)
        latest = await self._read(self._reader.latest_id)
        last_move = await self._read(lambda: self._reader.last_move(latest))
        page = games_page(
            records, language, latest=latest, last_move=last_move, now=datetime.now(UTC)
        )
        return web.Response(text=page, content_type="text/html")

    async def _static(self, request: web.Request) -> web.FileResponse:
        path = self.static.get(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(
            path, headers={"Cache-Control": f"public, max-age={STATIC_MAX_AGE_S}"}
        )

    # -- the evening and the people ----------------------------------------------------------

    def _evening_key(self, request: web.Request) -> Key:
        number = request.match_info.get("evening")
        return (None if number is None else int(number)), self._language(request)

    async def _evening_body(self, key: Key) -> bytes:
        """The evening's JSON at the current version, built once per evening and language."""
        built = self._evenings.get(key)
        if built is None:
            number, language = key

            def build() -> bytes:
                evening, earlier, later = self._reader.evening(number)
                sheet = evening_sheet(evening, language, earlier=earlier, later=later)
                return json.dumps(sheet.json, ensure_ascii=False).encode()

            built = asyncio.ensure_future(self._read(build))
            self._evenings[key] = built
        return await asyncio.shield(built)

    async def _evening_or_error(self, key: Key) -> bytes:
        try:
            return await self._evening_body(key)
        except NoGame as error:
            raise web.HTTPNotFound(text=f"404: {error}") from None
        except (JournalError, ValueError) as error:
            raise self._unreadable(key[0], error) from None

    async def _evening_page(self, request: web.Request) -> web.Response:
        key = self._evening_key(request)
        body = json.loads(await self._evening_or_error(key))
        return web.Response(
            text=evening_page(key[0], key[1], body, datetime.now(UTC)),
            content_type="text/html",
            headers={"Cache-Control": "no-cache"},
        )

    async def _evening_json(self, request: web.Request) -> web.Response:
        body = await self._evening_or_error(self._evening_key(request))
        return web.Response(body=body, content_type="application/json")

    async def _evening_live(self, request: web.Request) -> web.StreamResponse:
        key = self._evening_key(request)
        await self._evening_or_error(key)  # a 404 before the stream starts

        async def message() -> bytes:
            try:
                body = await self._evening_body(key)
            except (NoGame, JournalError, ValueError) as error:
                said = json.dumps(str(self._unreadable(key[0], error).text)).encode()
                return b"event: problem\ndata: " + said + b"\n\n"
            return b"event: evening\ndata: " + body + b"\n\n"

        return await self._stream(request, message)

    async def _evenings_page(self, request: web.Request) -> web.Response:
        language = self._language(request)
        try:
            evenings = await self._read(self._reader.evenings)
        except (JournalError, ValueError) as error:
            raise self._unreadable(None, error) from None
        page = evenings_page(evening_list(evenings, language), language)
        return web.Response(text=page, content_type="text/html")

    async def _people_page(self, request: web.Request) -> web.Response:
        language = self._language(request)
        try:
            records = await self._read(self._reader.records)
        except (JournalError, ValueError) as error:
            raise self._unreadable(None, error) from None
        return web.Response(text=people_page(records, language), content_type="text/html")

    async def _record(self, request: web.Request) -> PersonRecord:
        name = request.match_info["name"]
        try:
            return await self._read(lambda: self._reader.record(name))
        except NoGame as error:
            raise web.HTTPNotFound(text=f"404: {error}") from None
        except (JournalError, ValueError) as error:
            raise self._unreadable(None, error) from None

    async def _person_page(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        page = person_page(record, self._language(request))
        return web.Response(text=page, content_type="text/html")

    async def _record_json(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        body = json.dumps(record_json(record), ensure_ascii=False)
        return web.Response(text=body, content_type="application/json")

    async def _record_csv(self, request: web.Request) -> web.Response:
        record = await self._record(request)
        return web.Response(
            text=record_csv(record),
            content_type="text/csv",
            headers={"Content-Disposition": 'inline; filename="record.csv"'},
        )

    # -- the live stream -------------------------------------------------------------------

    async def _live(self, request: web.Request) -> web.StreamResponse:
        key = (self._game(request), self._language(request))
        if key[0] is not None:
            await self._sheet_or_error(request)  # a 404 before the stream starts
        return await self._stream(request, lambda: self._message(key))

    async def _stream(self, request: web.Request, message: Message) -> web.StreamResponse:
        headers = {
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
        }
        if request.method == "HEAD":  # what a GET would start with, and no stream
            return web.Response(headers=headers)
        response = web.StreamResponse(headers=headers)
        await response.prepare(request)
        self.streams += 1
        try:
            await self._follow(response, message)
        finally:
            self.streams -= 1
        return response

    async def _follow(self, response: web.StreamResponse, message: Message) -> None:
        if not await self._send(response, f"retry: {self.settings.retry_ms}\n\n".encode()):
            return
        seen: object = object()  # no version yet: the first message is the sheet as it is
        while not self._closing:
            version = self._version
            if version != seen:
                seen = version
                if not await self._send(response, await message()):
                    return
            elif not await self._wait_for_change(seen) and not await self._send(
                response, b": still here\n\n"
            ):
                return

    async def _message(self, key: Key) -> bytes:
        try:
            body = await self._sheet_json(key)
        except NoGame as error:
            return b"event: nogame\ndata: " + json.dumps(str(error)).encode() + b"\n\n"
        except (JournalError, ValueError) as error:
            said = self._unreadable(key[0], error).text or CANNOT_READ_TEXT
            return b"event: problem\ndata: " + json.dumps(said).encode() + b"\n\n"
        return b"event: sheet\ndata: " + body + b"\n\n"

    async def _wait_for_change(self, seen: object) -> bool:
        """True once the journal's version is no longer ``seen``; False after a heartbeat's
        time without a change."""
        async with self._changed:
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: self._version != seen or self._closing),
                    self.settings.heartbeat_s,
                )
            except TimeoutError:
                return False
        return True

    async def _send(self, response: web.StreamResponse, data: bytes) -> bool:
        """Write to a stream; False when the phone is gone or takes too long."""
        try:
            await asyncio.wait_for(response.write(data), self.settings.write_timeout_s)
        except (TimeoutError, ConnectionError, RuntimeError):
            return False
        return True


class OneLineBadRequests(logging.LoggerAdapter):  # type: ignore[type-arg]
    """aiohttp logs a malformed request (a 1 MB URL, say) with its parser's traceback
    before answering 400; a client's mistake is one line of the log here, not a trace."""

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        error = kwargs.get("exc_info")
        if isinstance(error, HttpProcessingError):
            kwargs.pop("exc_info")
            shown = " ".join(str(error).split())[:BAD_REQUEST_SHOWN]
            super().log(logging.WARNING, f"{msg}: {shown}", *args, **kwargs)
        else:
            super().log(level, msg, *args, **kwargs)


class ShortBadRequests(RequestHandler):
    """aiohttp's connection handler, answering a request its parser refused with one
    short line (``BAD_REQUEST_TEXT``) instead of the parser's message."""

    def handle_error(
        self,
        request: BaseRequest,
        status: int = HTTPStatus.INTERNAL_SERVER_ERROR,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        if status == HTTPStatus.BAD_REQUEST:
            message = BAD_REQUEST_TEXT
        return super().handle_error(request, status, exc, message)


class ShortBadRequestsServer(web.Server):
    def __call__(self) -> RequestHandler:
        return ShortBadRequests(self, loop=self._loop, **self._kwargs)


class SheetRunner(web.AppRunner):
    """aiohttp's runner whose connections answer refused requests in one short line. The
    server the application makes (aiohttp gives no other way to choose its connection
    handler) is given the class above, which differs only in the handler it makes."""

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = ShortBadRequestsServer
        return server


def make_runner(server: SheetServer) -> web.AppRunner:
    return SheetRunner(
        server.application(),
        access_log=None,
        shutdown_timeout=SHUTDOWN_S,
        logger=OneLineBadRequests(logging.getLogger(f"{__name__}.requests"), {}),
    )


async def serve(
    settings: SheetSettings, host: str, port: int, address: AddressFile | None = None
) -> None:
    """Serve until SIGTERM (a clean stop) or Ctrl-C. ``address``: where to keep the
    sheet's LAN address for the kiosk while it serves (removed when it stops)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    runner = make_runner(SheetServer(settings))
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        if address is None:
            await stop.wait()
        else:
            try:
                await _keep_address(address, host, port, stop)
            finally:
                address.remove()
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        await runner.cleanup()


async def _keep_address(address: AddressFile, host: str, port: int, stop: asyncio.Event) -> None:
    """Write the address now, and again whenever it changes (the LAN address may come or
    change after the start: Wi-Fi joins late, DHCP moves) until ``stop``."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        try:
            url = sheet_url(await loop.run_in_executor(None, lan_address, host), port)
            address.keep(url)
        except OSError as error:  # a full or read-only state folder: serve all the same
            log.warning("cannot write the sheet's address to %s: %s", address.path, error)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), ADDRESS_CHECK_S)
