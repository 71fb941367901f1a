from collections.abc import Callable

import pytest

from companion.tools.screen_bench import Timing, cases, main, report, time_case
from companion.values.language import Language


def _ticking(step_seconds: float) -> Callable[[], float]:
    """A clock that moves on by ``step_seconds`` each time it is read."""
    now = [0.0]

    def clock() -> float:
        now[0] += step_seconds
        return now[0]

    return clock


def test_a_case_is_timed_with_the_clock_given() -> None:
    case = cases()[0]
    timing = time_case(case, Language.PL, 3, clock=_ticking(0.002))
    assert timing.name == f"{case.name}-pl"
    assert timing.median_ms == pytest.approx(2.0)
    assert timing.worst_ms == pytest.approx(2.0)


def test_the_report_names_the_slowest_screen_and_the_budget() -> None:
    lines = report([Timing("a-en", 0.5, 0.7), Timing("b-ru", 6.0, 7.5), Timing("c-pl", 1.0, 1.0)])
    assert lines[0] == "screens drawn: 3"
    assert lines[1] == "median of the screens' medians: 1.00 ms"
    assert lines[2] == "slowest screen: b-ru 6.00 ms median, 7.50 ms worst"
    assert lines[3] == "OVER the 5 ms budget"


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "slowest screen:" in out and "ms budget" in out


def test_a_bad_repeat_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--repeat", "0"])
    assert "--repeat 0" in capsys.readouterr().err
