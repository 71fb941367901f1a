"""The power-cut file system keeps what was synced and nothing else (a real FUSE mount)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.tools.power_cut import unmount
from companion.tools.power_fs import CUT_COMMAND, CUT_LINE, MOUNTED_LINE
from tests.tools.fuse import require_fuse


class Mounted:
    def __init__(self, tmp_path: Path, disk: Path, *extra: str) -> None:
        self.mount, self.kept = tmp_path / "mount", tmp_path / "kept"
        self.mount.mkdir()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion.tools.power_fs",
                str(self.mount),
                "--disk",
                str(disk),
                "--kept",
                str(self.kept),
                *extra,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None and self.process.stdin is not None
        assert self.process.stdout.readline().strip() == MOUNTED_LINE

    def cut(self) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(CUT_COMMAND + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        unmount(self.mount)
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=20)


@pytest.fixture
def mounted(tmp_path: Path) -> Iterator[Mounted]:
    require_fuse()
    disk = tmp_path / "disk"
    disk.mkdir()
    (disk / "old").write_bytes(b"on the disk before")
    fs = Mounted(tmp_path, disk)
    yield fs
    fs.close()


def _sync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    os.fsync(descriptor)
    os.close(descriptor)


def test_a_cut_keeps_synced_data_and_names_only(mounted: Mounted) -> None:
    root = mounted.mount
    assert (root / "old").read_bytes() == b"on the disk before"
    with open(root / "synced", "wb") as file:
        file.write(b"kept")
        file.flush()
        os.fsync(file.fileno())
        _sync_folder(root)
        file.write(b" and lost")  # written, never synced
    (root / "unsynced").write_bytes(b"never synced")
    (root / "old").rename(root / "renamed")  # a rename the folder's sync never saw
    assert (root / "synced").read_bytes() == b"kept and lost"
    assert mounted.cut().startswith(CUT_LINE)
    with pytest.raises(OSError):
        (root / "synced").read_bytes()  # no power: nothing answers
    kept = mounted.kept
    assert sorted(path.name for path in kept.iterdir()) == ["old", "synced"]
    assert (kept / "synced").read_bytes() == b"kept"
    assert (kept / "old").read_bytes() == b"on the disk before"


def test_a_file_synced_but_not_its_name_is_gone(mounted: Mounted) -> None:
    with open(mounted.mount / "nameless", "wb") as file:
        file.write(b"data")
        os.fsync(file.fileno())
    mounted.cut()
    assert not (mounted.kept / "nameless").exists()


def test_the_n_th_write_to_the_watched_file_cuts_the_power(tmp_path: Path) -> None:
    require_fuse()
    disk = tmp_path / "disk"
    disk.mkdir()
    fs = Mounted(tmp_path, disk, "--watch", "main", "--cut-at-write", "3")
    try:
        file = open(fs.mount / "main", "wb", buffering=0)  # noqa: SIM115
        file.write(b"1")
        os.fsync(file.fileno())
        _sync_folder(fs.mount)
        file.write(b"2")
        with pytest.raises(OSError):
            file.write(b"3")
        with pytest.raises(OSError):
            file.close()  # no power: even the close fails
        assert fs.process.stdout is not None
        assert fs.process.stdout.readline().split()[0] == "opened"
        said = fs.process.stdout.readline().strip()
        assert said == f"{CUT_LINE} checkpointing=0 opened=1 torn=-"
        assert (fs.kept / "main").read_bytes() == b"1"
    finally:
        fs.close()


def test_a_torn_cut_leaves_each_files_last_unsynced_write_half_written(tmp_path: Path) -> None:
    require_fuse()
    disk = tmp_path / "disk"
    disk.mkdir()
    (disk / "main").write_bytes(b"a" * 8192)
    fs = Mounted(tmp_path, disk, "--torn")
    try:
        with open(fs.mount / "main", "r+b", buffering=0) as file:
            file.seek(4096)
            file.write(b"b" * 4096)  # never synced: the page the power cuts
        with open(fs.mount / "synced", "wb", buffering=0) as file:
            file.write(b"whole")
            os.fsync(file.fileno())
        _sync_folder(fs.mount)
        said = fs.cut()
        assert said == f"{CUT_LINE} checkpointing=0 opened=0 torn=main"
        assert (fs.kept / "main").read_bytes() == b"a" * 4096 + b"b" * 2048 + b"a" * 2048
        assert (fs.kept / "synced").read_bytes() == b"whole"
    finally:
        fs.close()
