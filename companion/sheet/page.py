"""The sheet's two HTML pages: a game's sheet (drawn by ``sheet.js`` from the JSON in the
page, then from each server-sent event) and the list of the journal's games.

Every text is escaped here; the page loads nothing but the box's own ``/static`` files.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from html import escape
from string import Template

from companion.journal.records import GameRecord
from companion.journal.replay import new_game
from companion.journal.store import JournalError
from companion.sheet.evening_texts import evening_text
from companion.sheet.languages import LANGUAGE_NAMES
from companion.sheet.model import IDLE_AFTER, Progress, progress
from companion.values.language import Language
from companion.words import say, template
from companion.words.labels import game_name

# The sheet's words the script needs, by their keys after ``sheet.`` (the rest is drawn here).
SCRIPT_TEXTS = (
    "total",
    "live",
    "offline",
    "no-game",
    "events",
    "bid-took",
    "started",
    "last-move",
    *(state.value for state in Progress),
)

# Both pages' head: the box's own style sheet and nothing else (no icon to fetch either).
HEAD = """<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>$title</title>
<link rel="stylesheet" href="/static/sheet.css">
</head>
"""

_PAGE = Template(
    HEAD
    + """<body>
<header>
<h1 id="name">$title</h1>
<p id="status" class="status" data-state="offline">$offline</p>
</header>
<nav>$languages · <a href="/?lang=$lang">$evening</a> · <a href="/games?lang=$lang">$games</a> ·
<a id="csv" href="$csv">$csv_label</a></nav>
<section id="now" aria-live="polite"></section>
<div class="scroll"><table id="sheet"></table></div>
<div id="legend" class="legend"></div>
<div id="chart" class="chart"></div>
<div id="rates" class="chart rates"></div>
<p id="options" class="meta"></p>
<p id="meta" class="meta"></p>
<script type="application/json" id="sheet-data">$data</script>
<script src="/static/plotly.min.js"></script>
<script src="/static/live.js"></script>
<script src="/static/sheet.js"></script>
</body>
</html>
"""
)

_LIST = Template(
    HEAD
    + """<body>
<header><h1>$title</h1></header>
<nav>$languages · <a href="/?lang=$lang">$evening</a> ·
<a href="/current?lang=$lang">$current</a></nav>
<ol class="games" reversed>
$items
</ol>
<script src="/static/times.js"></script>
</body>
</html>
"""
)


def script_json(value: object) -> str:
    """JSON safe inside a <script> element: no ``</`` can close it early."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def language_links(path: str, language: Language) -> str:
    links = []
    for other in Language:
        name = escape(LANGUAGE_NAMES[other])
        if other is language:
            links.append(f"<strong>{name}</strong>")
        else:
            links.append(f'<a href="{escape(path)}?lang={other.value}">{name}</a>')
    return " ".join(links)


def sheet_page(
    game_id: int | None, language: Language, sheet_json: object | None, now: datetime
) -> str:
    """A game's page (None: the latest game, following new games as they start); ``now``:
    the box's clock, against which the page tells an idle game."""
    base = "/current" if game_id is None else f"/game/{game_id}"
    live = "/live" if game_id is None else f"/game/{game_id}/live"
    csv = "/sheet.csv" if game_id is None else f"/game/{game_id}/sheet.csv"
    data = {
        "sheet": sheet_json,
        "live": f"{live}?lang={language.value}",
        "texts": {key: template(f"sheet.{key}", language) for key in SCRIPT_TEXTS},
        "server_now": now.isoformat(timespec="seconds"),
        "idle_after_s": IDLE_AFTER.total_seconds(),
    }
    return _PAGE.substitute(
        lang=language.value,
        title=escape(say("sheet.title", language)),
        offline=escape(say("sheet.offline", language)),
        languages=language_links(base, language),
        games=escape(say("sheet.games", language)),
        evening=escape(evening_text("title", language)),
        csv=escape(csv),
        csv_label=escape(say("sheet.csv", language)),
        data=script_json(data),
    )


def games_page(
    records: Sequence[GameRecord],
    language: Language,
    *,
    latest: int | None = None,
    last_move: datetime | None = None,
    now: datetime,
) -> str:
    """The journal's games, latest first; ``latest``: the game at the table (default: the
    last one begun); ``last_move``: its last event."""
    if latest is None and records:
        latest = records[-1].id
    items = [
        _game_item(
            record,
            language,
            progress(
                finished=record.finished is not None,
                abandoned=record.abandoned,
                latest=record.id == latest,
                last_move=last_move if record.id == latest else None,
                now=now,
            ),
        )
        for record in reversed(records)
    ]
    if not items:
        items = [f"<li>{escape(say('sheet.no-game', language))}</li>"]
    return _LIST.substitute(
        lang=language.value,
        title=escape(say("sheet.games", language)),
        languages=language_links("/games", language),
        current=escape(say("sheet.current", language)),
        evening=escape(evening_text("title", language)),
        items="\n".join(items),
    )


def _game_item(record: GameRecord, language: Language, state: Progress) -> str:
    try:
        name = game_name(new_game(record.header).engine.game_id, language)
    except JournalError:
        name = record.header
    link = f"/game/{record.id}?lang={language.value}"
    started = template("sheet.started", language)
    now = template(f"sheet.{state.value}", language)
    return (
        f'<li value="{record.id}"><a href="{escape(link)}">{escape(name)}</a> '
        f"<span>{with_time(started, record.started)} · "
        f"{with_time(now, record.finished)}</span></li>"
    )


def with_time(words: str, moment: datetime | None) -> str:
    """``words`` escaped, with the time they name (``{time}``) as a <time> element, which
    times.js writes in the reader's own form (the ISO time until it does)."""
    before, found, after = words.partition("{time}")
    if not found or moment is None:
        return escape(words)
    iso = escape(moment.isoformat(timespec="seconds"))
    return f'{escape(before)}<time datetime="{iso}">{iso}</time>{escape(after)}'
