"""The whole reader (finder, ONNX model, merging) on held-out synthetic scenes whose
faces carry Polish or Russian indices only; scene seeds never used in training.

    .venv/bin/python -m companion.training.reader_synth_eval --scenes 300
    .venv/bin/python -m companion.training.reader_synth_eval --scenes 300 --index-pixels 20 40

The default index sizes are the training range (12..60 px tall at 720 px frame height).
20..40 px is what the table camera sees: 0.5..0.8 m above the mat (DESIGN.md), a 66 degree
lens at 1280 x 720 shows a card 110..170 px tall and its index about 20..35 px.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from companion.cards import IndexScript
from companion.training.held_out import (
    POLISH_RUSSIAN_SEED,
    add_scene_arguments,
    add_threshold_argument,
    readable_cards,
    scenes_from,
)
from companion.training.types import Scene
from companion.vision.evaluation import EvalReport, ManifestEntry, score_image
from companion.vision.reader import CardReader

ROOT = Path(__file__).resolve().parents[2]
PARTIAL_KIND = "synthetic_pl_ru"


def scene_entry(scene: Scene, number: int) -> ManifestEntry:
    """Cards with a readable index are expected; the rest are partial (never count)."""
    readable, partial = readable_cards(scene)
    return ManifestEntry(Path(f"scene-{number}"), tuple(readable), tuple(partial), 0, PARTIAL_KIND)


def main(argv: Sequence[str] | None = None) -> int:
    from companion.training.faces import load_faces

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scene_arguments(parser, scenes=300)
    add_threshold_argument(parser)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    reader = CardReader(
        model_path=args.model,
        source=args.candidates,
        detector_path=args.detector,
        min_confidence=args.min_confidence,
    )
    report = EvalReport()
    scenes = scenes_from(faces, POLISH_RUSSIAN_SEED, args.scenes, args.index_pixels)
    for number, scene in enumerate(scenes):
        found = [detection.card for detection in reader.read(scene.image)]
        score_image(scene_entry(scene, number), found, report)
    summary: dict[str, object] = dict(report.overall.to_json())
    summary["designs"] = len({face.design for face in faces})
    summary["index_pixels"] = list(args.index_pixels)
    summary["ms_per_frame"] = round(
        (reader.times.find + reader.times.read + reader.times.merge) / reader.times.frames, 1
    )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
        pairs = Counter(report.confused).most_common(10)
        print("confused (expected->read):", ", ".join(f"{a}->{b} x{n}" for (a, b), n in pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
