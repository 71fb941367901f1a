"""What the four buttons say to the user interface: which button, and how it was pressed.

The device side (GPIO, the terminal, a test's queue) turns edges or keys into these
values; the controller only ever sees them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Button(Enum):
    UP = "up"
    DOWN = "down"
    OK = "ok"
    BACK = "back"


class PressKind(Enum):
    """SHORT: pressed and released before it became a hold. LONG: OK or BACK held about
    0.8 s (never also a SHORT). REPEAT: UP or DOWN held, one step of the auto-repeat."""

    SHORT = "short"
    LONG = "long"
    REPEAT = "repeat"


@dataclass(frozen=True)
class ButtonPress:
    button: Button
    kind: PressKind = PressKind.SHORT

    def __str__(self) -> str:
        return f"{self.button.value}:{self.kind.value}"


# OK and BACK have a long press; UP and DOWN repeat instead.
LONG_PRESS_BUTTONS = frozenset({Button.OK, Button.BACK})
REPEAT_BUTTONS = frozenset({Button.UP, Button.DOWN})
