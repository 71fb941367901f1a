"""The whole reader on held-out synthetic cards with Polish or Russian indices, each card
whole and apart from the others, as cards are laid on the table one by one: every card
of every Polish and Russian deck is dealt once, a few to a frame, at any angle, under the
scenes' tables, clutter, light and camera (no hand over them); scene seeds never used in
training. This is the synthetic counterpart of the real photos' whole-card crops;
``reader_synth_eval`` measures crowded scenes of fans, piles and partly covered cards.

    .venv/bin/python -m training.whole_card_eval
    .venv/bin/python -m training.whole_card_eval --candidates detector
    .venv/bin/python -m training.whole_card_eval --index-pixels 12 60

The default index sizes are the table camera's (20..40 px at 720 px frame height; see
``reader_synth_eval``). A card counts as correct when the reader names it in its frame;
a card read that is not in the frame is a false card. A card the camera's tilt pushes
partly out of the frame is left out of the count (read or not).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import add_threshold_argument, positive_count, summary_of
from companion.cards import FRENCH52, Card, IndexScript
from companion.tools.evaluation import EvalReport, ManifestEntry, score_image
from companion.vision.merging import Detection
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import DetectorModels
from training.held_out import (
    WHOLE_CARD_SEED,
    add_reader_arguments,
    print_summary,
)
from training.layout import MAX_CARDS
from training.scenes import SceneMaker
from training.types import PlacedCard, Scene

TABLE_INDEX_PIXELS = (20.0, 40.0)
FAILURES_SHOWN = 20  # frames with a miss or a false card listed without --json
WHOLE = 0.95  # a card and each of its indices at least this much inside the frame count


def is_whole(placed: PlacedCard) -> bool:
    return placed.visible >= WHOLE and all(index.visible >= WHOLE for index in placed.indices)


def frame_entry(scene: Scene, name: str, kind: str) -> ManifestEntry:
    """The frame's whole cards are expected; cards cut by its edge are excused."""
    whole = tuple(placed.card for placed in scene.cards if is_whole(placed))
    cut = tuple(placed.card for placed in scene.cards if not is_whole(placed))
    return ManifestEntry(Path(name), whole, cut, 0, kind)


@dataclass(frozen=True)
class DealtFrame:
    """One frame of a deck's cards dealt apart: the deck's design and script, and the
    frame's number among that deck's frames."""

    design: str
    script: IndexScript
    number: int
    scene: Scene

    @property
    def name(self) -> str:
        return f"{self.design}/{self.script.value}/{self.number}"


def deal_decks(maker: SceneMaker, *, decks: int | None, most: int) -> Iterator[DealtFrame]:
    """Every card of each Polish and Russian deck in ``maker`` (or of ``decks`` of them,
    chosen at random) dealt in frames of at most ``most`` cards."""
    chosen = list(maker.decks)
    if decks is not None:
        picks = maker.rng.choice(len(chosen), min(decks, len(chosen)), replace=False)
        chosen = [chosen[int(pick)] for pick in sorted(picks)]
    for deck in chosen:
        left = [int(position) for position in maker.rng.permutation(deck.faces)]
        number = 0
        while left:
            scene, dealt = maker.deal_apart(left, most=most)
            yield DealtFrame(deck.design, deck.script, number, scene)
            left = left[dealt:]
            number += 1


def save_frame(folder: Path, name: str, scene: Scene, detections: Sequence[Detection]) -> None:
    """The frame with each read drawn (its index box and card, and the confidence)."""
    image = scene.image.copy()
    for detection in detections:
        corners = detection.quad.astype(np.int32)
        cv2.polylines(image, [corners], isClosed=True, color=(0, 0, 255), thickness=1)
        x, y = corners.min(axis=0)
        label = f"{detection.card} {detection.confidence:.2f}"
        cv2.putText(
            image,
            label,
            (int(x), max(int(y) - 3, 10)),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4,
            (0, 0, 255),
            1,
            cv2.LINE_AA,
        )
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / (name.replace("/", "_").replace(":", "-") + ".jpg")), image)


def main(argv: Sequence[str] | None = None) -> int:
    from training.faces import load_faces

    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    add_reader_arguments(parser, index_pixels=TABLE_INDEX_PIXELS)
    add_threshold_argument(parser)
    parser.add_argument(
        "--decks",
        type=positive_count,
        default=None,
        help="deal this many decks (default: every one)",
    )
    parser.add_argument(
        "--most", type=positive_count, default=MAX_CARDS, help="cards per frame, at most"
    )
    parser.add_argument(
        "--save", type=Path, default=None, help="keep the frames with a miss or a false card here"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    faces = load_faces(args.faces_cache, scripts=(IndexScript.POLISH, IndexScript.RUSSIAN))
    low, high = args.index_pixels
    maker = SceneMaker(faces, seed=WHOLE_CARD_SEED, index_pixels=(low, high))
    reader = CardReader(
        model_path=args.model,
        settings=ReaderSettings(source=args.candidates, min_confidence=args.min_confidence),
        detectors=DetectorModels.from_args(args),
    )
    reader.use_deck(FRENCH52)
    report = EvalReport()
    by_rank: Counter[str] = Counter()
    missed_rank: Counter[str] = Counter()
    by_design: Counter[str] = Counter()
    cut = 0
    for frame in deal_decks(maker, decks=args.decks, most=args.most):
        entry = frame_entry(frame.scene, frame.name, frame.script.value)
        cut += len(entry.partial)
        detections = reader.read(frame.scene.image)
        found: list[Card] = [detection.card for detection in detections]
        failures = len(report.failures)
        score_image(entry, found, report)
        if args.save is not None and len(report.failures) > failures:
            save_frame(args.save, frame.name, frame.scene, detections)
        unread = Counter(entry.cards) - Counter(found)
        for card in entry.cards:
            by_rank[card.rank.letter] += 1
        for card in unread.elements():
            missed_rank[card.rank.letter] += 1
            by_design[frame.design] += 1
    overall = report.overall
    cards = overall.true_positives + overall.false_negatives
    summary: dict[str, object] = {
        "cards": cards,
        "correct": round(overall.recall, 4) if cards else None,
        "false_cards": overall.false_positives,
        "precision": round(overall.precision, 4),
        "frames": overall.images,
        "frames_all_correct": overall.images_all_correct,
        "cut_by_frame_edge": cut,
        "index_pixels": [low, high],
        "source": args.candidates.value,
        "ms_per_frame": round(reader.times.per_frame, 1),
        "correct_by_script": {
            kind: round(tally.recall, 4) for kind, tally in sorted(report.per_kind.items())
        },
        "missed_by_rank": {
            rank: f"{missed_rank[rank]} of {count}" for rank, count in sorted(by_rank.items())
        },
        "missed_by_design": dict(by_design.most_common(10)),
        "confused": {f"{a}->{b}": n for (a, b), n in Counter(report.confused).most_common(10)},
        "failures": report.failures,
    }
    if print_summary(summary, as_json=args.json, apart="failures"):
        for failure in report.failures[:FAILURES_SHOWN]:
            print(f"  {failure['path']}: missed {failure['missed']}, false {failure['extra']}")
        if len(report.failures) > FAILURES_SHOWN:
            print(f"  ... {len(report.failures) - FAILURES_SHOWN} more frames (--json lists all)")
    return 0 if cards else 1


if __name__ == "__main__":
    raise SystemExit(main())
