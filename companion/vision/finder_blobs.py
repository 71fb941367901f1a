"""Ink blobs of glyph size on card paper: the finder's first step.

Ink is darker than its local surroundings, paper is bright and grey, and wide dark
regions are table. Connected ink of glyph size with paper around it is a blob. Ink too
large for a glyph (or without paper around it) is often a glyph run into a thin line, a
card's edge in a fan or a frame line: such ink is opened so that lines thinner than a few
pixels fall away, and what remains is labelled again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.vision.finder_settings import FinderSettings

CONNECTIVITY = 8
MAX_LEVEL = 255
RING_SAMPLES = 8  # samples per side of the paper ring around a blob
UNIFORM_BAR_VARIANCE = 12.0  # a uniform bar of length L has variance L^2 / 12
BACKGROUND_LABEL = 0
# A faint blob is one of the ordinary blobs again when its centre is within this fraction
# of that blob's size of it and their sizes differ by less than this ratio.
SAME_BLOB_DISTANCE = 0.3
SAME_BLOB_RATIO = 1.5


@dataclass(frozen=True)
class InkMaps:
    """Masks of one image, 255 where true."""

    ink: np.ndarray  # darker than its surroundings, off the table
    paper: np.ndarray  # bright and grey
    off_table: np.ndarray  # not part of a wide dark region
    darkest: np.ndarray  # the darkest channel of the image
    local: np.ndarray  # its local mean


@dataclass(frozen=True)
class Blobs:
    """Ink blobs of glyph size on paper, one row each."""

    centroids: np.ndarray  # N x 2 float32
    sizes: np.ndarray  # N float32: the longer side of the bounding box
    axes: np.ndarray  # N x 2 float32 unit vectors along the blob's major axis
    lengths: np.ndarray  # N float32: the blob's length along that axis
    elongation: np.ndarray  # N float32: major / minor axis spread


def ink_and_paper(image: np.ndarray, settings: FinderSettings) -> InkMaps:
    """Ink (darker than its surroundings), paper (bright) and off-table masks."""
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
    off_table = not_background(paper, settings)
    return InkMaps(
        ink=cv2.bitwise_and(ink, off_table),
        paper=paper,
        off_table=off_table,
        darkest=darkest,
        local=local,
    )


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
class Labelled:
    """Connected components of an ink mask and the coordinates of its ink pixels."""

    count: int
    stats: np.ndarray
    centroids: np.ndarray
    cols: np.ndarray  # of every ink pixel
    rows: np.ndarray
    owners: np.ndarray  # the label of every ink pixel


def labelled(ink: np.ndarray) -> Labelled:
    """Connected components of the ink, labelled within the ink's bounding box (sparse
    masks are labelled much faster); coordinates are the whole mask's."""
    left, top, width, height = cv2.boundingRect(ink)
    # OpenCV's block-based labelling is several times slower on odd-sized images.
    right = min(left + width + width % 2 + left % 2, ink.shape[1])
    bottom = min(top + height + height % 2 + top % 2, ink.shape[0])
    left, top = left - left % 2, top - top % 2
    box = ink[top : max(bottom, top + 1), left : max(right, left + 1)]
    if box.shape[0] % 2 or box.shape[1] % 2:
        odd_rows, odd_cols = box.shape[0] % 2, box.shape[1] % 2
        box = cv2.copyMakeBorder(box, 0, odd_rows, 0, odd_cols, cv2.BORDER_CONSTANT, value=0)
    count, labels, stats, centroids = cv2.connectedComponentsWithStatsWithAlgorithm(
        box, CONNECTIVITY, cv2.CV_32S, cv2.CCL_BBDT
    )
    found = cv2.findNonZero(box)
    points = np.zeros((0, 2), np.int32) if found is None else found.reshape(-1, 2)
    owners = labels[points[:, 1], points[:, 0]]
    stats[:, cv2.CC_STAT_LEFT] += left
    stats[:, cv2.CC_STAT_TOP] += top
    centroids += (left, top)
    return Labelled(count, stats, centroids, points[:, 0] + left, points[:, 1] + top, owners)


