"""The threshold sweep's precision and recall arithmetic."""

from __future__ import annotations

from training.threshold_sweep import Found, sweep_line


def test_sweep_line_counts_kept_false_and_readable_hits() -> None:
    found = [
        Found(0.99, present=True, readable=True),
        Found(0.7, present=False, readable=False),
        Found(0.5, present=True, readable=False),  # a partial card: neither hit nor false
    ]
    assert sweep_line(found, 2, 0.6) == " 0.600  precision 0.5000  recall 0.5000  false 1"
    assert sweep_line(found, 2, 0.4) == " 0.400  precision 0.6667  recall 0.5000  false 1"
    assert sweep_line(found, 2, 0.999) == " 0.999  precision 1.0000  recall 0.0000  false 0"
