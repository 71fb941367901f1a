"""Exports: the script replays to the journaled state; the score sheet has a row per
hand or round and a column per seat."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from companion.games.events import parse_event
from companion.games.people import People
from companion.games.script import parse_script
from companion.games.session import replay_script
from companion.journal.export import event_script, score_sheet
from companion.journal.records import Source
from companion.journal.replay import replay
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from tests.journal.helpers import EXAMPLE_GAMES, TickingClock, comparable, example, header_of


def _journaled(tmp_path: Path, name: str) -> Journal:
    script = example(name)
    journal = Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock())
    played = JournaledGame.start(journal, script.spec())
    for number, line in enumerate(script.lines):
        played.record_event(line.event, source=Source.CAMERA)
        if number == 3:  # a slip taken back: the export must leave it out
            played.undo(source=Source.BUTTON)
            played.record_event(line.event, source=Source.CAMERA)
    return journal


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_the_exported_script_replays_to_the_journaled_state(tmp_path: Path, name: str) -> None:
    with _journaled(tmp_path, name) as journal:
        replayed = replay(journal, 1)
        text = event_script(replayed, source="test")
    again = replay_script(parse_script(text, "exported")).game
    assert comparable(again) == comparable(replayed.game)
    assert again.events == replayed.game.events
    lines = text.splitlines()
    assert lines[0].startswith("# game 1 from test, started 2026-11-26T20:00:01+00:00")
    assert lines[2].endswith("camera") and "# 2026-11-26T" in lines[2]


def test_skipped_rows_are_named_in_the_script(tmp_path: Path) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE, clock=TickingClock()) as journal:
        game = journal.start_game("game oh-hell players=4")
        journal.append(game.id, parse_event("bid 1 1"), source=Source.BUTTON)
        text = event_script(replay(journal, game.id), source="test")
    assert text.splitlines()[-1].startswith('# journal row 1 "bid 1 1" skipped: refused')


def _table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_oh_hell_sheet_is_its_score_sheet() -> None:
    script = example("oh-hell")
    sheet = score_sheet(header_of(script), [line.event for line in script.lines])
    final = replay_script(script).to_json()
    table = _table(sheet.csv_text())
    assert table[0] == ["hand", "cards", "trump", "P1", "P2", "P3", "P4"]
    assert len(table) - 1 == len(final["score_sheet"]) == 4
    assert table[-1][3:] == [str(seat["score"]) for seat in final["seats"]]
    assert [row[0] for row in table[1:]] == ["1", "2", "3", "4"]


# What a row of each money game's sheet is.
MONEY_UNITS = {"oczko": "duel", "ochko-21": "duel", "ochko-bank": "round", "gwiazda": "deal"}
# The permanent bank is the dealer's own balance: his column, no bank column beside it.
BANK_IN_A_SEAT = {"ochko-bank"}


@pytest.mark.parametrize("name", sorted(MONEY_UNITS))
def test_money_sheets_take_the_balances_at_each_settlement(name: str) -> None:
    script = example(name)
    events = [line.event for line in script.lines]
    sheet = score_sheet(header_of(script), events)
    table = _table(sheet.csv_text())
    final = replay_script(script).to_json()
    seats = len(final["seats"])
    bank = [] if name in BANK_IN_A_SEAT else ["bank"]
    assert table[0] == [
        MONEY_UNITS[name],
        "settled by",
        *[f"P{s + 1}" for s in range(seats)],
        *bank,
    ]
    assert len(table) > 2
    # Every row is the state right after its settling event, replayed independently.
    for row in table[1:]:
        assert len(row) == 2 + seats + len(bank)
    first_settled = table[1][1]
    cut = next(i for i, event in enumerate(events) if str(event) == first_settled)
    state = replay_script(
        parse_script("\n".join([header_of(script), *map(str, events[: cut + 1])]))
    ).to_json()
    banks = [str(state["bank"])] if bank else []
    assert table[1][2:] == [str(seat["balance"]) for seat in state["seats"]] + banks
    if not bank:  # the dealer's column is the bank
        assert state["bank"] == state["seats"][state["banker"]]["balance"]


def test_no_events_make_an_empty_sheet() -> None:
    sheet = score_sheet("game oczko players=3", [])
    assert _table(sheet.csv_text()) == [["duel", "settled by", "P1", "P2", "P3", "bank"]]


def test_a_named_sheet_calls_the_seats_by_their_people() -> None:
    script = example("ochko-bank")
    spec = script.spec()
    names = [f"Gracz{seat}" for seat in range(spec.seats)]
    sheet = score_sheet(header_of(script), [line.event for line in script.lines])
    named = sheet.named(spec.with_people(People.of(names)).people)
    assert named.columns == ("round", "settled by", *names)
    for plain, row in zip(sheet.rows, named.rows, strict=True):
        assert row[0] == plain[0] and row[2:] == plain[2:]
        expected = plain[1]
        for seat in reversed(range(len(names))):
            expected = expected.replace(f"P{seat + 1}b", f"{names[seat]}(b)")
            expected = expected.replace(f"P{seat + 1}", names[seat])
        assert row[1] == expected
    assert sheet.named(None) == sheet
