"""The sheet's evening page (its first page), the evenings, the people and each person's
record as a page, JSON and CSV: read from the journal, never written to it."""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from urllib.parse import quote

import pytest

from companion.games.roster import NewEvening
from tests.sheet.helpers import RunningSheet, open_journal, play_named, running_sheet
from tests.sheet.test_server import LIVE_WITHIN_S, EventStream, fetch

PEOPLE = ["Ania", "Bartek", "Celina", "Дима", "Ewa", "Fiodor", "Grażyna"]


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("evenings")
    with open_journal(folder) as journal:
        for name in ("oh-hell", "oczko", "ochko-bank"):
            play_named(journal, name, PEOPLE).finish()
        journal.append_box(str(NewEvening()))
        play_named(journal, "ochko-21", ["Celina", "Ania", "Дима"], events=30)
    return folder


@pytest.fixture(scope="module")
def sheet(evenings: Path) -> Iterator[RunningSheet]:
    with running_sheet(evenings) as running:
        yield running


def _json(sheet: RunningSheet, path: str) -> dict[str, object]:
    status, body = fetch(sheet.base + path)
    assert status == 200, body
    found: dict[str, object] = json.loads(body)
    return found


def test_the_first_page_is_the_latest_evening(sheet: RunningSheet) -> None:
    status, html = fetch(sheet.base + "/?lang=en")
    assert status == 200
    data = json.loads(html.split('id="evening-data">')[1].split("</script>")[0])
    evening = data["evening"]
    assert evening["number"] == 4 and evening["earlier"] == 1 and evening["later"] is None
    assert [person["name"] for person in evening["people"]] == ["Celina", "Ania", "Дима"]
    assert data["live"] == "/evening/live?lang=en"
    assert "/static/evening.js" in html and "http" not in html.split("<body>")[1]


def test_an_evening_adds_up_each_persons_games(sheet: RunningSheet) -> None:
    evening = _json(sheet, "/evening/1/evening.json?lang=pl")
    people = {person["name"]: person for person in evening["people"]}  # type: ignore[attr-defined]
    assert list(people) == PEOPLE[:4]  # the seats of its games, in the order first seated
    assert people["Ania"]["games"] == 3 and people["Дима"]["games"] == 2
    assert evening["has_points"] and evening["has_money"]
    money = {name: Fraction(str(person["money"] or 0)) for name, person in people.items()}
    assert sum(money.values()) == 0
    left = dict(money)
    for transfer in evening["transfers"]:  # type: ignore[attr-defined]
        left[transfer["payer"]] += Fraction(transfer["amount"])
        left[transfer["payee"]] -= Fraction(transfer["amount"])
    assert all(value == 0 for value in left.values())
    assert len(evening["transfers"]) <= sum(1 for v in money.values() if v) - 1  # type: ignore[arg-type]
    assert [game["number"] for game in evening["games"]] == [1, 2, 3]  # type: ignore[attr-defined]
    assert evening["texts"]["settle"] == "Kto komu płaci"  # type: ignore[index]
    titles = [chart["title"] for chart in evening["charts"]]  # type: ignore[attr-defined]
    assert titles == ["Punkty w Oh Hell przez wieczór", "Pieniądze przez wieczór"]


def test_the_evenings_and_the_people_are_listed(sheet: RunningSheet) -> None:
    status, html = fetch(sheet.base + "/evenings?lang=ru")
    assert status == 200 and 'href="/evening/4?lang=ru"' in html and "Вечера" in html
    assert html.index("/evening/4?") < html.index("/evening/1?")  # latest first
    status, html = fetch(sheet.base + "/people?lang=en")
    assert status == 200
    for name in PEOPLE[:4]:
        assert f'href="/person/{quote(name, safe="")}?lang=en"' in html


def test_a_persons_record_is_a_page_json_and_csv(sheet: RunningSheet) -> None:
    path = "/person/" + quote("дима")  # letter case aside
    status, html = fetch(sheet.base + path + "?lang=ru")
    assert status == 200 and "<h1>Дима</h1>" in html and "Итог банкиром" in html
    record = _json(sheet, path + "/record.json")
    assert record["name"] == "Дима" and record["games"] == 3
    assert [line["evening"] for line in record["evenings"]] == [1, 4]  # type: ignore[attr-defined]
    status, text = fetch(sheet.base + path + "/record.csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(row["games"]) for row in rows] == [2, 1]
    assert [row["evening"] for row in rows] == ["1", "4"]


def test_a_name_nobody_played_under_is_not_found(sheet: RunningSheet, evenings: Path) -> None:
    with open_journal(evenings) as journal:
        journal.append_box("person add Zenon")  # on the roster, but never at a game
    for path in ("/person/Zenon", "/person/Zenon/record.json", "/evening/2", "/evening/9/live"):
        status, body = fetch(sheet.base + path)
        assert status == 404, path
        assert str(evenings) not in body


def test_the_evening_page_follows_a_new_game(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        play_named(journal, "oczko", PEOPLE, events=10)
    with running_sheet(tmp_path) as sheet:
        stream = EventStream(sheet, "/evening/live")
        try:
            name, data = stream.next_event(LIVE_WITHIN_S)
            assert name == "evening" and len(json.loads(data)["games"]) == 1
            with open_journal(tmp_path) as journal:
                play_named(journal, "ochko-21", PEOPLE, events=3)
            deadline = time.monotonic() + 3 * LIVE_WITHIN_S
            games = 1
            while games != 2 and time.monotonic() < deadline:
                games = len(json.loads(stream.next_event(LIVE_WITHIN_S)[1])["games"])
            assert games == 2
        finally:
            stream.close()


def test_an_empty_journal_has_an_empty_evening(tmp_path: Path) -> None:
    with running_sheet(tmp_path) as sheet:
        status, html = fetch(sheet.base + "/")
        assert status == 200 and '"number": null' in html


def test_a_named_games_page_calls_its_seats_by_name(sheet: RunningSheet) -> None:
    game = _json(sheet, "/game/1/sheet.json?lang=ru")
    assert game["seat_columns"] == PEOPLE[:4]
    status, text = fetch(sheet.base + "/game/2/sheet.csv")
    assert status == 200 and text.splitlines()[0] == "duel,settled by,Ania,Bartek,Celina,bank"
