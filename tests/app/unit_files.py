"""Reading a systemd unit file in the unit tests: its settings by key, and the mark for
tests that need systemd's own tools."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

needs_systemd = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed"
)


def unit_settings(unit: Path) -> dict[str, list[str]]:
    """Every ``Key=value`` of the unit, each key's values in their order (sections merged)."""
    found: dict[str, list[str]] = {}
    for line in unit.read_text("utf-8").splitlines():
        if line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found
