"""A mat written to a file: PDF (fpdf2), SVG (xml.etree) or PNG (PIL), by the suffix.

All three draw the same parts (mat_drawing.mat_parts) and the same marker cells, in
millimetres; the PDF and SVG stay vector so a print shop scales nothing.
"""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from companion.assets.fonts import FontFace, font_path
from companion.table.layouts import MatLayout
from companion.table.mat_drawing import (
    INK,
    LABEL_INK,
    LINE_MM,
    MARKER_CELLS,
    TITLE_MM,
    ZONE_INK,
    Text,
    draw_mat,
    marker_bits,
    mat_parts,
)

SUFFIXES = (".pdf", ".svg", ".png")
MM_PER_INCH = 25.4
POINTS_PER_MM = 72.0 / MM_PER_INCH
ASCENT = 0.76  # DejaVu's cap height as a share of the font size: text is placed by its top
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # same mat, same bytes
FONT_FAMILY = "DejaVu Sans"


class MatFileError(ValueError):
    """A file name or resolution the mat cannot be written with."""


def black_cells(layout: MatLayout, corner: int) -> Iterator[tuple[float, float, float, float]]:
    """The marker's black parts as (x, y, width, height) mm, one run of cells a row."""
    bits = marker_bits(layout.marker_ids[corner])
    left, top = (float(v) for v in layout.marker_corners_mm(corner)[0])
    cell = layout.marker_side / MARKER_CELLS
    for row in range(MARKER_CELLS):
        column = 0
        while column < MARKER_CELLS:
            if not bits[row, column]:
                column += 1
                continue
            start = column
            while column < MARKER_CELLS and bits[row, column]:
                column += 1
            yield (left + start * cell, top + row * cell, (column - start) * cell, cell)


def _ink(part: Text) -> tuple[int, int, int]:
    return INK if part.size >= TITLE_MM else LABEL_INK


def write_pdf(layout: MatLayout, path: Path) -> None:
    from fpdf import FPDF

    width, height = layout.size
    pdf = FPDF(orientation="L", unit="mm", format=(height, width))
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_auto_page_break(auto=False)
    pdf.set_margin(0)
    pdf.add_page()
    pdf.add_font(FONT_FAMILY, style="B", fname=str(font_path(FontFace.SANS_BOLD)))
    parts = mat_parts(layout)
    pdf.set_draw_color(*ZONE_INK)
    pdf.set_line_width(LINE_MM)
    for rect in parts.zone_outlines:
        pdf.rect(rect.x, rect.y, rect.width, rect.height, style="D")
    pdf.set_fill_color(*INK)
    bar = parts.scale_bar
    pdf.rect(bar.x, bar.y, bar.width, bar.height, style="F")
    pdf.set_fill_color(0, 0, 0)
    for corner in range(4):
        for x, y, w, h in black_cells(layout, corner):
            pdf.rect(x, y, w, h, style="F")
    for part in parts.texts:
        pdf.set_font(FONT_FAMILY, style="B", size=part.size * POINTS_PER_MM)
        pdf.set_text_color(*_ink(part))
        pdf.text(part.x, part.y + part.size * ASCENT, part.text)
    pdf.output(str(path))


def _colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def svg_document(layout: MatLayout) -> ET.ElementTree[ET.Element]:
    width, height = layout.size
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": f"{width:g}mm",
            "height": f"{height:g}mm",
            "viewBox": f"0 0 {width:g} {height:g}",
        },
    )
    ET.SubElement(root, "title").text = f"{layout.title} mat, {layout.paper.name}"
    ET.SubElement(root, "rect", {"width": f"{width:g}", "height": f"{height:g}", "fill": "#ffffff"})
    parts = mat_parts(layout)
    for rect in parts.zone_outlines:
        ET.SubElement(
            root,
            "rect",
            {
                "x": f"{rect.x:g}",
                "y": f"{rect.y:g}",
                "width": f"{rect.width:g}",
                "height": f"{rect.height:g}",
                "fill": "none",
                "stroke": _colour(ZONE_INK),
                "stroke-width": f"{LINE_MM:g}",
            },
        )
    bar = parts.scale_bar
    ET.SubElement(
        root,
        "rect",
        {
            "x": f"{bar.x:g}",
            "y": f"{bar.y:g}",
            "width": f"{bar.width:g}",
            "height": f"{bar.height:g}",
            "fill": _colour(INK),
        },
    )
    markers = ET.SubElement(root, "g", {"fill": "#000000", "shape-rendering": "crispEdges"})
    for corner in range(4):
        for x, y, w, h in black_cells(layout, corner):
            ET.SubElement(
                markers,
                "rect",
                {"x": f"{x:.3f}", "y": f"{y:.3f}", "width": f"{w:.3f}", "height": f"{h:.3f}"},
            )
    for part in parts.texts:
        text = ET.SubElement(
            root,
            "text",
            {
                "x": f"{part.x:g}",
                "y": f"{part.y + part.size * ASCENT:.3f}",
                "font-family": FONT_FAMILY,
                "font-weight": "bold",
                "font-size": f"{part.size:g}",
                "fill": _colour(_ink(part)),
            },
        )
        text.text = part.text
    return ET.ElementTree(root)


def write_svg(layout: MatLayout, path: Path) -> None:
    svg_document(layout).write(path, encoding="utf-8", xml_declaration=True)


def write_png(layout: MatLayout, path: Path, *, dpi: int) -> None:
    image = draw_mat(layout, px_per_mm=dpi / MM_PER_INCH)
    image.save(path, dpi=(dpi, dpi))


def write_mat(layout: MatLayout, path: Path, *, dpi: int) -> None:
    """Write the mat as the suffix of ``path`` says; MatFileError for a wrong one."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise MatFileError(
            f"{path}: cannot write a mat as {suffix or 'a file without a suffix'} "
            f"(use {', '.join(SUFFIXES)})"
        )
    if suffix == ".pdf":
        write_pdf(layout, path)
    elif suffix == ".svg":
        write_svg(layout, path)
    else:
        write_png(layout, path, dpi=dpi)
