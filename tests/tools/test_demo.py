"""``companion demo --script``: any event script filmed and played through the whole
pipeline. An Очко 21 game with the 52-card pack holds twos to fives, which the camera
reads only when it is told the game's own deck."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app.table_side import TrackedTable
from companion.cli import main
from companion.table.events import TrackerOutput
from companion.table.tracker_settings import TrackerSettings
from companion.tools.demo import DemoOptions, run_demo
from companion.values.frame import Frame
from companion.values.watched import WatchedGame

DECK52 = Path(__file__).resolve().parent / "ochko21_deck52.txt"
LOW_RANKS = ("2", "3", "4", "5")


def test_a_deck52_game_with_twos_to_fives_played_through_demo_script_equals_its_script(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--fast", "--script", str(DECK52)]) == 0
    out = capsys.readouterr().out
    assert "events: 26 recorded, 26 in the session's script, 26 the same" in out
    assert "the game equals the session's script: yes" in out


class DeafTable:
    """The real camera side that never hears which game is played (the bug)."""

    def __init__(self, game: str, say: Callable[[str], None]) -> None:
        self.table = TrackedTable(TrackerSettings(), game=game, say=say)

    def step(self, frame: Frame) -> TrackerOutput:
        return self.table.step(frame)

    def use_game(self, watched: WatchedGame) -> None:
        """Not heard: the reader keeps the default 36-card deck."""


def test_without_being_told_the_game_the_camera_misses_the_low_cards() -> None:
    options = DemoOptions(game="ochko-21", fast=True, script=DECK52.read_text("utf-8"))
    result = run_demo(options, stream=io.StringIO(), tracker=DeafTable)
    assert not result.same_game
    cards = [line.split()[-1] for line in result.recorded if line.startswith("card ")]
    assert cards and not [card for card in cards if card[:-1] in LOW_RANKS]
    expected = [line.split()[-1] for line in result.expected if line.startswith("card ")]
    assert [card for card in expected if card[:-1] in LOW_RANKS]


def test_a_script_the_game_refuses_is_an_error_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("game ochko-21 players=3 banker=0\nstand\n", "utf-8")
    assert main(["demo", "--fast", "--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"{script}, line 2" in err and "Traceback" not in err
    assert main(["demo", "--fast", "--script", str(tmp_path / "missing.txt")]) == 2
    assert "--script" in capsys.readouterr().err
