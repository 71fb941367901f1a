"""From frames to table events: per zone, the cards on it in the order they arrived.

Each frame is shrunk to a coarse grey picture of the mat (mat_cells). A zone where cells
changed since the last frame has something moving over it and says nothing; a still zone
whose picture differs from the one it last settled with is read (only that zone, warped
top-down at a fixed scale) and, once two reads over the stability window agree, its
change becomes events (zone_watch). A still table costs the shrink and a few
subtractions.

The light of the whole table may change (a lamp dimmed, a cloud): cells are compared
after scaling the older picture by the light's change over the whole mat (the median
ratio of the cells, which a card or a hand over a part of the mat does not move), so a
change of light is neither motion nor a change, and what changes under it still is."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Protocol

import numpy as np

from companion.cards import Card, DeckProfile
from companion.table.calibration import MatView
from companion.table.card_reads import CardRead, box_frame, clipped_by_cut, face_corners
from companion.table.events import TableEvent, TrackerOutput, UnsureReport
from companion.table.layouts import MatLayout
from companion.table.mat_cells import CellGrid
from companion.table.tracker_settings import TrackerSettings
from companion.table.zone_watch import SpotLevels, ZoneLook, ZoneWatch
from companion.values.frame import Frame
from companion.values.mat import Zone
from companion.vision.merging import Doubt

# Round an index, the cells this bright or brighter are its paper (ink covers less).
PAPER_PERCENTILE = 75.0


class IndexRead(Protocol):
    """What the tracker needs of one of the reader's detections."""

    @property
    def card(self) -> Card: ...
    @property
    def confidence(self) -> float: ...
    @property
    def quad(self) -> np.ndarray: ...
    @property
    def indices(self) -> int: ...
    @property
    def doubt(self) -> Doubt | None: ...


class CardsReader(Protocol):
    """The reader (companion.vision.reader.CardReader), or a stand-in in tests."""

    def read(self, image: np.ndarray) -> Sequence[IndexRead]: ...


