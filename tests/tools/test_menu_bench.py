from __future__ import annotations

import pytest

from companion.tools.menu_bench import PRESSES, main
from companion.tools.menu_samples import SAMPLES


def test_the_bench_prints_both_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert f"menu screens: {len(SAMPLES) * 3}," in out
    assert f"press to picture: {len(PRESSES)} presses" in out


def test_a_bad_repeat_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--repeat", "0"])
    assert "--repeat 0" in capsys.readouterr().err
