"""Debian card art: install the packages, find the SVG decks, render each face to a PNG.

gnome-cards-data puts its decks in /usr/share/aisleriot/cards (ids like ``club_queen``),
kdegames-card-data-kf5 in /usr/share/carddecks/svg-*/ (ids like ``queen_club``). Each
face is rendered with ``rsvg-convert --export-id`` and cropped to its ink.
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import numpy as np
from PIL import Image

from companion.cards import Card, Rank, Suit
from training.fonts import FONT_PACKAGES

GNOME_DIR = Path("/usr/share/aisleriot/cards")
KDE_DIR = Path("/usr/share/carddecks")
PACKAGES = ("gnome-cards-data", "kdegames-card-data-kf5", "librsvg2-bin", *FONT_PACKAGES)
RENDERER = "rsvg-convert"
RENDER_TIMEOUT_S = 120
CALIBRATION_CARD = Card(Rank.TWO, Suit.SPADES)
MIN_FACE_PIXELS = 20


class ArtError(RuntimeError):
    """The card art could not be installed or rendered."""


class IdStyle(Enum):
    GNOME = "gnome"  # suit_rank: club_1, heart_queen
    KDE = "kde"  # rank_suit: 1_club, queen_heart


@dataclass(frozen=True)
class DeckSource:
    design: str  # "gnome:anglo", "kde:oxygen"
    svg: Path
    style: IdStyle


_SUIT_WORDS = {
    Suit.CLUBS: "club",
    Suit.DIAMONDS: "diamond",
    Suit.HEARTS: "heart",
    Suit.SPADES: "spade",
}
_RANK_WORDS = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "1"}


def element_id(card: Card, style: IdStyle) -> str:
    rank = _RANK_WORDS.get(card.rank, str(card.rank.value))
    suit = _SUIT_WORDS[card.suit]
    return f"{suit}_{rank}" if style is IdStyle.GNOME else f"{rank}_{suit}"


def _missing_packages() -> list[str]:
    dpkg = shutil.which("dpkg-query")
    if dpkg is None:
        return list(PACKAGES)
    missing = []
    for package in PACKAGES:
        result = subprocess.run(
            [dpkg, "-W", "-f=${Status}", package], check=False, capture_output=True, text=True
        )
        if "install ok installed" not in result.stdout:
            missing.append(package)
    return missing


def install_packages() -> None:
    """apt-get install the card art, the SVG renderer and the fonts that are missing."""
    missing = _missing_packages()
    if not missing:
        return
    apt = shutil.which("apt-get")
    if apt is None:
        raise ArtError("apt-get not found: install " + " ".join(missing) + " by hand")
    for command in ([apt, "update"], [apt, "install", "-y", *missing]):
        print("running:", " ".join(command), flush=True)
        result = subprocess.run(command, check=False)
        if result.returncode != 0:
            raise ArtError(f"{' '.join(command)} failed with exit code {result.returncode}")


def find_decks() -> list[DeckSource]:
    """Every SVG deck installed, GNOME first, in name order."""
    decks = []
    if GNOME_DIR.is_dir():
        for path in sorted(GNOME_DIR.glob("*.svg*")):
            name = path.name.split(".")[0]
            decks.append(DeckSource(f"gnome:{name}", path, IdStyle.GNOME))
    if KDE_DIR.is_dir():
        for path in sorted(KDE_DIR.glob("svg-*/*.svg*")):
            name = path.parent.name.removeprefix("svg-")
            decks.append(DeckSource(f"kde:{name}", path, IdStyle.KDE))
    return decks


def _plain_svg(source: Path, folder: Path) -> Path:
    if source.suffix != ".svgz":
        return source
    target = folder / (source.stem + ".svg")
    with gzip.open(source, "rb") as packed:
        target.write_bytes(packed.read())
    return target


def _render(svg: Path, element: str, zoom: float, folder: Path) -> np.ndarray | None:
    """The element rendered at the zoom and cropped to its ink, RGBA, or None if absent."""
    output = folder / "render.png"
    command = [
        RENDERER,
        "--export-id",
        element,
        "--zoom",
        f"{zoom:.5f}",
        str(svg),
        "--output",
        str(output),
    ]
    result = subprocess.run(command, check=False, capture_output=True, timeout=RENDER_TIMEOUT_S)
    if result.returncode != 0 or not output.is_file():
        return None
    with Image.open(output) as image:
        rgba = np.asarray(image.convert("RGBA"), dtype=np.uint8)
    output.unlink()
    alpha = rgba[..., 3]
    rows = np.flatnonzero(alpha.max(axis=1) > 0)
    columns = np.flatnonzero(alpha.max(axis=0) > 0)
    if len(rows) < MIN_FACE_PIXELS or len(columns) < MIN_FACE_PIXELS:
        return None
    return rgba[rows[0] : rows[-1] + 1, columns[0] : columns[-1] + 1].copy()


def render_deck(
    deck: DeckSource, cards: Sequence[Card], face_height: int
) -> dict[Card, np.ndarray]:
    """The faces of the deck that it has, each about ``face_height`` pixels high."""
    with tempfile.TemporaryDirectory(prefix="cards-") as temp:
        folder = Path(temp)
        svg = _plain_svg(deck.svg, folder)
        probe = _render(svg, element_id(CALIBRATION_CARD, deck.style), 1.0, folder)
        if probe is None:
            return {}
        zoom = face_height / probe.shape[0]
        faces = {}
        for card in cards:
            rgba = _render(svg, element_id(card, deck.style), zoom, folder)
            if rgba is not None:
                faces[card] = rgba
        return faces
