"""``companion export``: script or CSV of a journaled game; clear errors otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.games.events import parse_event
from companion.games.spec import GameSpec
from companion.journal.records import Source
from companion.journal.session import JournaledGame
from companion.journal.store import JOURNAL_FILE, Journal


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        first = JournaledGame.start(journal, GameSpec.parse("game oh-hell players=3 dealer=0"))
        first.record_event(parse_event("card trump 8D"), source=Source.CAMERA)
        first.finish()
        second = JournaledGame.start(journal, GameSpec.parse("game oczko players=3"))
        second.record_event(parse_event("bank 10"), source=Source.BUTTON)
    return tmp_path


def _export(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["export", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_latest_game_is_the_default(
    state_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _export(capsys, "--state-dir", str(state_dir))
    assert code == 0 and err == ""
    assert out.splitlines()[1].startswith("game oczko ")
    assert "players=3" in out.splitlines()[1].split()
    assert out.splitlines()[2].startswith("bank 10") and out.splitlines()[2].endswith("button")


def test_a_game_by_number_as_csv(state_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _export(capsys, "1", "--format", "csv", "--state-dir", str(state_dir))
    assert code == 0
    assert out == "hand,cards,trump,P1,P2,P3\n"


def test_list_shows_every_game(state_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _export(capsys, "--list", "--state-dir", str(state_dir))
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert [(row[0], row[2], row[3].split()[1]) for row in rows] == [
        ("1", "finished", "oh-hell"),
        ("2", "unfinished", "oczko"),
    ]


def test_a_game_that_does_not_exist_is_a_clear_error(
    state_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _export(capsys, "7", "--state-dir", str(state_dir))
    assert code == 2 and out == ""
    assert err == f"companion export: the journal {state_dir / JOURNAL_FILE} has no game 7\n"


def test_no_journal_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _export(capsys, "--state-dir", str(tmp_path))
    assert code == 2
    assert err == f"companion export: no journal at {tmp_path / JOURNAL_FILE}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_bad_config_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[state]\nfolder = '/x'\n", "utf-8")
    code, _, err = _export(capsys, "--config", str(config))
    assert code == 2
    assert err.startswith(f"companion export: {config}: [state] folder: unknown key")


def test_the_state_directory_comes_from_the_config(
    state_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f"[state]\ndirectory = '{state_dir}'\n", "utf-8")
    code, out, _ = _export(capsys, "--list", "--config", str(config))
    assert code == 0 and len(out.splitlines()) == 2


def test_a_game_number_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["export", "zero"])
    assert "GAME" in capsys.readouterr().err


def test_a_named_game_is_exported_with_its_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Journal.open(tmp_path / JOURNAL_FILE) as journal:
        played = JournaledGame.start(
            journal, GameSpec.parse("game oczko players=3 people=Ania,Bartek,Дима")
        )
        for line in ("bank 10", "stake 4", "card punter 10H", "card punter AS"):
            played.record_event(parse_event(line), source=Source.BUTTON)
    code, out, _ = _export(capsys, "--format", "csv", "--state-dir", str(tmp_path))
    assert code == 0
    header, *rows = out.splitlines()
    assert header == "duel,settled by,Ania,Bartek,Дима,bank"
    assert rows == ["1,card punter AS,-10,4,0,6"]
    code, script, _ = _export(capsys, "--state-dir", str(tmp_path))
    assert script.splitlines()[1].endswith(" people=Ania,Bartek,Дима")
