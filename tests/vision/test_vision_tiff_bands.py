"""TIFFs read a band of strips at a time, shrunk as they go."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision import bands
from companion.vision.images import ImageError, load_image_scaled
from companion.vision.tiff_bands import _tiff, load_tiff_reduced, read_tiff_layout
from tests.vision.banded_images import decoded_whole, noise_texture, shrunk_exactly

FACTOR = 2
UNCOMPRESSED, LZW = 1, 5  # TIFF compressions; OpenCV's LZW adds the horizontal predictor


def _save_with_pillow(path: Path, image: np.ndarray, compression: str | None) -> None:
    rgb = Image.fromarray(np.ascontiguousarray(image[:, :, ::-1]))
    rgb.save(path, compression=compression, tiffinfo={278: 7})  # 7 rows a strip


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize("compression", [None, "tiff_lzw", "tiff_adobe_deflate", "packbits"])
def test_banded_reading_matches_shrinking_the_whole_image(
    tmp_path: Path, compression: str | None
) -> None:
    image = noise_texture(301, 242)
    path = tmp_path / "photo.tif"
    _save_with_pillow(path, image, compression)
    np.testing.assert_array_equal(decoded_whole(path), image)
    layout = read_tiff_layout(path)
    assert layout is not None and layout.rows_per_strip == 7 and len(layout.strip_offsets) == 43
    banded = load_tiff_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (151, 121, 3)  # 301 / 2 = 150.5: the last row counts
    np.testing.assert_array_equal(banded[:150], shrunk_exactly(image, FACTOR))


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize(
    "pixels",
    [
        noise_texture(200, 160, 1)[:, :, 0],
        noise_texture(200, 160, 4),
        noise_texture(200, 160).astype(np.uint16) * 257,
    ],
    ids=["grey", "bgra", "16-bit"],
)
@pytest.mark.parametrize("compression", [LZW, UNCOMPRESSED], ids=["lzw", "uncompressed"])
def test_opencvs_own_tiffs_of_each_kind_read_as_it_reads_themdecoded_whole(
    tmp_path: Path, pixels: np.ndarray, compression: int
) -> None:
    path = tmp_path / "photo.tif"
    assert cv2.imwrite(str(path), pixels, [cv2.IMWRITE_TIFF_COMPRESSION, compression])
    assert read_tiff_layout(path) is not None
    banded = load_tiff_reduced(path, 4)
    assert banded is not None
    np.testing.assert_array_equal(banded, shrunk_exactly(decoded_whole(path), 4))


def test_a_big_endian_tiff_keeps_its_byte_order_in_each_band(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = (noise_texture(120, 90).astype(np.uint16) * 251)[:, :, ::-1]  # RGB, 16 bits
    little = tmp_path / "little.tif"
    assert cv2.imwrite(str(little), image[:, :, ::-1], [cv2.IMWRITE_TIFF_COMPRESSION, 1])
    layout = read_tiff_layout(little)
    assert layout is not None and layout.byte_order == "<"
    big = tmp_path / "big.tif"
    big_endian = replace(layout, byte_order=">", rows_per_strip=120)
    big.write_bytes(_tiff(big_endian, 120, [image.astype(">u2").tobytes()]))
    np.testing.assert_array_equal(decoded_whole(big), decoded_whole(little))
    monkeypatch.setattr(bands, "BAND_BYTES", 10_000)
    banded = load_tiff_reduced(big, 1)
    assert banded is not None
    np.testing.assert_array_equal(banded, decoded_whole(little))


def test_the_orientation_tag_turns_the_image_upright(tmp_path: Path) -> None:
    image = noise_texture(60, 100)
    path = tmp_path / "turned.tif"
    rgb = Image.fromarray(np.ascontiguousarray(image[:, :, ::-1]))
    rgb.save(path, compression="tiff_lzw", tiffinfo={274: 6})  # shown turned clockwise
    loaded, factor = load_image_scaled(path)
    assert factor == 1
    np.testing.assert_array_equal(loaded, cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE))


@pytest.mark.usefixtures("small_bands")
def test_a_tiff_cut_short_is_an_error_naming_the_file_and_rows(tmp_path: Path) -> None:
    whole = tmp_path / "whole.tif"
    _save_with_pillow(whole, noise_texture(100, 80), "tiff_lzw")
    layout = read_tiff_layout(whole)
    assert layout is not None
    data = whole.read_bytes()
    strips = [
        data[offset : offset + length]
        for offset, length in zip(layout.strip_offsets, layout.strip_bytes, strict=True)
    ]
    path = tmp_path / "cut.tif"  # its directory is at the start, as a camera writes it
    path.write_bytes(_tiff(layout, 100, strips)[: -len(strips[-1]) - 10])
    with pytest.raises(
        ImageError, match=r"cut\.tif: the TIFF data ends early \(rows 77 to 99 of 100"
    ):
        load_tiff_reduced(path, FACTOR)


def test_other_files_and_kinds_of_tiff_are_left_to_the_whole_decoder(tmp_path: Path) -> None:
    png = tmp_path / "photo.png"
    cv2.imwrite(str(png), noise_texture(40, 40))
    assert load_tiff_reduced(png, FACTOR) is None
    jpeg_inside = tmp_path / "jpeg.tif"
    image = noise_texture(64, 64)
    Image.fromarray(image).save(jpeg_inside, compression="jpeg")
    grey_alpha = tmp_path / "grey-alpha.tif"
    Image.fromarray(image).convert("LA").save(grey_alpha)
    for path in (jpeg_inside, grey_alpha):
        assert read_tiff_layout(path) is None
        assert load_tiff_reduced(path, FACTOR) is None
        loaded, factor = load_image_scaled(path)
        assert loaded.shape == (64, 64, 3) and factor == 1


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize("compression", [None, "tiff_lzw"])
def test_a_cmyk_tiff_reads_in_the_colours_opencv_gives_it(
    tmp_path: Path, compression: str | None
) -> None:
    inks = noise_texture(150, 120, 4)
    path = tmp_path / "print.tif"
    Image.fromarray(inks, "CMYK").save(path, compression=compression, tiffinfo={278: 5})
    banded = load_tiff_reduced(path, 1)
    assert banded is not None
    np.testing.assert_array_equal(banded, decoded_whole(path))


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize("compression", [None, "tiff_lzw"])
def test_a_palette_tiff_reads_in_its_palettes_colours(
    tmp_path: Path, compression: str | None
) -> None:
    path = tmp_path / "palette.tif"
    Image.fromarray(noise_texture(150, 120)).convert("P").save(path, compression=compression)
    banded = load_tiff_reduced(path, FACTOR)
    assert banded is not None
    np.testing.assert_array_equal(banded, shrunk_exactly(decoded_whole(path), FACTOR))


@pytest.mark.parametrize(
    ("mode", "compression"),
    [("RGB", "tiff_lzw"), ("RGB", None), ("P", None), ("RGB", "jpeg")],
    ids=["lzw", "uncompressed", "palette", "jpeg-compressed, decoded whole"],
)
def test_a_tiff_tagged_as_turned_is_read_upright(
    tmp_path: Path, mode: str, compression: str | None
) -> None:
    """OpenCV 5.0 refuses every TIFF whose orientation tag is not upright, so those that
    are not read in bands are decoded by Pillow."""
    image = np.zeros((60, 100, 3), np.uint8)
    image[:20, :30] = (0, 0, 255)  # a red block at the top left, as stored
    path = tmp_path / "turned.tif"
    stored = Image.fromarray(np.ascontiguousarray(image[:, :, ::-1])).convert(mode)
    stored.save(path, compression=compression, tiffinfo={274: 6})  # shown turned clockwise
    loaded, factor = load_image_scaled(path)
    assert factor == 1 and loaded.shape == (100, 60, 3)
    top_right, bottom_left = (
        loaded[:15, -15:].mean(axis=(0, 1)),
        loaded[-15:, :15].mean(axis=(0, 1)),
    )
    assert top_right[2] > 200 and top_right[0] < 60 and bottom_left.max() < 60
