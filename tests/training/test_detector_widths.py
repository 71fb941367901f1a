"""The detector network's widths as ``train_detector --widths`` takes them."""

from __future__ import annotations

import pytest

from training.detector_widths import Widths


def test_widths_parse_three_channel_counts_and_print_back() -> None:
    widths = Widths.parse("16,32,64")
    assert (widths.stem, widths.fine, widths.coarse) == (16, 32, 64)
    assert str(widths) == "16,32,64"
    assert Widths.parse(str(Widths())) == Widths()


@pytest.mark.parametrize("text", ["16,32", "16,32,64,128", "16,x,64", "16,-2,64", "0,32,64", ""])
def test_widths_that_are_not_three_positive_counts_are_refused_naming_the_text(
    text: str,
) -> None:
    with pytest.raises(ValueError, match="width") as refused:
        Widths.parse(text)
    assert repr(text) in str(refused.value)
