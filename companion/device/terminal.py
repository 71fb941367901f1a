"""The display and the buttons in a terminal, for the demo and for development.

``TerminalDevice`` draws the 128x64 picture with half-block characters (two pixel rows
per character line: 128x32 characters) and is a luma-like device, so it sits behind the
same ``Screen``. ``KeyDecoder`` turns the bytes a terminal sends into button presses;
``TerminalKeys`` reads them from a file descriptor, a TTY or (in tests) a pipe.

Keys: arrows or u/d for UP/DOWN (a held arrow repeats), Enter, right arrow or o for OK,
Backspace, left arrow, Esc or b for BACK. A long press is the key with Shift or Alt:
Shift+Enter / Shift+Backspace (terminals that report them: kitty's and xterm's modified
keys), Alt+Enter / Alt+Backspace, or O / B. Holding Enter does not make a long press:
a terminal does not say when a key is let go, and a held Enter's repeats are swallowed.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import time
import tty
from collections import deque
from collections.abc import Callable
from typing import Any, TextIO

from PIL import Image

from companion.ui.presses import Button, ButtonPress, PressKind

ESC = 0x1B
HOME = "\x1b[H"
CLEAR = "\x1b[2J"
FAINT = "\x1b[2m"
NORMAL = "\x1b[0m"
DIM_BELOW = 40  # a contrast under this is drawn faint

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


class TerminalDevice:
    """A luma-like display that draws into a text stream (the terminal)."""

    def __init__(self, stream: TextIO = sys.stdout) -> None:
        self.stream = stream
        self._faint = False
        self._hidden = False
        self._last: Image.Image | None = None
        stream.write(CLEAR)

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
        lines = halfblock_lines(self._last)
        if self._hidden:
            lines = [" " * len(line) for line in lines]
        style = FAINT if self._faint else NORMAL
        border = "+" + "-" * len(lines[0]) + "+"
        body = "\n".join(f"|{style}{line}{NORMAL}|" for line in lines)
        self.stream.write(f"{HOME}{border}\n{body}\n{border}\n")
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
