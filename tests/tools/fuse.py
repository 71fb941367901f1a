"""The power-cut tests need FUSE: skipped where it is missing, except in CI, where a
missing FUSE is a failure (CI must install Debian's fuse3 and the dev extra)."""

from __future__ import annotations

import os

import pytest

from companion.tools.power_cut import fuse_missing


def require_fuse() -> None:
    missing = fuse_missing()
    if missing is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"the power-cut test cannot run in CI: {missing}")
    pytest.skip(missing)
