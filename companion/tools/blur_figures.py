"""Sure wrong reads on blurred photos (a camera whose focus drifts): every photo of a
manifest blurred at each of several Gaussian sigmas, read as the tracker reads and as
``companion recognize`` reads; it prints, per reader and sigma, the cards read sure and
right, and every card read sure that the photo does not hold.

    python -m companion.tools.blur_figures ../shared/photos/MANIFEST.tsv [--step 1]

``--step N`` takes every Nth whole-card photo (the scenes always); the tests take a few.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import positive_count
from companion.cards import Card
from companion.table.tracker_settings import TrackerSettings
from companion.tools.evaluation import WHOLE_CARD_KIND, ManifestEntry, ManifestError, read_manifest
from companion.vision.finder import working_image
from companion.vision.images import load_image
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings

# Gaussian sigmas in working-image pixels, from sharp to a card no longer readable.
SIGMAS = (0.0, 0.7, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)
READERS = ("tracker", "recognize")


@dataclass(frozen=True)
class SigmaReads:
    """At one sigma: the cards read sure that the photo does not hold, and how many sure
    reads were right."""

    wrong: tuple[Card, ...]
    right: int


@dataclass
class BlurTally:
    """One reader over many photos: sure right reads and sure wrong ones per sigma."""

    wanted: int = 0
    right: dict[float, int] = field(default_factory=lambda: dict.fromkeys(SIGMAS, 0))
    wrong: dict[float, list[str]] = field(default_factory=lambda: {s: [] for s in SIGMAS})

    def add(self, name: str, wanted: int, found: dict[float, SigmaReads]) -> None:
        self.wanted += wanted
        for sigma, reads in found.items():
            self.right[sigma] += reads.right
            self.wrong[sigma].extend(f"{name}: {card}" for card in reads.wrong)


def blur_reader(kind: str) -> tuple[CardReader, float]:
    """The reader as the tracker runs it (live candidates, reads down to the unsure floor,
    sure from the tracker's threshold) or as ``companion recognize`` runs it (the photo
    source and its threshold, no deck file), and the confidence a sure read needs."""
    if kind == "tracker":
        tracker = TrackerSettings()
        return CardReader(settings=tracker.reader_settings()), tracker.min_confidence
    reader = CardReader(settings=ReaderSettings())
    return reader, reader.min_confidence


def blurred_reads(
    reader: CardReader,
    sure_from: float,
    image: np.ndarray,
    truth: set[Card],
    excused: set[Card],
) -> dict[float, SigmaReads]:
    """Per sigma: the cards read sure (at least ``sure_from``, not doubted) that are not
    in ``truth`` (nor ``excused``), and how many sure reads are right."""
    work, _ = working_image(image, reader.settings.finder)
    found: dict[float, SigmaReads] = {}
    for sigma in SIGMAS:
        blurred = work if sigma == 0.0 else cv2.GaussianBlur(work, (0, 0), sigma)
        sure = [
            d.card for d in reader.read(blurred) if d.confidence >= sure_from and d.doubt is None
        ]
        wrong = tuple(card for card in sure if card not in truth | excused)
        found[sigma] = SigmaReads(wrong, sum(card in truth for card in sure))
    return found


def sampled(entries: Sequence[ManifestEntry], step: int) -> list[ManifestEntry]:
    """The scenes, and every ``step``th whole-card photo."""
    crops = [e for e in entries if e.kind == WHOLE_CARD_KIND][::step]
    return [e for e in entries if e.kind != WHOLE_CARD_KIND] + crops


def measure(entries: Sequence[ManifestEntry], kind: str) -> BlurTally:
    reader, sure_from = blur_reader(kind)
    tally = BlurTally()
    for entry in entries:
        found = blurred_reads(
            reader, sure_from, load_image(entry.path), set(entry.cards), set(entry.partial)
        )
        tally.add(entry.path.name, len(entry.cards), found)
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.blur_figures", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("manifest", type=Path, help="a manifest of labelled photos")
    parser.add_argument(
        "--step", type=positive_count, default=1, help="every Nth whole-card photo (default 1)"
    )
    parser.add_argument(
        "--readers", default=",".join(READERS), help=f"of {', '.join(READERS)} (default both)"
    )
    args = parser.parse_args(argv)
    kinds = [name.strip() for name in args.readers.split(",") if name.strip()]
    unknown = [name for name in kinds if name not in READERS]
    if unknown or not kinds:
        parser.error(f"--readers: {', '.join(unknown) or 'none'} (known: {', '.join(READERS)})")
    try:
        entries = sampled(read_manifest(args.manifest), args.step)
    except ManifestError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{len(entries)} photos of {args.manifest}, sigmas {', '.join(map(str, SIGMAS))}")
    for kind in kinds:
        tally = measure(entries, kind)
        print(f"{kind}: {tally.wanted} cards")
        for sigma in SIGMAS:
            wrong = tally.wrong[sigma]
            print(f"  sigma {sigma}: {tally.right[sigma]} sure right, {len(wrong)} sure wrong")
            for line in wrong:
                print(f"    {line}")
        total = sum(len(w) for w in tally.wrong.values())
        print(f"  {kind}: {total} sure wrong at any blur")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
