"""What the synthetic measuring tools share: their command-line arguments, the scenes of a
seed range, and which cards of a scene count as readable."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from pathlib import Path

from companion.arguments import positive_count
from companion.cards import DOUBLE104, FRENCH52, Card, DeckProfile
from companion.vision.model import DEFAULT_MODEL_PATH
from companion.vision.sources import DEFAULT_SOURCE, add_source_arguments
from training.reader_data import identifiable
from training.scenes import INDEX_PIXELS_RANGE, SceneMaker
from training.types import FaceImage, PlacedCard, Scene

ROOT = Path(__file__).resolve().parents[1]
# First scene seeds of the measuring sets, far from the trainer's (below 2,000,000).
POLISH_RUSSIAN_SEED = 7_000_000  # held out: Polish and Russian faces only
ENGLISH_SEED = 8_000_000  # held out: English faces only
SWEEP_SEED = 9_000_000  # all scripts, for choosing the confidence threshold
# Polish and Russian faces, for choosing the reader's rules (its looks): not held out
DEVELOPMENT_SEED = 6_000_000
WHOLE_CARD_SEED = 7_500_000  # held out: Polish and Russian cards dealt apart, whole


def add_scene_arguments(parser: argparse.ArgumentParser, *, scenes: int) -> None:
    parser.add_argument("--scenes", type=positive_count, default=scenes)
    add_reader_arguments(parser)


def add_reader_arguments(
    parser: argparse.ArgumentParser, *, index_pixels: tuple[float, float] = INDEX_PIXELS_RANGE
) -> None:
    """The model, the source of candidates, the faces and the index sizes to draw."""
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL_PATH)
    add_source_arguments(parser, default=DEFAULT_SOURCE)
    parser.add_argument("--faces-cache", type=Path, default=ROOT / "work-data" / "faces")
    parser.add_argument(
        "--index-pixels",
        type=float,
        nargs=2,
        default=index_pixels,
        metavar=("LOW", "HIGH"),
        help="range of index heights in pixels at 720 px frame height",
    )


def scenes_from(
    faces: Sequence[FaceImage], first_seed: int, count: int, index_pixels: Sequence[float]
) -> Iterator[Scene]:
    """``count`` scenes of consecutive seeds from ``first_seed``."""
    low, high = index_pixels
    for number in range(count):
        yield SceneMaker(faces, seed=first_seed + number, index_pixels=(low, high)).make()


def readable_cards(scene: Scene) -> tuple[list[Card], list[Card]]:
    """The scene's cards with an identifiable index (the box mostly shown, and its rank
    glyph and suit pip each), and the others. The others are the manifest's partial
    cards: reading one or not never counts, as for a card "cut off or mostly hidden" in
    shared/photos/MANIFEST.tsv, and as the readers' training labels have it."""
    readable: list[Card] = []
    partial: list[Card] = []
    for placed in scene.cards:
        (readable if is_readable(placed) else partial).append(placed.card)
    return readable, partial


def is_readable(placed: PlacedCard) -> bool:
    """Whether one of the card's indices is identifiable (its box mostly shown, and its
    rank glyph and suit pip each)."""
    return any(identifiable(index) for index in placed.indices)


def table_deck(scene: Scene) -> DeckProfile:
    """The deck a player would tell the reader the scene's cards come from: two packs
    (which may show a card twice) or one."""
    return DOUBLE104 if scene.decks > 1 else FRENCH52


def print_summary(summary: dict[str, object], *, as_json: bool, apart: str) -> bool:
    """The summary as JSON, or one ``key: value`` line each but the ``apart`` key, which
    the caller prints its own way; whether it should."""
    if as_json:
        print(json.dumps(summary, indent=2))
        return False
    for key, value in summary.items():
        if key != apart:
            print(f"{key}: {value}")
    return True
