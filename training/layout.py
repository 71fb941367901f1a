"""Where cards lie on the table: scattered, in spreads, fans and piles, before the camera."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import cv2
import numpy as np

MAX_CARDS = 12
MAX_GROUPS = 3
CARD_ASPECT = 63.0 / 88.0  # poker size, width / height
EMPTY_TABLE_CHANCE = 0.05
FULL_TURN = 2.0 * np.pi
EDGE_OVERHANG = 0.08  # cards may lie this fraction of the frame beyond its edges
MAX_TILT = 0.22  # corner shift of the camera homography, fraction of the frame
CENTRAL_CHANCE = 0.6
CLOSE_UP_SINGLE = 0.7
CENTRAL_SPREAD = 0.2  # standard deviation around the middle, fraction of the frame
APART_CELL = 1.1  # for cards dealt apart: a cell's side / the card's diagonal
APART_MARGIN = 0.04  # for cards dealt apart: the frame's border left clear, fraction


class Arrangement(Enum):
    SCATTER = "scatter"
    SPREAD = "spread"  # a row where each card covers part of the one before
    CASCADE = "cascade"  # a column where only the top strip of the lower cards shows
    FAN = "fan"
    PILE = "pile"


ARRANGEMENT_WEIGHTS = {
    Arrangement.SCATTER: 0.3,
    Arrangement.SPREAD: 0.25,
    Arrangement.CASCADE: 0.15,
    Arrangement.FAN: 0.2,
    Arrangement.PILE: 0.1,
}


@dataclass(frozen=True)
class Pose:
    """A card on the table plane: centre, rotation (radians, clockwise in the image), height."""

    x: float
    y: float
    angle: float
    height: float
    group: int

    def outline(self, aspect: float) -> np.ndarray:
        """The card corners (face TL, TR, BR, BL) on the table plane, 4 x 2 float32."""
        half_w = self.height * aspect / 2
        half_h = self.height / 2
        local = np.array(
            [[-half_w, -half_h], [half_w, -half_h], [half_w, half_h], [-half_w, half_h]],
            np.float64,
        )
        cos, sin = np.cos(self.angle), np.sin(self.angle)
        rotation = np.array([[cos, sin], [-sin, cos]])
        corners: np.ndarray = (local @ rotation + [self.x, self.y]).astype(np.float32)
        return corners


def _rotate(vector: np.ndarray, angle: float) -> np.ndarray:
    cos, sin = np.cos(angle), np.sin(angle)
    return np.array([vector[0] * cos - vector[1] * sin, vector[0] * sin + vector[1] * cos])


@dataclass(frozen=True)
class TableLayout:
    """Card poses on the table plane and the homography from the table to the image."""

    poses: tuple[Pose, ...]
    camera: np.ndarray  # 3 x 3 float64


class LayoutMaker:
    def __init__(self, rng: np.random.Generator, width: int, height: int) -> None:
        self.rng = rng
        self.width = width
        self.height = height

    def _anywhere(self) -> np.ndarray:
        """A point of the table: mostly around the middle, sometimes anywhere or past an edge."""
        if self.rng.random() < CENTRAL_CHANCE:
            spread = np.array([self.width, self.height]) * CENTRAL_SPREAD
            middle = np.array([self.width, self.height]) / 2
            return np.asarray(middle + self.rng.normal(0, 1, 2) * spread, np.float64)
        margin_x = self.width * EDGE_OVERHANG
        margin_y = self.height * EDGE_OVERHANG
        return np.array(
            [
                self.rng.uniform(-margin_x, self.width + margin_x),
                self.rng.uniform(-margin_y, self.height + margin_y),
            ]
        )

    def _jitter(self, card_height: float) -> float:
        return card_height * float(self.rng.uniform(0.97, 1.03))

    def scatter(self, count: int, card_height: float, group: int) -> list[Pose]:
        poses = []
        for _ in range(count):
            x, y = self._anywhere()
            angle = float(self.rng.uniform(0, FULL_TURN))
            poses.append(Pose(x, y, angle, self._jitter(card_height), group))
        return poses

    def _stepped(
        self, count: int, card_height: float, group: int, step_local: np.ndarray
    ) -> list[Pose]:
        start = self._anywhere()
        angle = float(self.rng.uniform(0, FULL_TURN))
        step = _rotate(step_local * card_height, angle)
        start -= step * (count - 1) / 2
        poses = []
        for position in range(count):
            wobble = float(self.rng.normal(0, 0.03))
            shift = self.rng.normal(0, 0.01, 2) * card_height
            centre = start + step * position + shift
            poses.append(
                Pose(centre[0], centre[1], angle + wobble, self._jitter(card_height), group)
            )
        return poses

    def spread(self, count: int, card_height: float, group: int) -> list[Pose]:
        step = np.array([self.rng.uniform(0.1, 0.5) * CARD_ASPECT, self.rng.normal(0, 0.03)])
        return self._stepped(count, card_height, group, step)

    def cascade(self, count: int, card_height: float, group: int) -> list[Pose]:
        step = np.array([self.rng.normal(0, 0.02), self.rng.uniform(0.12, 0.35)])
        return self._stepped(count, card_height, group, step)

    def fan(self, count: int, card_height: float, group: int) -> list[Pose]:
        pivot = self._anywhere()
        base = float(self.rng.uniform(0, FULL_TURN))
        step = float(np.radians(self.rng.uniform(5, 16)))
        reach = card_height * float(self.rng.uniform(0.25, 0.45))
        poses = []
        for position in range(count):
            angle = base + step * (position - (count - 1) / 2)
            centre = pivot + _rotate(np.array([0.0, -reach]), angle)
            poses.append(Pose(centre[0], centre[1], angle, self._jitter(card_height), group))
        return poses

    def pile(self, count: int, card_height: float, group: int) -> list[Pose]:
        centre = self._anywhere()
        base = float(self.rng.uniform(0, FULL_TURN))
        loose = float(self.rng.uniform(0.02, 0.5))
        poses = []
        for _ in range(count):
            shift = self.rng.normal(0, 0.08, 2) * card_height
            angle = base + float(self.rng.normal(0, loose))
            x, y = centre + shift
            poses.append(Pose(x, y, angle, self._jitter(card_height), group))
        return poses

    def camera(self) -> np.ndarray:
        """A homography from the table plane to the image: a tilted, slightly shifted view."""
        corners = np.array(
            [[0, 0], [self.width, 0], [self.width, self.height], [0, self.height]], np.float32
        )
        size = np.array([self.width, self.height], np.float32)
        tilt = float(self.rng.uniform(0, MAX_TILT) * self.rng.uniform(0.3, 1.0))
        moved = corners + self.rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * size
        return cv2.getPerspectiveTransform(corners, moved.astype(np.float32)).astype(np.float64)

    def close_up(self, card_height: float) -> TableLayout:
        """One card (sometimes two, overlapping) large and near the middle of the frame."""
        count = 1 if self.rng.random() < CLOSE_UP_SINGLE else 2
        middle = np.array([self.width / 2, self.height / 2])
        poses = []
        for _ in range(count):
            x, y = middle + self.rng.normal(0, 0.1, 2) * [self.width, self.height]
            upright = float(self.rng.choice([0.0, np.pi / 2, np.pi, 3 * np.pi / 2]))
            angle = upright + float(self.rng.normal(0, 0.15))
            poses.append(Pose(x, y, angle, self._jitter(card_height), 0))
        return TableLayout(tuple(poses), self.camera())

    def _apart_grid(self, card_height: float) -> tuple[float, float, int, int]:
        """For cards this tall dealt apart: the card's diagonal, the grid's cell side, and
        its columns and rows inside the frame's clear border."""
        diagonal = card_height * float(np.hypot(1.0, CARD_ASPECT))
        cell = diagonal * APART_CELL
        usable = 1.0 - 2.0 * APART_MARGIN
        return diagonal, cell, int(self.width * usable // cell), int(self.height * usable // cell)

    def apart_capacity(self, card_height: float) -> int:
        """How many cards this tall fit apart on the table (see ``apart``)."""
        _, _, columns, rows = self._apart_grid(card_height)
        return columns * rows

    def apart(self, count: int, card_height: float) -> TableLayout:
        """``count`` cards at most ``card_height`` tall, none touching another: each turned
        at any angle inside its own cell of a grid over the table, cells chosen at random."""
        diagonal, cell, columns, rows = self._apart_grid(card_height)
        if not 0 <= count <= columns * rows:
            raise ValueError(f"{count} cards of height {card_height:.0f} do not fit apart")
        left = (self.width - columns * cell) / 2
        top = (self.height - rows * cell) / 2
        slack = (cell - diagonal) / 2
        poses = []
        for number in self.rng.choice(columns * rows, count, replace=False):
            row, column = divmod(int(number), columns)
            x, y = self.rng.uniform(-slack, slack, 2)
            angle = float(self.rng.uniform(0, FULL_TURN))
            poses.append(
                Pose(
                    left + (column + 0.5) * cell + x,
                    top + (row + 0.5) * cell + y,
                    angle,
                    card_height,
                    0,
                )
            )
        return TableLayout(tuple(poses), self.camera())

    def make(self, card_height: float) -> TableLayout:
        """Poses for 0..12 cards in one to three groups, bottom card first."""
        if self.rng.random() < EMPTY_TABLE_CHANCE:
            return TableLayout((), self.camera())
        total = int(self.rng.integers(1, MAX_CARDS + 1))
        group_count = min(total, int(self.rng.integers(1, MAX_GROUPS + 1)))
        cuts = np.sort(self.rng.choice(np.arange(1, total), group_count - 1, replace=False))
        sizes = np.diff(np.concatenate([[0], cuts, [total]]))
        makers = {
            Arrangement.SCATTER: self.scatter,
            Arrangement.SPREAD: self.spread,
            Arrangement.CASCADE: self.cascade,
            Arrangement.FAN: self.fan,
            Arrangement.PILE: self.pile,
        }
        kinds = list(ARRANGEMENT_WEIGHTS)
        weights = np.array([ARRANGEMENT_WEIGHTS[kind] for kind in kinds])
        poses: list[Pose] = []
        for group, size in enumerate(sizes):
            arrangement = kinds[int(self.rng.choice(len(kinds), p=weights / weights.sum()))]
            poses.extend(makers[arrangement](int(size), card_height, group))
        return TableLayout(tuple(poses), self.camera())
