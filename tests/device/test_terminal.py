from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator

import pytest
from PIL import Image

from companion.device.display import Screen
from companion.device.terminal import (
    HIDE_CURSOR,
    SHOW_CURSOR,
    KeyDecoder,
    Scale,
    TerminalDevice,
    TerminalKeys,
    braille_lines,
    fitting_scale,
    halfblock_lines,
    too_small,
)
from companion.ui.presses import Button, ButtonPress, PressKind

ESCAPES = re.compile(r"\x1b\[[0-9;]*m")

UP = ButtonPress(Button.UP)
DOWN = ButtonPress(Button.DOWN)
OK = ButtonPress(Button.OK)
BACK = ButtonPress(Button.BACK)
LONG_OK = ButtonPress(Button.OK, PressKind.LONG)
LONG_BACK = ButtonPress(Button.BACK, PressKind.LONG)


def test_two_pixel_rows_make_one_line_of_half_blocks() -> None:
    image = Image.new("1", (128, 64), 0)
    image.putpixel((0, 0), 1)  # top only
    image.putpixel((1, 1), 1)  # bottom only
    image.putpixel((2, 0), 1)
    image.putpixel((2, 1), 1)  # both
    image.putpixel((127, 63), 1)
    lines = halfblock_lines(image)
    assert len(lines) == 32
    assert all(len(line) == 128 for line in lines)
    assert lines[0][:4] == "▀▄█ "
    assert lines[31][127] == "▄"
    assert set("".join(lines[1:31])) == {" "}


def test_the_terminal_device_draws_behind_a_screen() -> None:
    stream = io.StringIO()
    screen = Screen(TerminalDevice(stream), clock=lambda: 0.0)
    image = Image.new("1", (128, 64), 0)
    image.putpixel((5, 0), 1)
    screen.show(image)
    frame = stream.getvalue().rsplit("\x1b[H", 1)[1]
    rows = frame.splitlines()
    assert len(rows) == 34  # the picture and a border above and below
    assert rows[1].startswith("|\x1b[0m     ▀")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"\x1b[A\x1b[B", [UP, DOWN]),
        (b"\x1bOA", [UP]),
        (b"\r", [OK]),
        (b"\x7f", [BACK]),
        (b"\x1b[C\x1b[D", [OK, BACK]),
        (b"\x1b\r", [LONG_OK]),  # Alt+Enter
        (b"\x1b\x7f", [LONG_BACK]),  # Alt+Backspace
        (b"\x1b[13;2u", [LONG_OK]),  # kitty Shift+Enter
        (b"\x1b[127;2u", [LONG_BACK]),
        (b"\x1b[27;2;13~", [LONG_OK]),  # xterm modifyOtherKeys Shift+Enter
        (b"uodbOB", [UP, OK, DOWN, BACK, LONG_OK, LONG_BACK]),
        (b"x\x1b[15~z", []),  # other keys (F5 here) mean nothing
    ],
)
def test_keys_are_buttons(data: bytes, expected: list[ButtonPress]) -> None:
    decoder = KeyDecoder()
    now = 0.0
    got = []
    for byte in data:  # one byte at a time: sequences split across reads still work
        got.extend(decoder.feed(bytes([byte]), now))
        now += 1.0 if byte in b"uodbOB" else 0.0
    assert got == expected
    assert KeyDecoder().feed(data, 0.0) in (expected, [*expected[:1], *expected[1:]])


def test_a_held_arrow_repeats_and_a_held_enter_is_one_press() -> None:
    decoder = KeyDecoder(repeat_gap=0.15)
    got = []
    for step in range(6):
        got.extend(decoder.feed(b"\x1b[A", step * 0.03))
    assert got == [UP] + [ButtonPress(Button.UP, PressKind.REPEAT)] * 5
    got = []
    for step in range(6):
        got.extend(decoder.feed(b"\r", 5 + step * 0.03))
    assert got == [OK]
    assert decoder.feed(b"\r", 10.0) == [OK]  # pressed again later: a new press


def test_a_lone_escape_is_back_once_nothing_follows() -> None:
    decoder = KeyDecoder(lone_escape=0.05)
    assert decoder.feed(b"\x1b", 0.0) == []
    assert decoder.flush(0.01) == []
    assert decoder.flush(0.06) == [BACK]
    assert decoder.feed(b"\x1b[", 1.0) == []
    assert decoder.flush(2.0) == []  # an unfinished sequence is dropped
    assert not decoder.waiting


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read_end, write_end = os.pipe()
    yield read_end, write_end
    os.close(read_end)
    os.close(write_end)


