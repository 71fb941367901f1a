"""Where the OLED panel answers on I2C: plain values, which the configuration checks
against without loading the display's libraries."""

from __future__ import annotations

# Where the panel answers: I2C bus 1 (the header's pins 3 and 5), at 0x3C (some at 0x3D);
# a 7-bit address outside the reserved ones.
DEFAULT_PORT = 1
DEFAULT_ADDRESS = 0x3C
MIN_ADDRESS, MAX_ADDRESS = 0x03, 0x77
