"""Manifest parsing and scoring for ``companion eval``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.cards import Card, parse_cards
from companion.tools.evaluation import (
    EvalReport,
    ManifestEntry,
    ManifestError,
    evaluate,
    read_manifest,
    score_image,
)

HEADER = "path\tcards\tpartial\tkind\twidth\theight\n"


def _entry(
    cards: str, partial: str = "", unknown: int = 0, kind: str = "scene_multi"
) -> ManifestEntry:
    return ManifestEntry(Path("x.jpg"), parse_cards(cards), parse_cards(partial), unknown, kind)


def test_manifest_partial_notes_and_unknown_cards_are_parsed(tmp_path: Path) -> None:
    manifest = tmp_path / "MANIFEST.tsv"
    manifest.write_text(
        HEADER
        + "a/1.jpg\t2C JS\t4S (top-left edge) ? (card stack, right edge)\tscene_multi\t1\t1\n",
        "utf-8",
    )
    (entry,) = read_manifest(manifest)
    assert entry.path == tmp_path / "a/1.jpg"
    assert entry.cards == parse_cards("2C JS")
    assert entry.partial == (Card.parse("4S"),)
    assert entry.unknown_partial == 1


def test_bad_card_in_manifest_names_the_line(tmp_path: Path) -> None:
    manifest = tmp_path / "MANIFEST.tsv"
    manifest.write_text(
        HEADER + "a.jpg\t2C\t\tscene_single\t1\t1\nb.jpg\tZZ\t\tscene_single\t1\t1\n"
    )
    with pytest.raises(ManifestError, match=r"MANIFEST.tsv:3"):
        read_manifest(manifest)


def test_missing_column_is_reported(tmp_path: Path) -> None:
    manifest = tmp_path / "m.tsv"
    manifest.write_text("path\tcards\n")
    with pytest.raises(ManifestError, match="partial"):
        read_manifest(manifest)


def test_scoring_counts_hits_misses_extras_and_excuses_partials() -> None:
    report = EvalReport()
    score_image(
        _entry("2C JS 3H", partial="4S", unknown=1), list(parse_cards("2C 4S 9D 8C")), report
    )
    overall = report.overall
    # 2C hit; 4S excused (partial); 9D excused by the "?"; 8C extra; JS and 3H missed
    assert (overall.true_positives, overall.false_positives, overall.false_negatives) == (1, 1, 2)
    assert overall.precision == pytest.approx(0.5)
    assert overall.recall == pytest.approx(1 / 3)
    assert sum(report.confused.values()) == 1


def test_every_card_a_whole_card_crop_yields_is_counted() -> None:
    entries = [_entry("QH", kind="whole_card_crop")]
    report = evaluate(
        entries,
        lambda image: list(parse_cards("QH KH")),
        lambda path: np.zeros((4, 4, 3), np.uint8),
    )
    crops = report.per_kind["whole_card_crop"]
    assert (crops.true_positives, crops.false_positives) == (1, 1)
    assert crops.precision == 0.5
    assert report.failures == [{"path": "x.jpg", "missed": [], "extra": ["KH"]}]


def test_unreadable_images_are_errors_not_crashes() -> None:
    def broken(path: Path) -> np.ndarray:
        raise ValueError(f"{path}: corrupt")

    report = evaluate([_entry("QH")], lambda image: [], broken)
    assert report.errors == ["x.jpg: corrupt"]
    assert report.overall.images == 0
