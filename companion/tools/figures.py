"""The tracker's figures: synthetic sessions of every game on seeds it was not tuned on
(wrong, missed and doubled events against the sessions' own), and real photos of a
table read as a folder sequence without a mat.

    python -m companion.tools.figures --games 20
    python -m companion.tools.figures --games 10 --kinds glimpsed,dimmed,fours,noisy
    python -m companion.tools.figures --games 0 --photos ../shared/photos
    python -m companion.tools.figures --games 0 --films 3 [--photos ../shared/photos]
    python -m companion.tools.figures --games 0 --films 1 --short-films

The tracker was developed on the seeds of DEVELOPMENT_SEEDS (looked at, debugged on,
tuned on): they are refused as a figure's seeds unless ``--development`` says the run is
for debugging. The figures start at FIRST_SEED."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from companion.arguments import positive_count
from companion.demo.film.session import DROPPED_LIGHT, SessionKind
from companion.demo.film.timeline import GLANCE_FRAMES
from companion.tools.film_run import FilmFigures
from companion.tools.session_run import Tally, in_settling_order
from companion.tools.synthetic.table_film import NOISE_LEVEL, NOISY_LEVEL, FilmKind

# Seeds the tracker was developed on: 1-4 tuned on, 5000-5099 debugged on.
DEVELOPMENT_SEEDS = (range(1, 5), range(5000, 5100))
# The figures' seeds: far from the development ones, a fresh block of 1000 for each
# measurement (20000-20999 is spent).
FIRST_SEED = 21000
# Real photos: each is held this many frames, as a fixed camera would see it.
PHOTO_FRAMES = 6
# A photo glimpsed: the light dropped for this many frames after the hand, and the hand
# drawn over it (an ellipse of these shares of the photo's width and height, skin-toned).
PHOTO_DIMMED_FRAMES = 8
# A photo glimpsed: seen this many frames, the hand, then this many (0.3 s, 0.2 s).
PHOTO_BEFORE_FRAMES = 3
PHOTO_AFTER_FRAMES = 2
HAND_SHARE = (0.15, 0.3)
HAND_BGR = (120, 160, 220)


# The sessions alternate between the frame sizes the Pi's cameras give.
FRAME_SIZES = ((1280, 720), (1920, 1080))


@dataclass(frozen=True)
class SessionFigures:
    game: str
    kind: str
    seed: int
    frame_size: tuple[int, int]
    frames: int
    expected: int
    placed: int
    right: int
    wrong: int
    missed: int
    doubled: int
    unsure: int
    max_delay_ms: float
    differences: tuple[str, ...]  # the expected and printed lines that did not match


def session_figures(
    game: str,
    seed: int,
    frame_size: tuple[int, int],
    *,
    events: int | None = None,
    kind: SessionKind = SessionKind.GAME,
) -> SessionFigures:
    """Run the tracker over a synthetic session of ``game`` and ``kind`` (whole, or its
    first ``events`` event lines)."""
    from difflib import unified_diff

    from companion.demo.film.session import make_session
    from companion.table.tracker_settings import TrackerSettings
    from companion.tools.session_run import tally, track_session
    from companion.vision.reader import CardReader

    session = make_session(game, seed=seed, frame_size=frame_size, max_events=events, kind=kind)
    deck = session.spec.engine().deck
    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=deck)
    tracked = track_session(session, reader, deck=deck)
    counts = tally(session.script, tracked.events)
    want = [line for _, line in in_settling_order((s.time, s.line) for s in session.camera_steps)]
    got = [line for _, line in in_settling_order((e.settled, e.line) for e in tracked.events)]
    differences = tuple(
        line
        for line in unified_diff(want, got, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
    return SessionFigures(
        game=game,
        kind=str(kind),
        seed=seed,
        frame_size=frame_size,
        frames=len(tracked.costs),
        expected=counts.expected,
        placed=counts.placed,
        right=counts.right,
        wrong=counts.wrong,
        missed=counts.missed,
        doubled=counts.doubled,
        unsure=len(tracked.unsure),
        max_delay_ms=round(1000.0 * max(counts.delays, default=0.0), 1),
        differences=differences,
    )


def _session_job(job: tuple[str, int, tuple[int, int], SessionKind]) -> SessionFigures:
    game, seed, size, kind = job
    return session_figures(game, seed, size, kind=kind)


@dataclass(frozen=True)
class PhotoFigures:
    path: str
    truth: tuple[str, ...]
    placed: tuple[str, ...]  # the cards the tracker holds on the table after the photo
    right: int
    wrong: int  # held, neither on the photo nor among its partly seen cards
    missed: int


def photo_figures(folder: Path, *, cleared: bool) -> list[PhotoFigures]:
    """The table photos of the manifest in turn, each held PHOTO_FRAMES frames (with an
    empty table between them when ``cleared``), read with no mat: what the tracker
    holds on the table after each against the photo's cards."""
    import cv2
    import numpy as np

    from companion.cards import FRENCH52
    from companion.table.calibration import MatView
    from companion.table.tracker import TableTracker
    from companion.table.tracker_settings import TrackerSettings
    from companion.values.frame import Frame
    from companion.vision.reader import CardReader

    rows = _scene_rows(folder)
    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=FRENCH52)
    tracker = TableTracker(reader, deck=FRENCH52)
    number = 0
    figures: list[PhotoFigures] = []
    for row in rows:
        image = cv2.imread(str(folder / row["path"]), cv2.IMREAD_COLOR)
        if image is None:
            print(f"{row['path']}: not a readable image, skipped", file=sys.stderr)
            continue
        view = MatView.whole_frame(image.shape[1], image.shape[0])
        pictures = [image] * PHOTO_FRAMES
        if cleared:
            table = np.empty_like(image)
            table[:] = np.median(image.reshape(-1, 3), axis=0).astype(np.uint8)
            pictures = [table] * PHOTO_FRAMES + pictures
        for picture in pictures:
            tracker.step(Frame(picture, number / 10.0, number), view)
            number += 1
        placed = tuple(sorted(str(card) for card in tracker.cards().get("table", ())))
        truth = tuple(sorted(row["cards"].split()))
        right = len(set(placed) & set(truth))
        wrong = len(set(placed) - set(truth) - _cards_in(row["partial"]))
        figures.append(PhotoFigures(row["path"], truth, placed, right, wrong, len(truth) - right))
    return figures


