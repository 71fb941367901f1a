"""Where the frames come from, as a value: the Pi camera, a USB camera, a video file or
a folder of images, or none. Read once from its text (the config's ``[camera] source``,
``companion watch SOURCE``) and passed as it is to the device that opens it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path


class CameraKind(Enum):
    PI = "pi"
    USB = "usb"
    PATH = "path"  # a video file or a folder of images
    NONE = "none"  # no camera: cards are entered from the menus


USB_PREFIX = "usb:"


@dataclass(frozen=True)
class CameraSource:
    kind: CameraKind
    usb_index: int | None = None
    path: Path | None = None

    @classmethod
    def parse(cls, text: str) -> CameraSource:
        """``pi``, ``usb:N``, ``none`` or a path; ``ValueError`` saying what is wrong."""
        if text in (CameraKind.PI.value, CameraKind.NONE.value):
            return cls(CameraKind(text))
        if text.startswith(USB_PREFIX):
            number = text.removeprefix(USB_PREFIX)
            if not number.isdigit():
                raise ValueError(f'"{text}": a USB camera is usb:N with N a number, like usb:0')
            return cls(CameraKind.USB, usb_index=int(number))
        if not text:
            raise ValueError("empty: use pi, usb:N, a file or folder path, or none")
        return cls(CameraKind.PATH, path=Path(text))

    @property
    def is_camera(self) -> bool:
        """A live camera (which may come back after it fails), not a recording."""
        return self.kind in (CameraKind.PI, CameraKind.USB)

    def __str__(self) -> str:
        if self.kind is CameraKind.USB:
            return f"{USB_PREFIX}{self.usb_index}"
        if self.kind is CameraKind.PATH:
            return str(self.path)
        return str(self.kind.value)
