"""blur_figures: a manifest's photos blurred and read, and its bad arguments."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.cards import Card
from companion.tools.blur_figures import SIGMAS, main
from tests.table.rendered import Placed, table_image


def _write_manifest(folder: Path) -> None:
    cards = ["KS", "4D"]
    laid = [Placed(Card.parse(card), 20.0 + 80.0 * i, 30.0) for i, card in enumerate(cards)]
    image = table_image((260.0, 160.0), laid, 3.0)
    cv2.imwrite(str(folder / "one.png"), image)
    rows = [
        "path\tcards\tpartial\tkind\twidth\theight",
        f"one.png\t{' '.join(cards)}\t\tscene_multi\t{image.shape[1]}\t{image.shape[0]}",
    ]
    (folder / "MANIFEST.tsv").write_text("\n".join(rows) + "\n", "utf-8")


def test_each_sigma_counts_sure_right_and_wrong_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_manifest(tmp_path)
    assert main([str(tmp_path / "MANIFEST.tsv"), "--readers", "tracker"]) == 0
    out = capsys.readouterr().out
    assert "tracker: 2 cards" in out
    assert "sigma 0.0: 2 sure right, 0 sure wrong" in out
    assert out.count("sure right") == len(SIGMAS)
    assert "tracker: 0 sure wrong at any blur" in out


def test_an_unknown_reader_or_manifest_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_manifest(tmp_path)
    with pytest.raises(SystemExit):
        main([str(tmp_path / "MANIFEST.tsv"), "--readers", "camera"])
    assert "camera" in capsys.readouterr().err
    assert main([str(tmp_path / "none.tsv")]) == 2
    assert "none.tsv" in capsys.readouterr().err
