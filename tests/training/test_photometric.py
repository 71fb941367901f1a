"""The camera effects report how wide their blur is."""

from __future__ import annotations

import numpy as np

from training.photometric import blur


def _dot_image() -> np.ndarray:
    image = np.zeros((61, 61, 3), np.uint8)
    image[30, 30] = 255
    return image


def _spread(image: np.ndarray) -> float:
    """The standard deviation of the image's brightness along its most spread direction."""
    values = image[..., 0].astype(np.float64)
    rows, columns = np.mgrid[0 : values.shape[0], 0 : values.shape[1]]
    points = np.stack([rows.ravel(), columns.ravel()], axis=1).astype(np.float64)
    weights = values.ravel() / values.sum()
    centred = points - weights @ points
    covariance = (centred * weights[:, None]).T @ centred
    return float(np.sqrt(np.linalg.eigvalsh(covariance).max()))


def test_the_reported_blur_width_is_how_far_a_point_is_smeared() -> None:
    kinds = set()
    for seed in range(40):
        blurred, width = blur(np.random.default_rng(seed), _dot_image(), index_pixels=28.8)
        motion = width.is_integer()  # a motion's length is whole pixels, a defocus's is not
        kinds.add(motion)
        # a line of length L spreads L / sqrt(12); a Gaussian's width at half maximum is
        # 2.355 sigmas (pixels are whole and a turned line is resampled: hence the margin)
        expected = width / np.sqrt(12) if motion else width / 2.3548
        assert abs(_spread(blurred) - expected) <= 0.2 * expected + 0.3, (seed, width)
    assert kinds == {True, False}


def test_a_sharper_scene_of_small_indices_gets_narrower_blur() -> None:
    widths = [
        blur(np.random.default_rng(seed), _dot_image(), index_pixels=10.0)[1] for seed in range(40)
    ]
    assert max(widths) <= 2 * 0.6 + 4  # the smallest limit's motion length, and under
    assert min(widths) > 0
