"""A large PNG decoded a band of rows at a time gives what decoding it whole would."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision import bands, png_bands
from companion.vision.images import DECODE_TARGET_SIDE, ImageError, load_image_scaled
from companion.vision.png_bands import load_png_reduced, read_header
from tests.vision.banded_images import decoded_whole, shrunk_exactly

FACTOR = 2


def _textured(height: int, width: int, channels: int, dtype: type = np.uint8) -> np.ndarray:
    """Gradients plus noise: a photo-like texture, in grey or colour, of 8 or 16 bits."""
    rng = np.random.default_rng(7)
    top = np.iinfo(dtype).max
    ys, xs = np.mgrid[0:height, 0:width]
    base = (xs * 3 + ys * 5) % 256 / 255 * top * 0.8
    noise = rng.integers(0, top // 5, size=(height, width, channels))
    samples: np.ndarray = (base[:, :, None] + noise).astype(dtype)
    return samples[:, :, 0] if channels == 1 else samples


def _filtered_rows(samples: np.ndarray, bytes_per_pixel: int) -> bytes:
    """The rows (big-endian samples), each with one of the five PNG row filters (None,
    Sub, Up, Average, Paeth) chosen at random. OpenCV's own writer uses Sub only, whose
    rows never refer to the row above, and the bands must be shown to join."""
    rows = samples.astype(samples.dtype.newbyteorder(">")).reshape(len(samples), -1)
    data = rows.view(np.uint8).astype(np.int32)
    above = np.vstack([np.zeros_like(data[:1]), data[:-1]])
    left = np.hstack([np.zeros_like(data[:, :bytes_per_pixel]), data[:, :-bytes_per_pixel]])
    above_left = np.hstack([np.zeros_like(above[:, :bytes_per_pixel]), above[:, :-bytes_per_pixel]])
    guess = left + above - above_left
    to_left, to_above, to_corner = (np.abs(guess - x) for x in (left, above, above_left))
    paeth = np.where(
        (to_left <= to_above) & (to_left <= to_corner),
        left,
        np.where(to_above <= to_corner, above, above_left),
    )
    predictions = [np.zeros_like(data), left, above, (left + above) // 2, paeth]
    out = bytearray()
    kinds = np.random.default_rng(11).integers(0, len(predictions), size=len(data))
    for index, (row, kind) in enumerate(zip(data, kinds, strict=True)):
        out.append(kind)
        out += ((row - predictions[kind][index]) % 256).astype(np.uint8).tobytes()
    return bytes(out)


def _write_png(path: Path, samples: np.ndarray) -> None:
    """A PNG of grey, RGB or RGBA samples (given in OpenCV's BGR order), every filter used."""
    channels = 1 if samples.ndim == 2 else samples.shape[2]
    colour_type = {1: png_bands.GREY, 3: png_bands.TRUECOLOUR, 4: png_bands.TRUECOLOUR_ALPHA}
    if channels > 1:
        samples = samples[:, :, png_bands.PNG_ORDER[colour_type[channels]]]
    header = png_bands.PngHeader(
        width=samples.shape[1],
        height=samples.shape[0],
        bit_depth=samples.dtype.itemsize * 8,
        colour_type=colour_type[channels],
        interlaced=False,
    )
    rows = _filtered_rows(samples, channels * samples.dtype.itemsize)
    path.write_bytes(png_bands._png(header, rows, header.height))


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize(
    ("channels", "dtype"),
    [(3, np.uint8), (4, np.uint8), (1, np.uint8), (3, np.uint16), (1, np.uint16)],
    ids=["rgb8", "rgba8", "grey8", "rgb16", "grey16"],
)
def test_banded_decoding_matches_decoding_whole(tmp_path: Path, channels: int, dtype: type) -> None:
    path = tmp_path / "photo.png"
    _write_png(path, _textured(300, 240, channels, dtype))
    banded = load_png_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (150, 120, 3)
    assert banded.dtype == np.uint8
    np.testing.assert_array_equal(banded, shrunk_exactly(decoded_whole(path), FACTOR))


@pytest.mark.usefixtures("small_bands")
def test_a_height_that_is_no_multiple_of_the_factor_keeps_every_whole_row(
    tmp_path: Path,
) -> None:
    path = tmp_path / "odd.png"
    _write_png(path, _textured(403, 200, 3))
    banded = load_png_reduced(path, 4)
    assert banded is not None
    assert banded.shape[:2] == (101, 50)  # 403 rows / 4 = 100.75
    np.testing.assert_array_equal(banded[:100], shrunk_exactly(decoded_whole(path), 4))


def test_palette_images_are_left_to_the_whole_decoder(tmp_path: Path) -> None:
    path = tmp_path / "palette.png"  # Pillow's own writer
    Image.fromarray(_textured(64, 64, 3)).convert("P").save(path)
    assert load_png_reduced(path, FACTOR) is None
    header = read_header(path.open("rb"))
    assert header is not None and not header.banded


def test_a_jpeg_is_not_read_as_a_png(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    assert cv2.imwrite(str(path), _textured(64, 64, 3))
    assert load_png_reduced(path, FACTOR) is None


@pytest.mark.usefixtures("small_bands")
def test_damaged_image_data_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "damaged.png"
    _write_png(path, _textured(300, 240, 3))
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 64] = bytes(64)
    path.write_bytes(bytes(data))
    with pytest.raises(ImageError, match=r"damaged\.png: the PNG data is corrupt"):
        load_png_reduced(path, FACTOR)


def test_a_huge_png_is_loaded_in_bands_with_the_factor_back_to_file_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.png"
    side = DECODE_TARGET_SIDE * 4
    assert cv2.imwrite(str(path), _textured(side // 2, side, 3))
    whole_decodes: list[str] = []
    original_imread = cv2.imread

    def counting_imread(name: str, flags: int = cv2.IMREAD_COLOR) -> np.ndarray | None:
        whole_decodes.append(name)
        return original_imread(name, flags)

    monkeypatch.setattr(cv2, "imread", counting_imread)
    image, factor = load_image_scaled(path)
    assert whole_decodes == []
    assert factor == 4
    assert image.shape == (side // 8, side // 4, 3)


@pytest.mark.parametrize("orientation", range(1, 9))
def test_the_exif_orientation_is_applied_as_when_decoding_whole(
    tmp_path: Path, orientation: int
) -> None:
    path = tmp_path / "turned.png"
    exif = Image.Exif()
    exif[bands.EXIF_ORIENTATION] = orientation
    Image.fromarray(_textured(120, 200, 3)).save(path, exif=exif.tobytes())
    banded = load_png_reduced(path, FACTOR)
    assert banded is not None
    np.testing.assert_array_equal(banded, shrunk_exactly(decoded_whole(path), FACTOR))


@pytest.mark.parametrize("orientation", [None, 6])
def test_the_orientation_is_read_without_pillow_decoding_the_image(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, orientation: int | None
) -> None:
    """Pillow's getexif on a PNG decodes the whole image to look for a late eXIf chunk:
    that would undo the bands (an 8000x6000 PNG peaked at 292 MB)."""
    from PIL import PngImagePlugin

    path = tmp_path / "plain.png"
    page = Image.fromarray(_textured(120, 200, 3))
    if orientation is None:
        page.save(path)  # no eXIf chunk at all: Pillow would look after the image data
    else:
        exif = Image.Exif()
        exif[bands.EXIF_ORIENTATION] = orientation
        page.save(path, exif=exif.tobytes())
    expected = shrunk_exactly(decoded_whole(path), FACTOR)

    def no_decoding(self: object) -> None:
        raise AssertionError("Pillow decoded the whole image")

    monkeypatch.setattr(PngImagePlugin.PngImageFile, "load", no_decoding)
    banded = load_png_reduced(path, FACTOR)
    assert banded is not None
    np.testing.assert_array_equal(banded, expected)
