"""High Card exists only in this folder. With its one registry line (set by the fixture
below) it replays from a script and from the journal, draws its screen through the
controller, exports its score sheet, and offers its seats to the card-entry menu, with
nothing outside this folder changed for it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.cli import main
from companion.games.events import parse_event
from companion.games.registry import ENGINES, make_engine
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.games.spec import GameSpec
from companion.journal.records import Source
from companion.journal.replay import replay
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.ui.controller import context_for, render
from companion.ui.menus.state import UiState
from companion.ui.menus.table_entry import hand_entry
from companion.ui.screens import compose_game, draw_game, page_count
from companion.ui.views import game_view
from companion.values.language import Language
from tests.sixth_game.engine import HighCardView

HEADER = "game high-card players=3"
EVENTS = (
    "card seat0 9H",
    "card seat1 KS",
    "card seat2 6D",
    "settle",
    "card seat0 AH",
    "card seat1 AS",
    "card seat2 7C",
    "settle",
    "card seat0 10H",
)
SCRIPT = "\n".join((HEADER, *EVENTS)) + "\n"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game's registry line, as it would stand in ``companion/games/registry.py``."""
    monkeypatch.setitem(ENGINES, "high-card", "tests.sixth_game.engine:HighCard")
    yield


def _played() -> Game:
    return replay_script(parse_script(SCRIPT, "high-card.txt")).game


def _same(first: Image.Image, second: Image.Image) -> bool:
    return ImageChops.difference(first.convert("1"), second.convert("1")).getbbox() is None


def test_simulate_replays_its_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "high-card.txt"
    script.write_text(SCRIPT, "utf-8")
    assert main(["simulate", str(script), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["game"] == "high-card"
    assert [seat["score"] for seat in state["seats"]] == [0, 1, 0]  # KS, then a tie of aces
    assert state["shown"] == ["10H", None, None]
    assert state["round"] == 3


def test_the_journal_resumes_it_after_an_undo(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_FILE
    with Journal.open(path) as journal:
        table = JournaledGame.start(journal, GameSpec.parse(HEADER))
        for line in (*EVENTS, "card seat1 QD"):
            table.record_event(parse_event(line), source=Source.CAMERA)
        table.undo(source=Source.BUTTON)
    with Journal.open(path) as journal:
        resumed = JournaledGame.resume_last(journal)
        assert resumed is not None
        game, bad = resumed
        assert bad == ()
        assert game.game.state == _played().state
        assert [str(row.line) for row in replay(journal, 1).live] == list(EVENTS)


def test_its_screen_is_drawn_by_its_own_module_through_the_controller(tmp_path: Path) -> None:
    game = _played()
    view = game_view(game)
    assert isinstance(view, HighCardView)
    assert page_count(view) == 1
    drawn = [mark.drawn for mark in compose_game(view, Language.EN).marks]
    assert drawn[0] == "High Card 3"
    assert any(text.endswith("10♥") for text in drawn)
    shown = render(UiState(), context_for(game))
    assert _same(shown, draw_game(view, Language.EN))
    picture = tmp_path / "final.png"
    script = tmp_path / "high-card.txt"
    script.write_text(SCRIPT, "utf-8")
    assert main(["simulate", str(script), "--screen", str(picture)]) == 0
    with Image.open(picture) as written:
        assert _same(written, shown)
    game.undo()
    assert not _same(render(UiState(), context_for(game)), shown)


def test_export_writes_its_own_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        table = JournaledGame.start(journal, GameSpec.parse(HEADER))
        for line in EVENTS:
            table.record_event(parse_event(line), source=Source.CAMERA)
    code = main(["export", "--format", "csv", "--state-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == "round,won by,P1,P2,P3\n1,seat 1,0,1,0\n2,tie,0,1,0\n"


def test_card_entry_offers_the_seats_at_the_table() -> None:
    choices = hand_entry(Game(make_engine("high-card", {"players": "3"})))
    assert choices.zones == ("seat0", "seat1", "seat2")
    assert choices.ranks[0].value == 6  # the short pack
