"""The Pi camera's stream size and sensor modes: plain values, which the configuration
checks against without loading the camera's image libraries. Why 1920x1080: see
``companion.device.camera``."""

from __future__ import annotations

PI_STREAM_SIZE = (1920, 1080)
# Camera Module 3's sensor modes (full field of view each), smallest first; a stream is
# scaled from the smallest that covers it.
PI_SENSOR_MODES: tuple[tuple[int, int], ...] = ((1536, 864), (2304, 1296), (4608, 2592))


def pi_sensor_mode(size: tuple[int, int]) -> tuple[int, int]:
    """The smallest sensor mode at least ``size`` in both directions (the largest if none)."""
    for mode in PI_SENSOR_MODES:
        if mode[0] >= size[0] and mode[1] >= size[1]:
            return mode
    return PI_SENSOR_MODES[-1]
