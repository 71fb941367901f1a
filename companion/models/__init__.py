"""The trained models the runtime reads, shipped inside the package so that an installed
companion finds them from any folder. How they were made: models/README.md in the
repository."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

READER_FILE = "index_reader.onnx"
DETECTOR_FILE = "index_detector.onnx"
# a narrower detector (two thirds of the width, taught by the first) for the live
# source's first and fine looks, where the table camera's small indices are found
LIVE_DETECTOR_FILE = "index_detector_live.onnx"


def model_path(file_name: str) -> Path:
    """The path of a bundled model file."""
    return Path(str(resources.files(__name__).joinpath(file_name)))
