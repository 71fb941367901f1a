"""Frame sources: the Pi camera, a USB camera, a video file, a folder of images, a fake.

Every source yields ``Frame``s (a BGR image, its time in seconds from the source's start,
its number) and fails with ``SourceError``, one line saying what and where.

A source lets go of each image as soon as it has yielded it (``del`` after the
``yield``): otherwise the last frame stays alive while the next is read, two full
frames (12 MB at 1920x1080) instead of one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from companion.device.camera_modes import PI_STREAM_SIZE, pi_sensor_mode
from companion.values.camera_source import CameraKind, CameraSource
from companion.values.frame import Frame

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})
DEFAULT_FOLDER_FPS = 10.0
USB_READ_RETRIES = 3

# The Pi camera's stream size. Camera Module 3's lens sees about 66 degrees across, so at
# 0.8 m (the highest mount) a frame covers 2 * 0.8 * tan(33 deg) = 1.04 m of table. A
# corner index (rank over pip) is about 15 mm tall, its rank letter about 6 mm. The reader
# reads indices from about 12 px tall (vision.reader.MIN_FRAME_SIDE) and well from 20 px:
# 1280 px across gives 1.23 px/mm (index 18 px, letter 7 px): too few at 0.8 m;
# 1920 px gives 1.85 px/mm (index 28 px, letter 11 px). So the main stream is 1920x1080,
# scaled from the 2304x1296 sensor mode, which keeps the whole field of view at 56 fps.
PI_LENS_DEGREES = 66.0


def table_width_seen_mm(height_mm: float, lens_degrees: float = PI_LENS_DEGREES) -> float:
    """How much table a camera this high sees across."""
    return 2.0 * height_mm * math.tan(math.radians(lens_degrees / 2.0))


def pixels_per_mm(frame_width: int, height_mm: float) -> float:
    return frame_width / table_width_seen_mm(height_mm)


class SourceError(Exception):
    """A source that cannot be opened or stopped giving frames; the message says which."""


class NothingReadable(SourceError):
    """A folder none of whose images could be read (each was named as it was skipped)."""


class FrameSource(Protocol):
    def frames(self) -> Iterator[Frame]: ...

    def close(self) -> None: ...


@runtime_checkable
class LockableSource(Protocol):
    """A camera whose focus and exposure can be fixed once the mat is found."""

    def lock(self) -> None: ...


def lock_camera(source: FrameSource) -> bool:
    """Fix the camera's focus, exposure and white balance if it has them (call it once the
    mat is calibrated); whether there was anything to lock."""
    if isinstance(source, LockableSource):
        source.lock()
        return True
    return False


class FakeSource:
    """Frames given in advance (a sequence, or any iterable read lazily once)."""

    def __init__(self, frames: Iterable[Frame]) -> None:
        self._frames = frames
        self.closed = False

    def frames(self) -> Iterator[Frame]:
        if self.closed:
            raise SourceError("the fake source is closed")
        yield from self._frames

    def close(self) -> None:
        self.closed = True


@dataclass(frozen=True)
class SkippedImage:
    path: Path
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}, skipped"


class FolderSource:
    """The images of a folder in name order, one every 1/fps seconds of source time.

    An image that cannot be read is named in ``skipped`` (and passed to ``on_skip``) and
    the rest are read; times keep their pace as if it had been a frame. A folder none of
    whose images reads fails with ``SourceError`` once they have all been tried."""

    def __init__(
        self,
        folder: Path,
        *,
        fps: float = DEFAULT_FOLDER_FPS,
        on_skip: Callable[[SkippedImage], None] | None = None,
    ) -> None:
        if fps <= 0:
            raise SourceError(f"--fps {fps}: frames a second must be above 0")
        if not folder.is_dir():
            raise SourceError(f"{folder}: not a folder")
        self.paths = sorted(
            p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES
        )
        if not self.paths:
            raise SourceError(f"{folder}: no images ({', '.join(sorted(IMAGE_SUFFIXES))})")
        self.folder = folder
        self.fps = fps
        self.skipped: list[SkippedImage] = []
        self._on_skip = on_skip

    def frames(self) -> Iterator[Frame]:
        number = 0
        for position, path in enumerate(self.paths):
            # the file's bytes: the picture is decoded when the tracker asks for it
            try:
                data = np.fromfile(path, np.uint8)
            except OSError:
                data = np.zeros(0, np.uint8)
            frame = (
                Frame.from_file(data, position / self.fps, number, path.name) if data.size else None
            )
            if frame is None:
                self._skip(SkippedImage(path, "not a readable image"))
                continue
            yield frame
            del frame
            number += 1
        if number == 0:
            # nothing to show for the whole folder: a lost camera, not a finished one
            raise NothingReadable(
                f"{self.folder}: none of its {len(self.paths)} images is readable"
            )

    def _skip(self, skipped: SkippedImage) -> None:
        self.skipped.append(skipped)
        if self._on_skip is not None:
            self._on_skip(skipped)

    def close(self) -> None:
        """Nothing is held open between frames."""


class VideoSource:
    """A video file; times from the file's own clock, or frame number / fps when given."""

    def __init__(self, path: Path, *, fps: float | None = None) -> None:
        import cv2

        if fps is not None and fps <= 0:
            raise SourceError(f"--fps {fps}: frames a second must be above 0")
        self.path = path
        self._capture = cv2.VideoCapture(str(path))
        if not self._capture.isOpened():
            raise SourceError(f"{path}: not a readable video")
        own_fps = float(self._capture.get(cv2.CAP_PROP_FPS) or 0.0)
        self.fps = fps if fps is not None else (own_fps if own_fps > 0 else DEFAULT_FOLDER_FPS)

    def frames(self) -> Iterator[Frame]:
        number = 0
        while True:
            ok, image = self._capture.read()
            if not ok or image is None:
                return
            yield Frame(image=image, time=number / self.fps, number=number)
            del image
            number += 1

    def close(self) -> None:
        self._capture.release()


