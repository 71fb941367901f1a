"""Finding candidate corner indices in a frame with OpenCV.

A corner index is a rank glyph with a suit pip below it, both ink (dark or red) on light
card paper. The finder marks ink that is darker than its surroundings, keeps the
connected blobs of glyph size that sit on bright paper, and pairs every blob with each
nearby blob of compatible size: the pair's axis (glyph to pip) gives the index's
orientation and its length the scale. Each pair becomes an upright, normalised crop; the
CNN then says which card it shows or that it is not an index. Both directions of every
pair are offered, so an upside-down index is found as well as an upright one.

Blobs (``finder_blobs.py``) also come from ink freed from thin lines it ran into (card
edges in a fan, frame lines) and, as glyphs only, from fainter ink beside a bold pip.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from companion.vision.finder_blobs import Blobs, find_blobs
from companion.vision.finder_settings import FinderSettings

__all__ = [
    "CROP_HEIGHT",
    "CROP_WIDTH",
    "Candidates",
    "FinderSettings",
    "crop_quad",
    "crops_at",
    "find_candidates",
    "working_image",
]

CROP_WIDTH = 32
CROP_HEIGHT = 48
# Where the glyph and the pip centres land in a crop, as fractions of its height.
GLYPH_Y = 0.32
PIP_Y = 0.68
CHANNELS = 3
CORNERS = 4
REMAP_MAX_CROPS = 600  # OpenCV's remap takes maps of fewer than 32767 rows
COARSE_FACTOR = 2.0
# A glyph and pip run together: their centres are this fraction of the blob's length
# either side of its centroid.
SPLIT_FRACTION = 0.25


@dataclass(frozen=True)
class Candidates:
    """Candidate index crops of one frame, one row per candidate, in frame pixels. The
    crops are cut from ``image`` when first asked for, and only those asked for: a live
    frame's detector offers about 80 candidates and about 25 of them are read."""

    centres: np.ndarray  # N x 2 float32: the crop centre
    down: np.ndarray  # N x 2 float32 unit vectors: the index's reading "down" direction
    heights: np.ndarray  # N float32: the crop's height
    image: np.ndarray  # the BGR image the crops are cut from
    scale: float = 1.0  # ``image`` pixels per frame pixel
    # N float32: how sure the detector was of an index centre there (None: the blob
    # finder's candidates, which no detector marked)
    heat: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.centres.shape[0])

    @cached_property
    def crops(self) -> np.ndarray:
        """N x CROP_HEIGHT x CROP_WIDTH x 3 uint8, BGR, upright: every candidate's crop."""
        return self._cut(slice(None))

    def crops_of(self, rows: np.ndarray) -> np.ndarray:
        """The crops of these rows only (the same pixels as ``crops[rows]``)."""
        cut: np.ndarray | None = self.__dict__.get("crops")  # cached_property's own slot
        return cut[rows] if cut is not None else self._cut(rows)

    def _cut(self, rows: np.ndarray | slice) -> np.ndarray:
        centres, heights = self.centres[rows], self.heights[rows]
        if self.scale != 1.0:
            centres = (centres * self.scale).astype(np.float32)
            heights = (heights * self.scale).astype(np.float32)
        return cut_crops(self.image, centres, self.down[rows], heights)

    def quad(self, row: int) -> np.ndarray:
        """The crop's corners (TL, TR, BR, BL as the index reads) in frame pixels."""
        return crop_quad(self.centres[row], self.down[row], float(self.heights[row]))

    def joined(self, other: Candidates) -> Candidates:
        """These candidates followed by ``other``'s, both cut from the same image."""
        if other.image is not self.image or other.scale != self.scale:
            raise ValueError("only candidates cut from the same image can be joined")
        return Candidates(
            centres=np.concatenate([self.centres, other.centres]),
            down=np.concatenate([self.down, other.down]),
            heights=np.concatenate([self.heights, other.heights]),
            image=self.image,
            scale=self.scale,
            heat=_joined_heat(self, other),
        )


def _joined_heat(first: Candidates, second: Candidates) -> np.ndarray | None:
    """Both candidates' heat, one after the other, 0 where the detector marked none
    (None when it marked neither)."""
    if first.heat is None and second.heat is None:
        return None
    parts = [
        np.zeros(len(part), np.float32) if part.heat is None else part.heat
        for part in (first, second)
    ]
    return np.concatenate(parts)


