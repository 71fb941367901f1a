"""FrameCheck: frames of another size, black, one colour or repeated are skipped and said
once a run; a new size the camera keeps is followed."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.table.frame_check import FrameCheck, FrameCheckSettings
from companion.values.frame import Frame

FPS = 10.0


def table(number: int, size: tuple[int, int] = (64, 48)) -> np.ndarray:
    """A textured picture, a little different each frame (a camera's noise)."""
    image = np.random.default_rng(0).integers(40, 200, (size[1], size[0], 3), np.uint8)
    image[0, 0, 0] = number % 256
    return image


def check(images: list[np.ndarray], **overrides: float) -> tuple[list[bool], list[str]]:
    said: list[str] = []
    frames = FrameCheck(said.append, FrameCheckSettings(**overrides))  # type: ignore[arg-type]
    usable = [frames.usable(Frame(image, n / FPS, n)) for n, image in enumerate(images)]
    return usable, said


@given(st.integers(1, 40))
@settings(max_examples=10, deadline=None)
def test_a_camera_s_frames_are_all_usable_and_nothing_is_said(count: int) -> None:
    usable, said = check([table(n) for n in range(count)])
    assert all(usable) and said == []


def test_a_repeat_or_two_is_skipped_quietly_a_stuck_camera_is_said() -> None:
    usable, said = check([table(0), table(1), table(1), table(2)])
    assert usable == [True, True, False, True] and said == []
    usable, said = check([table(0)] * 15 + [table(1)])
    assert usable == [True] + [False] * 14 + [True]
    assert said == [
        "0.10s frame 1: the same frame again (the camera repeats one frame): frames skipped "
        "until that ends",
        "1.50s frame 15: frames usable again (14 skipped: the same frame again (the camera "
        "repeats one frame))",
    ]


def test_a_new_size_is_followed_once_the_camera_keeps_it() -> None:
    images = [table(n) for n in range(3)] + [table(n, (32, 24)) for n in range(3, 30)]
    usable, said = check(images)
    assert usable[:3] == [True] * 3 and not any(usable[3:23]) and all(usable[23:])
    assert (
        said[0] == "0.30s frame 3: another size than the stream's: frames skipped until that ends"
    )
    assert said[1] == (
        "2.30s frame 23: the camera's frames are 32x24 now (were 64x48): followed at that size"
    )


def test_black_and_one_colour_frames_are_told_apart() -> None:
    black = np.zeros((48, 64, 3), np.uint8)
    white = np.full((48, 64, 3), 250, np.uint8)
    usable, said = check([table(0), black, table(1), white, table(2)])
    assert usable == [True, False, True, False, True]
    assert "black" in said[0] and "all one colour" in said[2]


def test_a_recording_s_repeats_are_the_table_still() -> None:
    usable, said = check([table(0)] * 15, skip_repeats=False)
    assert all(usable) and said == []
