"""A game's mat design as values: where its zones lie on A3 and on A4 paper (landscape),
in millimetres from the paper's top-left corner, x to the right, y down.

A game's folder holds its ``MatDesign``; ``companion.table.layouts`` makes the printed
mats of it (A2 is A3 scaled, the corner markers' ids given by the game's place in the
registry).
"""

from __future__ import annotations

from dataclasses import dataclass

# A3: markers 30 mm at 8 mm from the edges; the title and the scale bar along the top
# between them. A4: the same, smaller.
A3_MARKER_SIDE, A3_MARKER_MARGIN, A3_TITLE_AT = 30.0, 8.0, (44.0, 9.0)
A4_MARKER_SIDE, A4_MARKER_MARGIN, A4_TITLE_AT = 24.0, 7.0, (35.0, 8.0)


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


def zones(*rows: tuple[str, str, float, float, float, float]) -> tuple[Zone, ...]:
    """Zones from rows of (name, printed label, x, y, width, height)."""
    return tuple(Zone(*row) for row in rows)


@dataclass(frozen=True)
class PaperDesign:
    """One paper's mat before its marker ids are given: its title, zones and frame."""

    title: str
    zones: tuple[Zone, ...]
    scale_bar_at: tuple[float, float]  # left end of the 10 cm bar
    marker_side: float
    marker_margin: float
    title_at: tuple[float, float]  # top-left of the title text


def a3_design(
    title: str,
    zones: tuple[Zone, ...],
    *,
    scale_bar_at: tuple[float, float],
    title_at: tuple[float, float] = A3_TITLE_AT,
) -> PaperDesign:
    return PaperDesign(title, zones, scale_bar_at, A3_MARKER_SIDE, A3_MARKER_MARGIN, title_at)


def a4_design(
    title: str, zones: tuple[Zone, ...], *, scale_bar_at: tuple[float, float]
) -> PaperDesign:
    return PaperDesign(title, zones, scale_bar_at, A4_MARKER_SIDE, A4_MARKER_MARGIN, A4_TITLE_AT)


@dataclass(frozen=True)
class MatDesign:
    """A game's mat: the A3 design (the reference; A2 is it scaled by sqrt 2) and the A4
    one, laid out on its own (fewer seats where the cards would not fit)."""

    a3: PaperDesign
    a4: PaperDesign
