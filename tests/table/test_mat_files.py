from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest

from companion.games.registry import game_ids
from companion.table.layouts import Paper, mat_layout
from companion.table.mat_drawing import marker_bits
from companion.table.mat_files import MatFileError, black_cells, write_mat

HARDWARE_MATS = Path(__file__).resolve().parents[2] / "hardware" / "mats"
SVG = "{http://www.w3.org/2000/svg}"


def test_the_pdf_is_the_paper_size_and_carries_the_labels(tmp_path: Path) -> None:
    layout = mat_layout("ochko-bank", Paper.A2)
    path = tmp_path / "mat.pdf"
    write_mat(layout, path, dpi=150)
    page = pypdf.PdfReader(path).pages[0]
    assert float(page.mediabox.width) * 25.4 / 72 == pytest.approx(594.0, abs=0.1)
    assert float(page.mediabox.height) * 25.4 / 72 == pytest.approx(420.0, abs=0.1)
    text = page.extract_text()
    for expected in [layout.title, "10 cm", *(zone.label for zone in layout.zones)]:
        assert expected in text


def test_the_svg_has_zones_markers_and_labels_in_millimetres(tmp_path: Path) -> None:
    layout = mat_layout("gwiazda", Paper.A3)
    path = tmp_path / "mat.svg"
    write_mat(layout, path, dpi=150)
    root = ET.parse(path).getroot()
    assert root.get("width") == "420mm" and root.get("viewBox") == "0 0 420 297"
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts[0] == "Gwiazda" and "REVEAL" in texts and "BANK" in texts
    outlined = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == "none"]
    assert [(float(r.get("x", 0)), float(r.get("width", 0))) for r in outlined] == [
        (zone.x, zone.width) for zone in layout.zones
    ]
    cells = sum(1 for _ in root.iter(f"{SVG}rect")) - len(outlined) - 2  # paper, scale bar
    assert cells == sum(len(list(black_cells(layout, corner))) for corner in range(4))


def test_black_cells_cover_exactly_the_markers_black_bits() -> None:
    layout = mat_layout("oczko", Paper.A3)
    cell = layout.marker_side / 6
    covered = sum(w * h for _x, _y, w, h in black_cells(layout, 1)) / (cell * cell)
    assert covered == pytest.approx(marker_bits(layout.marker_ids[1]).sum())


def test_a_wrong_suffix_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(MatFileError, match=r"mat\.jpg: cannot write a mat as \.jpg"):
        write_mat(mat_layout("oczko", Paper.A3), tmp_path / "mat.jpg", dpi=150)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", game_ids())
def test_the_committed_a3_mats_are_current_and_small(game: str, tmp_path: Path) -> None:
    committed = HARDWARE_MATS / f"{game}-A3.pdf"
    assert committed.stat().st_size < 30_000
    fresh = tmp_path / "fresh.pdf"
    write_mat(mat_layout(game, Paper.A3), fresh, dpi=150)
    # The same drawing (the page's content stream), whatever fpdf2 writes around it.
    drawn = [pypdf.PdfReader(path).pages[0].get_contents() for path in (fresh, committed)]
    assert drawn[0] is not None and drawn[1] is not None
    assert drawn[0].get_data() == drawn[1].get_data()
