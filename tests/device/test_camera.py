from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any, cast

import cv2
import numpy as np
import pytest

from companion.device import camera
from companion.device.camera import (
    FakeSource,
    FolderSource,
    SkippedImage,
    SourceError,
    UsbSource,
    VideoSource,
    frames_of,
    lock_camera,
    open_source,
    pixels_per_mm,
)
from companion.device.camera_modes import PI_STREAM_SIZE, pi_sensor_mode
from companion.values.camera_source import CameraSource
from companion.values.frame import Frame


def _image(level: int) -> np.ndarray:
    return np.full((48, 64, 3), level, np.uint8)


def test_folder_frames_come_in_name_order_paced_by_fps(tmp_path: Path) -> None:
    for name, level in [("b.png", 20), ("a.png", 10), ("c.jpg", 30)]:
        cv2.imwrite(str(tmp_path / name), _image(level))
    (tmp_path / "notes.txt").write_text("not an image")
    frames = list(FolderSource(tmp_path, fps=4.0).frames())
    assert [f.number for f in frames] == [0, 1, 2]
    assert [f.time for f in frames] == [0.0, 0.25, 0.5]
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 20, 30]


def test_a_bad_image_in_a_folder_is_named_and_skipped(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "1.png"), _image(10))
    (tmp_path / "2.png").write_bytes(b"\x89PNG broken")
    cv2.imwrite(str(tmp_path / "3.png"), _image(30))
    told: list[SkippedImage] = []
    source = FolderSource(tmp_path, fps=10.0, on_skip=told.append)
    frames = list(source.frames())
    assert [int(f.image[0, 0, 0]) for f in frames] == [10, 30]
    assert [f.number for f in frames] == [0, 1]
    assert frames[1].time == pytest.approx(0.2)  # the gap stays where the bad image was
    assert told == source.skipped
    assert [s.path.name for s in told] == ["2.png"]
    assert str(told[0]).endswith("2.png: not a readable image, skipped")


def test_a_folder_of_unreadable_images_fails_once_all_were_tried(tmp_path: Path) -> None:
    for name in ("1.png", "2.jpg"):
        (tmp_path / name).write_bytes(b"not an image")
    told: list[SkippedImage] = []
    source = FolderSource(tmp_path, on_skip=told.append)
    with pytest.raises(SourceError, match=r"none of its 2 images is readable"):
        list(source.frames())
    assert [s.path.name for s in told] == ["1.png", "2.jpg"]


