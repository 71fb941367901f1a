"""``companion recognize``, ``teach``, ``eval`` and ``bench``: the card recogniser."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.arguments import add_threshold_argument, positive_count
from companion.cards import DECK_PROFILES, Card, CardError, deck_profile
from companion.cli import table_bench

if TYPE_CHECKING:
    from companion.vision.enrolment import DeckPrototypes
    from companion.vision.merging import CornerIndices
    from companion.vision.reader import CardReader

EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE = 0, 1, 2
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".gif")
DEFAULT_DECK_FILE = Path.home() / ".config" / "companion" / "deck.npz"
BENCH_CARDS = "2S 5H 9D JC QS KH AD 10C 7S 3H"
BENCH_FRAMES = 20
# Frames read before the timed ones: a new process's first frames run slower while
# onnxruntime's arenas and the caches settle, and the kiosk reads frames for hours.
BENCH_WARM_UP = 10
BENCH_CARD_HEIGHT = 190.0


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
    _reader_options(recognize)
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

    evaluate = subparsers.add_parser(
        "eval",
        help="measure the reader on a manifest of photos",
        description="Read every photo of a manifest (TSV: path, cards, partial, kind) and "
        "print precision, recall, results per kind, confused pairs and ms per image.",
    )
    evaluate.add_argument(
        "manifest",
        type=Path,
        metavar="MANIFEST.tsv",
        help="the manifest; its photo paths are relative to its folder",
    )
    _reader_options(evaluate)
    evaluate.add_argument("--json", action="store_true", help="print JSON")
    evaluate.set_defaults(run=run_eval)

    bench = subparsers.add_parser(
        "bench",
        help="time the reader per stage on a synthetic 1280x720 frame with ten cards "
        "(as for live camera frames: detector candidates unless --candidates says otherwise)",
    )
    bench.add_argument(
        "--frames",
        type=positive_count,
        default=BENCH_FRAMES,
        help=f"frames timed (default {BENCH_FRAMES})",
    )
    bench.add_argument(
        "--warm-up",
        type=positive_count,
        default=BENCH_WARM_UP,
        help=f"frames read before the timed ones (default {BENCH_WARM_UP})",
    )
    bench.add_argument("--model", type=Path, default=None, help="the ONNX reader model")
    _candidate_options(bench, live=True)
    bench.add_argument("--json", action="store_true", help="print JSON")
    table_bench.add_arguments(bench)
    bench.set_defaults(run=run_bench)


def _reader_options(parser: argparse.ArgumentParser) -> None:
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
    _candidate_options(parser)


def _candidate_options(parser: argparse.ArgumentParser, *, live: bool = False) -> None:
    from companion.vision.sources import add_source_arguments, default_source

    add_source_arguments(parser, default=default_source(live=live))


def _reader_arguments(args: argparse.Namespace) -> dict[str, Any]:
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


def _make_reader(args: argparse.Namespace, command: str) -> CardReader | None:
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
            **_reader_arguments(args),
        )
    except EnrolmentError as error:
        print(f"companion {command}: {deck_file}: {error}", file=sys.stderr)
        return None
    except (ModelError, DetectorError, CardError) as error:
        print(f"companion {command}: {error}", file=sys.stderr)
        return None


def run_recognize(args: argparse.Namespace) -> int:
    from companion.vision.images import ImageError, load_image_scaled

    reader = _make_reader(args, "recognize")
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
    reader = _make_reader(args, "teach")
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


def run_eval(args: argparse.Namespace) -> int:
    from companion.vision.evaluation import ManifestError, evaluate, read_manifest
    from companion.vision.images import load_image

    try:
        entries = read_manifest(args.manifest)
    except ManifestError as error:
        print(f"companion eval: {error}", file=sys.stderr)
        return EXIT_USAGE
    reader = _make_reader(args, "eval")
    if reader is None:
        return EXIT_USAGE
    report = evaluate(
        entries,
        lambda image: [d.card for d in reader.read(image) if d.doubt is None],
        load_image,
    )
    summary = report.to_json()
    summary["peak_memory_mb"] = _peak_memory_mb()
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


def _peak_memory_mb() -> float:
    """The most memory this process has held so far (its peak resident set), in MB."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kilobytes = peak / 1024 if sys.platform == "darwin" else peak  # macOS counts bytes
    return round(kilobytes / 1024, 1)


