"""The reading network alone on ground-truth index crops: its arithmetic, and that it
reads clear synthetic indices."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.model import IndexReader
from training.reader_crop_eval import CropTally, IndexRead, main, read_scene
from training.reader_data import MIN_VISIBLE
from training.types import FaceImage, Scene


def test_lines_count_right_reads_and_confident_wrong_ones() -> None:
    tally = CropTally()
    tally.reads.extend(
        [
            IndexRead(14.0, right=True, confidence=0.99),
            IndexRead(24.0, right=True, confidence=0.9),  # right, but below the threshold
            IndexRead(25.0, right=False, confidence=0.99),  # confidently wrong
            IndexRead(30.0, right=True, confidence=0.995),
        ]
    )
    lines = tally.lines(0.98)
    assert lines[0] == "visible indices: 4"
    assert lines[1] == (
        "       all: best card right 0.7500, right at >= 0.98 0.5000, wrong at >= 0.98 0.2500 (4)"
    )
    assert any(line.startswith("  20-28 px: best card right 0.5000") for line in lines)
    assert any(line.startswith("  12-16 px: best card right 1.0000") for line in lines)


def test_every_visible_index_is_read_and_clear_ones_right(
    english_faces: list[FaceImage],
) -> None:
    from training.scenes import SceneMaker

    tally = CropTally()
    scene = SceneMaker(english_faces, seed=5, index_pixels=(36.0, 44.0)).make()
    read_scene(scene, IndexReader(), tally)
    visible = sum(index.visible >= MIN_VISIBLE for card in scene.cards for index in card.indices)
    assert len(tally.reads) == visible > 0
    assert sum(read.right for read in tally.reads) >= 0.8 * visible


def test_a_scene_without_cards_reads_nothing() -> None:
    tally = CropTally()
    read_scene(Scene(np.zeros((90, 160, 3), np.uint8), ()), IndexReader(), tally)
    assert tally.reads == []
    assert tally.lines(0.9) == ["no visible index"]


def test_bad_scene_count_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--scenes", "0"])
    assert "argument --scenes: 0 is not at least 1" in capsys.readouterr().err
