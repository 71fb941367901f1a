from __future__ import annotations

import pytest

from companion.cli import main
from companion.games.registry import GAME_IDS


def test_the_default_command_replays_every_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    for game_id in GAME_IDS:
        assert f"== {game_id}.txt" in out
        assert f"{game_id}: " in out
    assert f"{len(GAME_IDS)} example game(s) replayed." in out
    assert "cannot replay" not in out