def test_folder_refusals_name_the_problem(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no images"):
        FolderSource(tmp_path)
    with pytest.raises(SourceError, match="not a folder"):
        FolderSource(tmp_path / "missing")
    cv2.imwrite(str(tmp_path / "1.png"), _image(10))
    with pytest.raises(SourceError, match="--fps 0"):
        FolderSource(tmp_path, fps=0)


def test_a_video_file_gives_its_frames(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 5.0, (64, 48))
    for level in (40, 120, 200):
        writer.write(_image(level))
    writer.release()
    source = VideoSource(path)
    frames = list(source.frames())
    source.close()
    assert len(frames) == 3
    assert [f.time for f in frames] == pytest.approx([0.0, 0.2, 0.4])
    assert abs(int(frames[1].image[10, 10, 0]) - 120) < 10
    paced = list(VideoSource(path, fps=10.0).frames())
    assert [f.time for f in paced] == pytest.approx([0.0, 0.1, 0.2])


def test_an_unreadable_video_is_a_source_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.mp4"
    path.write_bytes(b"not a video at all")
    with pytest.raises(SourceError, match=r"broken\.mp4: not a readable video"):
        open_source(CameraSource.parse(str(path)), fps=None)


def test_open_source_picks_the_kind(tmp_path: Path) -> None:
    cv2.imwrite(str(tmp_path / "1.png"), _image(10))
    assert isinstance(open_source(CameraSource.parse(str(tmp_path)), fps=None), FolderSource)
    with pytest.raises(SourceError, match="no such file or folder"):
        open_source(CameraSource.parse(str(tmp_path / "nothing")), fps=None)
    with pytest.raises(SourceError, match="none: no camera to open"):
        open_source(CameraSource.parse("none"), fps=None)


def test_a_missing_usb_camera_is_a_source_error() -> None:
    with pytest.raises(SourceError, match="usb:97: no camera there"):
        open_source(CameraSource.parse("usb:97"), fps=None)


class _FlakyCapture:
    """A capture whose reads fail a given number of times (how a camera that was
    unplugged and plugged back looks to cv2)."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.released = False

    def isOpened(self) -> bool:
        return True

    def read(self) -> tuple[bool, Any]:
        if self.failures > 0:
            self.failures -= 1
            return False, None
        return True, _image(77)

    def set(self, *_: Any) -> bool:
        return True

    def release(self) -> None:
        self.released = True


class _SizedCapture(_FlakyCapture):
    """A capture that keeps the properties it is set to."""

    def __init__(self) -> None:
        super().__init__(0)
        self.properties: dict[int, float] = {}

    def set(self, key: int, value: float) -> bool:
        self.properties[key] = value
        return True


def test_a_usb_camera_is_asked_for_the_configured_size(monkeypatch: pytest.MonkeyPatch) -> None:
    capture = _SizedCapture()
    monkeypatch.setattr(camera, "_video_capture", lambda index: capture)
    open_source(CameraSource.parse("usb:2"), fps=None, size=(1280, 720)).close()
    assert capture.properties == {cv2.CAP_PROP_FRAME_WIDTH: 1280, cv2.CAP_PROP_FRAME_HEIGHT: 720}


def test_the_pi_stream_comes_from_the_smallest_sensor_mode_that_covers_it() -> None:
    assert pi_sensor_mode(PI_STREAM_SIZE) == (2304, 1296)
    assert pi_sensor_mode((1280, 720)) == (1536, 864)
    assert pi_sensor_mode((2304, 1297)) == (4608, 2592)
    assert pi_sensor_mode((4608, 2592)) == (4608, 2592)


def test_a_usb_camera_that_stops_is_reopened_then_a_source_error() -> None:
    captures = [_FlakyCapture(3), _FlakyCapture(0)]
    ticks = iter([10.0, 10.5])
    source = UsbSource(0, open_capture=lambda _: captures.pop(0), clock=lambda: next(ticks))
    frame = next(source.frames())
    assert frame.time == pytest.approx(0.5) and int(frame.image[0, 0, 0]) == 77
    dead = UsbSource(1, open_capture=lambda _: _FlakyCapture(99), clock=lambda: 0.0)
    with pytest.raises(SourceError, match="usb:1: the camera stopped giving frames"):
        next(dead.frames())


def test_the_pi_source_without_picamera2_is_a_source_error() -> None:
    pytest.importorskip("cv2")
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(SourceError, match="picamera2 is not installed"):
            open_source(CameraSource.parse("pi"), fps=None)
    else:
        pytest.skip("picamera2 is installed here")


def test_fake_source_yields_its_frames_until_closed() -> None:
    frames = frames_of([_image(1), _image(2)], fps=10.0)
    source = FakeSource(frames)
    assert list(source.frames()) == frames
    assert [f.time for f in frames] == [0.0, 0.1]
    source.close()
    with pytest.raises(SourceError):
        next(source.frames())
    assert isinstance(frames[0], Frame)


def test_the_stream_size_gives_readable_indices_at_the_highest_mount() -> None:
    # A corner index is about 15 mm tall; the reader wants about 20 px or more.
    assert 15 * pixels_per_mm(1920, 800.0) >= 25
    assert 15 * pixels_per_mm(1280, 800.0) < 20


class _LockingSource(FakeSource):
    def __init__(self) -> None:
        super().__init__([])
        self.locked = 0

    def lock(self) -> None:
        self.locked += 1


def test_lock_camera_locks_only_what_can_be_locked(tmp_path: Path) -> None:
    locking = _LockingSource()
    assert lock_camera(locking) is True and locking.locked == 1
    assert lock_camera(FakeSource([])) is False


class _WatchedCapture:
    """A capture that notes, at each read, whether the image it gave before is still
    alive somewhere (it holds only a weak reference to it)."""

    def __init__(self, reads: Any) -> None:
        self.reads = reads
        self.last: Any = None
        self.alive_at_read: list[bool] = []

    def isOpened(self) -> bool:
        return True

    def read(self) -> tuple[bool, Any]:
        if self.last is not None:
            self.alive_at_read.append(self.last() is not None)
        ok, image = self.reads()
        self.last = weakref.ref(image) if ok else None
        return ok, image

    def set(self, *_: Any) -> bool:
        return True

    def release(self) -> None:
        """Nothing held."""


def _take_each(frames: Any, count: int) -> None:
    """Take ``count`` frames as the camera thread does: use one, let it go, take the next."""
    for _ in range(count):
        frame = next(frames)
        assert frame.image.size > 0
        del frame


def test_a_usb_source_holds_no_frame_while_it_reads_the_next() -> None:
    capture = _WatchedCapture(lambda: (True, _image(5)))
    source = UsbSource(0, open_capture=lambda _: capture)
    _take_each(source.frames(), 4)
    assert capture.alive_at_read == [False, False, False]


def test_a_video_source_holds_no_frame_while_it_reads_the_next(tmp_path: Path) -> None:
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (64, 48))
    for level in (10, 20, 30, 40):
        writer.write(_image(level))
    writer.release()
    source = VideoSource(path)
    real = source._capture
    capture = _WatchedCapture(real.read)
    source._capture = cast(cv2.VideoCapture, capture)  # the real file's reads, watched
    _take_each(source.frames(), 4)
    real.release()
    assert capture.alive_at_read == [False, False, False]
