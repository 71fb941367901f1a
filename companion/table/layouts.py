"""Mat layouts: each game's zones in millimetres on A4, A3 and A2 paper (landscape).

Coordinates: millimetres from the paper's top-left corner, x to the right, y down. Four
ArUco markers sit in the corners; their ids are the mat's own (unique per game and paper),
so a camera that sees one knows which layout it is looking at.

Zones are sized for what lands there with every corner index still in sight: a poker card
is 63 x 88 mm, a hand or a trick is fanned sideways about 18-25 mm a card (the index
column is about 10 mm wide), so a trick of seven takes about 63 + 6 * 20 mm. The A3
layouts are the reference; A2 is A3 scaled by sqrt(2) (room to spare) and A4 is laid out
on its own, with fewer seats where the cards would not fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from typing import TypedDict

import numpy as np

# cv2.aruco.DICT_4X4_100: 4x4 cells read at the fewest pixels; 100 ids cover 5 games x 3
# papers x 4 corners. Kept as the number so that importing this module needs no OpenCV.
ARUCO_DICTIONARY = 1
CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0
SCALE_BAR_MM = 100.0
A2_FROM_A3 = math.sqrt(2.0)
TABLE_ZONE = "table"  # the one zone when there is no mat


class Paper(Enum):
    """Paper sizes, landscape: (width, height) in millimetres."""

    A4 = (297.0, 210.0)
    A3 = (420.0, 297.0)
    A2 = (594.0, 420.0)

    @property
    def width(self) -> float:
        return self.value[0]

    @property
    def height(self) -> float:
        return self.value[1]


@dataclass(frozen=True)
class Zone:
    """A rectangle of the mat where cards of one kind land."""

    name: str
    label: str
    x: float
    y: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2.0, self.y + self.height / 2.0)


@dataclass(frozen=True)
class MatLayout:
    """One printed mat: its zones, corner markers (TL, TR, BR, BL), title and scale bar."""

    game: str
    paper: Paper
    zones: tuple[Zone, ...]
    marker_ids: tuple[int, int, int, int]
    marker_side: float
    marker_margin: float
    title: str
    title_at: tuple[float, float]  # top-left of the title text
    scale_bar_at: tuple[float, float]  # left end of the 10 cm bar
    extent: tuple[float, float] | None = None  # (width, height) when not a whole sheet

    @property
    def size(self) -> tuple[float, float]:
        """The mat's (width, height) in millimetres."""
        return self.extent if self.extent is not None else self.paper.value

    @property
    def has_markers(self) -> bool:
        return self.marker_side > 0

    def marker_corners_mm(self, i: int) -> np.ndarray:
        """Corner ``i`` (0 TL, 1 TR, 2 BR, 3 BL)'s marker: its 4 corners in ArUco order
        (the marker's own TL, TR, BR, BL; markers are printed upright), float32 4x2."""
        if not 0 <= i < 4:
            raise ValueError(f"marker index {i}: a mat has markers 0..3")
        m, s = self.marker_margin, self.marker_side
        width, height = self.size
        left = m if i in (0, 3) else width - m - s
        top = m if i in (0, 1) else height - m - s
        return np.array(
            [[left, top], [left + s, top], [left + s, top + s], [left, top + s]], np.float32
        )

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        known = ", ".join(z.name for z in self.zones)
        raise KeyError(f'no zone "{name}" on the {self.game} mat (zones: {known})')

    def zone_at(self, x: float, y: float) -> Zone | None:
        for zone in self.zones:
            if zone.contains(x, y):
                return zone
        return None


@dataclass(frozen=True)
class _Design:
    """A layout before its marker ids are given."""

    title: str
    marker_side: float
    marker_margin: float
    title_at: tuple[float, float]
    scale_bar_at: tuple[float, float]
    zones: tuple[Zone, ...]


def _zones(*rows: tuple[str, str, float, float, float, float]) -> tuple[Zone, ...]:
    return tuple(Zone(*row) for row in rows)


# A3: markers 30 mm at 8 mm from the edges; title and scale bar along the top between them.
class _Frame(TypedDict):
    marker_side: float
    marker_margin: float
    title_at: tuple[float, float]


