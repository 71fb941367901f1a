"""Overhead photos of a card table, made for measuring the reader: a hand of two fanned,
five cards in a row, a few lone cards, chips beside them, wood under them, taken from
straight above at a phone's resolution. Each is written with a MANIFEST.tsv as
../shared/photos has, so ``python -m companion.tools.evaluation`` measures them.

    python -m companion.tools.synthetic.table_photos OUT --photos ../shared/photos [--count 40]

The cards are cut from the real deck photos under ``--photos`` (9 to A) or drawn
(``--art drawn``: every rank); the wood is a real table photo's.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.arguments import positive_count
from companion.cards import Card
from companion.tools.synthetic.film_drawing import CARD_ASPECT, CardArt, DrawnArt, Laid, PhotoArt

PHOTO_SIZE = (3000, 2000)
CARD_WIDTH_SHARE = (0.055, 0.085)  # of the photo's width: a table 0.9-1.4 m across
CHIP_COLOURS = ((40, 40, 200), (200, 80, 30), (30, 140, 40), (30, 30, 30), (230, 230, 230))
DECK_PHOTOS = Path("vosloo/out/angle_1")
WOOD_PHOTOS = (
    Path("coachina/TestCases/OverLapping/8.jpeg"),
    Path("coachina/TestCases/OverLapping/5.jpeg"),
    Path("coachina/TestCases/NonOverLapping/1.jpeg"),
)
JPEG_QUALITY = 88
# Of the wood photos' width, from the left, bare: the single 9S of the third reaches into
# its left third (its index read as a card that is not on the table).
BARE_WOOD_SHARE = 0.25


@dataclass(frozen=True)
class TablePhoto:
    image: np.ndarray
    cards: tuple[Card, ...]


def _wood(path: Path, rng: random.Random) -> np.ndarray:
    """A real table's wood (the photo's left quarter, where no card lies), mirrored and
    stretched over the photo."""
    import cv2

    picture = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if picture is None:
        raise FileNotFoundError(f"{path}: not a readable image")
    strip = picture[:, : round(picture.shape[1] * BARE_WOOD_SHARE)]
    if rng.random() < 0.5:
        strip = strip[::-1]
    tiled = np.hstack([strip, strip[:, ::-1], strip, strip[:, ::-1]])
    wood: np.ndarray = cv2.resize(tiled, PHOTO_SIZE, interpolation=cv2.INTER_CUBIC)
    return wood


def _chips(
    picture: np.ndarray, centre: tuple[float, float], radius: int, rng: random.Random
) -> None:
    """A small stack of casino chips: discs with white edge marks, a shadow."""
    import cv2

    for number in range(rng.randint(2, 5)):
        x = round(centre[0] + rng.uniform(-1.2, 1.2) * radius * (number > 0))
        y = round(centre[1] + rng.uniform(-1.2, 1.2) * radius * (number > 0))
        colour = rng.choice(CHIP_COLOURS)
        cv2.circle(picture, (x + 6, y + 8), radius, (20, 30, 40), -1, cv2.LINE_AA)
        cv2.circle(picture, (x, y), radius, colour, -1, cv2.LINE_AA)
        for mark in range(6):
            angle = mark * math.pi / 3 + rng.uniform(0, 0.3)
            cv2.ellipse(
                picture,
                (x, y),
                (radius - 4, radius - 4),
                math.degrees(angle),
                0,
                18,
                (245, 245, 245),
                max(3, radius // 6),
            )
        cv2.circle(picture, (x, y), round(radius * 0.62), (235, 235, 235), 2, cv2.LINE_AA)


def make_table_photo(art: CardArt, wood: Path, seed: int) -> TablePhoto:
    """One overhead photo: a fanned hand of two, a row of five, lone cards, chips."""
    import cv2

    from companion.tools.synthetic.film_drawing import put_card

    rng = random.Random(f"table-photo:{art.name}:{seed}")
    picture = _wood(wood, rng)
    width_px, height_px = PHOTO_SIZE
    card_width = round(width_px * rng.uniform(*CARD_WIDTH_SHARE))
    card_height = round(card_width * CARD_ASPECT)
    deck = list(art.cards())
    rng.shuffle(deck)
    dealt = iter(deck)
    laid: list[tuple[Laid, np.ndarray]] = []

    def lay(centre: tuple[float, float], angle: float) -> None:
        card = next(dealt)
        laid.append((Laid(card, centre, angle, 0), art.face(card, card_width, rng)))

    # five in a row across the middle, a little apart
    row_y = height_px * rng.uniform(0.45, 0.6)
    step = card_width * rng.uniform(1.08, 1.35)
    row_x = width_px / 2 - 2 * step + rng.uniform(-200, 200)
    turn = rng.uniform(-6, 6)
    for number in range(5):
        lay((row_x + number * step, row_y + rng.uniform(-15, 15)), turn + rng.uniform(-3, 3))
    # a hand of two fanned, near a player's edge
    hand_x, hand_y = width_px * rng.uniform(0.25, 0.75), height_px * rng.uniform(0.8, 0.84)
    spread = rng.uniform(12, 22)
    for number in (-1, 1):
        angle = number * spread / 2 + rng.uniform(-4, 4)
        lay((hand_x + number * card_width * 0.22, hand_y - abs(number) * 0.0), angle)
    # lone cards elsewhere, any way round
    for corner in rng.sample([(0.15, 0.2), (0.85, 0.2), (0.12, 0.75), (0.88, 0.72)], 2):
        lay((width_px * corner[0], height_px * corner[1]), rng.uniform(-180, 180))
    for _ in range(rng.randint(2, 4)):
        spot = (width_px * rng.uniform(0.08, 0.92), height_px * rng.uniform(0.08, 0.3))
        _chips(picture, spot, round(card_width * 0.28), rng)
    for card, face in laid:
        put_card(picture, face, card, (0.0, 0.0))
    # chips beside the row too, a shadow falling over part of the table
    _chips(picture, (row_x + 5 * step, row_y + card_height * 0.1), round(card_width * 0.28), rng)
    shade = np.ones(picture.shape[:2], np.float32)
    cv2.circle(shade, (rng.randrange(width_px), rng.randrange(height_px)), width_px // 4, 0.8, -1)
    lit = picture * cv2.GaussianBlur(shade, (0, 0), 80)[:, :, None]
    picture = np.clip(lit, 0, 255).astype(np.uint8)
    noise = np.random.default_rng(seed).normal(0, 2.0, picture.shape)
    picture = np.clip(picture + noise, 0, 255).astype(np.uint8)
    return TablePhoto(picture, tuple(card.card for card, _ in laid))


def write_table_photos(
    out: Path, photos: Path, *, count: int, art_name: str = "photos", first_seed: int = 0
) -> Path:
    """``count`` table photos and their MANIFEST.tsv in ``out``; the manifest's path."""
    import cv2

    art: CardArt = DrawnArt() if art_name == "drawn" else PhotoArt(photos / DECK_PHOTOS)
    out.mkdir(parents=True, exist_ok=True)
    rows = ["path\tcards\tpartial\tkind\twidth\theight"]
    for number in range(count):
        seed = first_seed + number
        shot = make_table_photo(art, photos / WOOD_PHOTOS[seed % len(WOOD_PHOTOS)], seed)
        name = f"table-{art_name}-{seed:04d}.jpg"
        cv2.imwrite(str(out / name), shot.image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        cards = " ".join(str(card) for card in shot.cards)
        rows.append(f"{name}\t{cards}\t\tscene_multi\t{PHOTO_SIZE[0]}\t{PHOTO_SIZE[1]}")
    manifest = out / "MANIFEST.tsv"
    manifest.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return manifest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.tools.synthetic.table_photos",
        description="Overhead photos of a card table (real cards and wood) with a manifest, "
        "for python -m companion.tools.evaluation.",
    )
    parser.add_argument("out", type=Path, help="the folder to write into")
    parser.add_argument("--photos", type=Path, required=True, help="../shared/photos")
    parser.add_argument("--count", type=positive_count, default=40)
    parser.add_argument("--art", choices=("photos", "drawn"), default="photos")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    manifest = write_table_photos(
        args.out, args.photos, count=args.count, art_name=args.art, first_seed=args.first_seed
    )
    print(manifest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
