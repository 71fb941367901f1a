"""What became of the cards the reader missed in synthetic Polish/Russian scenes: read
right but under the threshold, read right and lost in the merge, misread, read as no
index, or not framed by any candidate. By default on the development seeds, which choose
the reader's rules; pass ``--first-seed 7000000`` for the held-out ones.

    .venv/bin/python -m training.miss_report --scenes 300 --index-pixels 20 40 \
        --candidates detector [--list]

A missed card's candidates are those centred within NEAR index heights of one of its
identifiable indices (``reader_data.identifiable``); the best of their readings names the
miss, in the order of MissKind. A dark live frame's second, brightened read is left out.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np

from companion.arguments import summary_of
from companion.cards import Card, IndexScript
from companion.vision.labels import NOT_AN_INDEX, card_from_classes
from companion.vision.looks import card_confidence
from companion.vision.reader import CardReader, LookedAt
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import DetectorModels
from training.held_out import (
    DEVELOPMENT_SEED,
    add_scene_arguments,
    is_readable,
    scenes_from,
    table_deck,
)
from training.reader_data import identifiable
from training.reader_synth_eval import FULLY_SHOWN
from training.types import PlacedCard, Scene

NEAR = 0.5  # index heights from an index's centre to a candidate's that looked at it


class MissKind(Enum):
    """Why a card was missed, best first: a miss takes the best kind of its candidates."""

    RIGHT_MERGED = "read right for sure, lost in the merge"
    RIGHT_UNSURE = "read right, under the threshold"
    MISREAD = "misread"
    NO_INDEX = "read as no index"
    NOT_FRAMED = "not framed"


KIND_ORDER = list(MissKind)


@dataclass(frozen=True)
class Miss:
    card: Card
    design: str
    uncovered: bool
    kind: MissKind
    read_as: Card | None  # the best candidate's card (None: no index or no candidate)
    confidence: float  # that reading's confidence in its card (0 without a candidate)


def missed_cards(scene: Scene, found: Sequence[Card]) -> list[PlacedCard]:
    """The scene's readable cards (an index identifiable) not among ``found``; each card
    found is given to the first readable copy of it, as the held-out measure gives it."""
    unread = Counter(found)
    missed: list[PlacedCard] = []
    for placed in scene.cards:
        if not is_readable(placed):
            continue
        if unread[placed.card] > 0:
            unread[placed.card] -= 1
        else:
            missed.append(placed)
    return missed


def classify_miss(placed: PlacedCard, looked: LookedAt, threshold: float) -> Miss:
    """Why ``placed`` was missed, from the readings of the candidates near its
    identifiable indices (``looked``: the frame's, ``threshold``: the reader's)."""
    shown = [index for index in placed.indices if identifiable(index)]
    uncovered = max(index.visible for index in shown) >= FULLY_SHOWN
    candidates, readings = looked.candidates, looked.readings
    confidences = card_confidence(readings)
    near = np.zeros(len(candidates), dtype=bool)
    for index in shown:
        centre = index.quad.mean(axis=0) * looked.scale
        reach = NEAR * index.height() * looked.scale
        near |= np.linalg.norm(candidates.centres - centre, axis=1) < reach
    best: tuple[int, float, Card | None] | None = None  # (kind's place, -confidence, card)
    for row in np.nonzero(near)[0]:
        rank = int(readings.rank_probs[row].argmax())
        suit = int(readings.suit_probs[row].argmax())
        card = None if rank == NOT_AN_INDEX else card_from_classes(rank, suit)
        confidence = float(confidences[row])
        if card is None:
            kind = MissKind.NO_INDEX
        elif card != placed.card:
            kind = MissKind.MISREAD
        elif confidence >= threshold:
            kind = MissKind.RIGHT_MERGED
        else:
            kind = MissKind.RIGHT_UNSURE
        ranked = (KIND_ORDER.index(kind), -confidence, card)
        if best is None or ranked[:2] < best[:2]:
            best = ranked
    if best is None:
        return Miss(placed.card, placed.design, uncovered, MissKind.NOT_FRAMED, None, 0.0)
    place, negative_confidence, card = best
    return Miss(
        placed.card, placed.design, uncovered, KIND_ORDER[place], card, -negative_confidence
    )


def main(argv: Sequence[str] | None = None) -> int:
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_scene_arguments(parser, scenes=300)
    parser.add_argument("--first-seed", type=int, default=DEVELOPMENT_SEED)
    parser.add_argument("--list", action="store_true", help="print every miss")
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    reader = CardReader(
        settings=ReaderSettings(source=args.candidates),
        model_path=args.model,
        detectors=DetectorModels.from_args(args),
    )
    read = 0
    misses: list[tuple[int, Miss]] = []
    scenes = scenes_from(faces, args.first_seed, args.scenes, args.index_pixels)
    for number, scene in enumerate(scenes):
        reader.use_deck(table_deck(scene))
        found = [detection.card for detection in reader.read(scene.image)]
        missed = missed_cards(scene, found)
        read += sum(map(is_readable, scene.cards)) - len(missed)
        if missed:
            looked = reader.looked_at(scene.image)
            seed = args.first_seed + number
            misses.extend(
                (seed, classify_miss(placed, looked, reader.min_confidence)) for placed in missed
            )
    print(f"scenes: {args.scenes} from seed {args.first_seed}, candidates from {args.candidates}")
    print(f"readable cards read: {read}, missed: {len(misses)}")
    tally = Counter((miss.kind, miss.uncovered) for _, miss in misses)
    print(f"  {'':>38}  uncovered  partly covered")
    for kind in MissKind:
        print(f"  {kind.value:>38}  {tally[kind, True]:>9}  {tally[kind, False]:>14}")
    if args.list:
        for seed, miss in misses:
            cover = "uncovered" if miss.uncovered else "partly covered"
            read_as = f", read as {miss.read_as} at {miss.confidence:.3f}" if miss.read_as else ""
            print(
                f"  seed {seed}: {miss.card} ({miss.design}, {cover}): {miss.kind.value}{read_as}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
