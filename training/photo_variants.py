"""The reader on changed copies of a manifest's photos: turned, smaller, darker, more
compressed, or shrunk into a table camera's frame (also turned or darker). A check that
the figures do not hang on the photos' own size, angle or light; the copies are made in
memory, nothing is written.

    .venv/bin/python -m training.photo_variants ../shared/photos/MANIFEST.tsv \
        [--candidates detector]

The table camera's frames (1280 x 720, indices of 20-40 px) are imitated by shrinking a
photo to a share of the frame's height and setting it in the middle of a frame filled
with a heavily blurred copy of itself (a table with no readable detail): the photos'
indices are 40-200 px tall, so at half the frame's height most are 20-40 px.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import summary_of
from companion.tools.evaluation import WHOLE_CARD_KIND, evaluate, read_manifest
from companion.vision.images import load_image
from companion.vision.model import DEFAULT_MODEL_PATH
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import DEFAULT_SOURCE, DetectorModels, add_source_arguments

LOW_JPEG_QUALITY = 30
DARKER = 0.5
CAMERA_FRAME = (1280, 720)  # width, height
TABLE_BLUR = 25.0  # sigma in pixels of the frame around a photo set in a camera frame

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


def _turned_90(image: np.ndarray) -> np.ndarray:
    turned: np.ndarray = cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    return turned


def _turned_180(image: np.ndarray) -> np.ndarray:
    turned: np.ndarray = cv2.rotate(image, cv2.ROTATE_180)
    return turned


def _then(first: Change, second: Change) -> Change:
    return lambda image: second(first(image))


def _in_camera_frame(share: float) -> Change:
    """The photo shrunk to ``share`` of a camera frame's height (and at most its width),
    in the middle of the frame, on a heavily blurred copy of itself."""

    def change(image: np.ndarray) -> np.ndarray:
        width, height = CAMERA_FRAME
        table = cv2.resize(image, CAMERA_FRAME, interpolation=cv2.INTER_AREA)
        frame: np.ndarray = cv2.GaussianBlur(table, (0, 0), TABLE_BLUR)
        factor = min(share * height / image.shape[0], width / image.shape[1])
        photo = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        top, left = (height - photo.shape[0]) // 2, (width - photo.shape[1]) // 2
        frame[top : top + photo.shape[0], left : left + photo.shape[1]] = photo
        return frame

    return change


CHANGES: dict[str, Change] = {
    "as taken": lambda image: image,
    "turned 90": _turned_90,
    "turned 180": _turned_180,
    "scaled 0.7": _scaled(0.7),
    "scaled 0.5": _scaled(0.5),
    "half as bright": _darker,
    f"jpeg quality {LOW_JPEG_QUALITY}": _jpeg,
    "camera frame 1/2": _in_camera_frame(1 / 2),
    "camera frame 2/5": _in_camera_frame(2 / 5),
    "frame 1/2, turned 90": _then(_turned_90, _in_camera_frame(1 / 2)),
    "frame 1/2, turned 180": _then(_turned_180, _in_camera_frame(1 / 2)),
    "frame 1/2, half bright": _then(_darker, _in_camera_frame(1 / 2)),
    "frame 2/5, half bright": _then(_darker, _in_camera_frame(2 / 5)),
}


def _loader(change: Change) -> Callable[[Path], np.ndarray]:
    return lambda path: change(load_image(path))


def main(argv: Sequence[str] | None = None) -> int:
    from companion.vision.reader import CardReader

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    parser.add_argument("manifest", type=Path)
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL_PATH)
    add_source_arguments(parser, default=DEFAULT_SOURCE)
    args = parser.parse_args(argv)
    entries = [entry for entry in read_manifest(args.manifest) if entry.kind != WHOLE_CARD_KIND]
    reader = CardReader(
        settings=ReaderSettings(source=args.candidates),
        model_path=args.model,
        detectors=DetectorModels.from_args(args),
    )
    print(f"{len(entries)} scene photos, candidates from {args.candidates}")
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
