"""The trainers end to end, as `train_all` runs them, on a handful of scenes of font-drawn
faces (no Debian packages): each prints its progress and validation figures and writes
an ONNX model that the recogniser's own code loads and runs. The models are far too
small to read cards; what is checked is that the scripts work and what they make fits.

torch comes with the training setup (README, "Training the models"), which `.ci/run`
installs too; without it these skip, saying so."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from tests.training.needs_torch import TORCH_MISSING

pytest.importorskip("torch", reason=TORCH_MISSING)

from companion.cards import Card
from companion.tools.drawn import table_frame
from companion.vision.detector import CHANNELS, STRIDE, IndexDetector
from companion.vision.finder import CROP_HEIGHT, CROP_WIDTH
from companion.vision.labels import RANK_CLASSES, SUIT_CLASSES
from companion.vision.model import IndexReader
from companion.vision.reader import CardReader
from companion.vision.reader_settings import ReaderSettings
from companion.vision.sources import CandidateSource, DetectorModels
from training.detector_widths import Widths
from training.train_all import LIVE_DETECTOR_WIDTHS

ROOT = Path(__file__).resolve().parents[2]
TINY = ("--epochs", "1", "--workers", "1", "--threads", "1")


@dataclass(frozen=True)
class Trained:
    model: Path
    output: str  # what the trainer printed


def _run_trainer(module: str, out: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    run = out.parent
    command = [
        sys.executable,
        *("-m", f"training.{module}"),
        *TINY,
        *("--data-dir", str(run / "data"), "--faces-cache", str(run / "no-debian-faces")),
        *("--precision", "fp32", "--out", str(out)),
        *arguments,
    ]
    return subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)


def _train(module: str, out: Path, *arguments: str) -> Trained:
    result = _run_trainer(module, out, *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    return Trained(out, result.stdout)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("run")


@pytest.fixture(scope="module")
def detector(run: Path) -> Trained:
    return _train(
        "train_detector", run / "index_detector.onnx", "--scenes", "4", "--val-scenes", "2"
    )


@pytest.fixture(scope="module")
def live_detector(run: Path, detector: Trained) -> Trained:
    return _train(
        "train_detector",
        run / "index_detector_live.onnx",
        *("--scenes", "4", "--val-scenes", "2"),
        *("--widths", LIVE_DETECTOR_WIDTHS, "--teacher", str(detector.model)),
    )


@pytest.fixture(scope="module")
def reader(run: Path) -> Trained:
    return _train("train_reader", run / "index_reader.onnx", "--scenes", "6", "--val-scenes", "3")


def _figures(model: Path) -> dict[str, object]:
    figures: dict[str, object] = json.loads(model.with_suffix(".json").read_text())
    return figures


def test_the_detector_trainer_reports_and_writes_a_model_the_detector_runs(
    detector: Trained,
) -> None:
    assert "epoch 1/1: loss" in detector.output
    assert re.search(r"validation: \d+/\d+ visible indices marked", detector.output)
    figures = _figures(detector.model)
    assert figures["widths"] == str(Widths())
    assert figures["teacher"] is None
    image = np.full((96, 160, 3), 200, np.uint8)
    maps = IndexDetector(detector.model).maps(image)
    assert maps.shape == (CHANNELS, 96 // STRIDE, 160 // STRIDE)
    assert np.isfinite(maps).all()


def test_the_live_detector_is_narrower_and_taught_by_the_detector(
    detector: Trained, live_detector: Trained
) -> None:
    assert "teacher index_detector.onnx: 4/4 frames" in live_detector.output
    figures = _figures(live_detector.model)
    assert figures["widths"] == LIVE_DETECTOR_WIDTHS
    assert figures["teacher"] == str(detector.model)
    assert live_detector.model.stat().st_size < detector.model.stat().st_size
    image = np.full((96, 160, 3), 200, np.uint8)
    maps = IndexDetector(detector.model, small_index_path=live_detector.model).maps(
        image, small_indices=True
    )
    assert maps.shape == (CHANNELS, 96 // STRIDE, 160 // STRIDE)


def test_the_reader_trainer_prints_each_epoch_and_the_validation_accuracy_per_class(
    reader: Trained,
) -> None:
    assert re.search(r"epoch 1/1: loss [\d.]+, val accuracy [\d.]+, suit [\d.]+", reader.output)
    assert re.search(r"validation accuracy [\d.]+, suit accuracy [\d.]+", reader.output)
    per_class = _figures(reader.model)["val_per_class"]
    assert isinstance(per_class, dict)
    assert "none" in per_class  # every validation set has crops that are no index
    for name, accuracy in per_class.items():
        assert re.search(rf"^ +{re.escape(name)}: {accuracy:.4f}$", reader.output, re.M)


def test_the_reader_trainer_writes_a_model_the_recogniser_loads_and_runs(
    reader: Trained, detector: Trained, live_detector: Trained
) -> None:
    model = IndexReader(reader.model)
    crops = np.random.default_rng(0).integers(0, 256, (5, CROP_HEIGHT, CROP_WIDTH, 3), np.uint8)
    readings = model.read(crops)
    assert readings.rank_probs.shape == (5, RANK_CLASSES)
    assert readings.suit_probs.shape == (5, SUIT_CLASSES)
    assert np.allclose(readings.rank_probs.sum(axis=1), 1.0, atol=1e-5)
    assert model.features(crops).shape[0] == 5
    frame, _ = table_frame([Card.parse("QH"), Card.parse("7S")], card_height=150, seed=3)
    recogniser = CardReader(
        model_path=reader.model,
        settings=ReaderSettings(source=CandidateSource.DETECTOR),
        detectors=DetectorModels(detector.model, live_detector.model),
    )
    for detection in recogniser.read(frame):  # so small a model may read nothing
        assert 0.0 <= detection.confidence <= 1.0


def test_the_reader_trainer_stops_with_a_reason_when_its_source_finds_no_crops(
    run: Path, detector: Trained
) -> None:
    # trained on four scenes for one step, the detector's heat is still about its
    # starting prior, under the threshold of a peak: it marks nothing
    assert "0.0 peaks per scene" in detector.output
    result = _run_trainer(
        "train_reader",
        run / "unmade_reader.onnx",
        *("--scenes", "2", "--val-scenes", "1"),
        *("--candidates", "detector", "--detector", str(detector.model)),
    )
    assert result.returncode == 1
    assert "train_reader: no training crops: the detector source found no candidate" in (
        result.stderr
    )
    assert "Traceback" not in result.stderr
    assert not (run / "unmade_reader.onnx").exists()
