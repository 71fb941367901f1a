"""High Card exists only in this folder: its rules, screen, mat, words in three languages,
example and sheet shape. Registered by the public ``register`` call (no line of the
program changed for it), it replays from a script and from the journal, draws its screen
through the controller, prints its mat, shows on the phone sheet, is filmed by the demo
and exported, in English, Polish and Russian."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.cli import main
from companion.games.errors import RefusedEvent
from companion.games.events import parse_event
from companion.games.registry import game_ids, make_engine, plugin, register, unregister
from companion.games.script import parse_script
from companion.games.session import Game, replay_script
from companion.games.spec import GameSpec
from companion.journal.records import Source
from companion.journal.replay import replay
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal
from companion.table.layouts import Paper, layout_of_marker, mat_layout
from companion.ui.controller import context_for, render
from companion.ui.menus.state import UiState
from companion.ui.menus.table_entry import hand_entry
from companion.ui.screens import compose_game, draw_game, page_count
from companion.ui.views import game_view
from companion.values.language import Language
from companion.words import say
from companion.words.reasons import refusal_text
from tests.sheet.helpers import running_sheet
from tests.sixth_game.engine import HighCardView
from tests.sixth_game.plugin import PLUGIN

FOLDER = Path(__file__).parent
SCRIPT = (FOLDER / "example.txt").read_text("utf-8")
HEADER = "game high-card players=3"
EVENTS = tuple(str(line.event) for line in parse_script(SCRIPT, "high-card").lines)
REPO = FOLDER.parents[1]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The game registered as any game from outside the program would be."""
    register(PLUGIN)
    yield
    unregister("high-card")


def _played() -> Game:
    return replay_script(parse_script(SCRIPT, "high-card.txt")).game


def _same(first: Image.Image, second: Image.Image) -> bool:
    return ImageChops.difference(first.convert("1"), second.convert("1")).getbbox() is None


def _journal_with_the_game(folder: Path) -> None:
    with Journal.open(folder / JOURNAL_FILE) as journal:
        table = JournaledGame.start(journal, GameSpec.parse(HEADER))
        for line in EVENTS:
            table.record_event(parse_event(line), source=Source.CAMERA)


def test_every_part_of_it_is_in_its_folder() -> None:
    played = plugin("high-card")
    assert game_ids()[-1] == "high-card"  # after the built-in games
    assert played.engine.startswith("tests.sixth_game.")
    assert played.screen.startswith("tests.sixth_game.")
    assert Path(str(played.example)).parent == FOLDER
    named = re.compile(r"high.card|sixth_game", re.IGNORECASE)
    code = [
        path
        for folder in ("companion", "tests", "training", "systest")
        for path in (REPO / folder).rglob("*")
        if path.suffix in (".py", ".txt", ".js", ".toml") and FOLDER not in path.parents
    ]
    assert [path for path in code if named.search(path.read_text("utf-8"))] == []


def test_its_words_are_in_three_languages() -> None:
    keys = set(PLUGIN.words[Language.EN])
    assert all(set(PLUGIN.words[language]) == keys for language in Language)
    names = [say("menu.game.high-card", language) for language in Language]
    assert names == ["High Card", "Wysoka karta", "Старшая карта"]
    with pytest.raises(RefusedEvent) as refused:
        _played().apply(parse_event("card seat0 QS"))
    said = [refusal_text(refused.value, language) for language in Language]
    assert said == [
        "P1 has shown 10♥ already",
        "G1 już pokazał 10♥",
        "И1 уже показал 10♥",
    ]


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


@pytest.mark.parametrize(
    ("language", "title"),
    [
        (Language.EN, "High Card 3"),
        (Language.PL, "Wysoka karta 3"),
        (Language.RU, "Старшая карта 3"),
    ],
)
def test_its_screen_is_drawn_by_its_own_module_through_the_controller(
    tmp_path: Path, language: Language, title: str
) -> None:
    game = _played()
    view = game_view(game)
    assert isinstance(view, HighCardView)
    assert page_count(view) == 1
    drawn = [mark.drawn for mark in compose_game(view, language).marks]
    assert drawn[0] == title
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


def test_its_mat_is_printed_with_its_own_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "high-card.svg"
    assert main(["mat", "high-card", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    drawn = out.read_text("utf-8")
    for label in ("High Card", "SEAT 1", "SEAT 4"):
        assert label in drawn
    layout = mat_layout("high-card", Paper.A3)
    number = game_ids().index("high-card")
    assert layout.marker_ids[0] == (number * 3 + 1) * 4  # after every built-in game's mats
    assert layout_of_marker(layout.marker_ids[2]) == layout
    assert {zone.name for zone in layout.zones} == set(make_engine("high-card", {}).zones)


def test_export_writes_its_own_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _journal_with_the_game(tmp_path)
    code = main(["export", "--format", "csv", "--state-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == "round,won by,P1,P2,P3\n1,P2,0,1,0\n2,,0,1,0\n"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (Language.EN, ("High Card", "Won by", "P2", "Points over the rounds", "shows a card")),
        (Language.PL, ("Wysoka karta", "Wygrał", "G2", "Punkty w kolejnych rundach", "kartę")),
        (Language.RU, ("Старшая карта", "Взял", "И2", "Очки по кругам", "карту")),
    ],
)
def test_the_phone_sheet_shows_it(
    tmp_path: Path, language: Language, words: tuple[str, ...]
) -> None:
    _journal_with_the_game(tmp_path)
    name, won_by, winner, chart, due = words
    with running_sheet(tmp_path) as sheet:
        lang = f"?lang={language.value}"
        with urllib.request.urlopen(f"{sheet.base}/game/1/sheet.json{lang}", timeout=10) as got:
            shown = json.loads(got.read().decode())
        with urllib.request.urlopen(f"{sheet.base}/game/1{lang}", timeout=10) as got:
            page = got.read().decode()
    assert shown["name"] == name and name in page
    assert shown["leading_columns"][1] == won_by
    assert [row["leading"][1] for row in shown["rows"]] == [winner, "–"]
    assert [row["seats"] for row in shown["rows"]] == [["0", "1", "0"], ["0", "1", "0"]]
    assert shown["chart"]["title"] == chart
    assert shown["adds_up_to"] is None and len(shown["legend"]) == 1
    assert any(due in line for line in shown["now"])


def test_the_demo_films_it_and_export_writes_what_it_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "high-card.txt"
    script.write_text(SCRIPT, "utf-8")
    kept = tmp_path / "state"
    code = main(
        ["demo", "--script", str(script), "--fast", "--state-dir", str(kept), "--language", "ru"]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "High Card for 3 players." in out
    assert re.search(r"Recorded: all \d+ moves as played, in order", out), out
    assert main(["export", "--format", "csv", "--state-dir", str(kept)]) == 0
    assert capsys.readouterr().out == "round,won by,P1,P2,P3\n1,P2,0,1,0\n2,,0,1,0\n"


def test_card_entry_offers_the_seats_at_the_table() -> None:
    choices = hand_entry(Game(make_engine("high-card", {"players": "3"})))
    assert choices.zones == ("seat0", "seat1", "seat2")
    assert choices.ranks[0].value == 6  # the short pack
