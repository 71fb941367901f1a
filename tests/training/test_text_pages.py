"""Pages of text: the negatives the reader learns "not an index" from, and their report."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.labels import NOT_AN_INDEX
from companion.vision.sources import CandidateFinder, CandidateSource
from training import text_pages
from training.fonts import FONT_ROOT
from training.photometric import Camera


@pytest.fixture(scope="module")
def fonts() -> list[Path]:
    if not FONT_ROOT.is_dir():
        pytest.skip(f"no fonts at {FONT_ROOT}")
    return text_pages._fonts()


def test_a_page_is_a_frame_of_printed_text_the_same_for_a_seed(fonts: list[Path]) -> None:
    first = text_pages.render_page(5, fonts, Camera(0))
    again = text_pages.render_page(5, fonts, Camera(0))
    other = text_pages.render_page(6, fonts, Camera(0))
    assert first.shape == (text_pages.FRAME_HEIGHT, text_pages.FRAME_WIDTH, 3)
    assert first.dtype == np.uint8
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)
    assert first.std() > 10  # not a blank frame: there is ink and a table


def test_crops_of_a_page_are_all_not_an_index_and_few(fonts: list[Path]) -> None:
    frame = text_pages.render_page(7, fonts, Camera(0))
    finders = [CandidateFinder(CandidateSource.GATED), CandidateFinder(CandidateSource.DETECTOR)]
    crops = text_pages.page_crops(frame, finders, seed=7)
    assert 0 < len(crops.ranks) <= text_pages.CROPS_PER_PAGE
    assert crops.crops.shape[1:] == (CROP_HEIGHT, CROP_WIDTH, 3)
    assert set(crops.ranks.tolist()) == {NOT_AN_INDEX}


def test_the_crops_file_holds_what_the_trainer_adds(fonts: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "pages.npz"
    text_pages.main(["--crops", "2", "--seed", "3", "--out", str(out)])
    with np.load(out) as data:
        assert set(data.files) == {"crops", "ranks", "suits"}
        assert len(data["crops"]) == len(data["ranks"]) == len(data["suits"]) > 0


def test_the_crops_are_the_same_cut_by_one_worker_or_two(fonts: list[Path], tmp_path: Path) -> None:
    files = {}
    for workers in (1, 2):
        files[workers] = tmp_path / f"pages-{workers}.npz"
        arguments = ["--crops", "5", "--seed", "4", "--out", str(files[workers])]
        text_pages.main([*arguments, "--workers", str(workers)])
    with np.load(files[1]) as alone, np.load(files[2]) as shared:
        for name in ("crops", "ranks", "suits"):
            np.testing.assert_array_equal(alone[name], shared[name])


@pytest.mark.parametrize("option", ["--workers", "--crops"])
def test_no_workers_or_pages_is_refused_before_any_page_is_made(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pages.npz"
    arguments = {"--crops": "2", "--out": str(out), option: "0"}
    with pytest.raises(SystemExit) as stopped:
        text_pages.main([part for pair in arguments.items() for part in pair])
    assert stopped.value.code == 2
    assert f"argument {option}: 0 is not at least 1" in capsys.readouterr().err
    assert not out.exists()
