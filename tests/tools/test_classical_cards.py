"""The classical card detector (EdjeElectronics' steps, the tracker's cost baseline) finds
card outlines on a dark cloth and reads their corners against its templates."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cards import Card
from companion.tools.classical_cards import (
    CARD_MIN_AREA,
    RANK_NAMES,
    RANK_SIZE,
    SUIT_SIZE,
    find_cards,
    main,
    make_templates,
)
from tests.table.rendered import Placed, table_image

PX_PER_MM = 2.4  # a card of 151 x 211 px: over the published least card area


def test_each_card_apart_on_the_cloth_is_one_outline() -> None:
    cards = [Placed(Card.parse("KS"), 40.0, 30.0, 10.0), Placed(Card.parse("7D"), 260.0, 40.0)]
    image = table_image((600.0, 400.0), cards, PX_PER_MM)
    found = find_cards(image, make_templates())
    assert len(found) == 2
    lefts = sorted(float(f.corners[:, 0].min()) for f in found)
    assert lefts[0] == pytest.approx(40.0 * PX_PER_MM, abs=40.0)
    assert lefts[1] == pytest.approx(260.0 * PX_PER_MM, abs=5.0)
    assert all(cv2.contourArea(f.corners) > CARD_MIN_AREA for f in found)


def test_an_empty_cloth_has_no_card() -> None:
    image = table_image((600.0, 400.0), [], PX_PER_MM)
    assert find_cards(image, make_templates()) == []


def test_the_command_prints_a_line_a_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = table_image((600.0, 400.0), [Placed(Card.parse("KS"), 40.0, 30.0)], PX_PER_MM)
    for number in range(3):
        cv2.imwrite(str(tmp_path / f"{number}.png"), image)
    assert main([str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [["0", "1"], ["1", "1"], ["2", "1"]]


def test_templates_are_the_published_sizes_and_the_same_every_run() -> None:
    first, second = make_templates(), make_templates()
    assert len(first.ranks) == len(RANK_NAMES) == 13 and len(first.suits) == 4
    assert all(t.shape == (RANK_SIZE[1], RANK_SIZE[0]) for t in first.ranks)
    assert all(t.shape == (SUIT_SIZE[1], SUIT_SIZE[0]) for t in first.suits)
    assert all(np.array_equal(a, b) for a, b in zip(first.ranks, second.ranks, strict=True))