def test_terminal_keys_read_from_a_pipe_without_a_tty(pipe: tuple[int, int]) -> None:
    read_end, write_end = pipe
    keys = TerminalKeys(read_end)
    os.write(write_end, b"\x1b[A\r\x1b\x7f")
    assert keys.next_press(timeout=0) == UP
    assert keys.next_press(timeout=0) == OK
    assert keys.next_press(timeout=0) == LONG_BACK
    assert keys.next_press(timeout=0) is None
    keys.close()


def test_terminal_keys_say_when_the_input_ends() -> None:
    read_end, write_end = os.pipe()
    try:
        keys = TerminalKeys(read_end)
        os.write(write_end, b"u")
        os.close(write_end)
        assert keys.next_press(timeout=0) == UP
        assert not keys.ended
        assert keys.next_press(timeout=0) is None
        assert keys.ended
    finally:
        os.close(read_end)


def test_braille_cells_keep_every_pixel_two_across_four_down() -> None:
    image = Image.new("1", (128, 64), 0)
    for pixel in ((0, 0), (1, 3), (126, 63), (127, 63)):
        image.putpixel(pixel, 1)
    lines = braille_lines(image)
    assert len(lines) == 16 and all(len(line) == 64 for line in lines)
    assert lines[0][0] == "\u2881"  # dots 1 (top left) and 8 (bottom right)
    assert lines[15][63] == "\u28c0"  # dots 7 and 8: the bottom row, both columns
    assert {ord(c) for c in "".join(lines)} - {0x2800} == {0x2881, 0x28C0}


@pytest.mark.parametrize(
    ("columns", "rows", "expected"),
    [
        (200, 60, Scale.HALF_BLOCKS),
        (130, 37, Scale.HALF_BLOCKS),
        (129, 60, Scale.BRAILLE),
        (80, 24, Scale.BRAILLE),
        (66, 21, Scale.BRAILLE),
        (65, 24, None),
        (80, 20, None),
    ],
)
def test_the_largest_picture_that_fits_is_chosen(
    columns: int, rows: int, expected: Scale | None
) -> None:
    assert fitting_scale(columns, rows, rows_below=3) is expected


@pytest.mark.parametrize(
    ("columns", "rows", "expected"),
    [
        (130, 37, Scale.HALF_BLOCKS),
        (129, 60, Scale.TEXT),
        (80, 24, Scale.TEXT),
        (42, 13, Scale.TEXT),
    ],
)
def test_where_the_picture_cannot_be_read_the_text_is_chosen(
    columns: int, rows: int, expected: Scale
) -> None:
    scales = (Scale.HALF_BLOCKS, Scale.TEXT)
    assert fitting_scale(columns, rows, rows_below=3, scales=scales) is expected
    assert fitting_scale(41, 24, rows_below=3, scales=scales) is None


def test_the_text_scale_draws_the_lines_it_is_given_in_a_frame() -> None:
    stream = io.StringIO()
    lines = ["Round 1/4  Bank 10", "P2  stake 4", "x" * 60]
    device = TerminalDevice(stream, scale=Scale.TEXT, legend="keys", text=lambda: lines)
    Screen(device, clock=lambda: 0.0).show(Image.new("1", (128, 64), 0))
    rows = stream.getvalue().rsplit("\x1b[H", 1)[1].splitlines()
    assert len(rows) == device.rows == Scale.TEXT.rows + 1
    assert rows[1].startswith("|\x1b[0mRound 1/4  Bank 10 ")
    assert rows[3].endswith("x…\x1b[0m|")  # a line too long for the frame is cut
    assert all(len(ESCAPES.sub("", row)) == Scale.TEXT.columns for row in rows[:-1])


def test_a_terminal_too_small_is_told_the_size_it_needs() -> None:
    text = too_small(60, 20, rows_below=3)
    assert "at least 66x21" in text and "130x37" in text and "this one is 60x20" in text


def test_the_legend_sits_under_the_picture_and_close_gives_the_cursor_back() -> None:
    stream = io.StringIO()
    device = TerminalDevice(stream, scale=Scale.BRAILLE, legend="keys", hide_cursor=True)
    Screen(device, clock=lambda: 0.0).show(Image.new("1", (128, 64), 0))
    rows = stream.getvalue().rsplit("\x1b[H", 1)[1].splitlines()
    assert len(rows) == 19 and rows[18].startswith("keys")
    assert stream.getvalue().startswith("\x1b[2J" + HIDE_CURSOR)
    device.close()
    assert stream.getvalue().endswith(f"\x1b[{device.rows + 1};1H{SHOW_CURSOR}")
