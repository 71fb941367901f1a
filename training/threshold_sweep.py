"""Precision and recall of the whole reader against its confidence threshold, on synthetic
scenes of all three index scripts (seeds used neither in training nor in the held-out
figures), to choose ``MIN_CONFIDENCE`` without looking at real photos.

    .venv/bin/python -m training.threshold_sweep --scenes 300
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from companion.arguments import summary_of
from companion.vision.reader_settings import ReaderSettings
from training.held_out import (
    SWEEP_SEED,
    add_scene_arguments,
    readable_cards,
    scenes_from,
)

LOWEST = 0.2  # the reader runs at this threshold; higher ones are applied afterwards
THRESHOLDS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 0.995, 0.998, 0.999)


@dataclass(frozen=True)
class Found:
    confidence: float
    present: bool  # the card is in the scene (readable or not)
    readable: bool  # the card has an identifiable index (held_out.readable_cards)


def sweep_line(found: list[Found], readable: int, threshold: float) -> str:
    kept = [item for item in found if item.confidence >= threshold]
    false = sum(not item.present for item in kept)
    hits = sum(item.readable for item in kept)
    precision = 1.0 - false / max(len(kept), 1)
    recall = hits / max(readable, 1)
    return f"{threshold:6.3f}  precision {precision:.4f}  recall {recall:.4f}  false {false}"


def main(argv: Sequence[str] | None = None) -> int:
    from companion.vision.reader import CardReader
    from companion.vision.sources import DetectorModels
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_scene_arguments(parser, scenes=300)
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache)
    reader = CardReader(
        model_path=args.model,
        settings=ReaderSettings(source=args.candidates, min_confidence=LOWEST),
        detectors=DetectorModels.from_args(args),
    )
    found: list[Found] = []
    readable = 0
    for scene in scenes_from(faces, SWEEP_SEED, args.scenes, args.index_pixels):
        present = {placed.card for placed in scene.cards}
        shown = set(readable_cards(scene)[0])
        readable += len(shown)
        found.extend(
            Found(detection.confidence, detection.card in present, detection.card in shown)
            for detection in reader.read(scene.image)
        )
    print(f"{args.scenes} scenes, {readable} cards with a readable index")
    for threshold in THRESHOLDS:
        print(sweep_line(found, readable, threshold))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
