"""All training card faces: Debian card art in three index scripts, plus font-drawn faces.

``python -m training.faces --install --render`` installs the Debian card-art
packages, renders every face, finds its corner indices, makes the Polish and Russian
variants and writes them to the cache (PNG files and one ``faces.json`` per design).
``load_faces`` reads the cache and adds the font-drawn faces, so it works without apt.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from companion.arguments import positive_count
from companion.cards import Card, IndexScript, Rank, index_label
from training.debian_art import (
    ArtError,
    DeckSource,
    find_decks,
    install_packages,
    render_deck,
)
from training.fontfaces import FACE_HEIGHT, all_cards, font_faces
from training.index_boxes import CornerIndex, find_indices
from training.relabel import font_for, relabel
from training.types import FaceImage

__all__ = ["font_faces", "load_faces", "prepare_design", "split_by_design"]

DEFAULT_CACHE = Path("work-data/faces")
INDEX_FILE = "faces.json"
RAW_FOLDER = "raw"  # renders before index finding, so that it can be redone quickly
RAW_DONE = "complete.txt"
LETTER_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
MIN_FACES_PER_DESIGN = 40
SIZE_TOLERANCE = 0.25  # a face's index may differ this much from the design's median size
SIZE_SLACK = 0.1  # faces rendered this far from the wanted height are resized

# What the designs print for J Q K A. English unless listed; FOREIGN designs print other
# letters (French R D V, Italian R D F, German K D B), so every script is drawn anew.
NATIVE_SCRIPTS: dict[str, IndexScript] = {
    "gnome:slavic_costumes": IndexScript.RUSSIAN,
    "gnome:Атласные": IndexScript.RUSSIAN,
}
FOREIGN = frozenset(
    {
        "gnome:ancient_french",
        "gnome:tarocco",
        "gnome:atlasnye_skat",
        "gnome:berlin",
        "gnome:lattmann",
        "gnome:rheinland",
    }
)
# Swiss or German suits, or art that does not render as single faces.
EXCLUDED = frozenset({"gnome:swiss-xvii", "kde:future", "kde:xskat-german"})


def _slug(design: str) -> str:
    return design.replace(":", "_").replace("/", "_")


def _normalised(box: tuple[int, int, int, int], width: int, height: int) -> tuple[float, ...]:
    x0, y0, x1, y1 = box
    return (x0 / width, y0 / height, x1 / width, y1 / height)


def _face(
    design: str, script: IndexScript, card: Card, rgba: np.ndarray, corners: Sequence[CornerIndex]
) -> FaceImage:
    height, width = rgba.shape[:2]
    boxes = tuple(_normalised(corner.box, width, height) for corner in corners)
    return FaceImage(
        design=design,
        script=script,
        card=card,
        rgba=rgba,
        index_boxes=tuple((b[0], b[1], b[2], b[3]) for b in boxes),
        index_rotations=tuple(corner.rotation for corner in corners),
    )


def _consistent(found: dict[Card, list[CornerIndex]]) -> dict[Card, list[CornerIndex]]:
    """Drop faces whose index or rank glyph is far from the design's usual size."""
    rank_heights = [c.rank[3] - c.rank[1] for corners in found.values() for c in corners]
    box_heights = [c.box[3] - c.box[1] for corners in found.values() for c in corners]
    if not rank_heights:
        return {}
    rank_median = float(np.median(rank_heights))
    box_median = float(np.median(box_heights))

    def usual(corner: CornerIndex) -> bool:
        rank_ratio = (corner.rank[3] - corner.rank[1]) / rank_median
        box_ratio = (corner.box[3] - corner.box[1]) / box_median
        return abs(rank_ratio - 1) <= SIZE_TOLERANCE and abs(box_ratio - 1) <= SIZE_TOLERANCE

    return {card: corners for card, corners in found.items() if all(map(usual, corners))}


