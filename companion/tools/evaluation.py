"""``python -m companion.tools.evaluation MANIFEST.tsv``: the reader against a manifest of
photos with known cards (precision, recall, results per kind, confused pairs and ms per
image).

The manifest is a TSV with a header and the columns ``path cards partial kind`` (as in
``shared/photos/MANIFEST.tsv``). Partial cards never count against the reader: a
detection of a partial card is ignored, and each ``?`` partial excuses one detection.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import Card, CardError
from companion.cli.vision import (
    EXIT_OK,
    EXIT_SOME_FAILED,
    EXIT_USAGE,
    make_reader,
    reader_options,
)
from companion.tools.bench import peak_memory_mb
from companion.vision.images import load_image

UNKNOWN_PARTIAL = "?"
REQUIRED_COLUMNS = ("path", "cards", "partial", "kind")
WHOLE_CARD_KIND = "whole_card_crop"


class ManifestError(ValueError):
    """A manifest that cannot be read; the message names the line."""


@dataclass(frozen=True)
class ManifestEntry:
    path: Path
    cards: tuple[Card, ...]
    partial: tuple[Card, ...]
    unknown_partial: int
    kind: str


@dataclass
class Tally:
    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0
    images: int = 0
    images_all_correct: int = 0

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_positives + self.false_negatives
        return self.true_positives / wanted if wanted else 1.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "images": self.images,
            "images_all_correct": self.images_all_correct,
            "true_positives": self.true_positives,
            "false_positives": self.false_positives,
            "false_negatives": self.false_negatives,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
        }


@dataclass
class EvalReport:
    overall: Tally = field(default_factory=Tally)
    per_kind: dict[str, Tally] = field(default_factory=dict)
    confused: Counter[tuple[str, str]] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    milliseconds: list[float] = field(default_factory=list)
    failures: list[dict[str, object]] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "overall": self.overall.to_json(),
            "per_kind": {kind: tally.to_json() for kind, tally in sorted(self.per_kind.items())},
            "confused_pairs": [
                {"expected": want, "read": got, "count": count}
                for (want, got), count in self.confused.most_common()
            ],
            "ms_per_image": round(float(np.mean(self.milliseconds)), 1)
            if self.milliseconds
            else None,
            "errors": self.errors,
            "failures": self.failures,
        }


def _parse_cards(text: str, where: str) -> tuple[tuple[Card, ...], int]:
    cards: list[Card] = []
    unknown = 0
    # partial cells carry notes in parentheses: "4S (top-left edge) ? (card stack)"
    words, depth = [], 0
    for word in text.split():
        if depth == 0 and not word.startswith("("):
            words.append(word)
        depth += word.count("(") - word.count(")")
    for word in words:
        if word == UNKNOWN_PARTIAL:
            unknown += 1
            continue
        try:
            cards.append(Card.parse(word))
        except CardError as error:
            raise ManifestError(f"{where}: {error}") from None
    return tuple(cards), unknown


def read_manifest(path: Path) -> list[ManifestEntry]:
    try:
        lines = path.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ManifestError(f"cannot read the manifest {path}: {error}") from None
    if not lines:
        raise ManifestError(f"{path}: the manifest is empty")
    header = lines[0].split("\t")
    missing = [name for name in REQUIRED_COLUMNS if name not in header]
    if missing:
        raise ManifestError(f"{path}:1: the header lacks the column(s) {', '.join(missing)}")
    column = {name: header.index(name) for name in REQUIRED_COLUMNS}
    entries = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) < len(header):
            cells += [""] * (len(header) - len(cells))
        where = f"{path}:{number}"
        cards, _ = _parse_cards(cells[column["cards"]], where)
        partial, unknown = _parse_cards(cells[column["partial"]], where)
        entries.append(
            ManifestEntry(
                path=path.parent / cells[column["path"]],
                cards=cards,
                partial=partial,
                unknown_partial=unknown,
                kind=cells[column["kind"]] or "unknown",
            )
        )
    return entries


def score_image(entry: ManifestEntry, found: list[Card], report: EvalReport) -> None:
    """Count one image's detections against its expected cards."""
    expected = Counter(entry.cards)
    excused = Counter(entry.partial)
    unknown = entry.unknown_partial
    true_positive, extras = 0, []
    for card in found:
        if expected[card] > 0:
            expected[card] -= 1
            true_positive += 1
        elif excused[card] > 0:
            excused[card] -= 1
        elif unknown > 0:
            unknown -= 1
        else:
            extras.append(card)
    missed = list(expected.elements())
    tally = report.per_kind.setdefault(entry.kind, Tally())
    for target in (tally, report.overall):
        target.true_positives += true_positive
        target.false_positives += len(extras)
        target.false_negatives += len(missed)
        target.images += 1
        target.images_all_correct += int(not extras and not missed)
    for want, got in zip(sorted(missed, key=str), sorted(extras, key=str), strict=False):
        report.confused[(str(want), str(got))] += 1
    if missed or extras:
        report.failures.append(
            {
                "path": str(entry.path),
                "missed": [str(card) for card in missed],
                "extra": [str(card) for card in extras],
            }
        )