def crop_quad(centre: np.ndarray, down: np.ndarray, height: float) -> np.ndarray:
    right = np.array([down[1], -down[0]], dtype=np.float32)
    half_h = height / 2
    half_w = height * CROP_WIDTH / CROP_HEIGHT / 2
    corners = [(-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)]
    return np.array([centre + x * right + y * down for x, y in corners], dtype=np.float32).reshape(
        CORNERS, 2
    )


def working_image(image: np.ndarray, settings: FinderSettings) -> tuple[np.ndarray, float]:
    """The frame downscaled so its longest side is at most ``max_side``, and the scale."""
    longest = max(image.shape[:2])
    if longest <= settings.max_side:
        return image, 1.0
    scale = settings.max_side / longest
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return small, scale


def split_elongated(
    blobs: Blobs, settings: FinderSettings, paired: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Glyph and pip centre guesses for blobs that may be a glyph and pip run together,
    in both directions along the blob's major axis (only blobs without a partner when
    ``split_paired`` is off)."""
    chosen = (blobs.elongation >= settings.min_elongation) & (blobs.sizes >= settings.min_pair_size)
    if not settings.split_paired:
        chosen &= ~paired
    half = (blobs.lengths[chosen] * SPLIT_FRACTION)[:, None] * blobs.axes[chosen]
    centre = blobs.centroids[chosen]
    first, second = centre - half, centre + half
    return np.concatenate([first, second]), np.concatenate([second, first])


def pair_blobs(
    glyphs: Blobs, pips: Blobs, settings: FinderSettings
) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (glyph row, pip row) of blobs that could be one corner index: each
    glyph with its nearest pips of compatible size and distance."""
    delta = pips.centroids[None, :, :] - glyphs.centroids[:, None, :]
    distance = np.sqrt((delta**2).sum(axis=2))
    larger = np.maximum(glyphs.sizes[:, None], pips.sizes[None, :])
    ratio = pips.sizes[None, :] / glyphs.sizes[:, None]
    ok_size = larger >= settings.min_pair_size
    ok = (distance >= settings.min_pair_distance * larger) & (
        distance <= settings.max_pair_distance * larger
    )
    ok &= ok_size & (ratio <= settings.max_pip_ratio) & (ratio >= 1 / settings.max_size_ratio)
    ranked = np.where(ok, distance / larger, np.inf)
    nearest = min(settings.pairs_per_blob, ranked.shape[1])
    if nearest == 0 or ranked.shape[0] == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    closest = np.argpartition(ranked, nearest - 1, axis=1)[:, :nearest]
    glyph_rows = np.repeat(np.arange(ranked.shape[0]), nearest)
    pip_rows = closest.ravel()
    valid = np.isfinite(ranked[glyph_rows, pip_rows])
    return glyph_rows[valid], pip_rows[valid]


