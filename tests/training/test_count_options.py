"""The measuring and data tools refuse a count of nothing before they do any work (the
finder report, the crop and whole-card evaluations test theirs in their own files)."""

from __future__ import annotations

import importlib

import pytest

from tests.training.needs_torch import TORCH_MISSING

TOOLS_AND_OPTIONS = [
    ("training.reader_synth_eval", "--scenes"),  # held_out's scene options
    ("training.threshold_sweep", "--scenes"),
    ("training.miss_report", "--scenes"),
    ("training.scene_report", "--count"),
    ("training.faces", "--face-height"),
]


@pytest.mark.parametrize(("module", "option"), TOOLS_AND_OPTIONS)
def test_a_count_of_zero_is_an_error_naming_the_option(
    module: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = importlib.import_module(module)
    with pytest.raises(SystemExit) as stopped:
        tool.main([option, "0"])
    assert stopped.value.code == 2
    assert f"argument {option}: 0 is not at least 1" in capsys.readouterr().err


def test_the_readers_channels_must_each_be_at_least_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("torch", reason=TORCH_MISSING)
    from training import train_reader

    with pytest.raises(SystemExit) as stopped:
        train_reader.main(["--channels", "16", "0", "64", "128"])
    assert stopped.value.code == 2
    assert "argument --channels: 0 is not at least 1" in capsys.readouterr().err
