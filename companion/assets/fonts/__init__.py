"""DejaVu fonts (Latin, Polish and Cyrillic letters), bundled with their licence beside
them (DejaVu-LICENSE.txt: the Bitstream Vera licence, which allows redistribution)."""

from __future__ import annotations

from enum import Enum
from importlib import resources
from pathlib import Path


class FontFace(Enum):
    """The bundled faces, by file name."""

    SANS_BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed.ttf"
    CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"


def font_path(face: FontFace) -> Path:
    """The file of a bundled face (inside the installed package)."""
    return Path(str(resources.files(__name__).joinpath(face.value)))
