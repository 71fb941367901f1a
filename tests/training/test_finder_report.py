"""The finder report's matching: a card counts as found only for a candidate centred on one
of its visible indices, reading its way up and of its scale."""

from __future__ import annotations

import numpy as np
import pytest

from companion.cards import Card, IndexScript
from companion.vision.finder import Candidates
from companion.vision.sources import CandidateFinder
from training.finder_report import Tally, found_cards, main
from training.reader_data import MIN_VISIBLE
from training.types import FaceImage, PlacedCard, PlacedIndex, Scene

# the image of candidates whose crops the test never looks at
BLANK = np.zeros((8, 8, 3), np.uint8)

INDEX_HEIGHT = 20.0
DOWN = np.array([0.0, 1.0], np.float32)


def _index(x: float, y: float, *, visible: float = 1.0) -> PlacedIndex:
    quad = np.array(
        [[x, y], [x + 12, y], [x + 12, y + INDEX_HEIGHT], [x, y + INDEX_HEIGHT]], np.float32
    )
    return PlacedIndex(quad=quad, visible=visible, glyph_visible=visible, pip_visible=visible)


def _scene(*indices: PlacedIndex) -> Scene:
    outline = np.array([[0, 0], [100, 0], [100, 150], [0, 150]], np.float32)
    card = PlacedCard(Card.parse("QH"), "font:test", IndexScript.ENGLISH, outline, 1.0, indices)
    return Scene(np.zeros((200, 200, 3), np.uint8), (card,))


def _candidates(centre: tuple[float, float], down: np.ndarray, height: float) -> Candidates:
    return Candidates(
        centres=np.array([centre], np.float32),
        down=np.array([down], np.float32),
        heights=np.array([height], np.float32),
        image=BLANK,
    )


@pytest.mark.parametrize(
    ("centre", "down", "scale", "found"),
    [
        ((16.0, 20.0), DOWN, 1.3, True),
        ((18.0, 24.0), DOWN, 1.0, True),  # 0.22 index heights off
        ((16.0, 30.0), DOWN, 1.3, False),  # 0.5 index heights off
        ((16.0, 20.0), -DOWN, 1.3, False),  # upside down
        ((16.0, 20.0), np.array([1.0, 0.0]), 1.3, False),  # sideways
        ((16.0, 20.0), DOWN, 0.5, False),  # too small
        ((16.0, 20.0), DOWN, 1.8, False),  # too large
    ],
)
def test_a_card_is_found_by_a_candidate_framing_its_index(
    centre: tuple[float, float], down: np.ndarray, scale: float, found: bool
) -> None:

    scene = _scene(_index(10, 10))
    [result] = found_cards(_candidates(centre, down, scale * INDEX_HEIGHT), scene)
    assert result.found is found
    assert result.height == pytest.approx(INDEX_HEIGHT)


def test_hidden_indices_do_not_count_and_any_visible_index_finds_the_card() -> None:
    candidates = _candidates((76.0, 120.0), DOWN, 26.0)
    assert found_cards(candidates, _scene(_index(10, 10, visible=0.5))) == []
    [result] = found_cards(candidates, _scene(_index(10, 10), _index(70, 110)))
    assert result.found


def test_the_tally_reports_recall_by_height(english_faces: list[FaceImage]) -> None:
    from training.scenes import SceneMaker

    tally = Tally()
    scene = SceneMaker(english_faces, seed=3).make(640, 360)
    tally.add(scene, CandidateFinder())
    shown = [card for card in scene.cards if any(i.visible >= MIN_VISIBLE for i in card.indices)]
    assert tally.frames == 1
    assert len(tally.cards) == len(shown) > 0
    assert f"cards with a visible index: {len(shown)}" in tally.lines()


def test_bad_scene_count_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--scenes", "0"])
    assert "argument --scenes: 0 is not at least 1" in capsys.readouterr().err
