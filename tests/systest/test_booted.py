"""The booted-system tests' own pieces that need no container: the trees' cache keys, the
stand-in packages, how an exported script and the photos' reads are compared."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from systest import host, tree
from systest.arm64 import reads


def test_the_tree_key_follows_the_package_list_and_the_architecture() -> None:
    recipe = tree.Recipe("amd64")
    key = recipe.key()
    assert key == tree.Recipe("amd64").key() and len(key) == 12
    assert tree.Recipe("amd64", (*tree.TREE_PACKAGES, "procps")).key() != key
    assert tree.Recipe("arm64").key() != key
    assert tree.Recipe("arm64").folder(Path("/cache")).name.startswith("bookworm-arm64-")


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
def test_a_stand_in_package_is_an_empty_deb_of_that_name(tmp_path: Path) -> None:
    deb = host.stand_in_package("python3-lgpio", tmp_path)
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
    assert host.script_lines(exported) == ["game oh-hell players=4", "card trump 8D", "bid 1 1"]


def test_a_check_that_fails_is_a_fail_line_with_its_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = host.Report()

    def failing() -> str:
        host.expect(False, "exposure 1.2 > 1.0\nsecond line")
        return "never"

    assert not report.check("security", failing)
    assert report.check("fine", lambda: "ok")
    assert capsys.readouterr().out.splitlines() == [
        "FAIL security: exposure 1.2 > 1.0 [0 s]",
        "    second line",
        "PASS fine: ok [0 s]",
    ]


def test_reads_of_one_photo_here_and_inside_compare_by_its_path_under_the_photos() -> None:
    here = (
        '[{"image": "/work/shared/photos/a/1.jpeg", "cards": [{"card": "9S", "doubt": null}], '
        '"unsure": [{"card": "KD"}]}]'
    )
    inside = here.replace("/work/shared/photos", "/root/photos")
    assert reads(here, "/work/shared/photos") == {"a/1.jpeg": [("9S", "None"), ("KD", "unsure")]}
    assert reads(here, "/work/shared/photos") == reads(inside, "/root/photos")


def test_a_tree_lock_is_stale_once_its_builder_is_gone(tmp_path: Path) -> None:
    lock = tmp_path / "bookworm-arm64-0.lock"
    lock.mkdir()
    (lock / tree.OWNER).write_text(str(os.getpid()))
    assert not tree.stale(lock)  # its builder runs
    ended = subprocess.Popen(["true"])
    ended.wait()
    (lock / tree.OWNER).write_text(str(ended.pid))
    assert tree.stale(lock)
    (lock / tree.OWNER).unlink()
    assert not tree.stale(lock)  # just made: its builder may not have written its id yet
    old = time.time() - 2 * tree.UNOWNED_LOCK_S
    os.utime(lock, (old, old))
    assert tree.stale(lock)