class TableTracker:
    """Fed one frame at a time with the mat's view of it; knows zones and the deck, no
    game rules."""

    def __init__(
        self,
        reader: CardsReader,
        *,
        deck: DeckProfile,
        settings: TrackerSettings | None = None,
    ) -> None:
        self.reader = reader
        self.deck = deck
        self.settings = settings or TrackerSettings()
        self.watches: dict[str, ZoneWatch] = {}
        self._grid: CellGrid | None = None
        self._previous: np.ndarray | None = None  # the last frame's cells
        self._previous_time: float | None = None
        # Each zone's cells when it last settled, at the light of the first frame (cells
        # settled later are scaled back by the light's change since).
        self._settled: np.ndarray | None = None
        self.last_reads: dict[str, tuple[CardRead, ...]] = {}  # each zone's latest read

    def use_deck(self, deck: DeckProfile) -> None:
        """Count copies by ``deck`` from now on (the cards already placed stay)."""
        self.deck = deck
        for watch in self.watches.values():
            watch.deck = deck

    def cards(self) -> dict[str, tuple[Card, ...]]:
        """The cards on each zone, in the order they arrived."""
        return {name: watch.cards for name, watch in self.watches.items()}

    def step(self, frame: Frame, view: MatView | None) -> TrackerOutput:
        """Follow the table through one frame; ``view`` None means the mat is not found."""
        if view is None:
            self._lose_sight()
            return TrackerOutput(frame.time, mat_found=False)
        grid = self._grid_for(view)
        cells = grid.cells(frame)
        previous = self._previous
        comparable = previous is not None and previous.shape == cells.shape
        settled = self._settled
        if settled is None or settled.shape != cells.shape:
            settled = self._settled = np.full(cells.shape, np.nan, np.float32)
        light = self._light_change(cells, settled)
        reference = settled * light  # the settled pictures as the light is now
        if comparable and previous is not None:
            previous = previous * self._light_change(cells, previous)
        events: list[TableEvent] = []
        unsure: list[UnsureReport] = []
        moving: list[str] = []
        read: list[str] = []
        for zone in view.layout.zones:
            watch = self.watches[zone.name]
            rows, columns = grid.zone_slice(zone)
            now = cells[rows, columns]
            motion = not comparable or self._differs(
                now,
                previous[rows, columns] if previous is not None else now,
                self.settings.motion_level,
            )
            look = ZoneLook(
                time=frame.time,
                moving=motion,
                changed=self._differs(now, reference[rows, columns], self.settings.change_level),
                changed_at=partial(self._changed_round, grid, cells, reference),
                read=partial(self._read_changed, frame, view, grid, cells, reference, zone),
                copies_elsewhere=partial(self._copies_outside, zone.name),
                picture=now / light,
                levels_at=partial(self._levels_round, grid, cells, light, settled),
            )
            answer = watch.step(look, self._previous_time if comparable else None)
            if motion:
                moving.append(zone.name)
            if answer.read:
                read.append(zone.name)
            if answer.settled:
                settled[rows, columns] = now / light
            events.extend(answer.events)
            unsure.extend(answer.unsure)
        self._previous, self._previous_time = cells, frame.time
        return TrackerOutput(
            frame.time,
            events=tuple(sorted(events, key=lambda event: event.time)),
            unsure=tuple(unsure),
            moving=tuple(moving),
            read=tuple(read),
        )

    def _lose_sight(self) -> None:
        """No mat: every still spell ends, and the next frame seen is compared with none."""
        for watch in self.watches.values():
            watch.restart()
        self._previous = self._previous_time = None

    def _grid_for(self, view: MatView) -> CellGrid:
        """The cell grid of this view (made again when the view moved), and a watch per zone
        (kept by name, so the cards stay when the mat is seen again)."""
        grid = self._grid
        if grid is None or grid.view is not view:
            grid = self._grid = CellGrid.of(view, self.settings.cell_mm)
            for zone in view.layout.zones:
                if zone.name not in self.watches:
                    self.watches[zone.name] = ZoneWatch(
                        zone.name, deck=self.deck, settings=self.settings
                    )
        return grid

    def _light_change(self, cells: np.ndarray, before: np.ndarray) -> float:
        """How much brighter the mat is now than in ``before`` (1.0: as bright, or too
        little of it known to tell): the median ratio of the cells lit enough to tell."""
        # an even spread of at most light_sample cells tells the median as well as all
        step = max(1, math.ceil(math.sqrt(cells.size / self.settings.light_sample)))
        cells, before = cells[::step, ::step], before[::step, ::step]
        known = np.isfinite(before) & (before >= self.settings.light_floor)
        if np.count_nonzero(known) < self.settings.light_cells:
            return 1.0
        ratio = float(np.median(cells[known] / before[known]))
        low, high = self.settings.light_range
        return min(high, max(low, ratio))

    @staticmethod
    def _differs(now: np.ndarray, before: np.ndarray, level: float) -> bool:
        """Whether any cell differs by more than ``level`` (cells never settled differ)."""
        if now.size == 0:
            return False
        gap = np.abs(now - before)
        return bool(np.isnan(gap).any() or (gap > level).any())

    def _changed_round(
        self, grid: CellGrid, cells: np.ndarray, settled: np.ndarray, quad: np.ndarray
    ) -> bool:
        """Whether the picture round an index box differs from when its zone settled
        (``settled``: the settled cells as the light is now)."""
        _, _, _, height, _ = box_frame(quad)
        rows, columns = grid.around(quad.mean(axis=0), height / 2 + self.settings.cell_mm)
        if rows.start >= rows.stop or columns.start >= columns.stop:
            return True  # off the mat as it is seen now (the frame changed size)
        return self._differs(
            cells[rows, columns], settled[rows, columns], self.settings.change_level
        )

    def _levels_round(
        self,
        grid: CellGrid,
        cells: np.ndarray,
        light: float,
        settled: np.ndarray,
        quad: np.ndarray,
    ) -> SpotLevels:
        """The grey round an index box before this change and now, both at the first
        frame's light (``light``: how much brighter the table is now)."""
        _, _, _, height, _ = box_frame(quad)
        rows, columns = grid.around(quad.mean(axis=0), height / 2 + self.settings.cell_mm)
        now = cells[rows, columns] / light
        before = settled[rows, columns]
        if now.size == 0:
            return SpotLevels(float("nan"), float("nan"), float("nan"))
        known = before[np.isfinite(before)]
        return SpotLevels(
            before=float(np.median(known)) if known.size else float("nan"),
            now=float(np.median(now)),
            bright=float(np.percentile(now, PAPER_PERCENTILE)),
        )

    def _copies_outside(self, name: str, card: Card) -> int:
        return sum(
            watch.cards.count(card) for other, watch in self.watches.items() if other != name
        )

    def _read_changed(
        self,
        frame: Frame,
        view: MatView,
        grid: CellGrid,
        cells: np.ndarray,
        settled: np.ndarray,
        zone: Zone,
    ) -> tuple[CardRead, ...]:
        """The zone's reads on the part of it that changed since it settled."""
        rows, columns = grid.zone_slice(zone)
        box = self._changed_box(grid, cells, settled, zone, rows, columns)
        # the frame's colour picture is decoded only here, where a zone is read
        return self._read_zone(frame.image if box is not None else None, view, zone, box)

    def _read_zone(
        self, image: np.ndarray | None, view: MatView, zone: Zone, box: tuple[float, ...] | None
    ) -> tuple[CardRead, ...]:
        """The cards whose index lies on the zone, read on a top-down cut of the part of it
        that changed since it settled (``box``: left, top, right, bottom in mm; None: no
        part changed, nothing is read)."""
        import cv2

        if box is None or image is None:
            self.last_reads[zone.name] = ()
            return ()
        scale = self._read_scale(view.layout)
        left, top, right, bottom = box
        to_cut = (
            np.array([[scale, 0.0, -left * scale], [0.0, scale, -top * scale], [0.0, 0.0, 1.0]])
            @ view.image_to_mat
        )
        size = (max(1, round((right - left) * scale)), max(1, round((bottom - top) * scale)))
        if scale == 1.0 and np.array_equal(view.image_to_mat, np.eye(3)):
            left, top = float(math.floor(left)), float(math.floor(top))
            right, bottom = float(math.ceil(right)), float(math.ceil(bottom))
            cut = image[int(top) : int(bottom), int(left) : int(right)]  # no mat
        else:
            cut = cv2.warpPerspective(image, to_cut, size, flags=cv2.INTER_LINEAR)
        reads = []
        for detection in self.reader.read(cut):
            quad = np.asarray(detection.quad, np.float64) / scale + [left, top]
            centre = quad.mean(axis=0)
            if zone.contains(float(centre[0]), float(centre[1])):
                clipped = clipped_by_cut(quad, (left, top, right, bottom), view.layout.size)
                reads.append(
                    CardRead(
                        detection.card,
                        float(detection.confidence),
                        quad,
                        detection.indices,
                        clipped=clipped,
                        doubt=detection.doubt,
                    )
                )
        self.last_reads[zone.name] = tuple(reads)
        return tuple(reads)

    def _changed_box(
        self,
        grid: CellGrid,
        cells: np.ndarray,
        settled: np.ndarray,
        zone: Zone,
        rows: slice,
        columns: slice,
    ) -> tuple[float, float, float, float] | None:
        """The part of the zone whose cells differ from when it settled (``settled``: its
        cells as the light is now), grown by the read margin so an index on its edge is
        cut whole, in mm (None: no cell differs)."""
        now = cells[rows, columns]
        gap = np.abs(now - settled[rows, columns])
        differs = np.isnan(gap) | (gap > self.settings.change_level)
        where = np.nonzero(differs)
        if not len(where[0]):
            return None
        step = grid.cell_mm
        has_markers = grid.view.layout.has_markers
        margin = self.settings.read_margin_mm if has_markers else self.settings.frame_margin_px
        left = (columns.start + where[1].min()) * step - margin
        top = (rows.start + where[0].min()) * step - margin
        right = (columns.start + where[1].max() + 1) * step + margin
        bottom = (rows.start + where[0].max() + 1) * step + margin
        # The cards already there whose index changed round it are cut whole with their
        # margin, so they are read again before they can be gone: the whole face, so that
        # a card whose index was just covered is read at its other index where that shows.
        for placed in self.watches[zone.name].placed:
            face = face_corners(placed.quad)
            low, high = face.min(axis=0), face.max(axis=0)
            if self._changed_round(grid, cells, settled, placed.quad):
                left, top = min(left, low[0] - margin), min(top, low[1] - margin)
                right, bottom = max(right, high[0] + margin), max(bottom, high[1] + margin)
        width, height = grid.view.layout.size
        return (
            max(0.0, zone.x - margin, float(left)),
            max(0.0, zone.y - margin, float(top)),
            min(width, zone.x + zone.width + margin, float(right)),
            min(height, zone.y + zone.height + margin, float(bottom)),
        )

    def _read_scale(self, layout: MatLayout) -> float:
        """Cut pixels per mat millimetre: the settings' on a mat; without one, the frame's
        own pixels."""
        return self.settings.read_px_per_mm if layout.has_markers else 1.0
