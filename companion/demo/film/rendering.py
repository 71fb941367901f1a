"""A scene drawn as the camera films it: the mat on a table, the cards on it, a hand (a
skin-coloured palm and forearm) blurred while it moves, the light, sensor noise.

Drawing happens on a top-down canvas of the table (the paper and a margin around it) at
CANVAS_PX_PER_MM, more than any camera here sees (about 2 px/mm at most), then the canvas
is warped into the frame. The canvas of the resting cards is kept between frames.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from companion.cards import IndexScript
from companion.demo.film.camera_view import TABLE_GREEN, CameraPose, mat_to_image
from companion.demo.film.card_faces import card_face
from companion.demo.film.choreography import LaidCard
from companion.demo.film.timeline import ARM_WIDTH_MM, PALM_MM, HandAt, Scene, blur_length
from companion.table.layouts import MatLayout
from companion.table.mat_drawing import draw_mat

CANVAS_PX_PER_MM = 3.0
TABLE_MARGIN_MM = 0.0  # the table beyond the paper is the warp's border colour
SKIN = (224, 172, 140, 255)
SKIN_SHADE = (196, 146, 118, 255)
NOISE_LEVEL = 1.5  # grey levels, the sensor's own noise
MAX_BLUR_PX = 11  # at HAND_PX_PER_MM
HAND_PX_PER_MM = 1.0  # a moving, blurred hand needs no finer drawing
NOISE_SLACK = 32  # the noise field is this much larger than a frame, each way


class SceneRenderer:
    def __init__(
        self,
        layout: MatLayout,
        script: IndexScript,
        *,
        poses: tuple[CameraPose, CameraPose],
        frame_size: tuple[int, int],
        seed: int,
        noise_level: float = NOISE_LEVEL,
    ) -> None:
        """``noise_level``: the sensor noise's standard deviation, grey levels."""
        self.layout = layout
        self.script = script
        self.poses = poses
        self.frame_size = frame_size
        self.seed = seed
        width, height = layout.size
        self.canvas_size = (
            round((width + 2 * TABLE_MARGIN_MM) * CANVAS_PX_PER_MM),
            round((height + 2 * TABLE_MARGIN_MM) * CANVAS_PX_PER_MM),
        )
        table = Image.new("RGB", self.canvas_size, TABLE_GREEN[::-1])
        table.paste(draw_mat(layout, px_per_mm=CANVAS_PX_PER_MM), self._px((0.0, 0.0)))
        self._empty = table
        self._cached: tuple[tuple[LaidCard, ...], Image.Image] | None = None
        self._base_cache: tuple[tuple[tuple[LaidCard, ...], bool], np.ndarray] | None = None
        shape = (frame_size[1] + NOISE_SLACK, frame_size[0] + NOISE_SLACK, 3)
        self._noise_up = np.zeros(shape, np.uint8)
        self._noise_down = np.zeros(shape, np.uint8)
        rng = np.random.default_rng(seed)
        for channel in range(3):  # a channel at a time keeps the float field small
            noise = rng.standard_normal(shape[:2], dtype=np.float32) * noise_level
            np.rint(noise, out=noise)
            self._noise_up[:, :, channel] = np.clip(noise, 0, 255)
            self._noise_down[:, :, channel] = np.clip(-noise, 0, 255)

    def _px(self, point: tuple[float, float]) -> tuple[int, int]:
        return (
            round((point[0] + TABLE_MARGIN_MM) * CANVAS_PX_PER_MM),
            round((point[1] + TABLE_MARGIN_MM) * CANVAS_PX_PER_MM),
        )

    def canvas_to_frame(self, *, bumped: bool) -> np.ndarray:
        """3x3 homography from canvas pixels to frame pixels."""
        to_mm = np.array(
            [
                [1 / CANVAS_PX_PER_MM, 0.0, -TABLE_MARGIN_MM],
                [0.0, 1 / CANVAS_PX_PER_MM, -TABLE_MARGIN_MM],
                [0.0, 0.0, 1.0],
            ]
        )
        matrix: np.ndarray = mat_to_image(self.poses[int(bumped)], self.frame_size) @ to_mm
        return matrix

    def _with_cards(self, resting: tuple[LaidCard, ...]) -> Image.Image:
        if self._cached is not None and self._cached[0] == resting:
            return self._cached[1]
        canvas = self._empty.copy()
        for laid in resting:
            self._lay(canvas, laid)
        self._cached = (resting, canvas)
        return canvas

    def _lay(self, canvas: Image.Image, laid: LaidCard) -> None:
        face = card_face(laid.card, self.script, CANVAS_PX_PER_MM)
        turned = face.rotate(laid.angle, resample=Image.Resampling.BICUBIC, expand=True)
        x, y = self._px(laid.centre)
        canvas.paste(turned, (x - turned.width // 2, y - turned.height // 2), turned)

    def _hand_layer(self, hand: HandAt) -> tuple[Image.Image, tuple[float, float]]:
        """The carried card and the hand on a transparent tile at HAND_PX_PER_MM, and the
        tile's top-left corner in mat mm."""
        scale = HAND_PX_PER_MM
        pad = max(PALM_MM) + 70.0
        left = min(hand.palm[0], hand.entry[0]) - pad
        top = min(hand.palm[1], hand.entry[1]) - pad
        right = max(hand.palm[0], hand.entry[0]) + pad
        bottom = max(hand.palm[1], hand.entry[1]) + pad

        def px(point: tuple[float, float]) -> tuple[float, float]:
            return ((point[0] - left) * scale, (point[1] - top) * scale)

        tile = Image.new("RGBA", (round((right - left) * scale), round((bottom - top) * scale)))
        palm_x, palm_y = px(hand.palm)
        entry_x, entry_y = px(hand.entry)
        if hand.carried is not None:
            face = card_face(hand.carried.card, self.script, scale)
            turned = face.rotate(hand.carried.angle, resample=Image.Resampling.BICUBIC, expand=True)
            tile.alpha_composite(
                turned, (round(palm_x - turned.width / 2), round(palm_y - turned.height / 2))
            )
        draw = ImageDraw.Draw(tile)
        # The palm sits over the near half of a carried card: its far index stays free.
        toward = np.array([entry_x - palm_x, entry_y - palm_y])
        shift = toward / (float(np.hypot(*toward)) or 1.0) * 35.0 * scale
        cx, cy = palm_x + float(shift[0]), palm_y + float(shift[1])
        arm = round(ARM_WIDTH_MM * scale)
        draw.line((entry_x, entry_y, cx, cy), fill=SKIN_SHADE, width=arm, joint="curve")
        rx, ry = (v * scale / 2 for v in PALM_MM)
        draw.ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=SKIN)
        return _smeared(tile, hand, scale), (left, top)

    def _base(self, resting: tuple[LaidCard, ...], *, bumped: bool) -> np.ndarray:
        """The filmed frame of the mat and its resting cards (BGR), kept while unchanged."""
        import cv2

        key = (resting, bumped)
        if self._base_cache is not None and self._base_cache[0] == key:
            return self._base_cache[1]
        canvas = cv2.cvtColor(np.asarray(self._with_cards(resting)), cv2.COLOR_RGB2BGR)
        frame: np.ndarray = cv2.warpPerspective(
            canvas,
            self.canvas_to_frame(bumped=bumped),
            self.frame_size,
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=TABLE_GREEN,
        )
        self._base_cache = (key, frame)
        return frame

    def render(self, scene: Scene) -> np.ndarray:
        """The frame of a scene, BGR uint8."""
        import cv2

        frame = self._base(scene.resting, bumped=scene.bumped)
        if scene.hand is not None:
            frame = frame.copy()
            self._put_hand(frame, scene.hand, bumped=scene.bumped)
        lit = cv2.convertScaleAbs(frame, alpha=scene.light)
        # A window of the noise field at a place of this frame's own: fresh noise per
        # frame without drawing any.
        rng = np.random.default_rng([self.seed, scene.number])
        dx, dy = (int(v) for v in rng.integers(0, NOISE_SLACK, 2))
        width, height = self.frame_size
        brighter = self._noise_up[dy : dy + height, dx : dx + width]
        darker = self._noise_down[dy : dy + height, dx : dx + width]
        bgr: np.ndarray = cv2.subtract(cv2.add(lit, brighter), darker)
        return bgr

    def _put_hand(self, frame: np.ndarray, hand: HandAt, *, bumped: bool) -> None:
        """Draw the hand (and what it carries) over the BGR frame, in place; only the
        frame's part under the hand is touched."""
        import cv2

        tile, (left, top) = self._hand_layer(hand)
        from_tile = mat_to_image(self.poses[int(bumped)], self.frame_size) @ np.array(
            [[1 / HAND_PX_PER_MM, 0.0, left], [0.0, 1 / HAND_PX_PER_MM, top], [0, 0, 1.0]]
        )
        corners = (
            np.array(
                [[0, 0, 1], [tile.width, 0, 1], [tile.width, tile.height, 1], [0, tile.height, 1]],
                np.float64,
            )
            @ from_tile.T
        )
        if np.any(corners[:, 2] <= 0):
            return  # behind the camera: out of sight
        pixels = corners[:, :2] / corners[:, 2:]
        width, height = self.frame_size
        x0, y0 = (max(0, int(v)) for v in pixels.min(axis=0))
        x1 = min(width, int(pixels[:, 0].max()) + 1)
        y1 = min(height, int(pixels[:, 1].max()) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        shifted = np.array([[1.0, 0.0, -x0], [0.0, 1.0, -y0], [0.0, 0.0, 1.0]]) @ from_tile
        bgra = cv2.cvtColor(np.asarray(tile), cv2.COLOR_RGBA2BGRA)
        layer = cv2.warpPerspective(bgra, shifted, (x1 - x0, y1 - y0))
        cover = layer[:, :, 3].astype(np.float32) / 255.0
        frame[y0:y1, x0:x1] = cv2.blendLinear(
            np.ascontiguousarray(layer[:, :, :3]), frame[y0:y1, x0:x1], cover, 1.0 - cover
        )


def _smeared(tile: Image.Image, hand: HandAt, px_per_mm: float) -> Image.Image:
    """The tile blurred along the hand's motion (a moving hand is never sharp)."""
    length = min(MAX_BLUR_PX, round(blur_length(hand, px_per_mm)))
    if length < 2:
        return tile
    angle = math.atan2(hand.motion[1], hand.motion[0])
    return Image.fromarray(motion_blurred(np.asarray(tile), angle, length), "RGBA")


def motion_blurred(pixels: np.ndarray, angle: float, length: int) -> np.ndarray:
    """Four-channel pixels (colour and cover, uint8) blurred along a line of ``length``
    pixels at ``angle`` radians, premultiplied so that the cover's edge takes no dark rim."""
    import cv2

    kernel = np.zeros((length, length), np.float32)
    middle = (length - 1) / 2
    dx, dy = math.cos(angle) * middle, math.sin(angle) * middle
    cv2.line(
        kernel,
        (round(middle - dx), round(middle - dy)),
        (round(middle + dx), round(middle + dy)),
        1.0,
        1,
    )
    kernel /= kernel.sum()
    rgba = pixels.astype(np.float32)
    alpha = rgba[:, :, 3:] / 255.0
    premultiplied = np.concatenate([rgba[:, :, :3] * alpha, alpha], axis=2)
    blurred = cv2.filter2D(premultiplied, -1, kernel)
    cover = np.clip(blurred[:, :, 3:], 1e-6, 1.0)
    colour = np.clip(blurred[:, :, :3] / cover, 0, 255)
    out = np.concatenate([colour, np.clip(blurred[:, :, 3:] * 255, 0, 255)], axis=2)
    return out.astype(np.uint8)
