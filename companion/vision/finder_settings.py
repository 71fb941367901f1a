"""The index finder's settings, in pixels of the working image."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FinderSettings:
    """Geometry limits of the finder, in pixels of the working image."""

    max_side: int = 1280  # larger frames are downscaled to this longest side first
    local_window: int = 25  # window of the local paper brightness estimate
    ink_ratio: float = 0.82  # ink is darker than this fraction of the local brightness
    paper_fraction: float = 0.45  # paper is at least this fraction of the bright end
    bright_percentile: float = 99.0
    paper_greyness: float = 0.55  # paper's darkest channel is at least this of its brightest
    min_glyph: int = 4
    max_glyph: int = 48
    min_area: int = 5
    min_pair_distance: float = 0.45  # glyph-pip distance / the larger blob's size
    max_pair_distance: float = 1.9
    max_size_ratio: float = 4.0  # glyph size / pip size at most
    max_pip_ratio: float = 3.0  # pip size / glyph size at most
    max_blobs: int = 400
    pairs_per_blob: int = 3  # each blob is paired with this many nearest partners at most
    ring_margin: float = 0.15  # the paper ring around a blob, as a fraction of its size
    min_paper: float = 0.4  # fraction of that ring that must be paper
    background_width: int = 28  # dark regions this wide are table, not ink
    coarse_min_side: int = 200  # frames smaller than this get no half-resolution pass
    coarse_min_glyph: int = 20  # half-resolution pass: glyphs from 40 frame pixels up
    min_pair_size: int = 0  # the larger blob of a pair is at least this big
    min_elongation: float = 1.6  # a blob this elongated may be a glyph and pip run together
    split_paired: bool = True  # also split elongated blobs that have a pair partner
    # Ink blobs too large for a glyph, or without paper around them, may be a glyph run
    # into a thin line (a card's edge in a fan, a frame line): lines thinner than
    # ``line_width`` are opened away from them and the rest is labelled again.
    break_lines: bool = True
    line_width: int = 3
    line_table_margin: int = 2  # ...except within this many pixels of the table
    # Thin or blurred glyphs are often lighter than ``ink_ratio``: ink darker than
    # ``faint_ratio`` of the local paper is looked for as a glyph (blobs up to
    # ``faint_max_glyph`` with at least ``faint_min_paper`` of paper around them) paired
    # with an ordinary blob as its pip.
    faint_glyphs: bool = True
    faint_ratio: float = 0.9
    faint_max_glyph: int = 16
    faint_min_paper: float = 0.55
