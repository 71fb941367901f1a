"""The changed copies the photo check reads."""

from __future__ import annotations

import cv2
import numpy as np

from training.photo_variants import CAMERA_FRAME, CHANGES


def test_changes_keep_a_bgr_image_and_change_what_they_say() -> None:
    rng = np.random.default_rng(0)
    image = rng.integers(60, 250, (120, 90, 3), dtype=np.uint8)
    changed = {name: change(image) for name, change in CHANGES.items()}
    for name, result in changed.items():
        assert result.dtype == np.uint8 and result.ndim == 3 and result.shape[2] == 3, name
    assert np.array_equal(changed["as taken"], image)
    assert changed["turned 90"].shape[:2] == (90, 120)
    assert np.array_equal(changed["turned 180"], image[::-1, ::-1])
    assert changed["scaled 0.5"].shape[:2] == (60, 45)
    assert changed["half as bright"].mean() < image.mean() * 0.55
    assert changed["jpeg quality 30"].shape == image.shape
    width, height = CAMERA_FRAME
    for share in ("1/2", "2/5"):
        framed = changed[f"camera frame {share}"]
        assert framed.shape == (height, width, 3)
        photo_height = round(height * (0.5 if share == "1/2" else 0.4))
        photo_width = round(90 * photo_height / 120)
        top, left = (height - photo_height) // 2, (width - photo_width) // 2
        middle = framed[top + 2 : top + photo_height - 2, left + 2 : left + photo_width - 2]
        shrunk = cv2.resize(image, (photo_width, photo_height), interpolation=cv2.INTER_AREA)
        assert np.abs(middle.astype(int) - shrunk[2:-2, 2:-2].astype(int)).max() <= 1, share
        assert framed[:, :left].std() < image.std() / 3  # the blurred table around it
    dark_framed = changed["frame 1/2, half bright"]
    assert dark_framed.shape == (height, width, 3)
    assert dark_framed.mean() < changed["camera frame 1/2"].mean() * 0.55
    top, left = (height - 360) // 2, (width - 270) // 2  # the photo at 1/2 of the height
    turned = changed["frame 1/2, turned 180"][top + 2 : -top - 2, left + 2 : -left - 2]
    upright = changed["camera frame 1/2"][top + 2 : -top - 2, left + 2 : -left - 2]
    assert np.abs(turned.astype(int) - upright[::-1, ::-1].astype(int)).max() <= 1
