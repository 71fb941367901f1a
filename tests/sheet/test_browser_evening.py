"""The evening's page and a person's page in a real browser at phone width (390 px):
three games, four people; the page's totals are the evening's JSON, its charts are drawn,
nothing runs off the side, the console has no error. Screenshots in each language, light
and dark, go to work-data/sheet-screenshots (see test_browser) to be looked at."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from companion.values.language import Language
from tests.sheet.helpers import RunningSheet, open_journal, play_named, running_sheet
from tests.sheet.test_browser import (
    PAGE_LOAD_S,
    PHONE_HEIGHT,
    PHONE_WIDTH,
    Driver,
    browser,
    console_errors,
    phone,
    screenshot_folder,
)

__all__ = ["browser"]  # the fixture, shared

PEOPLE = ["Ania", "Bartek", "Celina", "Dima"]


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningSheet]:
    folder: Path = tmp_path_factory.mktemp("evening")
    with open_journal(folder) as journal:
        play_named(journal, "oh-hell", PEOPLE).finish()
        play_named(journal, "oczko", [PEOPLE[3], PEOPLE[0], PEOPLE[2]]).finish()
        play_named(journal, "ochko-bank", [PEOPLE[1], PEOPLE[2], PEOPLE[3], PEOPLE[0]])
    with running_sheet(folder) as running:
        yield running


def _open(driver: Driver, url: str) -> None:
    driver.get(url)
    WebDriverWait(driver, PAGE_LOAD_S).until(
        lambda d: d.execute_script(
            "return document.getElementById('status').dataset.state === 'live'"
            " && document.body.dataset.games === '3'"
            " && document.querySelectorAll('#charts .js-plotly-plot').length === 2"
        )
    )


def _shoot(driver: Driver, name: str) -> None:
    height = int(driver.execute_script("return document.documentElement.scrollHeight"))
    phone(driver, height, dark="dark" in name)
    assert driver.save_screenshot(str(screenshot_folder() / f"{name}.png"))
    phone(driver, PHONE_HEIGHT)


@pytest.mark.parametrize("language", list(Language), ids=[lang.value for lang in Language])
def test_the_evening_page_on_a_phone(
    evening: RunningSheet, browser: Driver, language: Language
) -> None:
    _open(browser, f"{evening.base}/?lang={language.value}")
    with urllib.request.urlopen(f"{evening.base}/evening.json?lang={language.value}") as reply:
        expected = json.loads(reply.read())
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#totals tbody tr')]"
        ".map(r => [...r.cells].map(c => c.textContent))"
    )
    assert rows == [
        [p["name"], str(p["games"]), str(p["wins"]), p["points_text"], p["money_text"]]
        for p in expected["people"]
    ]
    assert [row[0] for row in rows] == PEOPLE
    transfers = browser.execute_script(
        "return [...document.querySelectorAll('#settle li')].map(li => li.textContent)"
    )
    assert transfers == [
        f"{t['payer']} → {t['payee']}: {t['amount']}" for t in expected["transfers"]
    ]
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#charts .scatterlayer path.js-line')].length"
    )
    assert lines >= 4 + 4  # every person's line, in the points chart and the money chart
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH
    assert console_errors(browser) == []
    _shoot(browser, f"evening-{language.value}-light")
    if language is Language.EN:
        phone(browser, PHONE_HEIGHT, dark=True)
        _open(browser, f"{evening.base}/?lang=en")
        _shoot(browser, "evening-en-dark")


def test_a_persons_page_on_a_phone(evening: RunningSheet, browser: Driver) -> None:
    browser.get(f"{evening.base}/person/{quote('Dima')}?lang=pl")
    WebDriverWait(browser, PAGE_LOAD_S).until(
        lambda d: d.execute_script("return document.querySelector('#record-chart.js-plotly-plot')")
    )
    figures = browser.execute_script(
        "return [...document.querySelectorAll('table.figures tr')].map(r => r.textContent)"
    )
    assert any(line.startswith("Rundy jako bankier") for line in figures), figures
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert console_errors(browser) == []
    _shoot(browser, "person-pl-light")
