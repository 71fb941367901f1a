"""``companion bench --table`` prints its figures for a short synthetic session."""

from __future__ import annotations

import json

import pytest

from companion.tools.bench import main


def test_the_table_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--table", "--game", "oczko", "--events", "4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "oczko" and figures["frames"] > 20
    assert figures["frames_per_second"] > 0
    assert figures["still_frame_ms"]["count"] > figures["card_landed_frame_ms"]["count"] > 0
    assert figures["settle_to_event_ms"]["count"] == figures["events"]["right"] > 0
    assert figures["peak_rss_mb"] > 0
