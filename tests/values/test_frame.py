"""A frame of an image file: decoded whole only when its picture is asked for, its small
grey picture and samples from a half-size decoding that agree with the whole one's."""

from __future__ import annotations

import cv2
import numpy as np

from companion.values.frame import Frame


def _photo() -> np.ndarray:
    rng = np.random.default_rng(3)
    picture = cv2.GaussianBlur(rng.integers(0, 255, (270, 481, 3), np.uint8), (0, 0), 6)
    cv2.rectangle(picture, (100, 60), (180, 170), (240, 245, 245), -1)  # a card
    return np.asarray(picture, np.uint8)


def _jpeg(picture: np.ndarray) -> np.ndarray:
    _, encoded = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return np.asarray(encoded, np.uint8)


def test_a_file_frame_is_decoded_whole_only_when_its_picture_is_asked_for() -> None:
    picture = _photo()
    data = _jpeg(picture)
    frame = Frame.from_file(data, 0.5, 3, "003.jpg")
    assert frame is not None
    assert frame.size == (481, 270)
    grey = frame.grey(2)
    assert grey.shape == (135, 240)
    assert frame._image is None  # the grey and the size cost no whole decoding
    whole = frame.image
    np.testing.assert_array_equal(whole, cv2.imdecode(data, cv2.IMREAD_COLOR))
    # the half-size decoding's grey is the whole picture's grey shrunk by area, nearly
    shrunk = Frame(whole, 0.5, 3).grey(2)
    assert shrunk.shape == grey.shape
    assert float(np.abs(shrunk.astype(float) - grey.astype(float)).mean()) < 2.0


def test_a_file_frame_s_samples_and_coarser_greys_match_an_in_memory_frame_s() -> None:
    picture = _photo()
    frame = Frame.from_file(_jpeg(picture), 0.0, 0)
    assert frame is not None
    memory = Frame(picture, 0.0, 0)
    for shrink in (4, 6):
        assert frame.grey(shrink).shape == memory.grey(shrink).shape
        gap = np.abs(frame.grey(shrink).astype(float) - memory.grey(shrink).astype(float))
        assert float(gap.mean()) < 3.0
    assert frame.sample(16).shape == memory.sample(16).shape
    assert abs(float(frame.sample(16).mean()) - float(memory.sample(16).mean())) < 3.0


def test_bytes_that_are_no_image_make_no_frame() -> None:
    assert Frame.from_file(np.frombuffer(b"not a picture", np.uint8), 0.0, 0) is None


def test_a_frame_at_another_time_shares_its_picture() -> None:
    frame = Frame.from_file(_jpeg(_photo()), 0.0, 4, "004.jpg")
    assert frame is not None
    later = frame.at(2.5)
    assert (later.time, later.number, later.name) == (2.5, 4, "004.jpg")
    assert frame.at(1.0, 9).number == 9
    assert later.grey(2) is frame.grey(2)
