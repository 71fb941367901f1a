"""The index finder's recall on held-out synthetic scenes: for how many of the cards that
show a corner index (>= 70% visible) does the finder offer a crop framing that index?

    .venv/bin/python -m training.finder_report --scenes 200 --scripts plru

A visible index is found when some candidate is centred within 0.35 index heights of the
index box's centre, reads within about 25 degrees of its "down" and is 0.6..1.6 times its
height (the trainer's positive labels accept 1.0..2.2; that figure is printed as well).
A card is found when any of its visible indices is. Cards are bucketed by the height of
their largest visible index. Scene seeds are never used in training.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import positive_count, summary_of
from companion.cards import IndexScript
from companion.vision.finder import Candidates
from companion.vision.sources import (
    DEFAULT_SOURCE,
    CandidateFinder,
    DetectorModels,
    add_source_arguments,
)
from training.held_out import ENGLISH_SEED, POLISH_RUSSIAN_SEED, scenes_from
from training.reader_data import (
    MIN_VISIBLE,
    Column,
    index_geometry,
    match_candidates,
)
from training.scenes import INDEX_PIXELS_RANGE
from training.types import Scene

ROOT = Path(__file__).resolve().parents[1]
REPORT_MIN_SCALE, REPORT_MAX_SCALE = 0.6, 1.6  # candidate height / index height
BUCKET_EDGES = (12.0, 16.0, 20.0, 28.0, 40.0)  # index height in pixels
MS_PER_SECOND = 1000.0


class ScriptChoice(Enum):
    ENGLISH = "en"
    POLISH_RUSSIAN = "plru"
    ALL = "all"


SCRIPT_SETS: dict[ScriptChoice, tuple[tuple[tuple[IndexScript, ...], int], ...]] = {
    ScriptChoice.ENGLISH: (((IndexScript.ENGLISH,), ENGLISH_SEED),),
    ScriptChoice.POLISH_RUSSIAN: (
        ((IndexScript.POLISH, IndexScript.RUSSIAN), POLISH_RUSSIAN_SEED),
    ),
    ScriptChoice.ALL: (
        ((IndexScript.ENGLISH,), ENGLISH_SEED),
        ((IndexScript.POLISH, IndexScript.RUSSIAN), POLISH_RUSSIAN_SEED),
    ),
}


@dataclass(frozen=True)
class CardResult:
    height: float  # of the card's largest visible index, in pixels
    found: bool  # under the report's scale range
    found_as_labelled: bool  # under the trainer's positive-label scale range


def found_cards(candidates: Candidates, scene: Scene) -> list[CardResult]:
    """For every card with a visible index: whether a candidate frames one of them."""
    centres, downs, heights, table = index_geometry(scene)
    if centres.shape[0] == 0:
        return []
    visible = table[:, Column.VISIBLE] >= MIN_VISIBLE
    found: np.ndarray = np.zeros(centres.shape[0], dtype=bool)
    labelled: np.ndarray = np.zeros(centres.shape[0], dtype=bool)
    if len(candidates):
        report = match_candidates(
            candidates,
            centres,
            downs,
            heights,
            min_scale=REPORT_MIN_SCALE,
            max_scale=REPORT_MAX_SCALE,
        )
        found = np.asarray(report.positive.any(axis=0), dtype=bool)
        labelled = np.asarray(
            match_candidates(candidates, centres, downs, heights).positive.any(axis=0), dtype=bool
        )
    results: list[CardResult] = []
    start = 0
    for placed in scene.cards:
        rows = np.arange(start, start + len(placed.indices))
        start += len(placed.indices)
        shown = rows[visible[rows]]
        if shown.size == 0:
            continue
        results.append(
            CardResult(
                height=float(heights[shown].max()),
                found=bool(found[shown].any()),
                found_as_labelled=bool(labelled[shown].any()),
            )
        )
    return results


def bucket_name(number: int) -> str:
    if number == 0:
        return f"< {BUCKET_EDGES[0]:.0f} px"
    if number == len(BUCKET_EDGES):
        return f">= {BUCKET_EDGES[-1]:.0f} px"
    return f"{BUCKET_EDGES[number - 1]:.0f}-{BUCKET_EDGES[number]:.0f} px"


@dataclass
class Tally:
    cards: list[CardResult] = field(default_factory=list)
    candidates: int = 0
    frames: int = 0
    find_seconds: float = 0.0

    def add(self, scene: Scene, find: CandidateFinder) -> None:
        started = time.perf_counter()
        candidates = find(scene.image)
        self.find_seconds += time.perf_counter() - started
        self.frames += 1
        self.candidates += len(candidates)
        self.cards.extend(found_cards(candidates, scene))

    def lines(self) -> list[str]:
        if not self.cards:
            return ["no card with a visible index"]
        found = np.array([card.found for card in self.cards])
        labelled = np.array([card.found_as_labelled for card in self.cards])
        buckets = np.digitize([card.height for card in self.cards], BUCKET_EDGES)
        lines = [
            f"cards with a visible index: {found.size}",
            f"recall: {found.mean():.3f} ({int(found.sum())}/{found.size})",
            f"recall, trainer's positive scale 1.0..2.2: {labelled.mean():.3f}",
            f"candidates per frame: {self.candidates / self.frames:.1f}",
            f"find ms per frame: {MS_PER_SECOND * self.find_seconds / self.frames:.1f}",
            "by index height:",
        ]
        for number in range(len(BUCKET_EDGES) + 1):
            inside = buckets == number
            if inside.any():
                share = found[inside].mean()
                count = f"{int(found[inside].sum())}/{int(inside.sum())}"
                lines.append(f"  {bucket_name(number):>10}: {share:.3f} ({count})")
        return lines


def main(argv: Sequence[str] | None = None) -> int:
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    parser.add_argument("--scenes", type=positive_count, default=200, help="scenes per script set")
    parser.add_argument(
        "--scripts", choices=[choice.value for choice in ScriptChoice], default="all"
    )
    parser.add_argument("--faces-cache", type=Path, default=ROOT / "work-data" / "faces")
    add_source_arguments(parser, default=DEFAULT_SOURCE)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)  # as the reader runs it
    find = CandidateFinder(args.candidates, detectors=DetectorModels.from_args(args))
    for scripts, seed in SCRIPT_SETS[ScriptChoice(args.scripts)]:
        faces = load_faces(args.faces_cache, scripts=scripts)
        if not faces:
            parser.error(f"no faces in {args.faces_cache} for {scripts}")
        tally = Tally()
        for scene in scenes_from(faces, seed, args.scenes, INDEX_PIXELS_RANGE):
            tally.add(scene, find)
        names = "+".join(script.value for script in scripts)
        print(f"== {names}: {args.scenes} scenes, seeds from {seed:,}")
        for line in tally.lines():
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