def prepare_design(
    design: str,
    rendered: dict[Card, np.ndarray],
    scripts: Sequence[IndexScript],
    *,
    min_faces: int = MIN_FACES_PER_DESIGN,
) -> list[FaceImage]:
    """The design's usable faces in the given scripts, relabelled where the letters differ.

    A design with fewer than ``min_faces`` faces whose indices were found is left out.
    """
    found = {
        card: find_indices(rgba, two_glyphs=card.rank is Rank.TEN)
        for card, rgba in rendered.items()
    }
    kept = _consistent({card: corners for card, corners in found.items() if corners})
    if not kept or len(kept) < min_faces:
        return []
    plain_heights = [
        c.rank[3] - c.rank[1]
        for card, corners in kept.items()
        if card.rank is not Rank.QUEEN
        for c in corners
    ]
    letter_height = round(float(np.median(plain_heights))) if plain_heights else None
    native = None if design in FOREIGN else NATIVE_SCRIPTS.get(design, IndexScript.ENGLISH)
    font = font_for(design)
    faces = []
    for card, corners in kept.items():
        rgba = rendered[card]
        for script in scripts:
            same_letter = native is not None and index_label(card.rank, script) == index_label(
                card.rank, native
            )
            if card.rank not in LETTER_RANKS or same_letter:
                faces.append(_face(design, script, card, rgba, corners))
                continue
            letter = index_label(card.rank, script)
            redrawn = relabel(rgba, tuple(corners), letter, font, max_height=letter_height)
            faces.append(_face(design, script, card, redrawn.rgba, redrawn.corners))
    return faces


def _fit_height(rgba: np.ndarray, face_height: int) -> np.ndarray:
    height, width = rgba.shape[:2]
    if abs(height - face_height) <= SIZE_SLACK * face_height:
        return rgba
    new_width = max(1, round(width * face_height / height))
    image = Image.fromarray(rgba).resize((new_width, face_height), Image.Resampling.LANCZOS)
    return np.asarray(image, np.uint8)


def save_design(folder: Path, faces: Sequence[FaceImage]) -> None:
    """Write the faces as PNGs (one per distinct image) and their boxes as JSON."""
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[int, str] = {}
    entries = []
    for face in faces:
        name = written.get(id(face.rgba))
        if name is None:
            name = f"{face.card}-{face.script.value}.png"
            Image.fromarray(face.rgba).save(folder / name)
            written[id(face.rgba)] = name
        entries.append(
            {
                "design": face.design,
                "script": face.script.value,
                "card": str(face.card),
                "file": name,
                "boxes": [list(box) for box in face.index_boxes],
                "rotations": list(face.index_rotations),
            }
        )
    (folder / INDEX_FILE).write_text(json.dumps(entries, ensure_ascii=False, indent=1))


def read_design(folder: Path, scripts: Sequence[IndexScript]) -> list[FaceImage]:
    """The cached faces of one design in the given scripts (shared images loaded once)."""
    entries = json.loads((folder / INDEX_FILE).read_text())
    images: dict[str, np.ndarray] = {}
    faces = []
    wanted = {script.value for script in scripts}
    for entry in entries:
        if entry["script"] not in wanted:
            continue
        name = entry["file"]
        if name not in images:
            with Image.open(folder / name) as image:
                images[name] = np.asarray(image.convert("RGBA"), np.uint8)
        faces.append(
            FaceImage(
                design=entry["design"],
                script=IndexScript(entry["script"]),
                card=Card.parse(entry["card"]),
                rgba=images[name],
                index_boxes=tuple(
                    (float(b[0]), float(b[1]), float(b[2]), float(b[3])) for b in entry["boxes"]
                ),
                index_rotations=tuple(int(r) for r in entry["rotations"]),
            )
        )
    return faces


