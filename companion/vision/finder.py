"""Finding candidate corner indices in a frame with OpenCV.

A corner index is a rank glyph with a suit pip below it, both ink (dark or red) on light
card paper. The finder marks ink that is darker than its surroundings, keeps the
connected blobs of glyph size that sit on bright paper, and pairs every blob with each
nearby blob of compatible size: the pair's axis (glyph to pip) gives the index's
orientation and its length the scale. Each pair becomes an upright, normalised crop; the
CNN then says which card it shows or that it is not an index. Both directions of every
pair are offered, so an upside-down index is found as well as an upright one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

CROP_WIDTH = 32
CROP_HEIGHT = 48
# Where the glyph and the pip centres land in a crop, as fractions of its height.
GLYPH_Y = 0.32
PIP_Y = 0.68
CHANNELS = 3
CORNERS = 4
CONNECTIVITY = 8
MAX_LEVEL = 255
RING_SAMPLES = 8  # samples per side of the paper ring around a blob
REMAP_MAX_CROPS = 600
COARSE_FACTOR = 2.0
UNIFORM_BAR_VARIANCE = 12.0  # a uniform bar of length L has variance L^2 / 12
# A glyph and pip run together: their centres are this fraction of the blob's length
# either side of its centroid.
SPLIT_FRACTION = 0.25  # OpenCV's remap takes maps of fewer than 32767 rows


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


@dataclass(frozen=True)
class Candidates:
    """Candidate index crops of one frame, one row per candidate, in frame pixels."""

    centres: np.ndarray  # N x 2 float32: the crop centre
    down: np.ndarray  # N x 2 float32 unit vectors: the index's reading "down" direction
    heights: np.ndarray  # N float32: the crop's height
    crops: np.ndarray  # N x CROP_HEIGHT x CROP_WIDTH x 3 uint8, BGR, upright

    def __len__(self) -> int:
        return int(self.centres.shape[0])

    def quad(self, row: int) -> np.ndarray:
        """The crop's corners (TL, TR, BR, BL as the index reads) in frame pixels."""
        return crop_quad(self.centres[row], self.down[row], float(self.heights[row]))


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


def ink_and_paper(image: np.ndarray, settings: FinderSettings) -> tuple[np.ndarray, np.ndarray]:
    """Ink (darker than its surroundings) and paper (bright) masks, 255 where true."""
    darkest = cv2.min(cv2.min(image[:, :, 0], image[:, :, 1]), image[:, :, 2])
    local = cv2.blur(darkest, (settings.local_window, settings.local_window))
    bright = float(np.percentile(darkest[::4, ::4], settings.bright_percentile))
    threshold = cv2.convertScaleAbs(local, alpha=settings.ink_ratio)
    ink = cv2.compare(darkest, threshold, cv2.CMP_LT)
    paper_level = min(max(bright * settings.paper_fraction, 1.0), MAX_LEVEL)
    bright_enough = cv2.threshold(darkest, paper_level, MAX_LEVEL, cv2.THRESH_BINARY)[1]
    brightest = cv2.max(cv2.max(image[:, :, 0], image[:, :, 1]), image[:, :, 2])
    grey_enough = cv2.compare(
        darkest, cv2.convertScaleAbs(brightest, alpha=settings.paper_greyness), cv2.CMP_GT
    )
    paper = cv2.bitwise_and(bright_enough, grey_enough)
    return cv2.bitwise_and(ink, not_background(paper, settings)), paper