def evaluate(
    entries: list[ManifestEntry],
    read: Callable[[np.ndarray], list[Card]],
    load: Callable[[Path], np.ndarray],
) -> EvalReport:
    """Run ``read`` on every image of the manifest and tally the results."""
    report = EvalReport()
    for entry in entries:
        try:
            image = load(entry.path)
        except ValueError as error:
            report.errors.append(str(error))
            continue
        started = time.perf_counter()
        found = read(image)
        report.milliseconds.append((time.perf_counter() - started) * 1000)
        score_image(entry, found, report)
    return report


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.evaluation",
        description="Read every photo of a manifest (TSV: path, cards, partial, kind) and "
        "print precision, recall, results per kind, confused pairs and ms per image.",
    )
    parser.add_argument(
        "manifest",
        type=Path,
        metavar="MANIFEST.tsv",
        help="the manifest; its photo paths are relative to its folder",
    )
    reader_options(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    return run_eval(build_parser().parse_args(argv))


def run_eval(args: argparse.Namespace) -> int:
    """Read the manifest's photos and print the figures; 1 when a photo could not be read."""
    try:
        entries = read_manifest(args.manifest)
    except ManifestError as error:
        print(f"evaluation: {error}", file=sys.stderr)
        return EXIT_USAGE
    reader = make_reader(args, "evaluation")
    if reader is None:
        return EXIT_USAGE
    report = evaluate(
        entries,
        lambda image: [d.card for d in reader.read(image) if d.doubt is None],
        load_image,
    )
    summary = report.to_json()
    summary["peak_memory_mb"] = peak_memory_mb()
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_eval(summary)
    return EXIT_SOME_FAILED if report.errors else EXIT_OK


def _print_eval(summary: dict[str, Any]) -> None:
    overall = summary["overall"]
    print(
        f"all: {overall['images']} images, precision {overall['precision']:.4f}, "
        f"recall {overall['recall']:.4f}, {summary['ms_per_image']} ms per image, "
        f"peak memory {summary['peak_memory_mb']} MB"
    )
    for kind, tally in summary["per_kind"].items():
        print(
            f"  {kind}: {tally['images']} images ({tally['images_all_correct']} all correct), "
            f"precision {tally['precision']:.4f}, recall {tally['recall']:.4f}, "
            f"TP {tally['true_positives']} FP {tally['false_positives']} "
            f"FN {tally['false_negatives']}"
        )
    if summary["confused_pairs"]:
        pairs = ", ".join(
            f"{p['expected']}->{p['read']} x{p['count']}" for p in summary["confused_pairs"]
        )
        print(f"confused (expected->read): {pairs}")
    for error in summary["errors"]:
        print(f"error: {error}")


if __name__ == "__main__":
    sys.exit(main())
