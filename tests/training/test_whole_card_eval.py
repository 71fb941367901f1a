"""Cards dealt apart: the layout keeps them from touching, every card of a deck is dealt
once, and the measure reads font-drawn Polish and Russian cards."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from training.layout import CARD_ASPECT, LayoutMaker
from training.scenes import SceneMaker
from training.types import FaceImage
from training.whole_card_eval import deal_decks, main

WIDTH, HEIGHT = 1280, 720


def _overlap(first: np.ndarray, second: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(first.astype(np.float32), second.astype(np.float32))
    return float(area)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), card_height=st.floats(60.0, 400.0))
def test_cards_dealt_apart_never_touch_and_stay_on_the_table(seed: int, card_height: float) -> None:
    layouts = LayoutMaker(np.random.default_rng(seed), WIDTH, HEIGHT)
    capacity = layouts.apart_capacity(card_height)
    layout = layouts.apart(capacity, card_height)
    outlines = [pose.outline(CARD_ASPECT) for pose in layout.poses]
    assert len(outlines) == capacity
    for number, outline in enumerate(outlines):
        assert outline[:, 0].min() >= 0 and outline[:, 0].max() <= WIDTH
        assert outline[:, 1].min() >= 0 and outline[:, 1].max() <= HEIGHT
        for other in outlines[number + 1 :]:
            assert _overlap(outline, other) == 0.0


def test_more_cards_than_fit_apart_is_an_error() -> None:
    layouts = LayoutMaker(np.random.default_rng(1), WIDTH, HEIGHT)
    capacity = layouts.apart_capacity(200.0)
    assert capacity >= 2
    with pytest.raises(ValueError, match="do not fit apart"):
        layouts.apart(capacity + 1, 200.0)


def test_deal_apart_lays_out_as_many_as_fit_uncovered(sample_faces: list[FaceImage]) -> None:
    maker = SceneMaker(sample_faces, seed=3, index_pixels=(50.0, 60.0))
    positions = list(range(len(sample_faces)))
    scene, dealt = maker.deal_apart(positions, most=len(positions))
    assert 1 <= dealt < len(positions)  # cards this big do not all fit in one frame
    assert [placed.card for placed in scene.cards] == [
        sample_faces[position].card for position in positions[:dealt]
    ]
    for placed in scene.cards:  # nothing covers a card but the frame's edge
        inside = placed.outline[:, 0].min() >= 0 and placed.outline[:, 0].max() < WIDTH
        inside = inside and placed.outline[:, 1].min() >= 0 and placed.outline[:, 1].max() < HEIGHT
        if inside:
            assert placed.visible > 0.97
            assert all(index.visible > 0.97 for index in placed.indices)


def test_deal_apart_stops_at_most(sample_faces: list[FaceImage]) -> None:
    maker = SceneMaker(sample_faces, seed=4, index_pixels=(20.0, 20.0))
    scene, dealt = maker.deal_apart(list(range(6)), most=2)
    assert dealt == 2 and len(scene.cards) == 2


def test_every_card_of_each_deck_is_dealt_once(sample_faces: list[FaceImage]) -> None:
    maker = SceneMaker(sample_faces, seed=5, index_pixels=(30.0, 50.0))
    frames = list(deal_decks(maker, decks=None, most=4))
    for deck in maker.decks:
        shown = [
            (placed.design, placed.script, placed.card)
            for frame in frames
            if (frame.design, frame.script) == (deck.design, deck.script)
            for placed in frame.scene.cards
        ]
        expected = [
            (sample_faces[position].design, deck.script, sample_faces[position].card)
            for position in deck.faces
        ]
        assert sorted(shown, key=str) == sorted(expected, key=str)
    assert max(len(frame.scene.cards) for frame in frames) <= 4


def test_the_measure_reads_font_drawn_polish_and_russian_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--decks", "2", "--faces-cache", str(tmp_path / "none"), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert code == 0
    assert summary["cards"] >= 2 * 52 - summary["cut_by_frame_edge"] - 2
    assert summary["correct"] >= 0.95
    assert summary["false_cards"] <= 2
    assert set(summary["correct_by_script"]) <= {"polish", "russian"}


@pytest.mark.parametrize("option", [["--decks", "0"], ["--most", "0"]])
def test_bad_counts_are_refused(option: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(option)
    assert f"argument {option[0]}: 0 is not at least 1" in capsys.readouterr().err
