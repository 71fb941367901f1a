"""The booted-system test's own pieces that need no container: the tree's cache key, the
stand-in packages, and how an exported script is compared."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from systest import booted


def test_the_tree_key_follows_the_package_list(monkeypatch: pytest.MonkeyPatch) -> None:
    key = booted.tree_key()
    assert key == booted.tree_key() and len(key) == 12
    monkeypatch.setattr(booted, "TREE_PACKAGES", (*booted.TREE_PACKAGES, "procps"))
    assert booted.tree_key() != key


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
def test_a_stand_in_package_is_an_empty_deb_of_that_name(tmp_path: Path) -> None:
    deb = booted.stand_in_package("python3-lgpio", tmp_path)
    fields = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Package", "Architecture"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert fields == ["Package:", "python3-lgpio", "Architecture:", "all"]
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert [line.split()[-1] for line in listing] == ["./"]


def test_an_exported_script_is_compared_by_its_event_lines() -> None:
    exported = (
        "# game 3, exported\n"
        "game oh-hell players=4\n"
        "\n"
        "card trump 8D    # 2026-11-27T19:46:11+00:00 camera\n"
        "bid 1 1          # 2026-11-27T19:46:12+00:00 button\n"
    )
    assert booted.script_lines(exported) == ["game oh-hell players=4", "card trump 8D", "bid 1 1"]


def test_a_check_that_fails_is_a_fail_line_with_its_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = booted.Report()

    def failing() -> str:
        booted.expect(False, "exposure 1.2 > 1.0\nsecond line")
        return "never"

    assert not report.check("security", failing)
    assert report.check("fine", lambda: "ok")
    assert capsys.readouterr().out.splitlines() == [
        "FAIL security: exposure 1.2 > 1.0",
        "    second line",
        "PASS fine: ok",
    ]
