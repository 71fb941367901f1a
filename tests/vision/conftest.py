"""Fixtures shared by the vision tests."""

from __future__ import annotations

import pytest

from companion.vision import bands


@pytest.fixture
def small_bands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bands of a few dozen rows, so that small test images are read in several."""
    monkeypatch.setattr(bands, "BAND_BYTES", 20_000)
