"""The whole reader (finder, ONNX model, merging) on held-out synthetic scenes whose
faces carry Polish or Russian indices only; scene seeds never used in training.

    .venv/bin/python -m companion.training.reader_synth_eval --scenes 300
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from companion.cards import Card, IndexScript
from companion.training.reader_data import MIN_VISIBLE
from companion.training.types import Scene
from companion.vision.evaluation import EvalReport, ManifestEntry, score_image
from companion.vision.model import DEFAULT_MODEL_PATH
from companion.vision.reader import CardReader

ROOT = Path(__file__).resolve().parents[2]
HELD_OUT_SEED = 7_000_000  # far from the trainer's train and validation seeds
PARTIAL_KIND = "synthetic_pl_ru"


def scene_entry(scene: Scene, number: int) -> ManifestEntry:
    """Cards with a readable index are expected; the rest are partial (never count)."""
    readable: list[Card] = []
    partial: list[Card] = []
    for placed in scene.cards:
        shown = any(index.visible >= MIN_VISIBLE for index in placed.indices)
        (readable if shown else partial).append(placed.card)
    return ManifestEntry(Path(f"scene-{number}"), tuple(readable), tuple(partial), 0, PARTIAL_KIND)


def main(argv: Sequence[str] | None = None) -> int:
    from companion.training.faces import load_faces
    from companion.training.scenes import SceneMaker

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=300)
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL_PATH)
    parser.add_argument("--faces-cache", type=Path, default=ROOT / "work-data" / "faces")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    reader = CardReader(model_path=args.model)
    report = EvalReport()
    for number in range(args.scenes):
        scene = SceneMaker(faces, seed=HELD_OUT_SEED + number).make()
        found = [detection.card for detection in reader.read(scene.image)]
        score_image(scene_entry(scene, number), found, report)
    summary = report.overall.to_json()
    summary["designs"] = len({face.design for face in faces})
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
