"""The camera source as a value: read once from its text, written back the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.values.camera_source import CameraKind, CameraSource


@pytest.mark.parametrize(
    ("text", "source", "camera"),
    [
        ("pi", CameraSource(CameraKind.PI), True),
        ("usb:3", CameraSource(CameraKind.USB, usb_index=3), True),
        ("none", CameraSource(CameraKind.NONE), False),
        ("films/table.mp4", CameraSource(CameraKind.PATH, path=Path("films/table.mp4")), False),
    ],
)
def test_a_source_reads_from_its_text_and_writes_back_the_same(
    text: str, source: CameraSource, camera: bool
) -> None:
    assert CameraSource.parse(text) == source
    assert str(source) == text
    assert source.is_camera is camera


@pytest.mark.parametrize(
    ("text", "message"),
    [("usb:left", '"usb:left": a USB camera is usb:N with N a number'), ("", "empty")],
)
def test_a_text_that_is_no_source_says_why(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CameraSource.parse(text)
