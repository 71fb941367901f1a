"""Large BMPs read a band of rows at a time, shrunk as they go."""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision.bmp_bands import load_bmp_reduced, read_bmp_header
from companion.vision.images import ImageError
from tests.vision.banded_images import noise_texture, shrunk_exactly

FACTOR = 2


def _write_bmp(path: Path, image: np.ndarray, *, bits: int = 24, top_down: bool = False) -> None:
    """A BMP as Windows stores it: BGR(A) rows padded to 4 bytes, bottom row first unless
    the height is negative."""
    height, width = image.shape[:2]
    pixels = image if bits == 24 else np.dstack([image, np.full((height, width), 255, np.uint8)])
    row_bytes = (width * bits + 31) // 32 * 4
    rows = np.zeros((height, row_bytes), np.uint8)
    rows[:, : width * bits // 8] = pixels.reshape(height, -1)
    stored = rows if top_down else rows[::-1]
    info = struct.pack(
        "<IiiHHIIiiII", 40, width, -height if top_down else height, 1, bits, 0, 0, 0, 0, 0, 0
    )
    offset = 14 + len(info)
    head = b"BM" + struct.pack("<IHHI", offset + stored.size, 0, 0, offset)
    path.write_bytes(head + info + stored.tobytes())


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize(
    ("bits", "top_down"), [(24, False), (32, False), (24, True)], ids=["bgr", "bgra", "top-down"]
)
def test_banded_reading_matches_shrinking_the_whole_image(
    tmp_path: Path, bits: int, top_down: bool
) -> None:
    image = noise_texture(300, 242)  # 726 bytes a row at 24 bits, padded to 728
    path = tmp_path / "photo.bmp"
    _write_bmp(path, image, bits=bits, top_down=top_down)
    np.testing.assert_array_equal(cv2.imread(str(path)), image)  # as OpenCV reads it
    banded = load_bmp_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (150, 121, 3)
    np.testing.assert_array_equal(banded, shrunk_exactly(image, FACTOR))


@pytest.mark.usefixtures("small_bands")
def test_a_height_that_is_no_multiple_of_the_factor_keeps_every_whole_row(
    tmp_path: Path,
) -> None:
    image = noise_texture(403, 200)
    path = tmp_path / "odd.bmp"
    _write_bmp(path, image)
    banded = load_bmp_reduced(path, 4)
    assert banded is not None
    assert banded.shape[:2] == (101, 50)  # 403 rows / 4 = 100.75: the last 3 rows count
    np.testing.assert_array_equal(banded[:100], shrunk_exactly(image, 4))


def test_a_bmp_cut_short_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.bmp"
    _write_bmp(path, noise_texture(100, 80))
    path.write_bytes(path.read_bytes()[:-500])
    with pytest.raises(ImageError, match=r"cut\.bmp: the BMP pixel data ends early"):
        load_bmp_reduced(path, FACTOR)


def test_other_files_and_kinds_of_bmp_are_left_to_the_whole_decoder(tmp_path: Path) -> None:
    png = tmp_path / "photo.png"
    cv2.imwrite(str(png), noise_texture(40, 40))
    assert load_bmp_reduced(png, FACTOR) is None
    grey = tmp_path / "grey.bmp"
    cv2.imwrite(str(grey), noise_texture(40, 40)[:, :, 0])  # 8-bit with a palette
    with grey.open("rb") as stream:
        header = read_bmp_header(stream)
    assert header is not None and header.bits == 8 and not header.banded
    assert load_bmp_reduced(grey, FACTOR) is None
