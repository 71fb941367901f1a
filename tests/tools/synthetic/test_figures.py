from __future__ import annotations

from companion.tools.synthetic.figures import calibration_costs


def test_calibration_costs_name_each_measure_with_a_time() -> None:
    costs = calibration_costs((1280, 720), repeats=3)
    assert [what for what, _ in costs] == [
        "ArUco on the whole grey frame",
        "full search (960 px wide copy)",
        "update, still table",
        "update, one marker under a hand",
    ]
    assert all(ms > 0 for _, ms in costs)
