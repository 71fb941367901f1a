"""The walk with the buttons only: ``companion run`` with the terminal display over a
fresh state folder, in a pseudo-terminal, its keys typed as a person types them, and
each screen it drew read back from the terminal into a PNG (every pixel: the half
blocks hold two a character), at 1x and 4x to look at.

    python -m companion.tools.button_walk --out DIR [--language pl] [--walk FILE]

A walk is a list of steps, one a line: a name, then the keys (the terminal's: u d o b,
O and B for the long presses; ``~`` waits a moment; a run of one key with no ``~``
between is typed as a held key). ``restart`` starts ``companion run`` again over the same
folder. It prints each step's name with the run's exit status when it ended.
"""

from __future__ import annotations

import argparse
import codecs
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from companion.device.terminal import PANEL_HEIGHT, PANEL_WIDTH

KEY_GAP_S = 0.35  # apart enough that two presses of one key are two presses
HELD_GAP_S = 0.05  # close enough to be a held key's repeats
SETTLE_S = 0.6  # no output for this long: the screen is drawn
START_S = 20.0
SCALE = 4
COLUMNS, ROWS = 140, 45
HOME = "\x1b[H"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
HALF_BLOCKS = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}


@dataclass(frozen=True)
class Step:
    name: str
    keys: str


def parse_walk(text: str) -> list[Step]:
    steps = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        name, _, keys = line.partition(":")
        steps.append(Step(name.strip(), keys.strip()))
    return steps


def picture(output: str) -> Image.Image | None:
    """The last whole picture the terminal display drew in ``output``."""
    frames = output.split(HOME)
    for frame in reversed(frames):
        lines = [ESCAPES.sub("", line).rstrip("\r") for line in frame.split("\n")]
        body = [line[1:-1] for line in lines if line.startswith("|") and line.endswith("|")]
        if len(body) < PANEL_HEIGHT // 2:
            continue
        image = Image.new("1", (PANEL_WIDTH, PANEL_HEIGHT), 0)
        for row, text in enumerate(body[: PANEL_HEIGHT // 2]):
            for x, character in enumerate(text[:PANEL_WIDTH]):
                top, bottom = HALF_BLOCKS.get(character, (0, 0))
                image.putpixel((x, 2 * row), top)
                image.putpixel((x, 2 * row + 1), bottom)
        return image
    return None


class Run:
    """``companion run --config CONFIG`` on a pseudo-terminal of its own."""

    def __init__(self, config: Path, log: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--config", str(config)],
            stdin=slave,
            stdout=slave,
            stderr=log.open("a"),
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        # a character's bytes may come in two reads: decoded as a stream
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.output = ""
        self.settle(START_S)

    def read(self, seconds: float) -> bool:
        readable, _, _ = select.select([self.master], [], [], seconds)
        if not readable:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return False
        self.output += self.decoder.decode(data)
        return bool(data)

    def settle(self, limit: float = 5.0) -> None:
        """Read until nothing comes for a moment (or the run ended)."""
        until = time.monotonic() + limit
        while time.monotonic() < until:
            if not self.read(SETTLE_S) and (self.output or self.process.poll() is not None):
                return

    def type(self, keys: str) -> None:
        previous = ""
        for key in keys:
            if key == "~":
                time.sleep(KEY_GAP_S)
                previous = ""
                continue
            gap = HELD_GAP_S if key == previous else KEY_GAP_S
            self.read(gap)
            os.write(self.master, key.encode())
            previous = key
        self.settle()

    def close(self) -> int | None:
        if self.process.poll() is None:
            self.process.terminate()
        try:
            return self.process.wait(10)
        finally:
            os.close(self.master)


def walk(steps: list[Step], out: Path, language: str) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    state = out / "state"
    config = out / "config.toml"
    config.write_text(
        f'[camera]\nsource = "none"\n[display]\nkind = "terminal"\n[ui]\nlanguage = "{language}"\n'
        f'[sheet]\nenabled = false\n[state]\ndirectory = "{state}"\n',
        "utf-8",
    )
    said = []
    run = Run(config, out / "run.log")
    _save(run, out, 0, "start")
    for number, step in enumerate(steps, start=1):
        if step.name == "restart":
            said.append(f"{number:02} restart (the run before ended: {run.close()})")
            run = Run(config, out / "run.log")
        else:
            run.type(step.keys)
            ended = run.process.poll()
            said.append(f"{number:02} {step.name}" + ("" if ended is None else f" (ended {ended})"))
        _save(run, out, number, step.name)
    said.append(f"the run's exit status: {run.close()}")
    return said


def _save(run: Run, out: Path, number: int, name: str) -> None:
    image = picture(run.output)
    if image is None:
        return
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    image.save(out / f"{number:02}-{slug}.png")
    big = image.resize((PANEL_WIDTH * SCALE, PANEL_HEIGHT * SCALE), Image.Resampling.NEAREST)
    big.save(out / f"{number:02}-{slug}-x{SCALE}.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.tools.button_walk")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--language", default="en", choices=("en", "pl", "ru"))
    parser.add_argument("--walk", type=Path, default=Path(__file__).with_name("walk.txt"))
    args = parser.parse_args(argv)
    for line in walk(parse_walk(args.walk.read_text("utf-8")), args.out, args.language):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
