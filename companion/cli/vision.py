"""``companion recognize`` and ``teach``: the card recogniser on photos, and a deck of
one's own taught to it. (Measuring it, ``python -m companion.tools.evaluation`` and
``python -m companion.tools.bench``, is a developer's tool.)"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.arguments import add_threshold_argument
from companion.cards import DECK_PROFILES, Card, CardError, deck_profile

if TYPE_CHECKING:
    from companion.vision.enrolment import DeckPrototypes
    from companion.vision.merging import CornerIndices
    from companion.vision.reader import CardReader

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE = 0, 1, 2
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".gif")
DEFAULT_DECK_FILE = Path.home() / ".config" / "companion" / "deck.npz"


def register(subparsers: Any) -> None:
    recognize = subparsers.add_parser(
        "recognize",
        help="find and read the cards in photos",
        description="Find every card whose corner index shows in each photo (or each photo "
        "in a folder) and print the card, a confidence and its corner-index box (pixels of "
        "the photo as shown). Exit 1 when an image could not be read (the others are still "
        "processed).",
    )
    recognize.add_argument(
        "images",
        nargs="+",
        type=Path,
        metavar="IMAGE_OR_FOLDER",
        help="photos (JPEG, PNG, WebP, TIFF, BMP or GIF), or folders of them",
    )
    reader_options(recognize)
    recognize.add_argument("--json", action="store_true", help="print JSON")
    recognize.set_defaults(run=run_recognize)

    teach = subparsers.add_parser(
        "teach",
        help="enrol your own deck from a few photos per card",
        description="Read photos of each card (the file name starts with the card: QH_1.jpg, "
        "QH_2.jpg, 10S_1.png), or folders of them, and save prototypes the reader uses for "
        "this deck, with which corners of its cards carry the index (two or four: with two "
        "packs, that tells two copies side by side from one card). Three photos per card, "
        "the whole card in each, moved or turned a little between them, teach it better "
        "than one.",
    )
    teach.add_argument(
        "photos",
        nargs="+",
        type=Path,
        metavar="PHOTO_OR_FOLDER",
        help="photos named by their card (QH_1.jpg), or folders of them",
    )
    teach.add_argument("--out", type=Path, required=True, help="the deck file to write (.npz)")
    teach.add_argument("--model", type=Path, default=None, help="the ONNX reader model")
    teach.set_defaults(run=run_teach)


def reader_options(parser: argparse.ArgumentParser) -> None:
    from companion.vision.merging import CornerIndices

    parser.add_argument(
        "--deck", default="french52", choices=sorted(DECK_PROFILES), help="the deck in play"
    )
    parser.add_argument(
        "--deck-file",
        type=Path,
        default=None,
        help=f"prototypes made by companion teach (default: {DEFAULT_DECK_FILE} if present)",
    )
    parser.add_argument(
        "--corner-indices",
        type=CornerIndices,
        default=None,
        choices=list(CornerIndices),
        help="which corners of the deck's cards carry the index: two opposite ones, as "
        "most decks, or all four (default: what companion teach learned of the deck file's "
        "deck, else four, which also means not known). With two packs, two copies of a "
        "card overlapping in a row count twice only with 'two'",
    )
    parser.add_argument("--model", type=Path, default=None, help="the ONNX reader model")
    add_threshold_argument(parser)
    candidate_options(parser)


def candidate_options(parser: argparse.ArgumentParser, *, live: bool = False) -> None:
    from companion.vision.sources import add_source_arguments, default_source

    add_source_arguments(parser, default=default_source(live=live))


def reader_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The CardReader keyword arguments for the model, candidate and threshold options."""
    from companion.vision.model import DEFAULT_MODEL_PATH
    from companion.vision.reader_settings import ReaderSettings
    from companion.vision.sources import DetectorModels

    settings = ReaderSettings(
        source=args.candidates,
        min_confidence=getattr(args, "min_confidence", None),
        corner_indices=getattr(args, "corner_indices", None),
    )
    return {
        "settings": settings,
        "model_path": args.model or DEFAULT_MODEL_PATH,
        "detectors": DetectorModels.from_args(args),
    }


def make_reader(args: argparse.Namespace, command: str) -> CardReader | None:
    from companion.vision.detector import DetectorError
    from companion.vision.enrolment import DeckPrototypes, EnrolmentError
    from companion.vision.model import ModelError
    from companion.vision.reader import CardReader

    deck_file = args.deck_file
    if deck_file is None and DEFAULT_DECK_FILE.is_file():
        deck_file = DEFAULT_DECK_FILE
    try:
        prototypes = DeckPrototypes.load(deck_file) if deck_file is not None else None
    except EnrolmentError as error:
        print(f"companion {command}: {error}", file=sys.stderr)
        return None
    try:
        return CardReader(
            deck=deck_profile(getattr(args, "deck", "french52")),
            prototypes=prototypes,
            **reader_arguments(args),
        )
    except EnrolmentError as error:
        print(f"companion {command}: {deck_file}: {error}", file=sys.stderr)
        return None
    except (ModelError, DetectorError, CardError) as error:
        print(f"companion {command}: {error}", file=sys.stderr)
        return None


