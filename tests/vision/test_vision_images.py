"""Loading photos: clear errors naming the file; huge photos decoded reduced."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision.images import (
    DECODE_TARGET_SIDE,
    MAX_PIXELS,
    ImageError,
    load_image,
    load_image_scaled,
)

EXIF_ORIENTATION = 0x0112


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
    with pytest.raises(ImageError, match=r"cut\.bmp: the image data ends early"):
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
    with pytest.raises(ImageError, match=r"cut\.jpg: the image data ends early"):
        load_image(cut)


def test_a_png_cut_short_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "whole.png"
    cv2.imwrite(str(path), np.random.default_rng(2).integers(0, 255, (80, 80, 3), np.uint8))
    data = path.read_bytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(data[: len(data) * 2 // 3])
    with pytest.raises(ImageError, match=r"cut\.png: the image data ends early"):
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
    exif[EXIF_ORIENTATION] = 6  # shown turned a quarter clockwise
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


def noise_texture(height: int, width: int) -> np.ndarray:
    """Blurred noise: every pixel differs, as a photo's do."""
    image = np.random.default_rng(5).integers(0, 256, (height, width, 3), dtype=np.uint8)
    return np.asarray(cv2.GaussianBlur(image, (5, 5), 1.0))


@pytest.mark.parametrize("suffix", [".png", ".bmp", ".tif", ".webp", ".gif"])
def test_a_large_photo_of_any_format_is_shrunk_to_near_the_working_size(
    tmp_path: Path, suffix: str
) -> None:
    image = noise_texture(1400, 2600)  # at least twice 1280 px: decoded at half size
    path = tmp_path / f"large{suffix}"
    Image.fromarray(image).save(path, lossless=True) if suffix == ".webp" else cv2.imwrite(
        str(path), image
    )
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    assert loaded.shape == (700, 1300, 3)
    if suffix in (".png", ".bmp", ".tif"):  # lossless and full colour: the same pixels
        whole = cv2.resize(image, (1300, 700), interpolation=cv2.INTER_AREA)
        assert np.abs(loaded.astype(int) - whole).max() <= 1


def test_a_large_jpeg_is_decoded_already_reduced(tmp_path: Path) -> None:
    path = tmp_path / "large.jpg"
    cv2.imwrite(str(path), noise_texture(2800, 5200))
    loaded, factor = load_image_scaled(path)
    assert factor == 4
    assert loaded.shape == (700, 1300, 3)
    reduced = cv2.imread(str(path), cv2.IMREAD_REDUCED_COLOR_4)
    assert np.abs(loaded.astype(int) - reduced).max() <= 2  # the same DCT scaling


def test_a_photo_over_the_pixel_limit_is_refused_naming_it_and_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "panorama.png"
    side = int((MAX_PIXELS * 1.1) ** 0.5)
    Image.new("L", (side, side)).save(path)  # only its header is read
    with pytest.raises(ImageError, match=r"panorama\.png: .* megapixels, over the limit of 50"):
        load_image(path)


def test_a_tiff_turned_by_its_orientation_tag_is_read_upright(tmp_path: Path) -> None:
    path = tmp_path / "turned.tif"
    landscape = noise_texture(40, 60)
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = 6
    Image.fromarray(landscape[:, :, ::-1]).save(path, exif=exif)
    loaded = load_image(path)
    np.testing.assert_array_equal(loaded, np.rot90(landscape, k=-1))
