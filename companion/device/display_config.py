"""The display's setting (the config's ``[display]``) as a plain value, which the config
reads without loading the display's libraries: which display, where an OLED answers on
I2C, and the brightness and timeouts the screen starts with until the menu changes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.device.i2c_bus import DEFAULT_ADDRESS, DEFAULT_PORT, MAX_ADDRESS, MIN_ADDRESS
from companion.ui.settings import (
    BRIGHTNESS_LEVELS,
    DEFAULT_BRIGHTNESS,
    DEFAULT_DARK_AFTER_S,
    DEFAULT_DIM_AFTER_S,
    MAX_TIMEOUT_S,
)
from companion.values.setting import checked, choice, hex_byte, whole, whole_seconds

MAX_I2C_PORT = 30


class DisplayKind(Enum):
    SSD1306 = "ssd1306"
    SH1106 = "sh1106"
    TERMINAL = "terminal"
    NONE = "none"

    @property
    def uses_i2c(self) -> bool:
        return self in (DisplayKind.SSD1306, DisplayKind.SH1106)


TIMEOUT = whole_seconds(MAX_TIMEOUT_S)


@dataclass(frozen=True)
class DisplayConfig:
    kind: DisplayKind = field(default=DisplayKind.SSD1306, metadata=checked(choice(DisplayKind)))
    i2c_port: int = field(default=DEFAULT_PORT, metadata=checked(whole(0, MAX_I2C_PORT)))
    i2c_address: int = field(
        default=DEFAULT_ADDRESS, metadata=checked(whole(MIN_ADDRESS, MAX_ADDRESS), show=hex_byte)
    )
    # The brightness level (the menu's setting) until it is changed in the menu.
    brightness: int = field(
        default=DEFAULT_BRIGHTNESS,
        metadata=checked(whole(BRIGHTNESS_LEVELS[0], BRIGHTNESS_LEVELS[-1])),
    )
    dim_after_s: int = field(default=DEFAULT_DIM_AFTER_S, metadata=checked(TIMEOUT))
    dark_after_s: int = field(default=DEFAULT_DARK_AFTER_S, metadata=checked(TIMEOUT))

    @property
    def where(self) -> str:
        """Where an OLED of this setting answers, in a few words."""
        return f"I2C bus {self.i2c_port} at {hex_byte(self.i2c_address)}"
