"""The reading network alone on held-out synthetic indices: every index at least 70%
visible in Polish/Russian scenes is cut where the ground truth says it is (as the
detector cuts, 1.35 index heights tall) and read once. This separates how well the network
reads an index from how well the finders frame it and the merge keeps it
(``reader_synth_eval`` measures all of them together).

    .venv/bin/python -m training.reader_crop_eval --scenes 200
    .venv/bin/python -m training.reader_crop_eval --scenes 200 --index-pixels 20 40

Printed: the share of indices whose best-scoring card is right, the share read right at
the reader's threshold, the share read wrong at that threshold, and both per index height.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from companion.arguments import add_threshold_argument, summary_of
from companion.vision.detector import CROP_PER_INDEX
from companion.vision.finder import crops_at
from companion.vision.labels import NOT_AN_INDEX, card_from_classes
from companion.vision.model import IndexReader
from companion.vision.reader_settings import MIN_CONFIDENCE
from training.finder_report import BUCKET_EDGES, bucket_name
from training.held_out import (
    POLISH_RUSSIAN_SEED,
    add_scene_arguments,
    scenes_from,
)
from training.reader_data import MIN_VISIBLE, Column, index_geometry
from training.types import Scene


@dataclass(frozen=True)
class IndexRead:
    height: float  # the index's height in pixels
    right: bool  # the best-scoring card (of rank classes other than "not an index")
    confidence: float  # rank x suit probability of that card


@dataclass
class CropTally:
    reads: list[IndexRead] = field(default_factory=list)
    confused: Counter[tuple[str, str]] = field(default_factory=Counter)

    def lines(self, threshold: float) -> list[str]:
        if not self.reads:
            return ["no visible index"]
        lines = [f"visible indices: {len(self.reads)}"]
        buckets = np.digitize([read.height for read in self.reads], BUCKET_EDGES)
        lines.append(self._line("all", self.reads, threshold))
        for number in range(len(BUCKET_EDGES) + 1):
            chosen = [
                read for read, bucket in zip(self.reads, buckets, strict=True) if bucket == number
            ]
            if chosen:
                lines.append(self._line(bucket_name(number), chosen, threshold))
        pairs = ", ".join(f"{a}->{b} x{n}" for (a, b), n in self.confused.most_common(10))
        lines.append(f"confused (expected->read): {pairs}")
        return lines

    @staticmethod
    def _line(name: str, reads: Sequence[IndexRead], threshold: float) -> str:
        right = sum(read.right for read in reads)
        kept_right = sum(read.right and read.confidence >= threshold for read in reads)
        kept_wrong = sum(not read.right and read.confidence >= threshold for read in reads)
        count = len(reads)
        return (
            f"{name:>10}: best card right {right / count:.4f}, "
            f"right at >= {threshold} {kept_right / count:.4f}, "
            f"wrong at >= {threshold} {kept_wrong / count:.4f} ({count})"
        )


def _name(rank: int, suit: int) -> str:
    return str(card_from_classes(rank, suit))


def read_scene(scene: Scene, model: IndexReader, tally: CropTally) -> None:
    """Cut and read every visible index of the scene."""
    centres, downs, heights, table = index_geometry(scene)
    visible = np.nonzero(table[:, Column.VISIBLE] >= MIN_VISIBLE)[0]
    if visible.size == 0:
        return
    crops = crops_at(
        scene.image, centres[visible], downs[visible], heights[visible] * CROP_PER_INDEX
    )
    readings = model.read(crops)
    ranks = readings.rank_probs[:, NOT_AN_INDEX + 1 :].argmax(axis=1) + NOT_AN_INDEX + 1
    suits = readings.suit_probs.argmax(axis=1)
    confidence = readings.rank_probs[np.arange(len(ranks)), ranks] * readings.suit_probs.max(axis=1)
    for row, index in enumerate(visible):
        expected = (int(table[index, Column.RANK]), int(table[index, Column.SUIT]))
        got = (int(ranks[row]), int(suits[row]))
        right = got == expected
        tally.reads.append(IndexRead(float(heights[index]), right, float(confidence[row])))
        if not right:
            tally.confused[(_name(*expected), _name(*got))] += 1


def main(argv: Sequence[str] | None = None) -> int:
    from companion.cards import IndexScript
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_scene_arguments(parser, scenes=200)
    add_threshold_argument(parser)
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    if not faces:
        parser.error(f"no Polish or Russian faces in {args.faces_cache}")
    model = IndexReader(args.model)
    tally = CropTally()
    for scene in scenes_from(faces, POLISH_RUSSIAN_SEED, args.scenes, args.index_pixels):
        read_scene(scene, model, tally)
    threshold = MIN_CONFIDENCE if args.min_confidence is None else args.min_confidence
    for line in tally.lines(threshold):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
