"""Mat layouts: each game's printed mat on A4, A3 and A2 paper (landscape), from the
mat design in its folder (``GamePlugin.mat``, through the registry).

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

import numpy as np

from companion.games.registry import game_ids, plugin, version
from companion.values.mat import MatDesign, PaperDesign, Zone

# cv2.aruco.DICT_4X4_100: 4x4 cells read at the fewest pixels; 100 ids cover 8 games x 3
# papers x 4 corners. Kept as the number so that importing this module needs no OpenCV.
ARUCO_DICTIONARY = 1
ARUCO_IDS = 100
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


_PAPERS: tuple[Paper, ...] = (Paper.A4, Paper.A3, Paper.A2)


def _scaled(design: PaperDesign, factor: float) -> PaperDesign:
    def point(xy: tuple[float, float]) -> tuple[float, float]:
        return (xy[0] * factor, xy[1] * factor)

    zones = tuple(
        replace(z, x=z.x * factor, y=z.y * factor, width=z.width * factor, height=z.height * factor)
        for z in design.zones
    )
    return PaperDesign(
        title=design.title,
        marker_side=design.marker_side * factor,
        marker_margin=design.marker_margin * factor,
        title_at=point(design.title_at),
        # The bar stays 10 cm long: only its place scales.
        scale_bar_at=point(design.scale_bar_at),
        zones=zones,
    )


def _design(mat: MatDesign, paper: Paper) -> PaperDesign:
    if paper is Paper.A4:
        return mat.a4
    if paper is Paper.A3:
        return mat.a3
    return _scaled(mat.a3, A2_FROM_A3)


def mat_layout(game: str, paper: Paper) -> MatLayout:
    """The layout of ``game``'s mat on ``paper``, numbered by the game's place in the
    registry; KeyError names the games for an unknown one."""
    return _registered_layout(game, paper, version())


@cache
def _registered_layout(game: str, paper: Paper, registry_version: int) -> MatLayout:
    """A mat's layout, looked up once for each state of the registry (the tracker asks
    for it at every marker it sees)."""
    games = game_ids()
    if game not in games:
        raise KeyError(f'no mat for game "{game}" (games: {", ".join(games)})')
    return _layout(game, games.index(game), plugin(game).mat, paper)


@cache
def _layout(game: str, number: int, mat: MatDesign, paper: Paper) -> MatLayout:
    """A game's layout, its markers' ids from its mat's ``number``: the mat's four corners
    on each paper in turn."""
    design = _design(mat, paper)
    first = (number * len(_PAPERS) + _PAPERS.index(paper)) * 4
    if first + 4 > ARUCO_IDS:
        most = ARUCO_IDS // (4 * len(_PAPERS))
        raise KeyError(f'no mat for game "{game}": the markers have ids for {most} games')
    return MatLayout(
        game=game,
        paper=paper,
        zones=design.zones,
        marker_ids=(first, first + 1, first + 2, first + 3),
        marker_side=design.marker_side,
        marker_margin=design.marker_margin,
        title=design.title,
        title_at=design.title_at,
        scale_bar_at=design.scale_bar_at,
    )


def all_layouts() -> tuple[MatLayout, ...]:
    return tuple(mat_layout(game, paper) for game in game_ids() for paper in _PAPERS)


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
    games = game_ids()
    if not 0 <= marker_id < len(games) * len(_PAPERS) * 4:
        return None
    game_index, paper_index = divmod(marker_id // 4, len(_PAPERS))
    return mat_layout(games[game_index], _PAPERS[paper_index])
