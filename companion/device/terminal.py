"""The display and the buttons in a terminal, for the demo and for development.

``TerminalDevice`` draws the 128x64 picture with half-block characters (two pixel rows
per character line: 128x32 characters) or, where that does not fit (an 80x24 terminal),
with braille dots (two by four pixels a character: 64x16), every pixel kept either way;
or, where a caller gives them, the lines the screen draws as plain text (the demo in an
80x24 terminal, where braille dots cannot be read); a line of the keys under it. It is a
luma-like device, so it sits behind the same ``Screen``; ``close`` shows the cursor again
and leaves it below the picture.
``KeyDecoder`` turns the bytes a terminal sends into button presses; ``TerminalKeys``
reads them from a file descriptor, a TTY or (in tests) a pipe.

Keys: arrows or u/d for UP/DOWN (a held arrow repeats), Enter, right arrow or o for OK,
Backspace, left arrow, Esc or b for BACK. A long press is the key with Shift or Alt:
Shift+Enter / Shift+Backspace (terminals that report them: kitty's and xterm's modified
keys), Alt+Enter / Alt+Backspace, or O / B. Holding Enter does not make a long press:
a terminal does not say when a key is let go, and a held Enter's repeats are swallowed.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import sys
import termios
import time
import tty
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from typing import Any, TextIO

import numpy as np
from PIL import Image

from companion.ui.presses import Button, ButtonPress, PressKind

ESC = 0x1B
HOME = "\x1b[H"
CLEAR = "\x1b[2J"
FAINT = "\x1b[2m"
NORMAL = "\x1b[0m"
DIM_BELOW = 40  # a contrast under this is drawn faint
HIDE_CURSOR = "\x1b[?25l"
SHOW_CURSOR = "\x1b[?25h"
CLEAR_LINE = "\x1b[K"
PANEL_WIDTH, PANEL_HEIGHT = 128, 64
BORDER = 2  # a frame line on each side, in characters
KEYS_LEGEND = "arrows UP/DOWN, Enter OK, Backspace BACK, O/B long, Ctrl-C quits"
BRAILLE_BLANK = 0x2800
# The braille dot of each pixel of a 2-wide, 4-tall cell, by (row, column).
_BRAILLE_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))

# Half blocks by (top pixel lit, bottom pixel lit).
_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def halfblock_lines(image: Image.Image) -> list[str]:
    """The picture as text: each character is two pixels, one above the other."""
    picture = image.convert("1")
    width, height = picture.size
    pixels = picture.load()
    assert pixels is not None
    lines = []
    for top in range(0, height, 2):
        row = []
        for x in range(width):
            upper = bool(pixels[x, top])
            lower = top + 1 < height and bool(pixels[x, top + 1])
            row.append(_BLOCKS[upper, lower])
        lines.append("".join(row))
    return lines


def braille_lines(image: Image.Image) -> list[str]:
    """The picture as text: each character is a cell two pixels wide and four tall, a
    braille dot for every pixel lit."""
    pixels = np.asarray(image.convert("1"), dtype=bool)
    height, width = pixels.shape
    padded = np.zeros((-(-height // 4) * 4, -(-width // 2) * 2), dtype=bool)
    padded[:height, :width] = pixels
    codes = np.full((padded.shape[0] // 4, padded.shape[1] // 2), BRAILLE_BLANK, np.int64)
    for row, dots in enumerate(_BRAILLE_DOTS):
        for column, dot in enumerate(dots):
            codes += padded[row::4, column::2] * dot
    return ["".join(chr(code) for code in line) for line in codes.tolist()]


# The screen's lines as text: room for the longest line a screen draws and for all of
# them (the title, five body lines and an amount being chosen).
TEXT_WIDTH = 40
TEXT_ROWS = 8


class Scale(Enum):
    """How the panel is drawn in characters: the larger first."""

    HALF_BLOCKS = "half blocks"  # a pixel wide, two tall: square pixels
    BRAILLE = "braille"  # two pixels wide, four tall
    TEXT = "text lines"  # the lines the screen draws, as text

    @property
    def columns(self) -> int:
        """Characters across, the frame included."""
        if self is Scale.TEXT:
            return TEXT_WIDTH + BORDER
        per_character = 1 if self is Scale.HALF_BLOCKS else 2
        return PANEL_WIDTH // per_character + BORDER

    @property
    def rows(self) -> int:
        """Lines down, the frame included."""
        if self is Scale.TEXT:
            return TEXT_ROWS + BORDER
        per_character = 2 if self is Scale.HALF_BLOCKS else 4
        return PANEL_HEIGHT // per_character + BORDER

    def lines(self, image: Image.Image) -> list[str]:
        return halfblock_lines(image) if self is Scale.HALF_BLOCKS else braille_lines(image)


PICTURES = (Scale.HALF_BLOCKS, Scale.BRAILLE)


def fitting_scale(
    columns: int, rows: int, *, rows_below: int, scales: tuple[Scale, ...] = PICTURES
) -> Scale | None:
    """The largest of ``scales`` whose picture and ``rows_below`` lines under it fit a
    terminal this big (None: none does)."""
    return next(
        (scale for scale in scales if scale.columns <= columns and scale.rows + rows_below <= rows),
        None,
    )


def text_lines(lines: Sequence[str]) -> list[str]:
    """The screen's lines in the text frame: each cut (with an ellipsis) or padded to its
    width, as many as it holds."""
    shown = [
        line if len(line) <= TEXT_WIDTH else line[: TEXT_WIDTH - 1] + "…"
        for line in list(lines)[:TEXT_ROWS]
    ]
    shown += [""] * (TEXT_ROWS - len(shown))
    return [line.ljust(TEXT_WIDTH) for line in shown]


def terminal_size(stream: TextIO) -> tuple[int, int]:
    """Columns and rows of the terminal ``stream`` writes to (the environment's guess, or
    80x24, when it cannot be asked)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):
        size = shutil.get_terminal_size()
    return size.columns, size.lines