def photo_glimpses(folder: Path) -> list[PhotoFigures]:
    """Each table photo as a camera would see it laid, glimpsed and dimmed: an empty table,
    the photo PHOTO_BEFORE_FRAMES frames, a hand moving across it GLANCE_FRAMES frames,
    the photo PHOTO_AFTER_FRAMES frames, then its light at DROPPED_LIGHT for
    PHOTO_DIMMED_FRAMES frames, then an empty table again. Against the photo's cards: the
    cards reported while it lay there (``placed``); wrong counts a card reported that is
    not on it and a card said gone while it lay there."""
    import cv2
    import numpy as np

    from companion.cards import FRENCH52
    from companion.table.calibration import MatView
    from companion.table.tracker import TableTracker
    from companion.table.tracker_settings import TrackerSettings
    from companion.values.frame import Frame
    from companion.vision.reader import CardReader

    reader = CardReader(settings=TrackerSettings().reader_settings(), deck=FRENCH52)
    tracker = TableTracker(reader, deck=FRENCH52)
    number = 0

    def shown(pictures: list[np.ndarray], view: MatView) -> list[str]:
        nonlocal number
        lines: list[str] = []
        for picture in pictures:
            lines.extend(
                e.line for e in tracker.step(Frame(picture, number / 10.0, number), view).events
            )
            number += 1
        return lines

    figures: list[PhotoFigures] = []
    for row in _scene_rows(folder):
        image = cv2.imread(str(folder / row["path"]), cv2.IMREAD_COLOR)
        if image is None:
            print(f"{row['path']}: not a readable image, skipped", file=sys.stderr)
            continue
        height, width = image.shape[:2]
        view = MatView.whole_frame(width, height)
        table = np.empty_like(image)
        table[:] = np.median(image.reshape(-1, 3), axis=0).astype(np.uint8)
        hands = []
        for step in range(GLANCE_FRAMES):
            covered = image.copy()
            centre = (round(width * (0.2 + 0.3 * step)), height // 2)
            axes = (round(width * HAND_SHARE[0]), round(height * HAND_SHARE[1]))
            cv2.ellipse(covered, centre, axes, 20, 0, 360, HAND_BGR, -1)
            hands.append(covered)
        dimmed = cv2.convertScaleAbs(image, alpha=DROPPED_LIGHT)
        shown([table] * PHOTO_FRAMES, view)
        lines = shown(
            [image] * PHOTO_BEFORE_FRAMES
            + hands
            + [image] * PHOTO_AFTER_FRAMES
            + [dimmed] * PHOTO_DIMMED_FRAMES,
            view,
        )
        shown([cv2.convertScaleAbs(table, alpha=DROPPED_LIGHT)] * PHOTO_FRAMES, view)
        reported = tuple(sorted({line.split()[-1] for line in lines if line.startswith("card ")}))
        lost = [line for line in lines if not line.startswith("card ")]
        truth = tuple(sorted(row["cards"].split()))
        right = len(set(reported) & set(truth))
        wrong = len(set(reported) - set(truth) - _cards_in(row["partial"])) + len(lost)
        figures.append(PhotoFigures(row["path"], truth, reported, right, wrong, len(truth) - right))
    return figures


def _film_job(job: tuple[str, int, str, Path | None, float, bool]) -> FilmFigures:
    from companion.tools.film_run import film, run_film
    from companion.tools.synthetic.table_film import FilmKind

    kind, seed, art, photos, noise, short = job
    return run_film(film(FilmKind(kind), seed, art, photos=photos, noise=noise, short=short))


def film_totals(results: Sequence[FilmFigures]) -> dict[tuple[str, str, float], Tally]:
    """The films' tallies summed by kind, art and noise."""
    totals: dict[tuple[str, str, float], Tally] = {}
    for result in results:
        key = (result.kind, result.art, result.noise)
        totals[key] = totals.get(key, Tally(0, 0, 0, 0, 0, 0, ())) + result.tally
    return totals


def _scene_rows(folder: Path) -> list[dict[str, str]]:
    """The manifest's rows of table photos (not whole-card crops)."""
    with (folder / "MANIFEST.tsv").open(encoding="utf-8") as lines:
        return [row for row in csv.DictReader(lines, delimiter="\t") if "scene" in row["kind"]]


def _cards_in(text: str) -> set[str]:
    """The cards named in a manifest's ``partial`` column (notes and ``?`` left out)."""
    from companion.cards import Card, CardError

    cards = set()
    for word in text.split():
        try:
            cards.add(str(Card.parse(word)))
        except CardError:
            continue
    return cards


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.figures",
        description="The tracker's figures on synthetic sessions (seeds it was not tuned "
        "on) and on real table photos.",
    )
    parser.add_argument(
        "--games", type=int, default=20, help="synthetic filmed games, the five in turn"
    )
    parser.add_argument(
        "--first-seed", type=int, default=FIRST_SEED, help="the first session's seed"
    )
    parser.add_argument(
        "--kinds",
        type=_kinds,
        default=(SessionKind.GAME,),
        help="session kinds, comma-separated: "
        + ", ".join(str(kind) for kind in SessionKind)
        + " (default game); --games of each",
    )
    parser.add_argument(
        "--films",
        type=int,
        default=0,
        help="table films (no mat, as watch --mat none) of each film kind, drawn cards, and "
        "with --photos real photographed cards too; each also with sensor noise",
    )
    parser.add_argument(
        "--film-kinds",
        type=_film_kinds,
        default=None,
        help="film kinds, comma-separated (default all): "
        + ", ".join(str(kind) for kind in FilmKind),
    )
    parser.add_argument(
        "--short-films",
        action="store_true",
        help="the films short, as the tests run them (1280x720, fewer quiet frames)",
    )
    parser.add_argument("--jobs", type=positive_count, default=1, help="filmed games run at once")
    parser.add_argument(
        "--photos", type=Path, default=None, help="a folder of real photos with MANIFEST.tsv"
    )
    parser.add_argument(
        "--development",
        action="store_true",
        help="allow the seeds the tracker was developed on (debugging, not a figure)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.games < 0:
        parser.error(f"--games {args.games}: a count of 0 or more")
    seeds = range(args.first_seed, args.first_seed + args.games)
    used = sorted({seed for seed in seeds if any(seed in block for block in DEVELOPMENT_SEEDS)})
    if used and not args.development:
        parser.error(
            f"--first-seed {args.first_seed} --games {args.games}: seeds "
            f"{used[0]}..{used[-1]} were used to develop the tracker "
            f"({_seed_blocks()}); a figure is measured on other seeds "
            f"(default {FIRST_SEED}), or pass --development to debug on them"
        )
    if args.photos is not None and not (args.photos / "MANIFEST.tsv").is_file():
        parser.error(f"--photos {args.photos}: no MANIFEST.tsv there")
    from companion.games.registry import game_ids

    jobs = [
        (
            game_ids()[i % len(game_ids())],
            args.first_seed + i,
            FRAME_SIZES[(i // len(game_ids())) % len(FRAME_SIZES)],
            kind,
        )
        for kind in args.kinds
        for i in range(args.games)
    ]
    results: list[SessionFigures] = []
    if jobs:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(_session_job, jobs):
                results.append(result)
                if not args.json:
                    _print_session(result)
    photos: dict[str, list[PhotoFigures]] = {}
    if args.photos is not None:
        photos = {
            "one after another": photo_figures(args.photos, cleared=False),
            "an empty table between": photo_figures(args.photos, cleared=True),
            "laid, a hand across, the light at 60%": photo_glimpses(args.photos),
        }
    film_results: list[FilmFigures] = []
    if args.films > 0:
        film_kinds = args.film_kinds or tuple(FilmKind)
        arts = ("drawn", "photos") if args.photos is not None else ("drawn",)
        film_jobs = [
            (str(kind), args.first_seed + i, art, args.photos, noise, args.short_films)
            for kind in film_kinds
            for art in arts
            for noise in (NOISE_LEVEL, NOISY_LEVEL)
            for i in range(args.films)
        ]
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for film_result in pool.map(_film_job, film_jobs):
                film_results.append(film_result)
                if not args.json:
                    _print_film(film_result)
    if args.json:
        out: dict[str, Any] = {
            "films": [asdict(result) for result in film_results],
            "sessions": [asdict(result) for result in results],
            "photos": {key: [asdict(p) for p in value] for key, value in photos.items()},
        }
        print(json.dumps(out, indent=2))
        return 0
    for kind in args.kinds:
        of_kind = [result for result in results if result.kind == str(kind)]
        if of_kind:
            _print_total(kind, of_kind, seeds, development=bool(used))
    for (kind_name, art, noise), counts in film_totals(film_results).items():
        print(
            f"film {kind_name} ({art} cards, noise {noise:g}): {counts.placed} placed cards, "
            f"{counts.expected} camera events; {counts.wrong} wrong, {counts.missed} missed, "
            f"{counts.doubled} doubled"
        )
    for title, figures in photos.items():
        right = sum(p.right for p in figures)
        truth = sum(len(p.truth) for p in figures)
        wrong = sum(p.wrong for p in figures)
        print(f"real photos, {title}: {right}/{truth} cards on the table, {wrong} wrong")
        for photo in figures:
            if photo.wrong or photo.missed:
                print(f"  {photo.path}: holds {' '.join(photo.placed)}; is {' '.join(photo.truth)}")
    return 0


def _kinds(text: str) -> tuple[SessionKind, ...]:
    """``--kinds``: session kind names, comma-separated."""
    kinds = []
    for name in text.split(","):
        try:
            kinds.append(SessionKind(name.strip()))
        except ValueError:
            known = ", ".join(str(kind) for kind in SessionKind)
            raise argparse.ArgumentTypeError(f'"{name}" is no session kind ({known})') from None
    return tuple(dict.fromkeys(kinds))


def _print_total(
    kind: SessionKind, results: Sequence[SessionFigures], seeds: range, *, development: bool
) -> None:
    total = {
        key: sum(getattr(result, key) for result in results)
        for key in ("expected", "placed", "right", "wrong", "missed", "doubled", "unsure")
    }
    note = " (development seeds: not a figure)" if development else ""
    print(
        f"{kind}: {len(results)} sessions (seeds {seeds.start}..{seeds.stop - 1}){note}: "
        f"{total['placed']} placed cards, {total['expected']} camera events; "
        f"{total['wrong']} wrong, {total['missed']} missed, {total['doubled']} doubled, "
        f"{total['unsure']} unsure reports; "
        f"max settle-to-event {max(r.max_delay_ms for r in results)} ms"
    )


def _film_kinds(text: str) -> tuple[FilmKind, ...]:
    """``--film-kinds``: film kind names, comma-separated."""
    kinds = []
    for name in text.split(","):
        try:
            kinds.append(FilmKind(name.strip()))
        except ValueError:
            known = ", ".join(str(kind) for kind in FilmKind)
            raise argparse.ArgumentTypeError(f'"{name}" is no film kind ({known})') from None
    return tuple(dict.fromkeys(kinds))


def _print_film(result: FilmFigures) -> None:
    counts = result.tally
    print(
        f"film {result.kind:<8} {result.art:<6} seed {result.seed} noise {result.noise:g}: "
        f"{result.frames} frames, {counts.placed} placed, {counts.right}/{counts.expected} "
        f"events right, {counts.wrong} wrong, {counts.missed} missed, {counts.doubled} "
        f"doubled, {len(result.unsure)} unsure",
        flush=True,
    )
    for line in result.differences:
        print(f"    {line}", flush=True)


def _seed_blocks() -> str:
    return ", ".join(f"{block.start}..{block.stop - 1}" for block in DEVELOPMENT_SEEDS)


def _print_session(result: SessionFigures) -> None:
    print(
        f"{result.kind:<8} {result.game:<11} seed {result.seed} "
        f"{result.frame_size[0]}x{result.frame_size[1]}: "
        f"{result.frames} frames, {result.placed} placed, "
        f"{result.right}/{result.expected} events right, {result.wrong} wrong, "
        f"{result.missed} missed, {result.doubled} doubled, {result.unsure} unsure, "
        f"max delay {result.max_delay_ms} ms",
        flush=True,
    )
    for line in result.differences:
        print(f"    {line}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
