"""A camera frame: what every frame source yields and what the table side reads.

A frame read from an image file keeps the file's bytes and decodes its picture at full
size only when that is asked for: a still table asks only for a small grey picture of
it, which a JPEG file gives decoded at half its size for a third of the cost (the decoder
scales while it decodes)."""

from __future__ import annotations

import numpy as np


class Frame:
    """One frame: its BGR picture (uint8, height x width x 3), its time (seconds from the
    source's start), its number (0, 1, 2, ... in the order delivered) and, where a
    folder of images is the source, the name of its file."""

    __slots__ = ("_encoded", "_greys", "_half", "_image", "_size", "name", "number", "time")

    def __init__(self, image: np.ndarray, time: float, number: int, name: str = "") -> None:
        self._image: np.ndarray | None = image
        self._encoded: np.ndarray | None = None
        self._half: np.ndarray | None = None
        self._greys: dict[int, np.ndarray] = {}
        self._size: tuple[int, int] | None = None
        self.time = time
        self.number = number
        self.name = name

    @classmethod
    def from_file(cls, data: np.ndarray, time: float, number: int, name: str = "") -> Frame | None:
        """A frame of an image file's bytes (uint8), its full picture decoded when first
        asked for (None: the bytes are no image OpenCV reads)."""
        import cv2

        half = cv2.imdecode(data, cv2.IMREAD_REDUCED_COLOR_2)
        if half is None or half.size == 0:
            return None
        frame = cls.__new__(cls)
        frame._image, frame._encoded, frame._half = None, data, np.asarray(half, np.uint8)
        frame._greys, frame._size = {}, None
        frame.time, frame.number, frame.name = time, number, name
        return frame

    @property
    def image(self) -> np.ndarray:
        """The BGR picture (decoded from the file the first time it is asked for)."""
        if self._image is None:
            import cv2

            assert self._encoded is not None  # a frame holds its picture or its file
            decoded = cv2.imdecode(self._encoded, cv2.IMREAD_COLOR)
            if decoded is None:
                raise ValueError(f"{self.name or 'frame'}: the image could not be decoded")
            self._image = np.asarray(decoded, np.uint8)
        return self._image

    @property
    def size(self) -> tuple[int, int]:
        """Width and height in pixels."""
        if self._size is None:
            self._size = self._header_size() if self._image is None else None
        if self._size is None:
            height, width = self.image.shape[:2]
            self._size = (int(width), int(height))
        return self._size

    def _header_size(self) -> tuple[int, int] | None:
        """The size a file's header gives (None: not told without decoding it)."""
        from io import BytesIO

        from PIL import Image, UnidentifiedImageError

        if self._encoded is None:
            return None
        try:
            with Image.open(BytesIO(self._encoded.tobytes())) as header:
                width, height = header.size
        except (UnidentifiedImageError, OSError):
            return None
        return int(width), int(height)

    def grey(self, shrink: int) -> np.ndarray:
        """The picture in grey, each side ``shrink`` times smaller (whole blocks of
        ``shrink`` x ``shrink`` pixels averaged, the right and bottom edge losing what
        makes no whole block); kept for the next asker."""
        kept = self._greys.get(shrink)
        if kept is not None:
            return kept
        import cv2

        picture, factor = self._smallest(shrink)
        grey = np.asarray(
            cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY) if picture.ndim == 3 else picture
        )
        width, height = self.size
        rows, columns = max(1, height // shrink), max(1, width // shrink)
        if factor > 1:
            grey = np.asarray(
                cv2.resize(
                    grey[: rows * factor, : columns * factor],
                    (columns, rows),
                    interpolation=cv2.INTER_AREA,
                )
            )
        grey = np.ascontiguousarray(grey[:rows, :columns], np.uint8)
        self._greys[shrink] = grey
        return grey

    def sample(self, step: int) -> np.ndarray:
        """Every ``step``-th pixel of every ``step``-th row (of a file's half-size picture
        where its full one is not decoded, each such pixel the mean of its block)."""
        picture, factor = self._smallest(step)
        thinned: np.ndarray = picture[::factor, ::factor]
        return thinned

    def _smallest(self, shrink: int) -> tuple[np.ndarray, int]:
        """The picture already at hand that is ``shrink`` times smaller or less, and the
        further shrink it needs: the full one, or a file's half-size one."""
        if self._image is None and self._half is not None and shrink % 2 == 0:
            return self._half, shrink // 2
        return self.image, shrink

    def at(self, time: float, number: int | None = None) -> Frame:
        """The same picture as another frame: at ``time``, numbered ``number`` (the same
        number when None); the picture is shared, not copied."""
        other = Frame.__new__(Frame)
        other._image, other._encoded, other._half = self._image, self._encoded, self._half
        other._greys, other._size = self._greys, self._size
        other.time, other.name = time, self.name
        other.number = self.number if number is None else number
        return other

    def __repr__(self) -> str:
        return f"Frame(time={self.time}, number={self.number}, name={self.name!r})"
