"""The sheet's model: export's rows as they are, totals from the last row, notes that add
up, what is due now in the page's language, and a chart series per seat."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from companion.games.events import parse_event
from companion.games.score_sheet import is_seat_column
from companion.journal.export import score_sheet
from companion.journal.records import Source
from companion.journal.replay import replay
from companion.sheet.model import GameSheet, game_sheet
from companion.ui.texts import Language
from tests.sheet.helpers import EXAMPLE_GAMES, open_journal, play_example


def _sheet_and_csv(
    tmp_path: Path, name: str, language: Language, events: int | None = None
) -> tuple[GameSheet, list[list[str]]]:
    with open_journal(tmp_path) as journal:
        play_example(journal, name, events=events)
        replayed = replay(journal, 1)
    sheet = game_sheet(replayed.record, replayed.game, language)
    exported = score_sheet(replayed.record.header, replayed.game.events)
    return sheet, list(csv.reader(io.StringIO(exported.csv_text())))


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_rows_are_exports_rows(tmp_path: Path, name: str) -> None:
    sheet, table = _sheet_and_csv(tmp_path, name, Language.EN)
    header, *rows = table
    seats = [column for column in header if is_seat_column(column)]
    assert len(sheet.rows) == len(rows) > 0
    for shown, row in zip(sheet.rows, rows, strict=True):
        start = header.index("P1")
        assert list(shown.leading) == row[:start]
        assert list(shown.seats) == row[start : start + len(seats)]
        assert shown.bank == (row[-1] if "bank" in header else None)
    assert list(sheet.totals) == rows[-1][header.index("P1") :]
    assert [line.values[-1] for line in sheet.chart.lines] == [float(v) for v in sheet.totals]


@pytest.mark.parametrize("name", ["oczko", "ochko-21", "ochko-bank", "gwiazda"])
def test_a_money_rows_notes_are_the_change_since_the_row_before(tmp_path: Path, name: str) -> None:
    sheet, _ = _sheet_and_csv(tmp_path, name, Language.EN)
    running = [0.0] * len(sheet.seat_columns)
    for row in sheet.rows:
        for seat, note in enumerate(row.notes):
            running[seat] += float(note) if note else 0.0
        assert running == [float(value) for value in row.seats]


def test_oh_hells_notes_are_bid_took_and_points(tmp_path: Path) -> None:
    sheet, _ = _sheet_and_csv(tmp_path, "oh-hell", Language.EN)
    assert sheet.rows[0].notes == ("0/0 +10", "1/0 +0", "1/1 +11", "0/0 +10")  # the example
    assert sheet.chart.rates_title == "Bids made"
    assert [rate.values for rate in sheet.chart.rates] == [(1.0,), (0.25,), (0.5,), (0.75,)]


@pytest.mark.parametrize(
    ("language", "bids", "hand"),
    [
        (Language.EN, "Player 2 bids 0–1", "Hand"),
        (Language.PL, "Gracz 2", "Rozdanie"),
        (Language.RU, "Игрок 2", "Сдача"),
    ],
)
def test_what_is_due_now_is_in_the_pages_language(
    tmp_path: Path, language: Language, bids: str, hand: str
) -> None:
    with open_journal(tmp_path) as journal:
        played = play_example(journal, "oh-hell", events=0)
        played.record_event(parse_event("card trump 8D"), source=Source.CAMERA)
        replayed = replay(journal, 1)
    sheet = game_sheet(replayed.record, replayed.game, language)
    assert any(line.startswith(bids) for line in sheet.now), sheet.now
    assert sheet.leading_columns[0] == hand
    assert sheet.rows == () and sheet.totals == ()


def test_a_money_games_phase_and_bank_are_named(tmp_path: Path) -> None:
    sheet, _ = _sheet_and_csv(tmp_path, "ochko-bank", Language.PL)
    assert sheet.bank_column == "Bank"
    assert sheet.leading_columns == ("Runda", "Rozliczone przez")
    assert sheet.now  # the next round's bets are offered


def test_a_finished_game_says_when(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        played = play_example(journal, "oczko", events=5)
        played.finish()
        replayed = replay(journal, 1)
    sheet = game_sheet(replayed.record, replayed.game, Language.EN)
    assert replayed.record.finished is not None
    assert sheet.finished == replayed.record.finished.isoformat(timespec="seconds")
    assert sheet.to_json()["finished"] == sheet.finished