def blob_shapes(parts: Labelled, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Major axis, its length and the elongation of the chosen labels, from moments."""
    count = parts.count
    keep = chosen[parts.owners]
    owner = parts.owners[keep]
    xs, ys = parts.cols[keep].astype(np.float64), parts.rows[keep].astype(np.float64)
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


def blobs_of(
    ink: np.ndarray, paper: np.ndarray, settings: FinderSettings
) -> tuple[Blobs, np.ndarray]:
    """The blobs of glyph size on paper of an ink mask, and the mask of the ink that was
    too large for a glyph or had too little paper around it."""
    parts = labelled(ink)
    stats = parts.stats
    sizes = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    oversized = sizes > settings.max_glyph
    glyph_sized = (sizes >= settings.min_glyph) & ~oversized
    glyph_sized[BACKGROUND_LABEL] = oversized[BACKGROUND_LABEL] = False
    on_paper = np.zeros_like(glyph_sized)
    on_paper[glyph_sized] = (
        paper_around(paper, stats[glyph_sized], settings.ring_margin) >= settings.min_paper
    )
    keep = glyph_sized & on_paper & (stats[:, cv2.CC_STAT_AREA] >= settings.min_area)
    if int(keep.sum()) > settings.max_blobs:
        smallest_kept = np.sort(sizes[keep])[-settings.max_blobs]
        keep &= sizes >= smallest_kept
    rejected = oversized | (glyph_sized & ~on_paper)
    rejected_ink = np.zeros_like(ink)
    out = rejected[parts.owners]
    rejected_ink[parts.rows[out], parts.cols[out]] = MAX_LEVEL
    axes, lengths, elongation = blob_shapes(parts, keep)
    blobs = Blobs(
        centroids=parts.centroids[keep].astype(np.float32),
        sizes=sizes[keep].astype(np.float32),
        axes=axes.astype(np.float32),
        lengths=lengths.astype(np.float32),
        elongation=elongation.astype(np.float32),
    )
    return blobs, rejected_ink


def joined(first: Blobs, second: Blobs) -> Blobs:
    return Blobs(
        centroids=np.concatenate([first.centroids, second.centroids]),
        sizes=np.concatenate([first.sizes, second.sizes]),
        axes=np.concatenate([first.axes, second.axes]),
        lengths=np.concatenate([first.lengths, second.lengths]),
        elongation=np.concatenate([first.elongation, second.elongation]),
    )


def away_from_table(maps: InkMaps, settings: FinderSettings) -> np.ndarray:
    """255 farther than ``line_table_margin`` from the table."""
    margin = 2 * settings.line_table_margin + 1
    near_table = cv2.getStructuringElement(cv2.MORPH_RECT, (margin, margin))
    return cv2.erode(maps.off_table, near_table)


def without_lines(rejected: np.ndarray, away: np.ndarray, settings: FinderSettings) -> np.ndarray:
    """Rejected ink with lines thinner than ``line_width`` opened away, and without the
    strip along the table (``away`` is 0 there: a card's shadow there breaks into
    glyph-sized pieces)."""
    line = cv2.getStructuringElement(cv2.MORPH_RECT, (settings.line_width, settings.line_width))
    return cv2.morphologyEx(cv2.bitwise_and(rejected, away), cv2.MORPH_OPEN, line)


def paper_mean(maps: InkMaps, settings: FinderSettings) -> np.ndarray:
    """The local mean of the paper alone (of everything where no paper is near, or where
    that is brighter): beside the dark table, ink is measured against the card."""
    window = (settings.local_window, settings.local_window)
    weight = cv2.blur(maps.paper, window)
    total = cv2.blur(cv2.bitwise_and(maps.darkest, maps.paper), window)
    return cv2.max(cv2.divide(total, weight, scale=MAX_LEVEL), maps.local)


def faint_blobs(maps: InkMaps, away: np.ndarray, blobs: Blobs, settings: FinderSettings) -> Blobs:
    """Small blobs of lighter ink (a thin or blurred glyph beside a bold pip), on paper
    all round and away from the table (``away``), that are not one of the given blobs
    again."""
    threshold = cv2.convertScaleAbs(paper_mean(maps, settings), alpha=settings.faint_ratio)
    faint = cv2.bitwise_and(cv2.compare(maps.darkest, threshold, cv2.CMP_LT), away)
    small = replace(
        settings, max_glyph=settings.faint_max_glyph, min_paper=settings.faint_min_paper
    )
    found, _ = blobs_of(faint, maps.paper, small)
    if not (blobs.sizes.size and found.sizes.size):
        return found
    gap = np.sqrt(((found.centroids[:, None] - blobs.centroids[None]) ** 2).sum(axis=2))
    ratio = found.sizes[:, None] / blobs.sizes[None]
    same = (
        (gap <= SAME_BLOB_DISTANCE * blobs.sizes[None])
        & (ratio > 1 / SAME_BLOB_RATIO)
        & (ratio < SAME_BLOB_RATIO)
    )
    return selected(found, ~same.any(axis=1))


def selected(blobs: Blobs, rows: np.ndarray) -> Blobs:
    return Blobs(
        centroids=blobs.centroids[rows],
        sizes=blobs.sizes[rows],
        axes=blobs.axes[rows],
        lengths=blobs.lengths[rows],
        elongation=blobs.elongation[rows],
    )


@dataclass(frozen=True)
class FoundBlobs:
    blobs: Blobs  # ink of glyph or pip size, including that freed from thin lines
    faint: Blobs  # lighter ink, looked for only as a glyph beside one of ``blobs``


def find_blobs(image: np.ndarray, settings: FinderSettings) -> FoundBlobs:
    """The ink blobs of glyph size on paper (with those freed from thin lines), and the
    faint ones."""
    maps = ink_and_paper(image, settings)
    blobs, rejected = blobs_of(maps.ink, maps.paper, settings)
    breaking = settings.break_lines and bool(rejected.any())
    no_faint = selected(blobs, np.zeros(blobs.sizes.size, dtype=bool))
    if not (breaking or settings.faint_glyphs):
        return FoundBlobs(blobs=blobs, faint=no_faint)
    away = away_from_table(maps, settings)
    if breaking:
        freed, _ = blobs_of(without_lines(rejected, away, settings), maps.paper, settings)
        blobs = joined(blobs, freed)
    faint = faint_blobs(maps, away, blobs, settings) if settings.faint_glyphs else no_faint
    return FoundBlobs(blobs=blobs, faint=faint)
