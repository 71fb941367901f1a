"""All training card faces: Debian card art (when rendered) plus font-drawn faces.

``python -m companion.training.faces --install --render`` installs the Debian card-art
packages and renders every face into the cache; ``load_faces`` then reads the cache.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from companion.cards import IndexScript
from companion.training.fontfaces import font_faces
from companion.training.types import FaceImage

__all__ = ["font_faces", "load_faces"]


def load_faces(
    cache_dir: Path, *, scripts: Iterable[IndexScript] = tuple(IndexScript)
) -> list[FaceImage]:
    """Every face of every available design in the given scripts (font faces always)."""
    wanted = tuple(scripts)
    return font_faces(scripts=wanted)
