from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.table.layouts import ARUCO_DICTIONARY, Paper, mat_layout


def test_mat_png_has_the_markers_at_their_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "oh-hell.png"
    assert main(["mat", "oh-hell", "--paper", "A4", "--out", str(out), "--dpi", "100"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    image = cv2.imread(str(out), cv2.IMREAD_GRAYSCALE)
    assert image is not None
    px_per_mm = 100 / 25.4
    assert image.shape == (round(210 * px_per_mm), round(297 * px_per_mm))
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(ARUCO_DICTIONARY), cv2.aruco.DetectorParameters()
    )
    corners, ids, _ = detector.detectMarkers(image)
    layout = mat_layout("oh-hell", Paper.A4)
    found = {int(i): np.asarray(c).reshape(4, 2) for i, c in zip(ids.ravel(), corners, strict=True)}
    assert sorted(found) == sorted(layout.marker_ids)
    for corner, marker_id in enumerate(layout.marker_ids):
        assert np.abs(found[marker_id] - layout.marker_corners_mm(corner) * px_per_mm).max() < 2


def test_mat_writes_pdf_by_default_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["mat", "gwiazda"]) == 0
    assert (tmp_path / "gwiazda-A3.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--out", "mat.gif"], "mat.gif: cannot write a mat as .gif"),
        (["--dpi", "5000"], "--dpi 5000: at most 600"),
        (["--out", "no/such/folder/mat.pdf"], "cannot write no/such/folder/mat.pdf"),
    ],
)
def test_mat_refusals_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["mat", "oczko", *argv]) != 0
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_mat_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["mat", "poker"])
    assert "invalid choice: 'poker'" in capsys.readouterr().err
