"""The bundled example game replays with no refusal and ends where its comments say."""

from __future__ import annotations

from companion.games.registry import plugin
from companion.games.script import parse_script
from companion.games.session import replay_script


def test_the_example_replays_to_its_balances() -> None:
    text = plugin("ochko-bank").example_text()
    replay = replay_script(parse_script(text, "ochko-bank.txt"))
    body = replay.to_json()
    assert replay.refused == []
    assert [seat["balance"] for seat in body["seats"]] == [-7, 3, 8, -4]
    assert body["round"] == 4
    assert body["shoe"]["shuffles"] == 1
    assert [v["kind"] for v in body["violations"]] == ["unasked-card"]