def run_recognize(args: argparse.Namespace) -> int:
    from companion.vision.images import ImageError, load_image_scaled

    reader = make_reader(args, "recognize")
    if reader is None:
        return EXIT_USAGE
    failed = False
    results: list[dict[str, object]] = []
    photos, empty = _photos(args.images)
    if empty:
        print(f"companion recognize: {_no_photos_in(empty)}", file=sys.stderr)
        failed = True
    for path in photos:
        try:
            image, factor = load_image_scaled(path)
        except ImageError as error:
            print(f"companion recognize: {error}", file=sys.stderr)
            failed = True
            results.append({"image": str(path), "error": str(error)})
            continue
        detections = [detection.scaled(factor) for detection in reader.read(image)]
        sure = [detection for detection in detections if detection.doubt is None]
        if args.json:
            # a read the second look doubts is no answer: it is listed apart, as unsure
            results.append(
                {
                    "image": str(path),
                    "cards": [detection.to_json() for detection in sure],
                    "unsure": [d.to_json() for d in detections if d.doubt is not None],
                }
            )
            continue
        print(f"{path}: {len(sure)} card(s)")
        for detection in detections:
            box = " ".join(f"{x:.0f},{y:.0f}" for x, y in detection.quad)
            doubt = "" if detection.doubt is None else f"  unsure: {detection.doubt}"
            print(f"  {detection.card!s:>3}  {detection.confidence:.3f}  index box {box}{doubt}")
    if args.json:
        print(json.dumps(results, indent=2))
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _photos(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """The photos named, with each folder replaced by the photos in it; and the folders
    that hold none."""
    found: list[Path] = []
    empty: list[Path] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
            found.extend(inside)
            if not inside:
                empty.append(path)
        else:
            found.append(path)
    return found, empty


def _no_photos_in(folders: list[Path]) -> str:
    return (
        f"no photos in {' '.join(str(folder) for folder in folders)} "
        f"(looked for {' '.join(IMAGE_SUFFIXES)} files)"
    )


def run_teach(args: argparse.Namespace) -> int:
    from companion.vision.detector import DEFAULT_DETECTOR_PATH
    from companion.vision.enrolment import (
        PHOTOS_PER_CARD,
        EnrolmentCrops,
        EnrolmentError,
        card_from_file_name,
        cards_short_of_photos,
        prototypes_from_crops,
    )
    from companion.vision.images import ImageError, load_image
    from companion.vision.sources import CandidateSource

    args.deck_file = None
    # enrolment cuts its crops with the blob finder (CardReader.enrolment_crops):
    # the detector would be loaded for nothing
    args.candidates = CandidateSource.BLOBS
    args.detector, args.live_detector = DEFAULT_DETECTOR_PATH, None  # not loaded for blobs
    if args.out.is_dir():
        print(
            f"companion teach: --out {args.out} is a folder: name the deck file to write, "
            f"like {args.out / 'deck.npz'}",
            file=sys.stderr,
        )
        return EXIT_USAGE
    photos, empty = _photos(args.photos)
    if not photos:
        print(f"companion teach: {_no_photos_in(empty)}", file=sys.stderr)
        return EXIT_USAGE
    reader = make_reader(args, "teach")
    if reader is None:
        return EXIT_USAGE
    samples = []
    enrolled: list[tuple[Path, Card]] = []
    failed = False
    for path in photos:
        try:
            card = card_from_file_name(path)
            crops = reader.enrolment_crops(load_image(path), card)
        except (EnrolmentError, ImageError) as error:
            print(f"companion teach: {error}", file=sys.stderr)
            failed = True
            continue
        if crops.shape[0] == 0:
            print(f"companion teach: {path}: no corner index found", file=sys.stderr)
            failed = True
            continue
        samples.append((card, crops))
        enrolled.append((path, card))
    chosen = EnrolmentCrops.gather(samples)
    try:
        prototypes = prototypes_from_crops(chosen, reader.embed, model=reader.model.fingerprint)
        prototypes = prototypes.with_corners(_corners_of_deck(reader, prototypes, enrolled))
        prototypes.save(args.out)
    except EnrolmentError as error:
        print(f"companion teach: {error}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        reason = "a file is in the way" if isinstance(error, FileExistsError) else error.strerror
        print(f"companion teach: cannot write {args.out}: {where}{reason}", file=sys.stderr)
        return EXIT_USAGE
    print(f"enrolled {len(prototypes.cards)} card(s) from {len(samples)} photo(s) into {args.out}")
    print(_corners_learned(prototypes.corners))
    short = cards_short_of_photos(card for card, _ in samples)
    if short:
        print(
            f"companion teach: {len(short)} card(s) have fewer than {PHOTOS_PER_CARD} usable "
            f"photos ({' '.join(str(card) for card in short)}); the reader knows a card "
            f"better from {PHOTOS_PER_CARD}, moved or turned a little between them",
            file=sys.stderr,
        )
    return EXIT_SOME_FAILED if failed else EXIT_OK


def _corners_of_deck(
    reader: CardReader, prototypes: DeckPrototypes, enrolled: list[tuple[Path, Card]]
) -> CornerIndices | None:
    """Which corners the deck prints its index in, by what each enrolment photo shows of
    its card once the prototypes are in place (a photo that no longer loads says
    nothing)."""
    from companion.vision.enrolment import deck_corners
    from companion.vision.images import ImageError, load_image

    reader.prototypes = prototypes
    evidence = []
    for path, card in enrolled:
        try:
            evidence.append(reader.corners_shown(load_image(path), card).evidence())
        except ImageError:
            continue
    return deck_corners(evidence)


def _corners_learned(corners: CornerIndices | None) -> str:
    from companion.vision.merging import CornerIndices

    if corners is CornerIndices.TWO:
        return "its cards carry the index in two opposite corners"
    if corners is CornerIndices.FOUR:
        return "its cards carry the index in all four corners"
    return (
        "which corners carry the index was not clear from the photos; "
        "recognize --corner-indices can say it"
    )
