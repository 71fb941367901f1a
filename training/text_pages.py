"""Pages of printed text on a table, which hold no card: "not an index" crops for the
reader, and a count of the cards it wrongly reads on such pages.

A score sheet, a rule book or a newspaper beside the cards is full of the letters and
digits indices are made of (K, 7, +30). The scenes' own text distractor draws one short
line in OpenCV's stroke fonts; these pages are paragraphs in the installed TrueType
fonts, turned, on a table surface, through the scenes' camera.

    python -m training.text_pages --crops 800 --seed 1 \\
        --out work-data/datasets/text-pages-1-800.npz
    python -m training.text_pages --report --pages 60 --seed 1000

Crops are cut by the finders the reader runs with (the photo source and the live
source, each with its own looks, plus the second look's jittered recuts), so they are the
crops the reader would see on such a page.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.arguments import positive_count, summary_of
from companion.vision.detector import DEFAULT_DETECTOR_PATH
from companion.vision.finder import working_image
from companion.vision.finder_settings import FinderSettings
from companion.vision.labels import NOT_AN_INDEX
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateFinder, CandidateSource, DetectorModels
from training.backgrounds import make_background
from training.fonts import FONT_ROOT, font_files
from training.photometric import Camera
from training.reader_data import CropSet, JitterSettings, jittered

FRAME_WIDTH, FRAME_HEIGHT = 1280, 960
LETTER_PIXELS = (9, 60)  # font size range in frame pixels
CROPS_PER_PAGE = 48  # at most this many crops kept of each page (a random sample)
# Words of score sheets and rule books in the three scripts, numbers as scores are
# written; no suit symbols: a rank written beside a suit sign is an index in all but name.
WORD_TEXT = (
    "King Queen Ace Jack Knave seven nine ten Dama Walet Król As Kier Pik Trefl Karo "
    "Туз Король Дама Валет Пики Трефы Бубны Черви банк ставка очко взятка "
    "2 3 4 5 6 7 8 9 10 11 12 15 20 21 25 30 -10 +30 +5 -3 x2 1/2 A K Q J W D В Д Т "
    "the of and to in a is table cards score bank bid trick round total player points "
    "dealer trump game Oh Hell Mon Tue Wed 2026 No. Nr pkt razem gracz runda итог игрок "
    "lorem ipsum dolor sit amet consectetur"
)
WORDS = tuple(WORD_TEXT.split())
INKS = ((20, 20, 20), (175, 25, 30), (25, 35, 130), (70, 70, 70), (20, 90, 40))


def _fonts() -> list[Path]:
    fonts = font_files(FONT_ROOT)
    if not fonts:
        raise SystemExit(f"text_pages: no TrueType fonts under {FONT_ROOT}")
    return fonts


def render_page(seed: int, fonts: Sequence[Path], camera: Camera) -> np.ndarray:
    """A BGR frame of a printed page (some of it, turned) lying on a table."""
    from PIL import Image, ImageDraw, ImageFont

    rng = np.random.default_rng(seed)
    side = int(FRAME_WIDTH * rng.uniform(0.7, 1.6))
    paper = tuple(int(value) for value in rng.integers(215, 256, 3))
    page = Image.new("RGB", (side, int(side * 1.3)), paper)
    draw = ImageDraw.Draw(page)
    size = int(rng.integers(*LETTER_PIXELS))
    font = ImageFont.truetype(str(fonts[int(rng.integers(0, len(fonts)))]), size)
    line_gap = rng.uniform(1.15, 2.0)
    margin = int(side * rng.uniform(0.03, 0.12))
    y = margin
    while y < page.height - margin:
        x = margin + (int(rng.integers(0, 4)) * size if rng.random() < 0.2 else 0)
        ink = INKS[int(rng.integers(0, len(INKS)))]
        while x < side - margin:
            word = WORDS[int(rng.integers(0, len(WORDS)))]
            draw.text((x, y), word, fill=ink, font=font)
            x += int(font.getlength(word + " "))
            if rng.random() < 0.1:
                ink = INKS[int(rng.integers(0, len(INKS)))]
        y += int(size * line_gap)
    table = make_background(rng, FRAME_HEIGHT, FRAME_WIDTH)
    spin = cv2.getRotationMatrix2D((side / 2, page.height / 2), float(rng.uniform(0, 360)), 1)
    shift = (
        rng.uniform(-0.3, 0.3, 2) * (FRAME_WIDTH, FRAME_HEIGHT)
        + np.array([FRAME_WIDTH - side, FRAME_HEIGHT - page.height]) / 2
    )
    turn = np.column_stack([spin[:, :2], spin[:, 2] + shift])
    sheet = np.asarray(page, np.float32)
    placed = cv2.warpAffine(sheet, turn, (FRAME_WIDTH, FRAME_HEIGHT), flags=cv2.INTER_AREA)
    cover = cv2.warpAffine(np.ones(sheet.shape[:2], np.float32), turn, (FRAME_WIDTH, FRAME_HEIGHT))[
        ..., None
    ]
    image = np.ascontiguousarray(placed * cover + table * (1 - cover), np.float32)
    frame, _ = camera.finish(rng, image, index_pixels=float(size))
    return frame


def page_crops(frame: np.ndarray, finders: Sequence[CandidateFinder], seed: int) -> CropSet:
    """A sample of the crops the reader's finders cut from a page, all "not an index"."""
    rng = np.random.default_rng(seed)
    work, _ = working_image(frame, FinderSettings())
    parts = []
    for find in finders:
        candidates = find(work)
        parts.append(candidates.crops)
        if len(candidates):
            rows = np.arange(len(candidates))
            parts.append(jittered(work, candidates, rows, rng, JitterSettings(copies=1)))
    crops = np.concatenate(parts) if parts else np.zeros((0, 1, 1, 3), np.uint8)
    if len(crops) > CROPS_PER_PAGE:
        crops = crops[rng.choice(len(crops), CROPS_PER_PAGE, replace=False)]
    labels = np.full(len(crops), NOT_AN_INDEX, np.int64)
    return CropSet(crops, labels, np.zeros(len(crops), np.int64))


