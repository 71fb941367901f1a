"""The reader on changed copies of a manifest's photos: turned, smaller, darker, more
compressed. A check that the figures do not hang on the photos' own size, angle or
light; the copies are made in memory, nothing is written.

    .venv/bin/python -m companion.training.photo_variants ../shared/photos/MANIFEST.tsv
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.vision.evaluation import WHOLE_CARD_KIND, evaluate, read_manifest
from companion.vision.images import load_image
from companion.vision.model import DEFAULT_MODEL_PATH

LOW_JPEG_QUALITY = 30
DARKER = 0.5

Change = Callable[[np.ndarray], np.ndarray]


def _scaled(factor: float) -> Change:
    return lambda image: cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)


def _jpeg(image: np.ndarray) -> np.ndarray:
    encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, LOW_JPEG_QUALITY])[1]
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    if decoded is None:
        raise ValueError("the JPEG copy could not be decoded")
    result: np.ndarray = decoded
    return result


def _darker(image: np.ndarray) -> np.ndarray:
    return (image.astype(np.float32) * DARKER).astype(np.uint8)


CHANGES: dict[str, Change] = {
    "as taken": lambda image: image,
    "turned 90": lambda image: cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE),
    "turned 180": lambda image: cv2.rotate(image, cv2.ROTATE_180),
    "scaled 0.7": _scaled(0.7),
    "scaled 0.5": _scaled(0.5),
    "half as bright": _darker,
    f"jpeg quality {LOW_JPEG_QUALITY}": _jpeg,
}


def _loader(change: Change) -> Callable[[Path], np.ndarray]:
    return lambda path: change(load_image(path))


def main(argv: Sequence[str] | None = None) -> int:
    from companion.vision.reader import CardReader

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", type=Path)
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL_PATH)
    args = parser.parse_args(argv)
    entries = [entry for entry in read_manifest(args.manifest) if entry.kind != WHOLE_CARD_KIND]
    reader = CardReader(model_path=args.model)
    print(f"{len(entries)} scene photos")
    for name, change in CHANGES.items():
        report = evaluate(
            entries,
            lambda image: [detection.card for detection in reader.read(image)],
            _loader(change),
        )
        overall = report.overall
        print(
            f"{name:>16}: recall {overall.true_positives}/"
            f"{overall.true_positives + overall.false_negatives} = {overall.recall:.3f}, "
            f"precision {overall.precision:.3f} ({overall.false_positives} false)"
        )
        for failure in report.failures:
            extra, missed = failure["extra"], failure["missed"]
            print(f"{'':>18}{Path(str(failure['path'])).name}: missed {missed}, extra {extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
