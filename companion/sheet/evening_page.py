"""The evening's page (the sheet's first page: drawn by ``evening.js`` from the JSON in the
page, then from each server-sent event), the list of evenings, the list of people and a
person's page with their record across evenings.

Every text is escaped here; the pages load nothing but the box's own ``/static`` files.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape
from string import Template
from typing import Any

from companion.games.record import PersonRecord
from companion.sheet.evening_model import (
    amount_text,
    evening_list,
    person_link,
    record_figures,
    record_json,
)
from companion.sheet.evening_texts import evening_template, evening_text
from companion.sheet.page import HEAD, language_links, script_json, with_time
from companion.values.language import Language
from companion.words import say, template

_EVENING = Template(
    HEAD
    + """<body>
<header>
<h1 id="title">$title</h1>
<p id="status" class="status" data-state="offline">$offline</p>
</header>
<nav>$languages · <a href="/current?lang=$lang">$current</a> ·
<a href="/evenings?lang=$lang">$evenings</a> · <a href="/people?lang=$lang">$people</a></nav>
<p id="when" class="meta"></p>
<div class="scroll"><table id="totals"></table></div>
<section id="settle"></section>
<h2 id="played-title"></h2>
<ol id="played" class="games"></ol>
<div id="charts"></div>
<nav id="around"></nav>
<script type="application/json" id="evening-data">$data</script>
<script src="/static/plotly.min.js"></script>
<script src="/static/live.js"></script>
<script src="/static/evening.js"></script>
</body>
</html>
"""
)

_LIST = Template(
    HEAD
    + """<body>
<header><h1>$title</h1></header>
<nav>$languages · <a href="/?lang=$lang">$home</a></nav>
$body
<script src="/static/times.js"></script>
</body>
</html>
"""
)

_PERSON = Template(
    HEAD
    + """<body>
<header><h1>$name</h1></header>
<nav>$languages · <a href="/?lang=$lang">$home</a> · <a href="/people?lang=$lang">$people</a>
· <a href="$csv">$csv_label</a> · <a href="$json">$json_label</a></nav>
<table class="figures">
$figures
</table>
<h2>$by_evening</h2>
<div class="scroll"><table id="evenings">
$evenings
</table></div>
<div id="record-chart" class="chart"></div>
<script type="application/json" id="record-data">$data</script>
<script src="/static/plotly.min.js"></script>
<script src="/static/person.js"></script>
<script src="/static/times.js"></script>
</body>
</html>
"""
)


def evening_page(
    number: int | None, language: Language, evening_json: dict[str, Any], now: datetime
) -> str:
    """An evening's page (None: the latest, following a new evening as it begins)."""
    base = "/" if number is None else f"/evening/{number}"
    live = "/evening/live" if number is None else f"/evening/{number}/live"
    data = {
        "evening": evening_json,
        "live": f"{live}?lang={language.value}",
        "lang": language.value,
        "texts": {
            key: template(f"sheet.{key}", language)
            for key in ("live", "offline", "started", "finished")
        },
        "server_now": now.isoformat(timespec="seconds"),
    }
    return _EVENING.substitute(
        lang=language.value,
        title=escape(evening_text("title", language)),
        offline=escape(say("sheet.offline", language)),
        languages=language_links(base, language),
        current=escape(evening_text("current", language)),
        evenings=escape(evening_text("evenings", language)),
        people=escape(evening_text("people-title", language)),
        data=script_json(data),
    )


def evenings_page(evenings: Sequence[dict[str, Any]], language: Language) -> str:
    """The journal's evenings, latest first (``evening_list``'s entries)."""
    items = [
        f'<li><a href="{escape(item["link"])}">'
        f"{with_time(evening_template('evening-of', language), _moment(item['started']))}</a>"
        f"<span>{escape(', '.join(item['people']))}</span>"
        f"<span>{escape(' · '.join(item['games']))}</span></li>"
        for item in evenings
    ]
    body = (
        f'<ol class="games">\n{chr(10).join(items)}\n</ol>'
        if items
        else f"<p>{escape(evening_text('none', language))}</p>"
    )
    return _list(evening_text("evenings", language), "/evenings", body, language)


def people_page(records: Sequence[PersonRecord], language: Language) -> str:
    """Everyone with a record, by name, with their games and wins."""
    items = []
    for record in records:
        link = person_link(record.person, language) or ""
        said = f"{evening_text('games', language)} {record.games} · "
        said += f"{evening_text('wins', language)} {record.wins}"
        items.append(
            f'<li><a href="{escape(link)}">{escape(record.person.name)}</a>'
            f"<span>{escape(said)}</span></li>"
        )
    body = (
        f'<ul class="games">\n{chr(10).join(items)}\n</ul>'
        if items
        else f"<p>{escape(evening_text('no-people', language))}</p>"
    )
    return _list(evening_text("people-title", language), "/people", body, language)


def _list(title: str, path: str, body: str, language: Language) -> str:
    return _LIST.substitute(
        lang=language.value,
        title=escape(title),
        languages=language_links(path, language),
        home=escape(evening_text("title", language)),
        body=body,
    )


def person_page(record: PersonRecord, language: Language) -> str:
    """A person's record: the figures, the evenings one by one, money by evening."""
    link = person_link(record.person, language) or ""
    path = link.split("?", 1)[0]
    parts: list[str] = []
    for part in record_figures(record, language):
        if part.heading:
            parts.append(f'<tr><th colspan="2" class="part">{escape(part.heading)}</th></tr>')
        parts += [
            f'<tr><th>{escape(label)}</th><td class="num">{escape(value)}</td></tr>'
            for label, value in part.lines
        ]
    figures = "\n".join(parts)
    head = "".join(
        f"<th{' class=num' if index > 0 else ''}>{escape(evening_text(key, language))}</th>"
        for index, key in enumerate(("title", "games", "wins", "points", "money"))
    )
    rows = [f"<thead><tr>{head}</tr></thead><tbody>"]  # the evenings, latest first
    for line in reversed(record.evenings):
        evening = f"/evening/{line.evening}?lang={language.value}"
        when = with_time("{time}", line.started)
        rows.append(
            f'<tr><td><a href="{escape(evening)}">{when}</a></td>'
            f'<td class="num">{line.games}</td><td class="num">{line.wins}</td>'
            f'<td class="num">{escape(amount_text(line.points))}</td>'
            f'<td class="num">{escape(amount_text(line.money, signed=True))}</td></tr>'
        )
    rows.append("</tbody>")
    data = {
        "record": record_json(record),
        "title": evening_text("chart-record", language),
        "lang": language.value,
    }
    return _PERSON.substitute(
        lang=language.value,
        title=escape(record.person.name),
        name=escape(record.person.name),
        languages=language_links(path, language),
        home=escape(evening_text("title", language)),
        people=escape(evening_text("people-title", language)),
        csv=escape(f"{path}/record.csv"),
        csv_label=escape(evening_text("record-csv", language)),
        json=escape(f"{path}/record.json"),
        json_label=escape(evening_text("record-json", language)),
        figures=figures,
        by_evening=escape(evening_text("by-evening", language)),
        evenings="\n".join(rows),
        data=script_json(data),
    )


def _moment(iso: str) -> datetime:
    return datetime.fromisoformat(iso)


__all__ = ["evening_list", "evening_page", "evenings_page", "people_page", "person_page"]
