"""Crop caches of different sources and label rules never share a file; the trainers' crops
are cut at the detector's plain looks."""

from __future__ import annotations

import argparse
from itertools import product
from pathlib import Path

import pytest

from companion.vision.detector import DEFAULT_DETECTOR_PATH, DetectorSettings
from companion.vision.sources import LIVE_DETECTOR, CandidateFinder, CandidateSource
from training.reader_data import LabelRule
from training.scene_jobs import SceneJob, add_trainer_arguments, crop_cache, finder_for


def test_the_default_blob_crops_keep_their_plain_name() -> None:
    path = crop_cache(Path("d"), "train", 8, 3000, CandidateSource.BLOBS, LabelRule.GLYPH_AND_PIP)
    assert path == Path("d/train-8-3000.npz")


def test_other_sources_and_rules_are_named() -> None:
    assert crop_cache(
        Path("d"), "val", 11, 300, CandidateSource.DETECTOR, LabelRule.INDEX_BOX
    ) == Path("d/val-11-300-detector-box.npz")


def test_every_source_and_rule_has_its_own_cache() -> None:
    names = {
        crop_cache(Path("d"), "train", 1, 10, source, rule)
        for source, rule in product(CandidateSource, LabelRule)
    }
    assert len(names) == len(CandidateSource) * len(LabelRule)


def test_training_crops_are_cut_at_the_plain_looks_not_the_live_ones() -> None:
    job = SceneJob(1, ("english",), "", candidates="detector", detector=str(DEFAULT_DETECTOR_PATH))
    detector = finder_for(job).detector
    assert detector is not None and detector.settings == DetectorSettings()
    live = CandidateFinder(CandidateSource.DETECTOR).detector
    assert live is not None and live.settings == LIVE_DETECTOR != DetectorSettings()


def _trainer_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    add_trainer_arguments(parser, scenes=10, val_scenes=2, epochs=1, seed=1)
    return parser


@pytest.mark.parametrize(
    "option", ["--scenes", "--val-scenes", "--epochs", "--workers", "--threads"]
)
@pytest.mark.parametrize("value", ["0", "-3", "two"])
def test_a_trainers_counts_must_be_whole_numbers_of_at_least_one(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        _trainer_parser().parse_args([option, value])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert f"argument {option}: " in error
    assert value in error


def test_a_trainers_counts_are_read_as_given() -> None:
    args = _trainer_parser().parse_args(["--scenes", "7", "--threads", "1"])
    assert (args.scenes, args.val_scenes, args.threads) == (7, 2, 1)
