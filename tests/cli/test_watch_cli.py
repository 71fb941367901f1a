"""``companion watch``: event lines on stdout from a folder of frames, bad sources named
in one line, a failing camera opened again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cards import Card
from companion.cli import main
from companion.cli.watch import frames_with_retries
from companion.device.camera import FakeSource, SourceError, frames_of
from companion.values.camera_source import CameraSource
from companion.values.frame import Frame
from tests.table.rendered import Placed, table_image


def write_frames(folder: Path) -> None:
    empty = table_image((300.0, 200.0), [], 3.0)
    laid = table_image((300.0, 200.0), [Placed(Card.parse("KS"), 100.0, 50.0)], 3.0)
    hand = laid.copy()
    cv2.circle(hand, (450, 400), 150, (120, 160, 220), -1)
    for number, image in enumerate([empty] * 3 + [hand] * 2 + [laid] * 6):
        cv2.imwrite(str(folder / f"{number:03d}.png"), image)


def test_a_folder_of_frames_prints_the_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_frames(tmp_path)
    (tmp_path / "004b.png").write_text("not a picture")
    assert main(["watch", str(tmp_path), "--mat", "none", "--fps", "10"]) == 0
    out, err = capsys.readouterr()
    assert out == "card table KS\n"
    assert "004b.png: skipped (not a readable image)" in err


def test_no_mat_in_view_prints_no_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_frames(tmp_path)
    assert main(["watch", str(tmp_path), "--game", "oh-hell"]) == 0
    out, err = capsys.readouterr()
    # each image a photo of its own: its name as a comment, and no event
    assert out.splitlines() == [f"# {path.name}" for path in sorted(tmp_path.iterdir())]
    assert err.splitlines() == ["mat not found: no events until it is seen again"]


def test_a_missing_source_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["watch", str(tmp_path / "nothing.mp4")]) == 2
    _, err = capsys.readouterr()
    assert err.strip().endswith("no such file or folder (sources: pi, usb:N, a video, a folder)")
    assert len(err.strip().splitlines()) == 1


def test_an_unreadable_video_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    video = tmp_path / "broken.mp4"
    video.write_bytes(b"not a video at all")
    assert main(["watch", str(video)]) == 2
    _, err = capsys.readouterr()
    assert "broken.mp4: not a readable video" in err and "Traceback" not in err


def test_fps_must_be_above_zero(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["watch", "usb:0", "--fps", "0"])
    assert exit_info.value.code == 2
    assert "--fps: 0.0 is not above 0" in capsys.readouterr().err


class FlakyCamera:
    """Opens fail once, then each opened source gives two frames and fails."""

    def __init__(self) -> None:
        self.opened = 0

    def __call__(self, spec: str, **_: object) -> FakeSource:
        self.opened += 1
        if self.opened == 1:
            raise SourceError(f"{spec}: no camera there")
        return FakeSource(self.failing())

    def failing(self) -> Iterator[Frame]:
        yield from frames_of([table_image((10.0, 10.0), [], 1.0)] * 2, fps=10.0)
        raise SourceError("usb:0: the camera stopped giving frames")


def test_a_failing_camera_is_opened_again_then_given_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    camera, slept = FlakyCamera(), list[float]()
    frames = frames_with_retries(
        CameraSource.parse("usb:0"), fps=None, retries=2, sleep=slept.append, opener=camera
    )
    seen: list[Frame] = []
    with pytest.raises(SourceError, match="stopped giving frames"):
        seen.extend(frames)
    # 1 failed open, then 2 sources of 2 frames: three failures, the last one given up
    assert camera.opened == 3 and len(slept) == 2
    times = [frame.time for frame in seen]
    assert times == sorted(times) and len(set(times)) == len(times) == 4
    assert [frame.number for frame in seen] == list(range(4))
    assert "trying again" in capsys.readouterr().err


PHOTOS = Path(__file__).parents[2] / "../shared/photos"
# Photos of the shared set whose cards are all whole in view, shown in this order.
STILLS = (
    "coachina/TestCases/NonOverLapping/1.jpeg",
    "coachina/TestCases/NonOverLapping/3.jpeg",
    "coachina/TestCases/NonOverLapping/7.jpeg",
)


def manifest_cards(path: str) -> list[str]:
    """The cards the photos' manifest lists for one photo."""
    for line in (PHOTOS / "MANIFEST.tsv").read_text("utf-8").splitlines()[1:]:
        fields = line.split("\t")
        if fields[0] == path:
            return fields[1].split()
    raise AssertionError(f"{path} is not in the manifest")


def test_a_folder_of_photos_prints_each_photo_s_cards_replacing_the_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for number, path in enumerate(STILLS):
        (tmp_path / f"{number}-{Path(path).name}").symlink_to((PHOTOS / path).resolve())
    (tmp_path / "1b.jpg").write_text("not a picture")
    assert main(["watch", str(tmp_path), "--mat", "none"]) == 0
    out, err = capsys.readouterr()
    # Each photo's lines follow a comment with its file's name (the script's own comment).
    expected: list[list[str]] = []
    shown: list[str] = []
    for number, path in enumerate(STILLS):
        cards = manifest_cards(path)
        photo = [f"# {number}-{Path(path).name}"]
        photo += sorted(f"gone table {card}" for card in shown if card not in cards)
        photo += sorted(f"card table {card}" for card in cards if card not in shown)
        expected.append(photo)
        shown = cards
    lines = out.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("# ")]
    photos = [
        lines[start:end] for start, end in zip(starts, [*starts[1:], len(lines)], strict=True)
    ]
    assert [photo[0] for photo in photos] == [photo[0] for photo in expected]
    # Within one photo the tracker says the gone cards first, then the new ones left to right.
    assert [sorted(photo) for photo in photos] == [sorted(photo) for photo in expected]
    assert lines[1] == "card table 9S" and lines[-1] == "card table JS"
    assert lines.index("gone table 9S") < lines.index("card table 5D")
    assert "1b.jpg: skipped (not a readable image)" in err


def test_a_folder_with_no_readable_image_is_exit_1_saying_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a.jpg", "b.png"):
        (tmp_path / name).write_bytes(b"\x89PNG not really")
    assert main(["watch", str(tmp_path), "--mat", "none"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert f"{tmp_path}: none of its 2 images is readable" in err
    assert "a.jpg: skipped" in err and "Traceback" not in err


def test_a_camera_s_bad_frames_make_no_event_and_a_line_each_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mid-stream: a frame of another size, a black one, one of one colour, then the
    camera repeating one frame for 2 s: no event from any, no traceback, and each said."""
    laid = table_image((300.0, 200.0), [Placed(Card.parse("KS"), 100.0, 50.0)], 3.0)

    def shot(number: int) -> np.ndarray:
        frame = laid.copy()
        frame[0, 0, 0] = number % 256  # a camera's noise: no two frames alike
        return frame

    bad = [cv2.resize(laid, (320, 200)), np.zeros_like(laid), np.full_like(laid, 90)]
    pictures = [shot(n) for n in range(8)] + bad + [shot(8)] * 20 + [shot(n) for n in range(9, 14)]
    monkeypatch.setattr(
        "companion.device.camera.open_source",
        lambda spec, **_: FakeSource(frames_of(pictures, fps=10.0)),
    )
    assert main(["watch", "usb:0", "--mat", "none", "--fps", "10"]) == 0
    out, err = capsys.readouterr()
    assert out == "card table KS\n"
    assert "Traceback" not in err
    for problem in ("another size", "black", "all one colour", "repeats one frame"):
        assert problem in err