def not_background(paper: np.ndarray, settings: FinderSettings) -> np.ndarray:
    """255 except on wide dark regions (the table): ink touching the card's edge would
    otherwise run into the table and be lost with it. Dark regions wide enough to hold a
    square of ``background_width`` pixels are table (a morphological opening, done at
    half resolution for speed)."""
    height, width = paper.shape
    half = cv2.resize(
        paper, (max(width // 2, 1), max(height // 2, 1)), interpolation=cv2.INTER_AREA
    )
    dark = cv2.threshold(half, MAX_LEVEL // 2, MAX_LEVEL, cv2.THRESH_BINARY_INV)[1]
    side = max(settings.background_width // 2, 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    table = cv2.morphologyEx(dark, cv2.MORPH_OPEN, kernel)
    full = cv2.resize(table, (width, height), interpolation=cv2.INTER_NEAREST)
    return cv2.bitwise_not(full)


def paper_around(paper: np.ndarray, stats: np.ndarray, margin: float) -> np.ndarray:
    """For each blob (rows of connected-component stats), the fraction of paper pixels on
    the outline of its bounding box grown by ``margin`` of its size on every side."""
    left = stats[:, cv2.CC_STAT_LEFT].astype(np.float32)
    top = stats[:, cv2.CC_STAT_TOP].astype(np.float32)
    width = stats[:, cv2.CC_STAT_WIDTH].astype(np.float32)
    height = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float32)
    grow = margin * np.maximum(width, height) + 1
    x0, x1 = left - grow, left + width + grow
    y0, y1 = top - grow, top + height + grow
    steps = np.linspace(0.0, 1.0, RING_SAMPLES, dtype=np.float32)[None, :]
    xs_run = x0[:, None] + (x1 - x0)[:, None] * steps
    ys_run = y0[:, None] + (y1 - y0)[:, None] * steps
    xs = np.concatenate(
        [
            xs_run,
            xs_run,
            np.repeat(x0[:, None], RING_SAMPLES, 1),
            np.repeat(x1[:, None], RING_SAMPLES, 1),
        ],
        axis=1,
    )
    ys = np.concatenate(
        [
            np.repeat(y0[:, None], RING_SAMPLES, 1),
            np.repeat(y1[:, None], RING_SAMPLES, 1),
            ys_run,
            ys_run,
        ],
        axis=1,
    )
    cols = np.clip(xs.astype(np.int32), 0, paper.shape[1] - 1)
    rows = np.clip(ys.astype(np.int32), 0, paper.shape[0] - 1)
    result: np.ndarray = (paper[rows, cols] > 0).mean(axis=1)
    return result


@dataclass(frozen=True)
class Blobs:
    """Ink blobs of glyph size on paper, one row each."""

    centroids: np.ndarray  # N x 2 float32
    sizes: np.ndarray  # N float32: the longer side of the bounding box
    axes: np.ndarray  # N x 2 float32 unit vectors along the blob's major axis
    lengths: np.ndarray  # N float32: the blob's length along that axis
    elongation: np.ndarray  # N float32: major / minor axis spread


def blob_shapes(
    ink: np.ndarray, labels: np.ndarray, chosen: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Major axis, its length and the elongation of the chosen labels (of the ink mask),
    from moments."""
    found = cv2.findNonZero(ink)
    points = np.zeros((0, 2), np.int32) if found is None else found.reshape(-1, 2)
    cols, rows = points[:, 0], points[:, 1]
    owner = labels[rows, cols]
    keep = chosen[owner]
    owner, xs, ys = owner[keep], cols[keep].astype(np.float64), rows[keep].astype(np.float64)
    area = np.maximum(np.bincount(owner, minlength=count), 1)
    mean_x = np.bincount(owner, xs, count) / area
    mean_y = np.bincount(owner, ys, count) / area
    dx, dy = xs - mean_x[owner], ys - mean_y[owner]
    xx = np.bincount(owner, dx * dx, count) / area
    yy = np.bincount(owner, dy * dy, count) / area
    xy = np.bincount(owner, dx * dy, count) / area
    spread = np.sqrt(((xx - yy) / 2) ** 2 + xy**2)
    major = (xx + yy) / 2 + spread
    minor = np.maximum((xx + yy) / 2 - spread, 1e-3)
    angle = 0.5 * np.arctan2(2 * xy, xx - yy)
    axes = np.stack([np.cos(angle), np.sin(angle)], axis=1)
    lengths = np.sqrt(UNIFORM_BAR_VARIANCE * major)
    return axes[chosen], lengths[chosen], np.sqrt(major / minor)[chosen]


def find_blobs(image: np.ndarray, settings: FinderSettings) -> Blobs:
    """The ink blobs of glyph size on paper."""
    ink, paper = ink_and_paper(image, settings)
    count, labels, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
        ink, CONNECTIVITY, cv2.CV_32S, cv2.CCL_BBDT
    )
    widths = stats[:, cv2.CC_STAT_WIDTH]
    heights = stats[:, cv2.CC_STAT_HEIGHT]
    areas = stats[:, cv2.CC_STAT_AREA]
    sizes = np.maximum(widths, heights)
    keep = (sizes >= settings.min_glyph) & (sizes <= settings.max_glyph)
    keep &= areas >= settings.min_area
    keep[0] = False
    keep[keep] = paper_around(paper, stats[keep], settings.ring_margin) >= settings.min_paper
    if int(keep.sum()) > settings.max_blobs:
        smallest_kept = np.sort(sizes[keep])[-settings.max_blobs]
        keep &= sizes >= smallest_kept
    axes, lengths, elongation = blob_shapes(ink, labels, keep, count)
    return Blobs(
        centroids=centroids[keep].astype(np.float32),
        sizes=sizes[keep].astype(np.float32),
        axes=axes.astype(np.float32),
        lengths=lengths.astype(np.float32),
        elongation=elongation.astype(np.float32),
    )


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
    centroids: np.ndarray, sizes: np.ndarray, settings: FinderSettings
) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (glyph row, pip row) of blobs that could be one corner index."""
    delta = centroids[None, :, :] - centroids[:, None, :]
    distance = np.sqrt((delta**2).sum(axis=2))
    larger = np.maximum(sizes[:, None], sizes[None, :])
    ratio = sizes[None, :] / sizes[:, None]
    ok_size = larger >= settings.min_pair_size
    ok = (distance >= settings.min_pair_distance * larger) & (
        distance <= settings.max_pair_distance * larger
    )
    ok &= ok_size & (ratio <= settings.max_pip_ratio) & (ratio >= 1 / settings.max_size_ratio)
    ranked = np.where(ok, distance / larger, np.inf)
    nearest = min(settings.pairs_per_blob, max(ranked.shape[1] - 1, 0))
    if nearest == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    closest = np.argpartition(ranked, nearest - 1, axis=1)[:, :nearest]
    glyphs = np.repeat(np.arange(ranked.shape[0]), nearest)
    pips = closest.ravel()
    valid = np.isfinite(ranked[glyphs, pips])
    return glyphs[valid], pips[valid]


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
    blobs = find_blobs(image, settings)
    glyphs, pips = pair_blobs(blobs.centroids, blobs.sizes, settings)
    paired = np.zeros(blobs.sizes.shape[0], dtype=bool)
    paired[glyphs] = True
    split_glyphs, split_pips = split_elongated(blobs, settings, paired)
    return pair_geometry(
        np.concatenate([blobs.centroids[glyphs], split_glyphs]),
        np.concatenate([blobs.centroids[pips], split_pips]),
    )


def find_candidates(image: np.ndarray, settings: FinderSettings | None = None) -> Candidates:
    """All candidate index crops of a BGR frame; geometry is in the frame's own pixels.

    Large indices are looked for again at half resolution, where their glyphs fit the
    local brightness window; crops are always cut from the full working image."""
    settings = settings or FinderSettings()
    work, scale = working_image(image, settings)
    centres, down, heights = _pairs_at(work, settings)
    if min(work.shape[:2]) >= settings.coarse_min_side:
        coarse = cv2.resize(work, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        coarse_settings = replace(settings, min_pair_size=settings.coarse_min_glyph)
        big_centres, big_down, big_heights = _pairs_at(coarse, coarse_settings)
        centres = np.concatenate([centres, big_centres * COARSE_FACTOR])
        down = np.concatenate([down, big_down])
        heights = np.concatenate([heights, big_heights * COARSE_FACTOR])
    crops = cut_crops(work, centres, down, heights)
    return Candidates(
        centres=(centres / scale).astype(np.float32),
        down=down,
        heights=(heights / scale).astype(np.float32),
        crops=crops,
    )


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