class UsbSource:
    """A USB camera through cv2.VideoCapture; a failed read is retried, then reopened once,
    then a SourceError."""

    def __init__(
        self,
        index: int,
        *,
        size: tuple[int, int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        open_capture: Callable[[int], Any] | None = None,
    ) -> None:
        self.index = index
        self._size = size
        self._clock = clock
        self._open_capture = open_capture or _video_capture
        self._capture = self._open()
        self._start = clock()

    def _open(self) -> Any:
        capture = self._open_capture(self.index)
        if not capture.isOpened():
            raise SourceError(f"usb:{self.index}: no camera there (cv2.VideoCapture failed)")
        if self._size is not None:
            import cv2

            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self._size[0])
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self._size[1])
        return capture

    def frames(self) -> Iterator[Frame]:
        number = 0
        while True:
            image = self._read()
            yield Frame(image=image, time=self._clock() - self._start, number=number)
            del image
            number += 1

    def _read(self) -> np.ndarray:
        for attempt in range(USB_READ_RETRIES + 1):
            if attempt == USB_READ_RETRIES:
                self._capture.release()
                self._capture = self._open()
            ok, image = self._capture.read()
            if ok and image is not None:
                frame: np.ndarray = image
                return frame
        raise SourceError(
            f"usb:{self.index}: the camera stopped giving frames "
            f"({USB_READ_RETRIES} reads and a reopen failed)"
        )

    def close(self) -> None:
        self._capture.release()


def _video_capture(index: int) -> Any:
    import cv2

    return cv2.VideoCapture(index)


class PiCameraSource:
    """Camera Module 3 through picamera2 (only on a Pi): BGR frames of ``size``.

    After the mat is calibrated, ``lock()`` fixes focus, exposure and white balance at
    their current values so the picture stops drifting under the tracker."""

    def __init__(
        self,
        *,
        size: tuple[int, int] = PI_STREAM_SIZE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as error:
            raise SourceError(
                f"pi: picamera2 is not installed ({error}); it comes from Raspberry Pi OS apt"
            ) from None
        try:
            self._camera = Picamera2()
            config = self._camera.create_video_configuration(
                # picamera2's "RGB888" is B, G, R in memory: OpenCV's order.
                main={"size": size, "format": "RGB888"},
                sensor={"output_size": pi_sensor_mode(size)},
            )
            self._camera.configure(config)
            self._camera.set_controls({"AfMode": 2})  # continuous until lock()
            self._camera.start()
        except Exception as error:  # libcamera raises plain RuntimeErrors
            raise SourceError(f"pi: the camera did not start: {error}") from None
        self._clock = clock
        self._start = clock()

    def frames(self) -> Iterator[Frame]:
        number = 0
        while True:
            try:
                image = self._camera.capture_array("main")
            except Exception as error:
                raise SourceError(f"pi: the camera stopped giving frames: {error}") from None
            yield Frame(
                image=np.ascontiguousarray(image[:, :, :3]),
                time=self._clock() - self._start,
                number=number,
            )
            del image
            number += 1

    def lock(self) -> None:
        metadata = self._camera.capture_metadata()
        controls: dict[str, Any] = {"AfMode": 0, "AeEnable": False, "AwbEnable": False}
        for key in ("LensPosition", "ExposureTime", "AnalogueGain", "ColourGains"):
            if key in metadata:
                controls[key] = metadata[key]
        self._camera.set_controls(controls)

    def close(self) -> None:
        self._camera.stop()
        self._camera.close()


def open_source(
    source: CameraSource,
    *,
    fps: float | None,
    size: tuple[int, int] | None = None,
    on_skip: Callable[[SkippedImage], None] | None = None,
) -> FrameSource:
    """The Pi camera, a USB camera, a video file or a folder of images. ``size``: the
    frames a camera is asked for (None: the Pi's stream size, a USB camera's own); files
    give their own."""
    if source.kind is CameraKind.PI:
        return PiCameraSource(size=size or PI_STREAM_SIZE)
    if source.kind is CameraKind.USB and source.usb_index is not None:
        return UsbSource(source.usb_index, size=size)
    path = source.path
    if path is not None and path.is_dir():
        return FolderSource(path, fps=fps or DEFAULT_FOLDER_FPS, on_skip=on_skip)
    if path is not None and path.is_file():
        return VideoSource(path, fps=fps)
    if path is None:
        raise SourceError(f"{source}: no camera to open (sources: pi, usb:N, a video, a folder)")
    raise SourceError(f"{source}: no such file or folder (sources: pi, usb:N, a video, a folder)")


def frames_of(images: Sequence[np.ndarray], *, fps: float) -> list[Frame]:
    """Images as frames 1/fps apart (for fakes and tests)."""
    return [Frame(image=image, time=n / fps, number=n) for n, image in enumerate(images)]