def both_ways(glyphs: np.ndarray, pips: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs read in both directions, each once: a glyph whose pip is not among its
    own nearest partners (beside a bigger centre pip, say) is still paired when the pip
    chose the glyph."""
    count = int(max(glyphs.max(initial=-1), pips.max(initial=-1))) + 1
    keys = np.unique(
        np.concatenate([glyphs * count + pips, pips * count + glyphs]).astype(np.int64)
    )
    return keys // max(count, 1), keys % max(count, 1)


def pair_geometry(
    glyph_points: np.ndarray, pip_points: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crop centre, down direction and crop height for glyph/pip centre pairs."""
    axis = pip_points - glyph_points
    length = np.maximum(np.sqrt((axis**2).sum(axis=1)), 1e-3)
    down = axis / length[:, None]
    heights = length / (PIP_Y - GLYPH_Y)
    centres = glyph_points + down * ((0.5 - GLYPH_Y) * heights)[:, None]
    return centres.astype(np.float32), down.astype(np.float32), heights.astype(np.float32)


def _affine_map(coef: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """coef (N x 3) times basis (3 x P), written out: tiny inner products run faster
    without BLAS threads."""
    weights = coef.astype(np.float32)
    result: np.ndarray = (
        weights[:, 0, None] * basis[0] + weights[:, 1, None] * basis[1] + weights[:, 2, None]
    )
    return result


def cut_crops(
    image: np.ndarray, centres: np.ndarray, down: np.ndarray, heights: np.ndarray
) -> np.ndarray:
    """Sample every candidate's upright crop with one remap call."""
    count = centres.shape[0]
    if count == 0:
        return np.zeros((0, CROP_HEIGHT, CROP_WIDTH, CHANNELS), dtype=np.uint8)
    step = (heights / CROP_HEIGHT).astype(np.float32)
    grid_y, grid_x = np.mgrid[0:CROP_HEIGHT, 0:CROP_WIDTH].astype(np.float32)
    basis = np.stack(
        [
            (grid_x + 0.5 - CROP_WIDTH / 2).ravel(),
            (grid_y + 0.5 - CROP_HEIGHT / 2).ravel(),
            np.ones(CROP_WIDTH * CROP_HEIGHT, dtype=np.float32),
        ]
    )
    # image = centre + step * (gx * right + gy * down), right = (down_y, -down_x)
    coef_x = np.stack([down[:, 1] * step, down[:, 0] * step, centres[:, 0]], axis=1)
    coef_y = np.stack([-down[:, 0] * step, down[:, 1] * step, centres[:, 1]], axis=1)
    flat_x = _affine_map(coef_x, basis).reshape(count * CROP_HEIGHT, CROP_WIDTH)
    flat_y = _affine_map(coef_y, basis).reshape(count * CROP_HEIGHT, CROP_WIDTH)
    rows_per_call = REMAP_MAX_CROPS * CROP_HEIGHT
    parts = [
        cv2.remap(
            image,
            flat_x[start : start + rows_per_call],
            flat_y[start : start + rows_per_call],
            interpolation=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        for start in range(0, count * CROP_HEIGHT, rows_per_call)
    ]
    return np.concatenate(parts).reshape(count, CROP_HEIGHT, CROP_WIDTH, CHANNELS)


def _pairs_at(image: np.ndarray, settings: FinderSettings) -> tuple[np.ndarray, ...]:
    """Crop geometry (centres, down vectors, heights) of the blob pairs in one image."""
    found = find_blobs(image, settings)
    blobs = found.blobs
    glyphs, pips = both_ways(*pair_blobs(blobs, blobs, settings))
    paired = np.zeros(blobs.sizes.shape[0], dtype=bool)
    paired[glyphs] = True
    split_glyphs, split_pips = split_elongated(blobs, settings, paired)
    faint_glyphs, faint_pips = pair_blobs(found.faint, blobs, settings)
    return pair_geometry(
        np.concatenate(
            [blobs.centroids[glyphs], split_glyphs, found.faint.centroids[faint_glyphs]]
        ),
        np.concatenate([blobs.centroids[pips], split_pips, blobs.centroids[faint_pips]]),
    )


@dataclass(frozen=True)
class Geometry:
    """Where candidate crops would be cut, before cutting them (frame pixels)."""

    centres: np.ndarray  # N x 2 float32
    down: np.ndarray  # N x 2 float32 unit vectors
    heights: np.ndarray  # N float32


def blob_geometry(work: np.ndarray, settings: FinderSettings) -> Geometry:
    """The blob pairs of a working image (longest side at most ``max_side``) as crop
    geometry in its pixels. Large indices are looked for again at half resolution, where
    their glyphs fit the local brightness window."""
    centres, down, heights = _pairs_at(work, settings)
    if min(work.shape[:2]) >= settings.coarse_min_side:
        coarse = cv2.resize(work, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        coarse_settings = replace(
            settings,
            min_pair_size=settings.coarse_min_glyph,
            break_lines=False,
            faint_glyphs=False,
        )
        big_centres, big_down, big_heights = _pairs_at(coarse, coarse_settings)
        centres = np.concatenate([centres, big_centres * COARSE_FACTOR])
        down = np.concatenate([down, big_down])
        heights = np.concatenate([heights, big_heights * COARSE_FACTOR])
    return Geometry(centres.astype(np.float32), down, heights.astype(np.float32))


def cut_candidates(work: np.ndarray, geometry: Geometry, scale: float = 1.0) -> Candidates:
    """The candidates at ``geometry``, to be cut from a working image, with the geometry
    given back in the pixels of the frame it was downscaled from by ``scale``."""
    return Candidates(
        centres=(geometry.centres / scale).astype(np.float32),
        down=geometry.down,
        heights=(geometry.heights / scale).astype(np.float32),
        image=work,
        scale=scale,
    )


def find_candidates(image: np.ndarray, settings: FinderSettings | None = None) -> Candidates:
    """All candidate index crops of a BGR frame; geometry is in the frame's own pixels,
    crops are cut from its working image."""
    settings = settings or FinderSettings()
    work, scale = working_image(image, settings)
    return cut_candidates(work, blob_geometry(work, settings), scale)


def crops_at(
    image: np.ndarray, centres: np.ndarray, down: np.ndarray, heights: np.ndarray
) -> np.ndarray:
    """Crops at given geometry (frame pixels), for training and for enrolment."""
    return cut_crops(
        image,
        centres.astype(np.float32),
        down.astype(np.float32),
        heights.astype(np.float32),
    )
