"""Blurred frames (a camera whose focus drifts): every card the tracker's reader, and
``companion recognize``'s, is sure of is right at every blur, on real photos
(../shared/photos, skipped when absent) and on drawn tables; what blur takes away becomes
unsure or unread, never another card."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import parse_cards
from companion.tools.blur_figures import (
    READERS,
    SIGMAS,
    BlurTally,
    blur_reader,
    blurred_reads,
    measure,
    sampled,
)
from companion.tools.drawn import row_frame, table_frame
from companion.tools.evaluation import ManifestEntry, read_manifest

PHOTOS = Path(__file__).parents[2] / "../shared/photos"
MANIFEST = PHOTOS / "MANIFEST.tsv"
CROP_SAMPLE_STEP = 12  # every 12th whole-card photo keeps the test short
SHARP_FLOOR = 0.9  # of the cards read with no blur: the test must have reads to judge


def _photos() -> list[ManifestEntry]:
    if not MANIFEST.is_file():
        pytest.skip(f"no real photos at {PHOTOS.resolve()}: the shared photos folder is absent")
    return sampled(read_manifest(MANIFEST), CROP_SAMPLE_STEP)


@pytest.mark.parametrize("kind", READERS)
def test_blurred_real_photos_are_read_right_or_not_at_all(kind: str) -> None:
    tally: BlurTally = measure(_photos(), kind)
    assert [line for sigma in SIGMAS for line in tally.wrong[sigma]] == []
    assert tally.right[0.0] >= SHARP_FLOOR * tally.wanted
    assert tally.right[SIGMAS[-1]] < tally.right[0.0]  # the blur does take cards away


@pytest.mark.parametrize("kind", READERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_blurred_drawn_tables_are_read_right_or_not_at_all(seed: int, kind: str) -> None:
    reader, sure_from = blur_reader(kind)
    cards = list(parse_cards("QD 4D AS AC 8H 3H KS 6C"))
    apart, _ = table_frame(cards, seed=seed)
    fanned, _ = row_frame(cards[:5], step=0.4, angle=10.0 * seed, seed=seed)
    for frame, truth in ((apart, set(cards)), (fanned, set(cards[:5]))):
        found = blurred_reads(reader, sure_from, frame, truth, set())
        assert [reads.wrong for reads in found.values() if reads.wrong] == []
        assert found[0.0].right >= SHARP_FLOOR * len(truth)
