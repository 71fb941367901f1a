"""The whole reader (finder, ONNX model, merging) on held-out synthetic scenes whose
faces carry Polish or Russian indices only; scene seeds never used in training.

    .venv/bin/python -m training.reader_synth_eval --scenes 300
    .venv/bin/python -m training.reader_synth_eval --scenes 300 --index-pixels 20 40

Each scene is read with the deck it was dealt from: a quarter of the scenes mix two packs
and are read as ``double104`` (a card may show twice), the rest as ``french52``.

A card counts when one of its indices shows at least 70% of its box and 60% of its rank
glyph and of its suit pip; the scene's other cards are partial, as in the photos'
manifest: reading them or not never counts (``held_out.readable_cards``). Until
2026-11-25 a card counted when an index showed 70% of its box, even with its glyph or
pip hidden (a king whose club lies under the next card).

The default index sizes are the training range (12..60 px tall at 720 px frame height).
20..40 px is what the table camera sees: 0.5..0.8 m above the mat (DESIGN.md), a 66 degree
lens at 1280 x 720 shows a card 110..170 px tall and its index about 20..35 px.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion.arguments import add_threshold_argument, summary_of
from companion.cards import Card, IndexScript
from companion.tools.evaluation import EvalReport, ManifestEntry, score_image
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import DetectorModels
from training.held_out import (
    POLISH_RUSSIAN_SEED,
    add_scene_arguments,
    print_summary,
    readable_cards,
    scenes_from,
    table_deck,
)
from training.reader_data import identifiable
from training.types import Scene

ROOT = Path(__file__).resolve().parents[1]
PARTIAL_KIND = "synthetic_pl_ru"
FRAME_HEIGHT = 720  # the index sizes are given at this frame height
HEIGHT_BANDS = (16.0, 24.0, 40.0)  # index height bands' upper bounds, px at 720
FULLY_SHOWN = 0.95  # an index at least this visible counts as uncovered
# bands of the camera blur's width as a share of the index's height (upper bounds)
BLUR_BANDS = (0.1, 0.2)


@dataclass
class ConditionTally:
    """Readable cards and how many of them were read, by the condition of the card's
    best-shown identifiable index (``reader_data.identifiable``): its height band; whether
    it is uncovered or partly covered; how wide the scene's blur is against the index's
    height; and for uncovered indices, the two together. The scene's other cards (no
    index shows its rank glyph and suit pip) are not counted, only how many were read."""

    cards: Counter[str] = field(default_factory=Counter)
    read: Counter[str] = field(default_factory=Counter)
    partial: int = 0  # cards with no identifiable index
    partial_read: int = 0

    def add(self, scene: Scene, found: Sequence[Card]) -> None:
        unread = Counter(found)
        scale = FRAME_HEIGHT / scene.image.shape[0]
        partial: list[Card] = []
        for placed in scene.cards:  # the readable ones first: a card read is theirs
            shown = [index for index in placed.indices if identifiable(index)]
            if not shown:
                partial.append(placed.card)
                continue
            best = max(shown, key=lambda index: index.visible)
            height = best.height() * scale
            band = next(
                (f"< {bound:.0f} px" for bound in HEIGHT_BANDS if height < bound),
                f">= {HEIGHT_BANDS[-1]:.0f} px",
            )
            blur = blur_band(scene.blur_pixels, best.height())
            if best.visible >= FULLY_SHOWN:  # what the network can do, and what blur takes
                keys = [band, "uncovered", blur, f"uncovered and {blur}"]
            else:
                keys = [band, "partly covered, glyph and pip shown", blur]
            hit = unread[placed.card] > 0
            unread[placed.card] -= int(hit)
            for key in keys:
                self.cards[key] += 1
                self.read[key] += int(hit)
        for card in partial:
            hit = unread[card] > 0
            unread[card] -= int(hit)
            self.partial += 1
            self.partial_read += int(hit)

    def recalls(self) -> dict[str, dict[str, float | int]]:
        return {
            key: {"cards": count, "recall": round(self.read[key] / count, 4)}
            for key, count in sorted(self.cards.items())
        }


def blur_band(blur_pixels: float, index_height: float) -> str:
    """The name of the band a blur this wide falls in for an index this tall (both in
    the scene's pixels)."""
    if blur_pixels <= 0.0:
        return "sharp"
    share = blur_pixels / max(index_height, 1.0)
    bound = next((bound for bound in BLUR_BANDS if share < bound), None)
    if bound is None:
        return f"blurred >= {BLUR_BANDS[-1]:.1f} index"
    return f"blurred < {bound:.1f} index"


def scene_entry(scene: Scene, number: int) -> ManifestEntry:
    """Cards with a readable index are expected; the rest are partial (never count)."""
    readable, partial = readable_cards(scene)
    return ManifestEntry(Path(f"scene-{number}"), tuple(readable), tuple(partial), 0, PARTIAL_KIND)


def main(argv: Sequence[str] | None = None) -> int:
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_scene_arguments(parser, scenes=300)
    add_threshold_argument(parser)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    reader = CardReader(
        model_path=args.model,
        settings=ReaderSettings(source=args.candidates, min_confidence=args.min_confidence),
        detectors=DetectorModels.from_args(args),
    )
    report = EvalReport()
    conditions = ConditionTally()
    scenes = scenes_from(faces, POLISH_RUSSIAN_SEED, args.scenes, args.index_pixels)
    for number, scene in enumerate(scenes):
        reader.use_deck(table_deck(scene))
        found = [detection.card for detection in reader.read(scene.image)]
        score_image(scene_entry(scene, number), found, report)
        conditions.add(scene, found)
    summary: dict[str, object] = dict(report.overall.to_json())
    summary["designs"] = len({face.design for face in faces})
    summary["index_pixels"] = list(args.index_pixels)
    summary["ms_per_frame"] = round(reader.times.per_frame, 1)
    recalls = conditions.recalls()
    summary["recall_by_condition"] = recalls
    summary["not_counted"] = {"cards": conditions.partial, "read": conditions.partial_read}
    if print_summary(summary, as_json=args.json, apart="recall_by_condition"):
        print("recall by the best-shown index's height (at 720 px), cover and blur:")
        for key, figures in recalls.items():
            print(f"  {key:>36}: {figures['recall']:.4f} of {figures['cards']} cards")
        pairs = Counter(report.confused).most_common(10)
        print("confused (expected->read):", ", ".join(f"{a}->{b} x{n}" for (a, b), n in pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
