"""Where the fonts for drawn faces and relabelled letters are, and how to get more."""

from __future__ import annotations

from functools import cache
from pathlib import Path

FONT_ROOT = Path("/usr/share/fonts")
# Debian font packages with Latin and Cyrillic letters that the training side can use.
FONT_PACKAGES = (
    "fonts-dejavu-core",
    "fonts-liberation",
    "fonts-freefont-ttf",
    "fonts-paratype",
    "fonts-roboto-unhinted",
    "fonts-open-sans",
    "fonts-linuxlibertine",
    "fonts-crosextra-carlito",
)


def font_files(root: Path = FONT_ROOT) -> list[Path]:
    """Every .ttf and .otf file under the root, sorted by path."""
    if not root.is_dir():
        return []
    return sorted(path for path in root.rglob("*") if path.suffix.lower() in (".ttf", ".otf"))


@cache
def _installed(root: Path) -> dict[str, Path]:
    """Every .ttf and .otf file under the root, by file name (first found wins)."""
    found: dict[str, Path] = {}
    for path in font_files(root):
        found.setdefault(path.name, path)
    return found


def find_font(file_name: str, root: Path = FONT_ROOT) -> Path | None:
    """The installed font file of that name, or None."""
    return _installed(root).get(file_name)
