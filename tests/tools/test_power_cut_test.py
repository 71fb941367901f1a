"""The power-cut test prints the figures and exits 0 when nothing was lost."""

from __future__ import annotations

import pytest

from companion.tools.power_cut_test import main
from tests.tools.fuse import require_fuse


def test_power_cut_test_prints_zero_lost(capsys: pytest.CaptureFixture[str]) -> None:
    require_fuse()
    code = main(["--cuts", "2", "--game", "oczko"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "power cuts: 2" in out
    assert "shown events lost: 0" in out


def test_power_cut_test_refuses_no_cuts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["--cuts", "0"])
    assert raised.value.code == 2
    assert "--cuts" in capsys.readouterr().err
