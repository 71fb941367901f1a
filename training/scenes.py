"""Synthetic table scenes with exact ground truth: where every card and index lies.

``SceneMaker(faces, seed).make()`` lays cards out (``layout``), draws a table
(``backgrounds``) with things that are not cards (``distractors``), warps each face into
place with a soft shadow, keeps a map of which card is on top at every pixel, and finishes
with lighting and camera effects (``photometric``). Visibility is measured by sampling a
grid of points over each card and each index box against that map.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.cards import IndexScript
from training import distractors, photometric
from training.backgrounds import BackgroundBank, FloatImage
from training.layout import LayoutMaker, Pose, TableLayout
from training.types import FaceImage, PlacedCard, PlacedIndex, Scene

DEFAULT_WIDTH = 1280
DEFAULT_HEIGHT = 720
REFERENCE_HEIGHT = 720  # index heights below are for this frame height
INDEX_PIXELS_RANGE = (12.0, 60.0)
CLOSE_UP_HEIGHT = (0.45, 0.95)  # card height in a close-up, fraction of the frame height
NOMINAL_INDEX_FRACTION = 0.17  # index box height / face height when a face has none
NO_CARD = -1
OCCLUDER = -2
CARD_SAMPLES = 16  # per side of the grid of points that measures a card's visibility
INDEX_SAMPLES = 8
# The rank glyph fills the top part of an index box as it reads, the suit pip the rest
# (the median over the rendered designs; their 5-95% range is 0.44..0.60).
GLYPH_SHARE = 0.55
RIGHT_ANGLE = 90
MIN_PYRAMID_HEIGHT = 24
SECOND_DECK_CHANCE = 0.25
FONT_PREFIX = "font:"
FONT_DECK_WEIGHT = 0.5  # font-drawn decks are plainer than real art: dealt half as often
HAND_CHANCE = 0.15
PAPER_TINT = 0.08
SHEEN_CHANCE = 0.15


@dataclass(frozen=True)
class _Lighting:
    shadow_direction: np.ndarray  # unit vector in the image
    shadow_length: float  # fraction of the card height
    shadow_strength: float  # how much the shadow darkens
    card_light: float  # brightness of the card faces relative to their art


@dataclass(frozen=True)
class _Deck:
    design: str
    script: IndexScript
    faces: tuple[int, ...]  # positions in SceneMaker.faces


def _grid(x0: float, y0: float, x1: float, y1: float, count: int) -> np.ndarray:
    steps = (np.arange(count) + 0.5) / count
    xs = x0 + (x1 - x0) * steps
    ys = y0 + (y1 - y0) * steps
    gx, gy = np.meshgrid(xs, ys)
    return np.stack([gx.ravel(), gy.ravel()], axis=1)


def _transform(points: np.ndarray, homography: np.ndarray) -> np.ndarray:
    mapped = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography)
    return mapped.reshape(-1, 2)


def reading_order(box: tuple[float, float, float, float], rotation: int) -> np.ndarray:
    """The box corners in face fractions, starting at the index's own top-left, clockwise."""
    x0, y0, x1, y1 = box
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    shift = (rotation // RIGHT_ANGLE) % len(corners)
    return np.array(corners[shift:] + corners[:shift], np.float64)


def _part_grid(order: np.ndarray, top: float, bottom: float) -> np.ndarray:
    """Points of a band of an index box (``order``: its corners in reading order) from
    ``top`` to ``bottom`` as fractions of its reading height."""
    unit = _grid(0.0, top, 1.0, bottom, INDEX_SAMPLES)
    u, v = unit[:, :1], unit[:, 1:]
    left = order[0] + (order[3] - order[0]) * v
    right = order[1] + (order[2] - order[1]) * v
    points: np.ndarray = left + (right - left) * u
    return points


def _visible_fraction(points: np.ndarray, labels: np.ndarray, card_id: int) -> float:
    height, width = labels.shape
    xs = np.floor(points[:, 0]).astype(np.int64)
    ys = np.floor(points[:, 1]).astype(np.int64)
    inside = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    hits = np.zeros(len(points), bool)
    hits[inside] = labels[ys[inside], xs[inside]] == card_id
    return float(hits.mean()) if len(points) else 0.0


class SceneMaker:
    """Random table scenes from the given faces; the same seed gives the same scenes."""

    def __init__(
        self,
        faces: Sequence[FaceImage],
        seed: int,
        *,
        index_pixels: tuple[float, float] = INDEX_PIXELS_RANGE,
        close_up_chance: float = 0.0,
    ) -> None:
        """``index_pixels``: the range of index heights at 720 px frame height (drawn
        log-uniformly); ``close_up_chance``: how often a scene is instead one or two cards
        filling half the frame or more (as in a photo of a single card)."""
        if not faces:
            raise ValueError("SceneMaker needs at least one card face")
        low, high = index_pixels
        if not 0 < low <= high:
            raise ValueError(f"index_pixels must be a range of positive sizes, got {index_pixels}")
        if not 0.0 <= close_up_chance <= 1.0:
            raise ValueError(f"close_up_chance must be within 0..1, got {close_up_chance}")
        self.index_pixels = (float(low), float(high))
        self.close_up_chance = close_up_chance
        self.faces = list(faces)
        self.rng = np.random.default_rng(seed)
        by_deck: dict[tuple[str, IndexScript], list[int]] = defaultdict(list)
        for position, face in enumerate(self.faces):
            by_deck[(face.design, face.script)].append(position)
        self.decks = [
            _Deck(design, script, tuple(positions))
            for (design, script), positions in sorted(
                by_deck.items(), key=lambda item: (item[0][0], item[0][1].value)
            )
        ]
        weights = np.array(
            [
                FONT_DECK_WEIGHT if deck.design.startswith(FONT_PREFIX) else 1.0
                for deck in self.decks
            ]
        )
        self._deck_odds = weights / weights.sum()
        self._backgrounds = BackgroundBank()
        self._camera = photometric.Camera(seed)
        self._index_fractions: dict[int, float] = {}

    def _index_fraction(self, position: int) -> float:
        """The face's index height as a fraction of its height (cached)."""
        fraction = self._index_fractions.get(position)
        if fraction is None:
            fraction = self._index_height(self.faces[position])
            self._index_fractions[position] = fraction
        return fraction

    @staticmethod
    def _index_height(face: FaceImage) -> float:
        if not face.index_boxes:
            return NOMINAL_INDEX_FRACTION
        heights = []
        for (x0, y0, x1, y1), rotation in zip(face.index_boxes, face.index_rotations, strict=True):
            sideways = (rotation // RIGHT_ANGLE) % 2 == 1
            along = (x1 - x0) * face.rgba.shape[1] / face.rgba.shape[0] if sideways else y1 - y0
            heights.append(along)
        return float(np.median(heights))

    def _face_for(self, position: int, card_height: float) -> np.ndarray:
        """The face halved while still taller than the card will be, premultiplied float32."""
        rgba = self.faces[position].rgba
        while rgba.shape[0] // 2 >= max(MIN_PYRAMID_HEIGHT, card_height):
            rgba = np.asarray(cv2.pyrDown(rgba), np.uint8)
        face = rgba.astype(np.float32)
        face[..., :3] *= face[..., 3:4] * np.float32(1.0 / 255.0)
        return face

    def _paper_tint(self) -> np.ndarray:
        """A slight colour cast of one card's paper (stock, age, print)."""
        return np.asarray(self.rng.uniform(1.0 - PAPER_TINT, 1.0, 3), np.float32)

    def _sheen(self, height: int, width: int) -> np.ndarray:
        """A soft bright band across a glossy card, as a multiplier (height x width x 1)."""
        angle = self.rng.uniform(0, np.pi)
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        along = xs * np.float32(np.cos(angle)) + ys * np.float32(np.sin(angle))
        centre = self.rng.uniform(float(along.min()), float(along.max()) + 1.0)
        width_px = max(2.0, self.rng.uniform(0.05, 0.3) * max(height, width))
        band = np.exp(-(((along - centre) / width_px) ** 2))
        return np.asarray(1.0 + self.rng.uniform(0.1, 0.5) * band, np.float32)[..., None]

    def _pick_deck(self) -> _Deck:
        return self.decks[int(self.rng.choice(len(self.decks), p=self._deck_odds))]

    def _deal(self, count: int) -> tuple[list[int], int]:
        """Positions in ``self.faces`` of ``count`` cards, and how many packs they came
        from."""
        decks = [self._pick_deck()]
        if self.rng.random() < SECOND_DECK_CHANCE:
            decks.append(self._pick_deck())
        dealt: list[int] = []
        while len(dealt) < count:
            deck = decks[int(self.rng.integers(0, len(decks)))]
            pick = deck.faces[int(self.rng.integers(0, len(deck.faces)))]
            if pick not in dealt or len(dealt) >= len(deck.faces):
                dealt.append(pick)
        return dealt, len(decks)

    def _paste(
        self,
        canvas: FloatImage,
        labels: np.ndarray,
        position: int,
        outline: np.ndarray,
        card_id: int,
        shadow: np.ndarray,
        lighting: _Lighting,
    ) -> None:
        height, width = labels.shape
        edge = float(np.linalg.norm(outline[0] - outline[3]))
        reach = float(np.linalg.norm(shadow)) * 3 + 2
        x0 = max(0, int(np.floor(outline[:, 0].min() - reach)))
        y0 = max(0, int(np.floor(outline[:, 1].min() - reach)))
        x1 = min(width, int(np.ceil(outline[:, 0].max() + reach)) + 1)
        y1 = min(height, int(np.ceil(outline[:, 1].max() + reach)) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        roi = canvas[y0:y1, x0:x1]
        shade = np.zeros((y1 - y0, x1 - x0), np.float32)
        shifted = (outline + shadow - [x0, y0]).astype(np.int32)
        cv2.fillConvexPoly(shade, shifted, 1.0, cv2.LINE_AA)
        sigma = max(0.8, float(np.linalg.norm(shadow)))
        shade = cv2.GaussianBlur(shade, (0, 0), sigma)
        roi *= (1.0 - lighting.shadow_strength * shade)[..., None]

        face = self._face_for(position, edge)
        fh, fw = face.shape[:2]
        source = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        target = (outline - [x0, y0]).astype(np.float32)
        homography = cv2.getPerspectiveTransform(source, target)
        warped = cv2.warpPerspective(
            face,
            homography,
            (x1 - x0, y1 - y0),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(0, 0, 0, 0),
        )
        alpha = warped[..., 3:4] / 255.0
        roi *= 1.0 - alpha
        paper = lighting.card_light * self._paper_tint()
        if self.rng.random() < SHEEN_CHANCE:
            paper = paper * self._sheen(warped.shape[0], warped.shape[1])
        roi += warped[..., :3] * paper
        labels[y0:y1, x0:x1][alpha[..., 0] > 0.5] = card_id

    def _place(
        self, position: int, pose: Pose, camera: np.ndarray, labels: np.ndarray, card_id: int
    ) -> PlacedCard:
        face = self.faces[position]
        fh, fw = face.rgba.shape[:2]
        outline = _transform(pose.outline(fw / fh), camera)
        unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
        to_image = cv2.getPerspectiveTransform(unit, outline.astype(np.float32))
        card_points = _transform(_grid(0.02, 0.02, 0.98, 0.98, CARD_SAMPLES), to_image)
        indices = []
        for box, rotation in zip(face.index_boxes, face.index_rotations, strict=True):
            order = reading_order(box, rotation)
            quad = _transform(order, to_image)
            samples = _transform(_grid(*box, INDEX_SAMPLES), to_image)
            glyph = _transform(_part_grid(order, 0.0, GLYPH_SHARE), to_image)
            pip = _transform(_part_grid(order, GLYPH_SHARE, 1.0), to_image)
            indices.append(
                PlacedIndex(
                    quad=quad.astype(np.float32),
                    visible=_visible_fraction(samples, labels, card_id),
                    glyph_visible=_visible_fraction(glyph, labels, card_id),
                    pip_visible=_visible_fraction(pip, labels, card_id),
                )
            )
        return PlacedCard(
            card=face.card,
            design=face.design,
            script=face.script,
            outline=outline.astype(np.float32),
            visible=_visible_fraction(card_points, labels, card_id),
            indices=tuple(indices),
        )

    def _decorate(self, canvas: FloatImage, card_height: float) -> None:
        rng = self.rng
        for _ in range(int(rng.poisson(1.0))):
            distractors.text(rng, canvas)
        for _ in range(int(rng.poisson(0.4))):
            distractors.coin(rng, canvas)
        for _ in range(int(rng.poisson(0.6))):
            distractors.shape(rng, canvas)
        if rng.random() < 0.15:
            distractors.card_back(rng, canvas, card_height)

    def make(self, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT) -> Scene:
        """One random scene of the given size."""
        if width <= 0 or height <= 0:
            raise ValueError(f"scene size must be positive, got {width} x {height}")
        rng = self.rng
        layouts = LayoutMaker(rng, width, height)
        if rng.random() < self.close_up_chance:
            layout = layouts.close_up(height * float(rng.uniform(*CLOSE_UP_HEIGHT)))
            dealt, decks = self._deal(len(layout.poses))
            return self.compose(layout, dealt, width, height, decks=decks)
        index_pixels = float(np.exp(rng.uniform(*np.log(self.index_pixels))))
        card_height = index_pixels * height / REFERENCE_HEIGHT / NOMINAL_INDEX_FRACTION
        layout = layouts.make(card_height)
        dealt, decks = self._deal(len(layout.poses))
        sized = []
        for pose, position in zip(layout.poses, dealt, strict=True):
            # the index, not the card, has the drawn size: cards of big-index decks are smaller
            scale = NOMINAL_INDEX_FRACTION / self._index_fraction(position)
            sized.append(Pose(pose.x, pose.y, pose.angle, pose.height * scale, pose.group))
        layout = TableLayout(tuple(sized), layout.camera)
        return self.compose(layout, dealt, width, height, decks=decks)

    def deal_apart(
        self,
        faces: Sequence[int],
        *,
        most: int,
        width: int = DEFAULT_WIDTH,
        height: int = DEFAULT_HEIGHT,
    ) -> tuple[Scene, int]:
        """A scene of the first of ``faces`` (positions in ``self.faces``, at most ``most``)
        lying apart, none covering another and no hand over them, as many as fit at an
        index height drawn from ``index_pixels``; and how many of ``faces`` it holds."""
        if not faces or most < 1:
            raise ValueError("deal_apart needs at least one card to deal")
        index_pixels = float(np.exp(self.rng.uniform(*np.log(self.index_pixels))))
        layouts = LayoutMaker(self.rng, width, height)
        card_height = index_pixels * height / REFERENCE_HEIGHT / NOMINAL_INDEX_FRACTION
        heights = [
            card_height * NOMINAL_INDEX_FRACTION / self._index_fraction(position)
            for position in faces
        ]
        count = 1  # and more while the tallest of one more card still leaves room for it
        limit = min(most, len(faces))
        while count < limit and layouts.apart_capacity(max(heights[: count + 1])) > count:
            count += 1
        layout = layouts.apart(count, max(heights[:count]))
        sized = tuple(
            Pose(pose.x, pose.y, pose.angle, own, pose.group)
            for pose, own in zip(layout.poses, heights[:count], strict=True)
        )
        scene = self.compose(
            TableLayout(sized, layout.camera), faces[:count], width, height, hands=False
        )
        return scene, count

    def compose(
        self,
        layout: TableLayout,
        faces: Sequence[int],
        width: int,
        height: int,
        *,
        clutter: bool = True,
        hands: bool = True,
        decks: int = 1,
    ) -> Scene:
        """A scene with the given faces (positions in ``self.faces``) at the given poses.

        ``clutter``: draw distractors on the table; ``hands``: and, with clutter,
        sometimes a hand over the cards.
        ``decks``: how many packs the faces were dealt from (recorded in the scene).
        """
        rng = self.rng
        canvas = self._backgrounds.draw(rng, height, width)
        if clutter and layout.poses:
            self._decorate(canvas, float(np.median([pose.height for pose in layout.poses])))
        labels = np.full((height, width), NO_CARD, np.int16)
        light_angle = rng.uniform(0, 2 * np.pi)
        lighting = _Lighting(
            shadow_direction=np.array([np.cos(light_angle), np.sin(light_angle)]),
            shadow_length=float(rng.uniform(0.0, 0.03)),
            shadow_strength=float(rng.uniform(0.15, 0.5)),
            card_light=float(rng.uniform(0.85, 1.0)),
        )
        for card_id, (pose, position) in enumerate(zip(layout.poses, faces, strict=True)):
            face_h, face_w = self.faces[position].rgba.shape[:2]
            outline = _transform(pose.outline(face_w / face_h), layout.camera)
            shadow = lighting.shadow_direction * lighting.shadow_length * pose.height
            self._paste(canvas, labels, position, outline, card_id, shadow, lighting)
        if clutter and hands and rng.random() < HAND_CHANCE:
            mask = distractors.hand(rng, canvas)
            labels[mask > 0.5] = OCCLUDER
        placed = tuple(
            self._place(position, pose, layout.camera, labels, card_id)
            for card_id, (pose, position) in enumerate(zip(layout.poses, faces, strict=True))
        )
        heights = [
            pose.height * self._index_fraction(position)
            for pose, position in zip(layout.poses, faces, strict=True)
        ]
        index_pixels = float(np.median(heights)) if heights else max(INDEX_PIXELS_RANGE)
        image, smear = self._camera.finish(rng, canvas, index_pixels=index_pixels)
        return Scene(image=image, cards=placed, blur_pixels=smear, decks=decks)