def too_small(columns: int, rows: int, *, rows_below: int, smallest: Scale = Scale.BRAILLE) -> str:
    """What size the picture needs, in one line, for a terminal where none fits."""
    return (
        f"the screen needs a terminal of at least {smallest.columns}x"
        f"{smallest.rows + rows_below} characters ({Scale.HALF_BLOCKS.columns}x"
        f"{Scale.HALF_BLOCKS.rows + rows_below} for the larger picture); this one is "
        f"{columns}x{rows}"
    )


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


@contextlib.contextmanager
def restored_on_signals() -> Iterator[None]:
    """Within it, Ctrl-C, a hang-up and a polite kill all raise ``KeyboardInterrupt`` in the
    main thread, so that the ``finally`` blocks that give the terminal back (its cursor,
    its line mode) run whichever ends the program; the handlers before are put back."""
    stopping = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = {signum: signal.signal(signum, _interrupted) for signum in stopping}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


class TerminalDevice:
    """A luma-like display that draws into a text stream (the terminal), at ``scale``,
    with ``legend`` (a line of the keys, when given) under the picture; ``hide_cursor``
    for a caller that calls ``close`` however it ends. At ``Scale.TEXT`` it draws
    ``text()``, the lines of the picture it is given (its transcript), not its pixels."""

    def __init__(
        self,
        stream: TextIO = sys.stdout,
        *,
        scale: Scale = Scale.HALF_BLOCKS,
        legend: str | None = None,
        hide_cursor: bool = False,
        text: Callable[[], Sequence[str]] = tuple,
    ) -> None:
        self.stream = stream
        self.scale = scale
        self.legend = legend
        self.text = text
        self._faint = False
        self._hidden = False
        self._last: Image.Image | None = None
        stream.write(CLEAR + (HIDE_CURSOR if hide_cursor else ""))

    @property
    def rows(self) -> int:
        """The lines it draws on, from the top: the picture and its legend."""
        return self.scale.rows + (self.legend is not None)

    def close(self) -> None:
        """Plain text again, the cursor shown and put on the line below the picture."""
        self.stream.write(f"{NORMAL}\x1b[{self.rows + 1};1H{SHOW_CURSOR}")
        self.stream.flush()

    def display(self, image: Image.Image) -> None:
        self._last = image.copy()
        self._draw()

    def contrast(self, level: int) -> None:
        self._faint = level < DIM_BELOW
        self._draw()

    def hide(self) -> None:
        self._hidden = True
        self._draw()

    def show(self) -> None:
        self._hidden = False
        self._draw()

    def _draw(self) -> None:
        if self._last is None:
            return
        if self.scale is Scale.TEXT:
            lines = text_lines(self.text())
        else:
            lines = self.scale.lines(self._last)
        if self._hidden:
            lines = [" " * len(line) for line in lines]
        style = FAINT if self._faint else NORMAL
        border = "+" + "-" * len(lines[0]) + "+"
        body = "\n".join(f"|{style}{line}{NORMAL}|" for line in lines)
        legend = "" if self.legend is None else f"{self.legend}{CLEAR_LINE}\n"
        self.stream.write(f"{HOME}{border}\n{body}\n{border}\n{legend}")
        self.stream.flush()


