"""Loading photos: clear errors naming the file; huge photos decoded reduced."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision.images import DECODE_TARGET_SIDE, ImageError, load_image, load_image_scaled


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ImageError, match=r"nothing\.jpg: no such file"):
        load_image(tmp_path / "nothing.jpg")


def test_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.jpg"
    path.write_bytes(b"\xff\xd8\xff garbage that is not a jpeg")
    with pytest.raises(ImageError, match=r"broken\.jpg"):
        load_image(path)


def test_folder_is_not_an_image(tmp_path: Path) -> None:
    with pytest.raises(ImageError, match="folder"):
        load_image(tmp_path)


def test_huge_photo_is_decoded_reduced(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    side = DECODE_TARGET_SIDE * 4
    cv2.imwrite(str(path), np.full((side // 2, side, 3), 128, np.uint8))
    image = load_image(path)
    assert max(image.shape[:2]) <= side // 2
    assert image.shape[2] == 3


def test_reduced_decoding_reports_the_factor_back_to_file_pixels(tmp_path: Path) -> None:
    path = tmp_path / "big.png"
    cv2.imwrite(
        str(path), np.full((DECODE_TARGET_SIDE * 2, DECODE_TARGET_SIDE * 3, 3), 90, np.uint8)
    )
    image, factor = load_image_scaled(path)
    assert image.shape[1] * factor == DECODE_TARGET_SIDE * 3
    small = tmp_path / "small.png"
    cv2.imwrite(str(small), np.zeros((10, 20, 3), np.uint8))
    assert load_image_scaled(small)[1] == 1.0
