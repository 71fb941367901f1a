"""The classical per-frame detector (the tracker's cost baseline) finds card outlines."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cards import Card
from companion.tools.classical_cards import find_cards, index_templates, main
from tests.table.rendered import Placed, table_image


def test_each_card_apart_on_the_cloth_is_one_outline() -> None:
    cards = [Placed(Card.parse("KS"), 40.0, 30.0, 10.0), Placed(Card.parse("7D"), 260.0, 40.0)]
    image = table_image((600.0, 400.0), cards, 2.0)  # a card 2.3% of the frame
    found = find_cards(image, index_templates())
    assert len(found) == 2
    lefts = sorted(float(f.corners[:, 0].min()) for f in found)
    assert lefts[0] == pytest.approx(80.0, abs=30.0)
    assert lefts[1] == pytest.approx(520.0, abs=4.0)


def test_an_empty_cloth_has_no_card() -> None:
    image = table_image((600.0, 400.0), [], 2.0)
    assert find_cards(image, index_templates()) == []


def test_the_command_prints_a_line_a_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = table_image((600.0, 400.0), [Placed(Card.parse("KS"), 40.0, 30.0)], 2.0)
    for number in range(3):
        cv2.imwrite(str(tmp_path / f"{number}.png"), image)
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["0 1", "1 1", "2 1"]


def test_templates_are_the_same_every_run() -> None:
    assert np.array_equal(index_templates(), index_templates())