def _detector_models(reader: CardReader) -> dict[str, str]:
    """The detector model files the reader runs, by the looks they run."""
    detector = reader.find.detector
    if detector is None:
        return {}
    if detector.small_index_path is None:
        return {"every look": detector.path.name}
    return {
        "first and fine looks": detector.small_index_path.name,
        "coarse looks": detector.path.name,
    }


def run_bench(args: argparse.Namespace) -> int:
    if args.table:
        return table_bench.run_table_bench(args)
    from companion.cards import parse_cards
    from companion.vision.detector import DetectorError
    from companion.vision.drawn import table_frame
    from companion.vision.model import ModelError
    from companion.vision.reader import CardReader, StageTimes

    try:
        reader = CardReader(**_reader_arguments(args))
    except (ModelError, DetectorError) as error:
        print(f"companion bench: {error}", file=sys.stderr)
        return EXIT_USAGE
    frame, placed = table_frame(
        list(parse_cards(BENCH_CARDS)), card_height=BENCH_CARD_HEIGHT, seed=1
    )
    for _ in range(args.warm_up):
        reader.read(frame)
    reader.times = StageTimes()
    per_frame: list[float] = []
    # this thread's CPU time too: the reader runs on one thread, and unlike the wall
    # clock it does not count the time a busy machine keeps the core from it
    cpu_per_frame: list[float] = []
    found: list[str] = []
    for _ in range(args.frames):
        started, started_cpu = time.perf_counter(), time.thread_time()
        found = sorted(str(d.card) for d in reader.read(frame))
        per_frame.append((time.perf_counter() - started) * 1000)
        cpu_per_frame.append((time.thread_time() - started_cpu) * 1000)
    times = reader.times
    figures = {
        "frame": "1280x720, ten drawn cards",
        "frames": args.frames,
        "warm_up_frames": args.warm_up,
        "candidates_from": reader.find.source.value,
        "detector_models": _detector_models(reader),
        "find_ms": round(times.find / times.frames, 2),
        "read_ms": round(times.read / times.frames, 2),
        "merge_ms": round(times.merge / times.frames, 2),
        "total_ms": round(statistics.fmean(per_frame), 2),
        "median_ms": round(statistics.median(per_frame), 2),
        "cpu_median_ms": round(statistics.median(cpu_per_frame), 2),
        "candidates": times.candidates[-1] if times.candidates else 0,
        "cards_expected": sorted(str(p.card) for p in placed),
        "cards_read": found,
        "peak_memory_mb": _peak_memory_mb(),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        _print_bench(figures)
    return EXIT_OK


def _print_bench(figures: dict[str, Any]) -> None:
    models = ", ".join(f"{look}: {name}" for look, name in figures["detector_models"].items())
    expected, read = figures["cards_expected"], figures["cards_read"]
    right = sum(card in read for card in expected)
    print(f"frame: {figures['frame']}, candidates from {figures['candidates_from']}")
    if models:
        print(f"detector models: {models}")
    print(f"frames timed: {figures['frames']}, after {figures['warm_up_frames']} warm-up frames")
    print(f"mean per frame: {figures['total_ms']} ms")
    print(f"median per frame: {figures['median_ms']} ms")
    print(f"median CPU time per frame: {figures['cpu_median_ms']} ms")
    print(
        f"stages, mean per frame: find {figures['find_ms']} ms, read {figures['read_ms']} ms, "
        f"merge {figures['merge_ms']} ms ({figures['candidates']} candidates)"
    )
    print(f"cards read: {right} of {len(expected)}, {len(read) - right} false")
    print(f"peak memory: {figures['peak_memory_mb']} MB")