_A3_FRAME = _Frame(marker_side=30.0, marker_margin=8.0, title_at=(44.0, 9.0))
_A4_FRAME = _Frame(marker_side=24.0, marker_margin=7.0, title_at=(35.0, 8.0))

_A3: dict[str, _Design] = {
    "oh-hell": _Design(
        title="Oh Hell",
        scale_bar_at=(276.0, 16.0),
        zones=_zones(
            ("trump", "TRUMP", 20.0, 60.0, 110.0, 170.0),
            ("trick", "TRICK", 150.0, 50.0, 250.0, 200.0),
        ),
        **_A3_FRAME,
    ),
    "oczko": _Design(
        title="Oczko",
        scale_bar_at=(276.0, 16.0),
        zones=_zones(
            ("banker", "BANKER", 44.0, 30.0, 220.0, 110.0),
            ("punter", "PUNTER", 44.0, 150.0, 220.0, 110.0),
            ("stock", "STOCK", 290.0, 90.0, 100.0, 130.0),
        ),
        **_A3_FRAME,
    ),
    "ochko-21": _Design(
        title="Очко 21 (стук)",
        scale_bar_at=(276.0, 16.0),
        zones=_zones(
            ("banker", "BANKER", 44.0, 30.0, 220.0, 110.0),
            ("player", "PLAYER", 44.0, 150.0, 220.0, 110.0),
            ("stock", "STOCK", 290.0, 90.0, 100.0, 130.0),
        ),
        **_A3_FRAME,
    ),
    # Three punters, each with room for a split hand: three rows of 92 mm.
    "ochko-bank": _Design(
        title="Очко: bank",
        scale_bar_at=(276.0, 60.0),
        zones=_zones(
            ("dealer", "DEALER", 44.0, 8.0, 160.0, 92.0),
            ("marker", "MARKER", 208.0, 8.0, 66.0, 92.0),
            ("seat1", "SEAT 1", 8.0, 103.0, 130.0, 92.0),
            ("seat2", "SEAT 2", 145.0, 103.0, 130.0, 92.0),
            ("seat3", "SEAT 3", 282.0, 103.0, 130.0, 92.0),
            ("seat1b", "SEAT 1 SPLIT", 44.0, 198.0, 106.0, 92.0),
            ("seat2b", "SEAT 2 SPLIT", 157.0, 198.0, 106.0, 92.0),
            ("seat3b", "SEAT 3 SPLIT", 270.0, 198.0, 106.0, 92.0),
        ),
        marker_side=30.0,
        marker_margin=8.0,
        title_at=(280.0, 22.0),
    ),
    "gwiazda": _Design(
        title="Gwiazda",
        scale_bar_at=(276.0, 16.0),
        zones=_zones(
            ("reveal", "REVEAL", 44.0, 30.0, 260.0, 230.0),
            ("bank", "BANK", 312.0, 50.0, 100.0, 200.0),
        ),
        **_A3_FRAME,
    ),
}

_A4: dict[str, _Design] = {
    "oh-hell": _Design(
        title="Oh Hell",
        scale_bar_at=(160.0, 13.0),
        zones=_zones(
            ("trump", "TRUMP", 10.0, 50.0, 80.0, 110.0),
            ("trick", "TRICK", 100.0, 38.0, 190.0, 135.0),
        ),
        **_A4_FRAME,
    ),
    "oczko": _Design(
        title="Oczko",
        scale_bar_at=(160.0, 13.0),
        zones=_zones(
            ("banker", "BANKER", 35.0, 22.0, 150.0, 90.0),
            ("punter", "PUNTER", 35.0, 114.0, 150.0, 90.0),
            ("stock", "STOCK", 195.0, 55.0, 85.0, 110.0),
        ),
        **_A4_FRAME,
    ),
    "ochko-21": _Design(
        title="Очко 21",
        scale_bar_at=(160.0, 13.0),
        zones=_zones(
            ("banker", "BANKER", 35.0, 22.0, 150.0, 90.0),
            ("player", "PLAYER", 35.0, 114.0, 150.0, 90.0),
            ("stock", "STOCK", 195.0, 55.0, 85.0, 110.0),
        ),
        **_A4_FRAME,
    ),
    # Two punters without split zones: that is what A4 holds.
    "ochko-bank": _Design(
        title="Очко: bank",
        scale_bar_at=(160.0, 13.0),
        zones=_zones(
            ("dealer", "DEALER", 35.0, 22.0, 140.0, 90.0),
            ("marker", "MARKER", 180.0, 22.0, 70.0, 90.0),
            ("seat1", "SEAT 1", 35.0, 114.0, 112.0, 90.0),
            ("seat2", "SEAT 2", 150.0, 114.0, 112.0, 90.0),
        ),
        **_A4_FRAME,
    ),
    "gwiazda": _Design(
        title="Gwiazda",
        scale_bar_at=(160.0, 13.0),
        zones=_zones(
            ("reveal", "REVEAL", 35.0, 22.0, 175.0, 180.0),
            ("bank", "BANK", 218.0, 40.0, 68.0, 134.0),
        ),
        **_A4_FRAME,
    ),
}

