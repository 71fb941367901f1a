"""Table films (synthetic/table_film) run as ``companion watch --mat none --fps 10`` runs
them: their events, unsure reports and the tally against the film's own lines."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from companion.cards import FRENCH52
from companion.table.events import UnsureReport
from companion.tools.session_run import Tally, TrackedEvent, in_settling_order, tally
from companion.tools.synthetic.film_drawing import (
    FRAME_SIZE,
    CardArt,
    DrawnArt,
    PhotoArt,
    photo_wood,
)
from companion.tools.synthetic.table_film import (
    NOISE_LEVEL,
    SHORT_FRAME_SIZE,
    Film,
    FilmKind,
    make_film,
)

# Real photos used by the films' "photos" art, under a folder like ../shared/photos.
DECK_PHOTOS = Path("vosloo/out/angle_1")
WOOD_PHOTOS = (
    Path("coachina/TestCases/OverLapping/8.jpeg"),
    Path("coachina/TestCases/OverLapping/5.jpeg"),
)
ARTS = ("drawn", "photos")


@dataclass(frozen=True)
class FilmFigures:
    kind: str
    art: str
    seed: int
    noise: float
    frames: int
    tally: Tally
    unsure: tuple[str, ...]
    differences: tuple[str, ...]  # expected lines missing (-) and printed lines extra (+)


def film_art(art: str, photos: Path | None) -> CardArt:
    """The cards of ``art``: drawn, or the real deck's photos under ``photos``."""
    if art == "drawn":
        return DrawnArt()
    if photos is None:
        raise ValueError("the photos' art needs the folder of real photos (--photos)")
    return PhotoArt(photos / DECK_PHOTOS)


def film(
    kind: FilmKind,
    seed: int,
    art: str,
    *,
    photos: Path | None,
    noise: float = NOISE_LEVEL,
    short: bool = False,
) -> Film:
    """A film of ``kind`` with ``art``'s cards on its table (a real table's wood with the
    photos' art)."""
    table = None
    if art == "photos" and photos is not None:
        wood = WOOD_PHOTOS[seed % len(WOOD_PHOTOS)]
        size = SHORT_FRAME_SIZE if short else FRAME_SIZE
        table = photo_wood(photos / wood, random.Random(seed), size)
    art_of = film_art(art, photos)
    return make_film(kind, seed=seed, art=art_of, table=table, noise=noise, short=short)


def run_film(shown: Film) -> FilmFigures:
    """The film through ``companion watch``'s table watch, no mat, as a film's frames."""
    from difflib import unified_diff

    from companion.table.tracker_settings import TrackerSettings
    from companion.table.watching import TableWatch, WatchOptions
    from companion.vision.reader import CardReader

    settings = TrackerSettings()
    reader = CardReader(settings=settings.reader_settings(), deck=FRENCH52)
    options = WatchOptions(use_mat=False, settings=settings, live=False)
    said: list[str] = []
    watch = TableWatch(reader, options, deck_for=lambda _: FRENCH52, log=said.append)
    events: list[TrackedEvent] = []
    unsure: list[UnsureReport] = []
    frames = 0
    for frame in shown.frames:
        output = watch.step(frame)
        frames += 1
        events.extend(TrackedEvent(e.time, output.time, e.line) for e in output.events)
        unsure.extend(output.unsure)
    counts = tally(shown.script, events)
    want = [line for _, line in in_settling_order((s.time, s.line) for s in shown.script)]
    got = [line for _, line in in_settling_order((e.settled, e.line) for e in events)]
    differences = tuple(
        line
        for line in unified_diff(want, got, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    )
    return FilmFigures(
        kind=str(shown.kind),
        art=shown.art,
        seed=shown.seed,
        noise=shown.look.noise,
        frames=frames,
        tally=counts,
        unsure=tuple(f"{report.time:.1f}s {report.text}" for report in unsure),
        differences=differences,
    )
