"""Palette and grey images held a byte a pixel and expanded to colour a band at a time."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision.images import ImageError, load_image_scaled
from companion.vision.palette_bands import load_palette_reduced
from tests.vision.banded_images import decoded_whole, shrunk_exactly

FACTOR = 2


def _colour_image(height: int, width: int, seed: int = 4) -> Image.Image:
    """An RGB picture of smooth colours with edges, quantised by the save to a palette."""
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 256, (height // 20 + 1, width // 20 + 1, 3), dtype=np.uint8)
    rgb = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    return Image.fromarray(rgb)


@pytest.mark.usefixtures("small_bands")
@pytest.mark.parametrize(
    ("name", "mode"),
    [("photo.gif", "P"), ("photo.png", "P"), ("photo.bmp", "P"), ("photo.tif", "P")],
)
def test_palette_images_read_as_they_decode_whole(tmp_path: Path, name: str, mode: str) -> None:
    path = tmp_path / name
    _colour_image(300, 240).convert(mode).save(path)
    banded = load_palette_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (150, 120, 3)
    np.testing.assert_array_equal(banded, shrunk_exactly(decoded_whole(path), FACTOR))


@pytest.mark.usefixtures("small_bands")
def test_a_one_bit_png_reads_black_and_white(tmp_path: Path) -> None:
    path = tmp_path / "ink.png"
    _colour_image(203, 160).convert("L").convert("1").save(path)
    banded = load_palette_reduced(path, FACTOR)
    assert banded is not None
    assert banded.shape == (102, 80, 3)  # 203 / 2 = 101.5: the last row counts
    np.testing.assert_array_equal(banded[:101], shrunk_exactly(decoded_whole(path), FACTOR))


def test_the_exif_orientation_turns_the_image_upright(tmp_path: Path) -> None:
    path = tmp_path / "turned.png"
    exif = Image.Exif()
    exif[0x0112] = 3  # shown turned half a turn
    _colour_image(120, 160).convert("P").save(path, exif=exif.tobytes())
    banded = load_palette_reduced(path, FACTOR)
    assert banded is not None
    np.testing.assert_array_equal(
        banded, shrunk_exactly(decoded_whole(path), FACTOR)
    )  # OpenCV turns it too


def test_a_gif_cut_short_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.gif"
    _colour_image(200, 200).convert("P").save(path)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(ImageError, match=r"cut\.gif: the GIF data is damaged or cut short"):
        load_palette_reduced(path, FACTOR)


def test_colour_images_and_grey_jpegs_are_left_to_other_decoders(tmp_path: Path) -> None:
    colour = tmp_path / "colour.png"
    _colour_image(40, 40).save(colour)
    grey_jpeg = tmp_path / "grey.jpg"
    _colour_image(40, 40).convert("L").save(grey_jpeg)  # libjpeg decodes it reduced
    text = tmp_path / "notes.gif"
    text.write_bytes(b"not a picture")
    for path in (colour, grey_jpeg, text):
        assert load_palette_reduced(path, FACTOR) is None


def test_a_large_gif_is_loaded_reduced_in_bands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "large.gif"
    _colour_image(1400, 2600).convert("P").save(path)  # at least twice 1280 px
    whole = decoded_whole(path)
    monkeypatch.setattr(cv2, "imread", None)  # the whole decoder is not used
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    np.testing.assert_array_equal(loaded, shrunk_exactly(whole, 2))