@dataclass(frozen=True)
class PageJob:
    run_seed: int  # the camera's sensor noise, the same for every page of a run
    page_seed: int
    detector: str


_PAGE_TOOLS: dict[tuple[int, str], tuple[list[Path], Camera, list[CandidateFinder]]] = {}


def _crops_of(job: PageJob) -> CropSet:
    """One page's crops; the fonts, camera and finders are made once per worker process."""
    key = (job.run_seed, job.detector)
    if key not in _PAGE_TOOLS:
        finders = [
            # the committed reader's crops were cut by one detector for every look
            CandidateFinder(
                source, detectors=DetectorModels(Path(job.detector), live_small_index=None)
            )
            for source in (CandidateSource.GATED, CandidateSource.DETECTOR)
        ]
        _PAGE_TOOLS[key] = (_fonts(), Camera(job.run_seed), finders)
    fonts, camera, finders = _PAGE_TOOLS[key]
    return page_crops(render_page(job.page_seed, fonts, camera), finders, job.page_seed)


def make_crops(pages: int, seed: int, out: Path, detector: Path, workers: int) -> None:
    """Cut the crops of ``pages`` pages in ``workers`` processes (each page is made from
    its own seed, so the crops are the same for any number of workers) and save them."""
    _fonts()  # no fonts: stop before starting the workers
    jobs = [PageJob(seed, seed * 100_000 + number, str(detector)) for number in range(pages)]
    sets = []
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for number, crops in enumerate(pool.map(_crops_of, jobs, chunksize=4), start=1):
            sets.append(crops)
            if number % 50 == 0:
                print(
                    f"{number}/{pages} pages, {sum(len(s.ranks) for s in sets)} crops, "
                    f"{time.perf_counter() - started:.0f} s",
                    flush=True,
                )
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(
        out,
        crops=np.concatenate([s.crops for s in sets]),
        ranks=np.concatenate([s.ranks for s in sets]),
        suits=np.concatenate([s.suits for s in sets]),
    )
    print(f"wrote {sum(len(s.ranks) for s in sets)} crops of {pages} pages to {out}")


def report(pages: int, seed: int, model: Path | None, save: Path | None, detector: Path) -> None:
    """Read each page as a photo and as a live frame; print every card read."""
    from companion.vision.model import DEFAULT_MODEL_PATH
    from companion.vision.reader import CardReader

    fonts = _fonts()
    camera = Camera(seed)
    readers = {
        source: CardReader(
            model_path=model or DEFAULT_MODEL_PATH,
            settings=ReaderSettings(source=source),
            detectors=DetectorModels(detector),
        )
        for source in (CandidateSource.GATED, CandidateSource.DETECTOR)
    }
    false_cards = dict.fromkeys(readers, 0)
    pages_hit = dict.fromkeys(readers, 0)
    for number in range(pages):
        page_seed = seed * 100_000 + number
        frame = render_page(page_seed, fonts, camera)
        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(save / f"page-{page_seed}.jpg"), frame)
        for source, reader in readers.items():
            read = reader.read(frame)
            false_cards[source] += len(read)
            pages_hit[source] += bool(read)
            for detection in read:
                print(
                    f"page {page_seed} ({source.value}): {detection.card} "
                    f"{detection.confidence:.3f}"
                )
    for source in readers:
        print(
            f"{source.value}: {false_cards[source]} false card(s) on {pages_hit[source]} "
            f"of {pages} pages of text"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary_of(__doc__))
    parser.add_argument("--seed", type=int, default=1)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--crops", type=positive_count, metavar="PAGES", help="cut crops of this many pages"
    )
    what.add_argument("--report", action="store_true", help="count false cards on pages")
    parser.add_argument("--pages", type=positive_count, default=60, help="pages to read (--report)")
    parser.add_argument("--out", type=Path, help="the crops file to write (--crops)")
    parser.add_argument("--model", type=Path, default=None, help="the ONNX reader (--report)")
    parser.add_argument(
        "--detector", type=Path, default=DEFAULT_DETECTOR_PATH, help="the ONNX index detector"
    )
    parser.add_argument("--save", type=Path, default=None, help="keep the pages here (--report)")
    parser.add_argument(
        "--workers", type=positive_count, default=2, help="processes cutting crops (--crops)"
    )
    args = parser.parse_args(argv)
    if args.crops is not None:
        if args.out is None:
            parser.error("--crops needs --out")
        make_crops(args.crops, args.seed, args.out, args.detector, args.workers)
    else:
        report(args.pages, args.seed, args.model, args.save, args.detector)
    return 0


if __name__ == "__main__":
    sys.exit(main())
