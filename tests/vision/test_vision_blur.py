"""Blurred frames (a camera whose focus drifts): every card the tracker's reader, and
``companion recognize``'s, is sure of is right at every blur, on real photos
(../shared/photos, skipped when absent) and on drawn tables; what blur takes away becomes
unsure or unread, never another card."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cards import Card, parse_cards
from companion.table.tracker_settings import TrackerSettings
from companion.tools.drawn import row_frame, table_frame
from companion.tools.evaluation import WHOLE_CARD_KIND, ManifestEntry, read_manifest
from companion.vision.finder import working_image
from companion.vision.images import load_image
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings

PHOTOS = Path(__file__).parents[2] / "../shared/photos"
MANIFEST = PHOTOS / "MANIFEST.tsv"
# Gaussian sigmas in working-image pixels, from sharp to a card no longer readable.
SIGMAS = (0.0, 0.7, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0)
CROP_SAMPLE_STEP = 12  # every 12th whole-card photo keeps the test short
SHARP_FLOOR = 0.9  # of the cards read with no blur: the test must have reads to judge


READERS = ("tracker", "recognize")


def _reader(kind: str) -> tuple[CardReader, float]:
    """The reader as the tracker runs it (live candidates, reads down to the unsure floor,
    sure from the tracker's threshold) or as ``companion recognize`` runs it (the photo
    source and its threshold, no deck file), and the confidence a sure read needs."""
    if kind == "tracker":
        tracker = TrackerSettings()
        return CardReader(settings=tracker.reader_settings()), tracker.min_confidence
    reader = CardReader(settings=ReaderSettings())
    return reader, reader.min_confidence


def _sure_wrong_and_right(
    reader: CardReader,
    sure_from: float,
    image: np.ndarray,
    truth: set[Card],
    excused: set[Card],
) -> dict[float, tuple[list[str], int]]:
    """Per sigma: the cards read sure (at least ``sure_from``, not doubted) that are not
    in ``truth`` (nor ``excused``), and how many sure reads are right."""
    work, _ = working_image(image, reader.settings.finder)
    found: dict[float, tuple[list[str], int]] = {}
    for sigma in SIGMAS:
        blurred = work if sigma == 0.0 else cv2.GaussianBlur(work, (0, 0), sigma)
        sure = [
            d.card for d in reader.read(blurred) if d.confidence >= sure_from and d.doubt is None
        ]
        wrong = [str(card) for card in sure if card not in truth | excused]
        found[sigma] = (wrong, sum(card in truth for card in sure))
    return found


def _photos() -> list[ManifestEntry]:
    if not MANIFEST.is_file():
        pytest.skip(f"no real photos at {PHOTOS.resolve()}: the shared photos folder is absent")
    entries = read_manifest(MANIFEST)
    crops = [e for e in entries if e.kind == WHOLE_CARD_KIND][::CROP_SAMPLE_STEP]
    return [e for e in entries if e.kind != WHOLE_CARD_KIND] + crops


@pytest.mark.parametrize("kind", READERS)
def test_blurred_real_photos_are_read_right_or_not_at_all(kind: str) -> None:
    reader, sure_from = _reader(kind)
    wrong: list[str] = []
    right = {sigma: 0 for sigma in SIGMAS}
    wanted = 0
    for entry in _photos():
        truth = set(entry.cards)
        wanted += len(entry.cards)
        found = _sure_wrong_and_right(
            reader, sure_from, load_image(entry.path), truth, set(entry.partial)
        )
        for sigma, (misread, hits) in found.items():
            wrong.extend(f"{entry.path.name} sigma {sigma}: {card}" for card in misread)
            right[sigma] += hits
    assert wrong == []
    assert right[0.0] >= SHARP_FLOOR * wanted
    assert right[SIGMAS[-1]] < right[0.0]  # the blur does take cards away


@pytest.mark.parametrize("kind", READERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_blurred_drawn_tables_are_read_right_or_not_at_all(seed: int, kind: str) -> None:
    reader, sure_from = _reader(kind)
    cards = list(parse_cards("QD 4D AS AC 8H 3H KS 6C"))
    apart, _ = table_frame(cards, seed=seed)
    fanned, _ = row_frame(cards[:5], step=0.4, angle=10.0 * seed, seed=seed)
    for frame, truth in ((apart, set(cards)), (fanned, set(cards[:5]))):
        found = _sure_wrong_and_right(reader, sure_from, frame, truth, set())
        assert [wrong for wrong, _ in found.values() if wrong] == []
        assert found[0.0][1] >= SHARP_FLOOR * len(truth)
