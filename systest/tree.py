"""The Debian bookworm trees the booted-system tests boot: made with mmdebstrap (apt
fetches in parallel and dpkg runs once, about five times faster than debootstrap under
emulation), kept in a cache keyed by what they hold, for this machine's architecture or,
through qemu-user-static and binfmt-support, for the Pi's (arm64).

The packages come from mmdebstrap's default sources for the suite (Debian's own mirror
with its updates and security), the same as debootstrap's default: no host is named here.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from systest.container import mounts_under
from systest.host import host_run, say

SUITE = "bookworm"
DEFAULT_CACHE = Path("/var/cache/companion-systest")
# What install.sh and the checks need inside; python3-venv, python3-pip and i2c-tools are
# install.sh's, here so that every run need not fetch them.
TREE_PACKAGES = (
    "systemd",
    "systemd-sysv",
    "dbus",
    "python3",
    "python3-venv",
    "python3-pip",
    "ca-certificates",
    "i2c-tools",
)
HOST_TOOLS = {"mmdebstrap": "mmdebstrap", "systemd-nspawn": "systemd-container"}
# mmdebstrap asks arch-test whether this machine runs the foreign architecture.
EMULATION_TOOLS = {
    "qemu-aarch64-static": "qemu-user-static",
    "update-binfmts": "binfmt-support",
    "arch-test": "arch-test",
}
APT_LOCK_WAIT_S = 600  # another apt (the other test's, CI's) may hold dpkg's lock
BINFMT = Path("/proc/sys/fs/binfmt_misc")
QEMU_ENTRY = "qemu-aarch64"
HOST_ARCHITECTURES = {"x86_64": "amd64", "aarch64": "arm64"}
# The lock's file naming the building process; a lock without it older than this was
# left by a build that died before it wrote it.
OWNER = "pid"
UNOWNED_LOCK_S = 60.0


@dataclass(frozen=True)
class Recipe:
    """What a tree holds: its Debian architecture and the packages on top of minbase."""

    architecture: str
    packages: tuple[str, ...] = TREE_PACKAGES

    @property
    def emulated(self) -> bool:
        return self.architecture != host_architecture()

    def key(self) -> str:
        recipe = {
            "suite": SUITE,
            "variant": "minbase",
            "architecture": self.architecture,
            "packages": self.packages,
            "builder": "mmdebstrap",
        }
        return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:12]

    def folder(self, cache: Path) -> Path:
        return cache / f"{SUITE}-{self.architecture}-{self.key()}"


def host_architecture() -> str:
    return HOST_ARCHITECTURES.get(os.uname().machine, os.uname().machine)


def ensure_host_tools(recipe: Recipe) -> None:
    tools = {**HOST_TOOLS, **(EMULATION_TOOLS if recipe.emulated else {})}
    missing = sorted({pkg for tool, pkg in tools.items() if shutil.which(tool) is None})
    if missing:
        say(f"host: apt-get install {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        wait = f"DPkg::Lock::Timeout={APT_LOCK_WAIT_S}"
        subprocess.run(
            ["apt-get", "-o", wait, "update", "-q"], check=True, env=env, capture_output=True
        )
        subprocess.run(
            ["apt-get", "-o", wait, "install", "-y", "-q", "--no-install-recommends", *missing],
            check=True,
            env=env,
            capture_output=True,
        )
    if recipe.emulated:
        ensure_binfmt()


def ensure_binfmt() -> None:
    """The kernel hands arm64 programs to qemu-aarch64-static (flag F: the interpreter is
    opened now, so it also serves inside chroots and containers)."""
    if not (BINFMT / "register").exists():
        host_run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(BINFMT)])
    if not (BINFMT / QEMU_ENTRY).exists():
        host_run(["update-binfmts", "--enable", QEMU_ENTRY])
    entry = (BINFMT / QEMU_ENTRY).read_text()
    if not entry.startswith("enabled") or "F" not in entry.split("flags:")[1].split()[0]:
        raise RuntimeError(f"binfmt_misc's {QEMU_ENTRY} is not enabled with flag F:\n{entry}")


def cached_tree(cache: Path, recipe: Recipe) -> tuple[Path, bool]:
    """The tree of ``recipe``, built once (the bool: built now). Two runs at once (the
    suite's background build and a test) wait for each other on the cache's lock."""
    tree = recipe.folder(cache)
    cache.mkdir(parents=True, exist_ok=True)
    lock = tree.with_name(tree.name + ".lock")
    while True:
        if (tree / "usr" / "lib" / "systemd" / "systemd").exists():
            return tree, False
        try:
            lock.mkdir()
            (lock / OWNER).write_text(str(os.getpid()))
            break
        except FileExistsError:
            if stale(lock):
                say(f"tree: {lock.name} was left by a build that died: built anew")
                shutil.rmtree(lock, ignore_errors=True)
            time.sleep(2)
    try:
        partial = tree.with_name(tree.name + ".partial")
        # a build that died leaves mmdebstrap's mounts (/proc, /sys, /dev/pts) inside
        for mounted in mounts_under(partial):
            host_run(["umount", "--lazy", str(mounted)], check=False)
        shutil.rmtree(partial, ignore_errors=True)
        host_run(
            [
                "mmdebstrap",
                "--quiet",
                "--variant=minbase",
                f"--architectures={recipe.architecture}",
                f"--include={','.join(recipe.packages)}",
                SUITE,
                str(partial),
            ]
        )
        partial.rename(tree)
    finally:
        shutil.rmtree(lock, ignore_errors=True)
    return tree, True


def stale(lock: Path) -> bool:
    """The lock's builder is gone (its process ended; or it never wrote its id and the
    lock is old)."""
    try:
        owner = int((lock / OWNER).read_text())
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            return time.time() - lock.stat().st_mtime > UNOWNED_LOCK_S
        return False
    try:
        os.kill(owner, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
