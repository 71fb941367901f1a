"""Large BMPs read a band of rows at a time, shrunk as they go."""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision import bands
from companion.vision.bmp_bands import load_bmp_reduced, read_bmp_header
from companion.vision.images import ImageError, load_image_scaled

FACTOR = 2


def _textured(height: int, width: int, seed: int = 5) -> np.ndarray:
    rng = np.random.default_rng(seed)
    image = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    return np.asarray(cv2.GaussianBlur(image, (5, 5), 1.0))


def _shrunk(image: np.ndarray, factor: int) -> np.ndarray:
    height, width = image.shape[0] // factor, image.shape[1] // factor
    return np.asarray(
        cv2.resize(
            image[: height * factor, : width * factor],
            (width, height),
            interpolation=cv2.INTER_AREA,
        )
    )


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


@pytest.fixture
def small_bands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bands, "BAND_BYTES", 20_000)  # a few dozen rows per band


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize(
    ("bits", "top_down"), [(24, False), (32, False), (24, True)], ids=["bgr", "bgra", "top-down"]
)
def test_banded_reading_matches_shrinking_the_whole_image(
    tmp_path: Path, bits: int, top_down: bool
) -> None:
    image = _textured(300, 242)  # 726 bytes a row at 24 bits, padded to 728
    path = tmp_path / "photo.bmp"
    _write_bmp(path, image, bits=bits, top_down=top_down)
    np.testing.assert_array_equal(cv2.imread(str(path)), image)  # as OpenCV reads it
    banded = load_bmp_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (150, 121, 3)
    np.testing.assert_array_equal(banded, _shrunk(image, FACTOR))


@pytest.mark.usefixtures("small_bands")
def test_a_height_that_is_no_multiple_of_the_factor_keeps_every_whole_row(
    tmp_path: Path,
) -> None:
    image = _textured(403, 200)
    path = tmp_path / "odd.bmp"
    _write_bmp(path, image)
    banded = load_bmp_reduced(path, 4)
    assert banded is not None
    assert banded.shape[:2] == (101, 50)  # 403 rows / 4 = 100.75: the last 3 rows count
    np.testing.assert_array_equal(banded[:100], _shrunk(image, 4))


def test_a_bmp_cut_short_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.bmp"
    _write_bmp(path, _textured(100, 80))
    path.write_bytes(path.read_bytes()[:-500])
    with pytest.raises(ImageError, match=r"cut\.bmp: the BMP pixel data ends early"):
        load_bmp_reduced(path, FACTOR)


def test_other_files_and_kinds_of_bmp_are_left_to_the_whole_decoder(tmp_path: Path) -> None:
    png = tmp_path / "photo.png"
    cv2.imwrite(str(png), _textured(40, 40))
    assert load_bmp_reduced(png, FACTOR) is None
    grey = tmp_path / "grey.bmp"
    cv2.imwrite(str(grey), _textured(40, 40)[:, :, 0])  # 8-bit with a palette
    with grey.open("rb") as stream:
        header = read_bmp_header(stream)
    assert header is not None and header.bits == 8 and not header.banded
    assert load_bmp_reduced(grey, FACTOR) is None


def test_a_large_bmp_is_loaded_reduced_in_bands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = _textured(1400, 2600)  # at least twice 1280 px: decoded at half size
    path = tmp_path / "large.bmp"
    cv2.imwrite(str(path), image)
    monkeypatch.setattr(cv2, "imread", None)  # the whole decoder is not used
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    np.testing.assert_array_equal(loaded, _shrunk(image, 2))
