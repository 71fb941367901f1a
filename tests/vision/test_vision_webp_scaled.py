"""Large WebPs decoded already shrunk by libwebp's scaling decoder."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.vision import webp_scaled
from companion.vision.images import ImageError, load_image_scaled
from companion.vision.webp_scaled import libwebp, load_webp_reduced
from tests.vision.banded_images import decoded_whole, shrunk_exactly

FACTOR = 4


def _smooth(height: int, width: int, seed: int = 3) -> np.ndarray:
    """A photo-like BGR image: smooth colour fields with a few sharp edges."""
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 256, (height // 40, width // 40, 3), dtype=np.uint8)
    image = cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)
    cv2.rectangle(image, (width // 4, height // 4), (width // 2, height // 2), (20, 30, 200), -1)
    return np.asarray(image)


def _save(path: Path, image: np.ndarray, *, lossless: bool = False, orientation: int = 1) -> None:
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.fromarray(np.ascontiguousarray(image[:, :, ::-1])).save(
        path, lossless=lossless, quality=92, exif=exif.tobytes()
    )


def test_libwebp_is_found_beside_pillow() -> None:
    assert libwebp() is not None


@pytest.mark.parametrize("lossless", [False, True], ids=["lossy", "lossless"])
def test_the_scaled_decode_matches_shrinking_the_whole_image(
    tmp_path: Path, lossless: bool
) -> None:
    image = _smooth(800, 1200)
    path = tmp_path / "photo.webp"
    _save(path, image, lossless=lossless)
    whole = decoded_whole(path)
    shrunk = load_webp_reduced(path, FACTOR)
    assert shrunk is not None
    assert shrunk.shape == (200, 300, 3)
    difference = np.abs(shrunk.astype(int) - shrunk_exactly(whole, FACTOR))
    assert difference.mean() < 1.0 and np.percentile(difference, 99) <= 4


def test_the_exif_orientation_turns_the_image_upright(tmp_path: Path) -> None:
    image = _smooth(400, 800)
    path = tmp_path / "portrait.webp"
    _save(path, image, orientation=8)  # shown turned anticlockwise
    shrunk = load_webp_reduced(path, FACTOR)
    assert shrunk is not None
    assert shrunk.shape == (200, 100, 3)
    as_opencv_turns_it = shrunk_exactly(decoded_whole(path), FACTOR)
    assert np.abs(shrunk.astype(int) - as_opencv_turns_it).mean() < 2.0


def test_a_webp_cut_short_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.webp"
    _save(path, _smooth(400, 400))
    path.write_bytes(path.read_bytes()[:-200])
    with pytest.raises(ImageError, match=r"cut\.webp: the WebP data ends early"):
        load_webp_reduced(path, FACTOR)


def test_a_damaged_frame_header_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "damaged.webp"
    image = _smooth(1400, 2600)
    Image.fromarray(image).save(path, quality=92)  # no EXIF: the frame's chunk comes first
    data = bytearray(path.read_bytes())
    frame = data.index(b"VP8 ") + 8
    data[frame : frame + 10] = bytes(10)  # the frame's tag, start code and size
    path.write_bytes(bytes(data))
    assert load_webp_reduced(path, 2) is None  # libwebp does not know it as a WebP
    with pytest.raises(ImageError, match=r"damaged\.webp: "):
        load_image_scaled(path)


def test_other_files_and_animations_are_left_to_the_whole_decoder(tmp_path: Path) -> None:
    png = tmp_path / "photo.png"
    cv2.imwrite(str(png), _smooth(80, 80))
    assert load_webp_reduced(png, FACTOR) is None
    animation = tmp_path / "moving.webp"
    frames = [Image.fromarray(_smooth(80, 80, seed)) for seed in (1, 2)]
    frames[0].save(animation, save_all=True, append_images=frames[1:], duration=100)
    assert load_webp_reduced(animation, FACTOR) is None


def test_without_libwebp_the_image_is_decodeddecoded_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "large.webp"
    image = _smooth(1400, 2600)
    _save(path, image)
    monkeypatch.setattr(webp_scaled, "libwebp", lambda: None)
    assert load_webp_reduced(path, 2) is None
    loaded, factor = load_image_scaled(path)  # OpenCV's reduced decode
    assert factor == 2 and loaded.shape == (700, 1300, 3)


def test_a_large_webp_is_loaded_scaled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "large.webp"
    image = _smooth(1400, 2600)  # at least twice 1280 px: decoded at half size
    _save(path, image)
    monkeypatch.setattr(cv2, "imread", None)  # the whole decoder is not used
    loaded, factor = load_image_scaled(path)
    assert factor == 2
    assert loaded.shape == (700, 1300, 3)
    assert np.abs(loaded.astype(int) - shrunk_exactly(image, 2)).mean() < 2.0
