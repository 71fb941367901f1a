"""A camera frame: what every frame source yields and what the table side reads."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Frame:
    image: np.ndarray  # BGR uint8, height x width x 3
    time: float  # seconds from the source's start
    number: int  # 0, 1, 2, ... in the order delivered
    name: str = ""  # the image file it came from, where a folder of images is the source