# Complete escape sequences (after ESC) and what they mean.
_SEQUENCES: dict[bytes, ButtonPress] = {
    b"[A": ButtonPress(Button.UP),
    b"OA": ButtonPress(Button.UP),
    b"[B": ButtonPress(Button.DOWN),
    b"OB": ButtonPress(Button.DOWN),
    b"[C": ButtonPress(Button.OK),
    b"OC": ButtonPress(Button.OK),
    b"[D": ButtonPress(Button.BACK),
    b"OD": ButtonPress(Button.BACK),
    b"\r": ButtonPress(Button.OK, PressKind.LONG),  # Alt+Enter
    b"\n": ButtonPress(Button.OK, PressKind.LONG),
    b"\x7f": ButtonPress(Button.BACK, PressKind.LONG),  # Alt+Backspace
    b"\x08": ButtonPress(Button.BACK, PressKind.LONG),
    b"[13;2u": ButtonPress(Button.OK, PressKind.LONG),  # kitty: Shift+Enter
    b"[127;2u": ButtonPress(Button.BACK, PressKind.LONG),  # kitty: Shift+Backspace
    b"[27;2;13~": ButtonPress(Button.OK, PressKind.LONG),  # xterm modifyOtherKeys
    b"[27;2;127~": ButtonPress(Button.BACK, PressKind.LONG),
}
_PLAIN: dict[int, ButtonPress] = {
    ord("\r"): ButtonPress(Button.OK),
    ord("\n"): ButtonPress(Button.OK),
    0x7F: ButtonPress(Button.BACK),
    0x08: ButtonPress(Button.BACK),
    ord("u"): ButtonPress(Button.UP),
    ord("d"): ButtonPress(Button.DOWN),
    ord("o"): ButtonPress(Button.OK),
    ord("b"): ButtonPress(Button.BACK),
    ord("O"): ButtonPress(Button.OK, PressKind.LONG),
    ord("B"): ButtonPress(Button.BACK, PressKind.LONG),
}
_LONGEST_SEQUENCE = max(len(key) for key in _SEQUENCES)


