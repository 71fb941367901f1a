"""The benchmark's parts that are not timing: the video it has run read, and where it
reads the peak memory."""

from __future__ import annotations

import os
from pathlib import Path

import cv2

from companion.tools.kiosk_bench import _peak_rss_mb, write_video


def test_the_video_holds_the_sessions_first_frames_at_the_size_asked(tmp_path: Path) -> None:
    path = tmp_path / "session.avi"
    assert write_video("oczko", path, frames=5, seed=2, size=(640, 360)) == 5
    capture = cv2.VideoCapture(str(path))
    try:
        sizes = []
        while True:
            ok, image = capture.read()
            if not ok:
                break
            sizes.append(image.shape[:2])
    finally:
        capture.release()
    assert sizes == [(360, 640)] * 5


def test_the_peak_memory_is_read_from_proc() -> None:
    assert 10 < _peak_rss_mb(os.getpid()) < 10_000
