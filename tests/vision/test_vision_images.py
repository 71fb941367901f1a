"""Loading photos: clear errors naming the file; huge photos decoded reduced."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision.bands import EXIF_ORIENTATION, upright
from companion.vision.images import (
    DECODE_TARGET_SIDE,
    JPEG_START,
    ImageError,
    jpeg_is_complete,
    load_image,
    load_image_scaled,
    png_is_complete,
)
from tests.vision.banded_images import noise_texture, shrunk_exactly


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ImageError, match=r"nothing\.jpg: no such file"):
        load_image(tmp_path / "nothing.jpg")


def test_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.jpg"
    path.write_bytes(b"\xff\xd8\xff garbage that is not a jpeg")
    with pytest.raises(ImageError, match=r"broken\.jpg"):
        load_image(path)


def test_a_bmp_cut_short_is_named_as_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "cut.bmp"
    cv2.imwrite(str(path), np.full((60, 80, 3), 200, np.uint8))
    path.write_bytes(path.read_bytes()[:5000])
    with pytest.raises(ImageError, match=r"cut\.bmp: the BMP data ends early"):
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


def _jpeg_bytes(*, progressive: bool = False) -> bytes:
    from PIL import Image

    buffer = BytesIO()
    pixels = np.random.default_rng(1).integers(0, 255, (64, 96, 3), dtype=np.uint8)
    Image.fromarray(pixels).save(buffer, "JPEG", progressive=progressive)
    return buffer.getvalue()


@pytest.mark.parametrize("progressive", [False, True])
def test_a_jpeg_cut_short_is_refused_naming_the_file(tmp_path: Path, progressive: bool) -> None:
    whole = _jpeg_bytes(progressive=progressive)
    path = tmp_path / "whole.jpg"
    path.write_bytes(whole)
    assert load_image(path).shape == (64, 96, 3)
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    with pytest.raises(ImageError, match=r"cut\.jpg: the JPEG data ends early"):
        load_image(cut)


def test_markers_inside_a_thumbnail_segment_or_after_the_end_do_not_count(tmp_path: Path) -> None:
    whole = _jpeg_bytes()
    # an application segment (as an EXIF thumbnail is) holding an end-of-image marker
    payload = b"Exif\x00\x00" + JPEG_START + b"\x00" * 8 + b"\xff\xd9"
    segment = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
    with_thumbnail = whole[:2] + segment + whole[2:]
    assert jpeg_is_complete(BytesIO(with_thumbnail))
    assert not jpeg_is_complete(BytesIO(with_thumbnail[: len(with_thumbnail) - 200]))
    trailer = tmp_path / "motion.jpg"  # a phone's motion photo: a video after the image
    trailer.write_bytes(whole + b"\x00\x00\x00\x18ftypmp42" + bytes(300))
    assert load_image(trailer).shape == (64, 96, 3)


def test_a_png_cut_short_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "whole.png"
    cv2.imwrite(str(path), np.random.default_rng(2).integers(0, 255, (80, 80, 3), np.uint8))
    data = path.read_bytes()
    assert png_is_complete(BytesIO(data))
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[:-20])
    with pytest.raises(ImageError, match=r"cut\.png: the PNG data ends early"):
        load_image(cut)


@pytest.mark.parametrize("suffix", [".jpg", ".png", ".tif", ".webp"])
def test_the_factor_holds_for_a_photo_turned_by_its_exif_orientation(
    tmp_path: Path, suffix: str
) -> None:
    """A phone stores a portrait photo as landscape pixels plus an orientation tag;
    OpenCV turns it upright, and the factor back to the full photo must not change."""
    from PIL import Image

    path = tmp_path / f"portrait{suffix}"
    exif = Image.Exif()
    exif[0x0112] = 6  # shown turned a quarter clockwise
    landscape = np.full((DECODE_TARGET_SIDE * 2, DECODE_TARGET_SIDE * 3, 3), 90, np.uint8)
    Image.fromarray(landscape).save(path, exif=exif.tobytes())
    image, factor = load_image_scaled(path)
    assert image.shape[:2] == (DECODE_TARGET_SIDE * 3 // 2, DECODE_TARGET_SIDE)
    assert factor == 2.0


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.jpg", b"", "the file is empty"),
        ("phone.heic", b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(64), "HEIC/HEIF/AVIF"),
        ("notes.jpg", b"a shopping list, not a photo", "not an image in a format"),
    ],
)
def test_a_file_no_decoder_knows_is_refused_saying_what_it_is(
    tmp_path: Path, name: str, content: bytes, reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ImageError, match=f"{re.escape(name)}: .*{reason}"):
        load_image(path)


@pytest.mark.parametrize("suffix", [".bmp", ".tif"])
def test_a_large_image_is_loaded_reduced_in_bands_without_the_whole_decoder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    image = noise_texture(1400, 2600)  # at least twice 1280 px: decoded at half size
    path = tmp_path / f"large{suffix}"
    cv2.imwrite(str(path), image)
    monkeypatch.setattr(cv2, "imread", None)
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    np.testing.assert_array_equal(loaded, shrunk_exactly(image, 2))


@pytest.mark.parametrize("orientation", [1, 6])
def test_a_large_tiff_not_in_plain_strips_is_read_in_bands_by_pillow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, orientation: int
) -> None:
    ink = np.where(noise_texture(1400, 2600)[:, :, 1] > 128, 255, 0).astype(np.uint8)
    path = tmp_path / "fax.tif"
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = orientation
    Image.fromarray(ink).convert("1").save(path, compression="group4", exif=exif)
    monkeypatch.setattr(cv2, "imread", None)
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    expected = upright(shrunk_exactly(cv2.cvtColor(ink, cv2.COLOR_GRAY2BGR), 2), orientation)
    np.testing.assert_array_equal(loaded, expected)
