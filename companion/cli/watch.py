"""``companion watch``: the live table, as event lines on stdout."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.arguments import positive_count
from companion.cards import DECK_PROFILES, FRENCH52, DeckProfile, deck_profile
from companion.values.camera_source import CameraSource

if TYPE_CHECKING:
    from companion.values.frame import Frame

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
CAMERA_RETRY_SECONDS = 2.0
DEFAULT_CAMERA_RETRIES = 5
# A camera that gave this many frames since it was opened counts as working again: its
# next failure starts a fresh count of retries.
STEADY_FRAMES = 100


def positive_fps(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{value} is not above 0")
    return value


def register(subparsers: Any) -> None:
    from companion.games.registry import game_ids

    watch = subparsers.add_parser(
        "watch",
        help="print the table's events live from a camera, a video or a folder of images",
        description="Follow the cards on the mat and print each event line (card ZONE CARD, "
        "gone ZONE CARD, clear ZONE) as it happens, one per line; diagnostics (the mat lost "
        "or found, unsure reads, skipped images) go to stderr. A folder of images is a set "
        "of photos, each a scene of its own whose cards replace the last one's (with --fps, "
        "the frames of a film). Exit 1 when the source fails for good or none of a "
        "folder's images is readable, 2 when it cannot be opened.",
    )
    watch.add_argument(
        "source",
        metavar="SOURCE",
        type=camera_source,
        help="pi, usb:N, a video file or a folder of images",
    )
    watch.add_argument(
        "--game",
        choices=game_ids(),
        default=None,
        help="the game on the mat (default: the one the mat's markers name)",
    )
    watch.add_argument(
        "--mat",
        choices=("auto", "none"),
        default="auto",
        help="none: no mat; the whole frame is one zone, table (default: find the mat)",
    )
    watch.add_argument(
        "--fps",
        type=positive_fps,
        default=None,
        help="frames a second of a video (default: its own), or of a folder of images that "
        "are a film's frames (without it, the images are separate photos)",
    )
    watch.add_argument(
        "--deck",
        choices=sorted(DECK_PROFILES),
        default=None,
        help="the deck in play (default: the game's; french52 without a game)",
    )
    watch.add_argument(
        "--preview",
        type=Path,
        default=None,
        metavar="DIR",
        help="write annotated PNGs of the frames where something was read or happened",
    )
    watch.add_argument(
        "--retries",
        type=positive_count,
        default=DEFAULT_CAMERA_RETRIES,
        help="times a failing camera is opened again before giving up",
    )
    watch.set_defaults(run=run_watch)


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def deck_chooser(chosen: str | None) -> Callable[[str], DeckProfile]:
    """The deck of a game: the one asked for, else the game's with its default options."""

    def deck_for(game: str) -> DeckProfile:
        if chosen is not None:
            return deck_profile(chosen)
        if not game:
            return FRENCH52
        from companion.games.registry import make_engine

        return make_engine(game, {}).deck

    return deck_for


def run_watch(args: argparse.Namespace) -> int:
    from companion.device.camera import NothingReadable, SourceError
    from companion.table.tracker_settings import TrackerSettings
    from companion.table.watching import TableWatch, WatchOptions
    from companion.vision.reader import CardReader

    if args.preview is not None:
        try:
            args.preview.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            log(f"--preview {args.preview}: cannot make the folder ({error.strerror})")
            return EXIT_USAGE
    settings = TrackerSettings()
    deck_for = deck_chooser(args.deck)
    reader = CardReader(settings=settings.reader_settings(), deck=deck_for(args.game or ""))
    options = WatchOptions(
        game=args.game,
        use_mat=args.mat != "none",
        preview=args.preview,
        settings=settings,
        live=args.source.is_camera,
    )
    watch = TableWatch(reader, options, deck_for=_with_reader_deck(deck_for, reader), log=log)
    frames = frames_with_retries(args.source, fps=args.fps, retries=args.retries)
    photos = args.fps is None and args.source.path is not None and args.source.path.is_dir()
    try:
        for frame in frames:
            if photos:
                output = watch.still(frame)
                # the photo's name as a script comment, so its lines can be told apart
                print(f"# {frame.name}", flush=True)
            else:
                output = watch.step(frame)
            for event in output.events:
                print(event.line, flush=True)
    except NothingReadable as error:
        log(str(error))
        return EXIT_FAILED
    except SourceError as error:
        log(str(error))
        return EXIT_USAGE if watch.tracker is None and not args.source.is_camera else EXIT_FAILED
    except KeyboardInterrupt:
        return EXIT_OK
    return EXIT_OK


def _with_reader_deck(
    deck_for: Callable[[str], DeckProfile], reader: Any
) -> Callable[[str], DeckProfile]:
    """``deck_for`` that also has the reader read for the game's deck."""

    def chosen(game: str) -> DeckProfile:
        deck = deck_for(game)
        reader.use_deck(deck)
        return deck

    return chosen


def camera_source(text: str) -> CameraSource:
    try:
        return CameraSource.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def frames_with_retries(
    source: CameraSource,
    *,
    fps: float | None,
    retries: int,
    sleep: Callable[[float], None] = time.sleep,
    opener: Callable[..., Any] | None = None,
) -> Iterator[Frame]:
    """The source's frames; a camera that fails to open or stops is opened again, up to
    ``retries`` times in a row (a run of STEADY_FRAMES frames clears the count), its
    frames' times and numbers carrying on from the last.
    A video or folder is read once; its bad images are named on stderr and skipped."""
    from companion.device.camera import SourceError, open_source

    open_frames = opener or open_source
    failures = 0
    offset_time, offset_number = 0.0, 0
    last_time, last_number = -1.0, -1
    while True:
        try:
            opened = open_frames(
                source,
                fps=fps,
                on_skip=lambda skipped: log(f"{skipped.path}: skipped ({skipped.reason})"),
            )
        except SourceError as error:
            if not source.is_camera or failures >= retries:
                raise
            failures += 1
            log(f"{error}; trying again in {CAMERA_RETRY_SECONDS:g} s ({failures}/{retries})")
            sleep(CAMERA_RETRY_SECONDS)
            continue
        try:
            for given, frame in enumerate(opened.frames(), start=1):
                if given >= STEADY_FRAMES:
                    failures = 0
                frame = frame.at(frame.time + offset_time, frame.number + offset_number)
                last_time, last_number = frame.time, frame.number
                yield frame
            return
        except SourceError as error:
            if not source.is_camera or failures >= retries:
                raise
            failures += 1
            log(f"{error}; opening it again in {CAMERA_RETRY_SECONDS:g} s ({failures}/{retries})")
            sleep(CAMERA_RETRY_SECONDS)
            offset_time, offset_number = last_time + CAMERA_RETRY_SECONDS, last_number + 1
        finally:
            opened.close()