class KeyDecoder:
    """Bytes from a terminal in, presses out. ``now`` tells held keys from new presses:
    a key's auto-repeat comes faster than ``repeat_gap`` seconds apart."""

    def __init__(self, *, repeat_gap: float = 0.15, lone_escape: float = 0.05) -> None:
        self.repeat_gap = repeat_gap
        self.lone_escape = lone_escape
        self._pending = b""
        self._pending_since = 0.0
        self._last: tuple[ButtonPress, float] | None = None

    def feed(self, data: bytes, now: float) -> list[ButtonPress]:
        presses: list[ButtonPress] = []
        buffer = self._pending + data
        if not self._pending:
            self._pending_since = now
        index = 0
        while index < len(buffer):
            byte = buffer[index]
            if byte != ESC:
                index += 1
                plain = _PLAIN.get(byte)
                if plain is not None:
                    presses.extend(self._as_key(plain, now))
                continue
            rest = buffer[index + 1 :]
            match = next((seq for seq in _SEQUENCES if rest.startswith(seq)), None)
            if match is not None:
                presses.extend(self._as_key(_SEQUENCES[match], now))
                index += 1 + len(match)
                continue
            if any(seq.startswith(rest) for seq in _SEQUENCES) and len(rest) < _LONGEST_SEQUENCE:
                break  # the rest of the sequence is still on its way
            index += 1 + self._skip_unknown(rest)
        self._pending = buffer[index:]
        return presses

    @property
    def waiting(self) -> bool:
        """Bytes of an unfinished sequence are held back."""
        return bool(self._pending)

    def flush(self, now: float) -> list[ButtonPress]:
        """A lone Esc (nothing followed it for a moment) is BACK; the start of a sequence
        that never finished is dropped."""
        if not self._pending or now - self._pending_since < self.lone_escape:
            return []
        lone = self._pending == bytes([ESC])
        self._pending = b""
        return self._as_key(ButtonPress(Button.BACK), now) if lone else []

    @staticmethod
    def _skip_unknown(rest: bytes) -> int:
        """How many bytes after ESC an unknown sequence (a function key, say) takes."""
        if rest[:1] in (b"[", b"O"):
            for offset, byte in enumerate(rest[1:], start=1):
                if 0x40 <= byte <= 0x7E:
                    return offset + 1
            return len(rest)
        return 1 if rest else 0

    def _as_key(self, press: ButtonPress, now: float) -> list[ButtonPress]:
        last, self._last = self._last, (press, now)
        repeated = last is not None and last[0] == press and now - last[1] < self.repeat_gap
        if not repeated:
            return [press]
        if press.button in (Button.UP, Button.DOWN):
            return [ButtonPress(press.button, PressKind.REPEAT)]
        return []  # a held Enter or Backspace: one press, not a stream of them


class TerminalKeys:
    """A ``ButtonSource`` reading keys from ``fd`` (a TTY is put in cbreak mode and
    restored on ``close``; anything else, such as a pipe in a test, is read as it is)."""

    def __init__(
        self,
        fd: int | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        decoder: KeyDecoder | None = None,
    ) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self._clock = clock
        self.decoder = decoder or KeyDecoder()
        self._ready: deque[ButtonPress] = deque()
        self._saved: list[Any] | None = None
        self.ended = False  # the input was closed
        if os.isatty(self.fd):
            self._saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)

    def next_press(self, timeout: float | None = None) -> ButtonPress | None:
        deadline = None if timeout is None else self._clock() + timeout
        while not self._ready:
            now = self._clock()
            self._ready.extend(self.decoder.flush(now))
            if self._ready:
                break
            wait = None if deadline is None else max(0.0, deadline - now)
            if self.decoder.waiting:
                wait = (
                    self.decoder.lone_escape
                    if wait is None
                    else min(wait, self.decoder.lone_escape)
                )
            readable, _, _ = select.select([self.fd], [], [], wait)
            if readable:
                data = os.read(self.fd, 64)
                if not data:
                    self.ended = True
                    break
                self._ready.extend(self.decoder.feed(data, self._clock()))
            elif deadline is not None and self._clock() >= deadline:
                self._ready.extend(self.decoder.flush(self._clock()))
                break
        return self._ready.popleft() if self._ready else None

    def close(self) -> None:
        if self._saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None
