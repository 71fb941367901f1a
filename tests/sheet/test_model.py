"""The sheet's model: export's rows as they are, totals from the last row, notes that add
up, what is due now in the page's language, and a chart series per seat."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.games.events import parse_event
from companion.games.registry import make_engine
from companion.games.score_sheet import is_seat_column
from companion.games.session import Game
from companion.journal.export import score_sheet
from companion.journal.records import Source
from companion.journal.replay import replay
from companion.journal.store import JOURNAL_FILE
from companion.sheet.model import (
    IDLE_AFTER,
    GameSheet,
    Progress,
    due_line,
    game_sheet,
    now_lines,
    progress,
)
from companion.sheet.source import JournalReader
from companion.values.language import Language
from tests.journal.helpers import example
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
        assert shown.leading[0] == row[0]  # the number; the rest in words (tested below)
        assert len(shown.leading) == start
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
        (Language.EN, "P2 to bid", "Hand"),
        (Language.PL, "G2 deklaruje", "Rozdanie"),
        (Language.RU, "И2 заказывает", "Сдача"),
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
    assert sheet.now == (bids,)
    assert sheet.leading_columns[0] == hand
    assert sheet.rows == () and sheet.totals == ()


def test_a_money_games_phase_and_bank_are_named(tmp_path: Path) -> None:
    sheet, _ = _sheet_and_csv(tmp_path, "gwiazda", Language.PL)
    assert sheet.bank_column == "Bank"
    assert sheet.leading_columns == ("Rozdanie", "Rozliczone przez")
    assert sheet.now == ("Rozdanie rozliczone",)  # no stakes of a settled deal


def test_the_permanent_banks_dealer_column_is_the_bank(tmp_path: Path) -> None:
    """The bank against a permanent dealer is his own money: no column repeats it."""
    sheet, table = _sheet_and_csv(tmp_path, "ochko-bank", Language.RU)
    assert sheet.bank_column is None and "bank" not in table[0]
    assert sheet.leading_columns == ("Сдача", "Расчёт по")
    assert [line.name for line in sheet.chart.lines] == ["И1", "И2", "И3", "И4"]
    assert sheet.legend[0].startswith("Столбец игрока: сколько он выиграл (+) или проиграл")
    assert "И1 — банкир: банк — его собственные деньги" in sheet.legend[0]
    assert sheet.now == ("Сдача рассчитана: игроки ставят",)  # no stakes of a settled round


def test_a_finished_game_says_when(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        played = play_example(journal, "oczko", events=5)
        played.finish()
        replayed = replay(journal, 1)
    sheet = game_sheet(replayed.record, replayed.game, Language.EN)
    assert replayed.record.finished is not None
    assert sheet.finished == replayed.record.finished.isoformat(timespec="seconds")
    assert sheet.to_json()["finished"] == sheet.finished


def _who(seat: object) -> str:
    return f"P{int(str(seat)) + 1}"


def test_oh_hells_now_names_whose_turn_and_what_at_every_event() -> None:
    script = example("oh-hell")
    game = Game(make_engine(script.game, script.options))
    wording = {
        "trump": lambda state: f"{_who(state['dealer'])} to turn up the trump",
        "bidding": lambda state: f"{_who(state['bidder'])} to bid",
        "play": lambda state: (
            f"{_who(state['to_play'])} to play"
            if state["to_play"] is not None
            else f"{_who(state['trick_winner'])} takes the trick: clear it"
        ),
    }
    phases = set()
    for line in script.lines:
        state = game.to_json()
        phases.add(state["phase"])
        assert now_lines(state, game.offers(), Language.EN) == (wording[state["phase"]](state),)
        game.apply(line.event)
    assert phases == set(wording)


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
@pytest.mark.parametrize("language", list(Language))
def test_every_phase_the_examples_reach_has_its_words(name: str, language: Language) -> None:
    script = example(name)
    game = Game(make_engine(script.game, script.options))
    for line in script.lines:
        state = game.to_json()
        due = due_line(state, language)
        assert due is not None, (name, state["phase"])
        assert "{" not in due and "None" not in due, due
        game.apply(line.event)


def _played(name: str, events: int) -> Game:
    """The bundled example ``name`` after its first ``events`` events."""
    script = example(name)
    game = Game(make_engine(script.game, script.options))
    for line in script.lines[:events]:
        game.apply(line.event)
    return game


def test_a_money_games_stakes_on_the_table_are_listed() -> None:
    game = _played("ochko-bank", 13)
    state = game.to_json()
    bets = [seat.get("bet") for seat in state["seats"]]
    assert bets == [None, 4, 2, 3]  # the example's first round
    assert now_lines(state, game.offers(), Language.EN) == (
        "Dealer P1 to draw",
        "Bets: P2 4, P3 2, P4 3",
    )


def test_a_lone_stake_the_words_name_is_not_said_twice() -> None:
    game = _played("oczko", 4)
    state = game.to_json()
    assert state["phase"] == "punter" and state["stake"] == 4
    assert now_lines(state, game.offers(), Language.EN) == ("P2 to draw, stake 4",)


def test_a_money_rows_notes_show_the_stakes_at_the_table(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        play_example(journal, "oczko")
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    try:
        sheet = reader.sheet(1, Language.PL)
    finally:
        reader.close()
    # the example's first duel: the banker put up 10, P2 staked 4 and won
    assert sheet.rows[0].notes == ("-10", "(4) · +4", "")
    running = [0.0] * len(sheet.seat_columns)
    for row in sheet.rows:  # what each note says was won or lost adds up to the balances
        for seat, note in enumerate(row.notes):
            parts = [p for p in note.split(" · ") if p and not p.startswith("(")]
            running[seat] += float(parts[0]) if parts else 0.0
        assert running == [float(value) for value in row.seats]


def test_a_game_is_in_play_only_while_it_is_the_latest_and_moves() -> None:
    now = datetime(2026, 11, 26, 22, 0, tzinfo=UTC)
    lately, long_ago = now - timedelta(minutes=5), now - IDLE_AFTER - timedelta(seconds=1)
    assert progress(finished=False, latest=True, last_move=lately, now=now) is Progress.PLAYING
    assert progress(finished=False, latest=True, last_move=long_ago, now=now) is Progress.IDLE
    assert progress(finished=False, latest=False, last_move=lately, now=now) is Progress.LEFT
    assert progress(finished=True, latest=False, last_move=long_ago, now=now) is (Progress.FINISHED)


def test_a_game_left_unfinished_waits_for_nothing(tmp_path: Path) -> None:
    with open_journal(tmp_path) as journal:
        play_example(journal, "oczko", events=5)
        play_example(journal, "oh-hell", events=3)
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    try:
        left, latest = reader.sheet(1, Language.EN), reader.sheet(None, Language.EN)
    finally:
        reader.close()
    assert (left.latest, left.finished, left.now) == (False, None, ())
    assert latest.latest and latest.now == ("P4 to bid",)
    assert left.last_move is not None and latest.last_move is not None
    assert left.last_move < latest.last_move


@pytest.mark.parametrize(
    ("language", "first_rows"),
    [
        (Language.EN, [("1", "Showdown"), ("2", "9♦ on punter")]),
        (Language.PL, [("1", "Sprawdzenie"), ("2", "gracz: 9♦")]),
        (Language.RU, [("1", "Вскрытие"), ("2", "понтёр: 9♦")]),
    ],
)
def test_the_move_that_settled_a_row_is_said_in_words(
    tmp_path: Path, language: Language, first_rows: list[tuple[str, str]]
) -> None:
    with open_journal(tmp_path) as journal:
        play_example(journal, "oczko")
    reader = JournalReader(tmp_path / JOURNAL_FILE)
    try:
        sheet = reader.sheet(1, language)
    finally:
        reader.close()
    assert [row.leading for row in sheet.rows[:2]] == first_rows
    assert (
        sheet.options[0]
        == {"en": "Players: 3", "pl": "Gracze: 3", "ru": "Игроки: 3"}[language.value]
    )