def _rendered(deck: DeckSource, folder: Path, face_height: int) -> dict[Card, np.ndarray]:
    """The deck's faces at the wanted height, from the raw-render cache or rendered now."""
    done = folder / RAW_DONE
    faces: dict[Card, np.ndarray] = {}
    if done.is_file():
        for path in sorted(folder.glob("*.png")):
            with Image.open(path) as image:
                faces[Card.parse(path.stem)] = np.asarray(image.convert("RGBA"), np.uint8)
    else:
        faces = render_deck(deck, all_cards(), face_height)
        folder.mkdir(parents=True, exist_ok=True)
        for card, rgba in faces.items():
            Image.fromarray(rgba).save(folder / f"{card}.png")
        done.write_text(f"{len(faces)} faces of {deck.svg}\n")
    return {card: _fit_height(rgba, face_height) for card, rgba in faces.items()}


def render_all(cache_dir: Path, *, face_height: int = FACE_HEIGHT, again: bool = False) -> None:
    """Render, check and relabel every installed deck into the cache, with progress."""
    decks: list[DeckSource] = [d for d in find_decks() if d.design not in EXCLUDED]
    if not decks:
        raise ArtError("no card decks found: run with --install first")
    scripts = tuple(IndexScript)
    for number, deck in enumerate(decks, start=1):
        folder = cache_dir / _slug(deck.design)
        if (folder / INDEX_FILE).is_file() and not again:
            print(f"[{number}/{len(decks)}] {deck.design}: cached", flush=True)
            continue
        rendered = _rendered(deck, cache_dir / RAW_FOLDER / _slug(deck.design), face_height)
        faces = prepare_design(deck.design, rendered, scripts)
        save_design(folder, faces)
        cards = len({face.card for face in faces})
        print(
            f"[{number}/{len(decks)}] {deck.design}: {len(rendered)} rendered, "
            f"{cards} cards with indices, {len(faces)} faces",
            flush=True,
        )


def load_faces(
    cache_dir: Path, *, scripts: Iterable[IndexScript] = tuple(IndexScript)
) -> list[FaceImage]:
    """Every cached Debian face and every font-drawn face in the given scripts."""
    wanted = tuple(scripts)
    faces: list[FaceImage] = []
    if cache_dir.is_dir():
        for index in sorted(cache_dir.glob(f"*/{INDEX_FILE}")):
            faces.extend(read_design(index.parent, wanted))
    faces.extend(font_faces(scripts=wanted))
    return faces


def split_by_design(
    faces: Sequence[FaceImage], *, held_out: float, seed: int
) -> tuple[list[FaceImage], list[FaceImage]]:
    """Faces of most designs, and faces of a ``held_out`` share of designs (whole designs,
    in every script) for measuring how the reader does on decks it has not seen."""
    if not 0.0 <= held_out < 1.0:
        raise ValueError(f"held_out must be within 0..1 (exclusive of 1), got {held_out}")
    designs = sorted({face.design for face in faces})
    rng = np.random.default_rng(seed)
    count = round(len(designs) * held_out)
    chosen = {designs[int(i)] for i in rng.choice(len(designs), count, replace=False)}
    kept = [face for face in faces if face.design not in chosen]
    return kept, [face for face in faces if face.design in chosen]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m training.faces",
        description="Install, render and cache the card faces used for synthetic training data.",
    )
    parser.add_argument("--install", action="store_true", help="apt-get the card art if missing")
    parser.add_argument("--render", action="store_true", help="render all decks into the cache")
    parser.add_argument("--again", action="store_true", help="re-render designs already cached")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="the faces cache folder")
    parser.add_argument("--face-height", type=positive_count, default=FACE_HEIGHT, help="pixels")
    args = parser.parse_args(argv)
    try:
        if args.install:
            install_packages()
        if args.render:
            render_all(args.cache, face_height=args.face_height, again=args.again)
    except ArtError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    faces = load_faces(args.cache)
    designs = len({face.design for face in faces})
    print(f"{len(faces)} faces of {designs} designs available from {args.cache}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