LAYOUT_GAMES: tuple[str, ...] = tuple(_A3)
_PAPERS: tuple[Paper, ...] = (Paper.A4, Paper.A3, Paper.A2)


def _scaled(design: _Design, factor: float) -> _Design:
    def point(xy: tuple[float, float]) -> tuple[float, float]:
        return (xy[0] * factor, xy[1] * factor)

    zones = tuple(
        replace(z, x=z.x * factor, y=z.y * factor, width=z.width * factor, height=z.height * factor)
        for z in design.zones
    )
    return _Design(
        title=design.title,
        marker_side=design.marker_side * factor,
        marker_margin=design.marker_margin * factor,
        title_at=point(design.title_at),
        # The bar stays 10 cm long: only its place scales.
        scale_bar_at=point(design.scale_bar_at),
        zones=zones,
    )


def _design(game: str, paper: Paper) -> _Design:
    if paper is Paper.A4:
        return _A4[game]
    if paper is Paper.A3:
        return _A3[game]
    return _scaled(_A3[game], A2_FROM_A3)


def _marker_ids(game: str, paper: Paper) -> tuple[int, int, int, int]:
    first = (LAYOUT_GAMES.index(game) * len(_PAPERS) + _PAPERS.index(paper)) * 4
    return (first, first + 1, first + 2, first + 3)


@cache
def mat_layout(game: str, paper: Paper) -> MatLayout:
    """The layout of ``game``'s mat on ``paper``; KeyError names the games for an unknown one."""
    if game not in _A3:
        raise KeyError(f'no mat for game "{game}" (games: {", ".join(LAYOUT_GAMES)})')
    design = _design(game, paper)
    return MatLayout(
        game=game,
        paper=paper,
        zones=design.zones,
        marker_ids=_marker_ids(game, paper),
        marker_side=design.marker_side,
        marker_margin=design.marker_margin,
        title=design.title,
        title_at=design.title_at,
        scale_bar_at=design.scale_bar_at,
    )


def all_layouts() -> tuple[MatLayout, ...]:
    return tuple(mat_layout(game, paper) for game in LAYOUT_GAMES for paper in _PAPERS)


def whole_frame_layout(width: float, height: float) -> MatLayout:
    """No mat: the whole picture is one zone named ``table`` (1 mm = 1 px)."""
    return MatLayout(
        game="",
        paper=Paper.A3,
        zones=(Zone(TABLE_ZONE, "TABLE", 0.0, 0.0, width, height),),
        marker_ids=(-1, -1, -1, -1),
        marker_side=0.0,
        marker_margin=0.0,
        title="",
        title_at=(0.0, 0.0),
        scale_bar_at=(0.0, 0.0),
        extent=(width, height),
    )


def layout_of_marker(marker_id: int) -> MatLayout | None:
    """The layout whose corners carry this marker id, or None for a foreign marker."""
    games_papers = len(LAYOUT_GAMES) * len(_PAPERS)
    if not 0 <= marker_id < games_papers * 4:
        return None
    game_index, paper_index = divmod(marker_id // 4, len(_PAPERS))
    return mat_layout(LAYOUT_GAMES[game_index], _PAPERS[paper_index])
