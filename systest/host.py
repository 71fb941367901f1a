"""What the booted-system tests share on the host's side: running commands, the checks'
report, the stand-in packages and the checkout's files (systest/booted.py, arm64.py)."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
DETAIL_LINES = 25  # of a failed check's output


class Skip(Exception):
    """systemd-nspawn cannot boot the tree here: the only reason to skip."""


class CheckFailed(Exception):
    """A check's condition did not hold; the message says what was seen."""


def say(line: str) -> None:
    print(line, flush=True)


# -- the host and the cached tree ---------------------------------------------------------


def host_run(
    command: Sequence[str],
    *,
    check: bool = True,
    timeout: float | None = None,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        list(command), input=stdin, capture_output=True, text=True, timeout=timeout, check=False
    )
    if check and result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)}: exit {result.returncode}\n{result.stdout}{result.stderr}"
        )
    return result


def stand_in_package(name: str, folder: Path) -> Path:
    """An empty .deb called ``name``: apt then has the package, as Raspberry Pi OS does."""
    root = folder / name
    (root / "DEBIAN").mkdir(parents=True)
    (root / "DEBIAN" / "control").write_text(
        f"Package: {name}\nVersion: 0.0-systest\nArchitecture: all\n"
        "Maintainer: companion systest <nobody@localhost>\n"
        f"Description: empty stand-in for Raspberry Pi OS's {name}\n",
        "utf-8",
    )
    deb = folder / f"{name}.deb"
    host_run(["dpkg-deb", "--root-owner-group", "-b", str(root), str(deb)])
    return deb


def pip_settings() -> tuple[str, list[Path]]:
    """The host pip's index settings, as a pip.conf for inside, and the local folders
    they name (bound read-only into the container)."""
    result = host_run([sys.executable, "-m", "pip", "config", "list"], check=False)
    settings: dict[str, list[str]] = {}
    for entry in result.stdout.splitlines():
        key, _, value = entry.partition("=")
        name = key.rsplit(".", 1)[-1]
        if name not in ("index-url", "extra-index-url", "find-links"):
            continue
        if not key.startswith(("global.", ":env:.")):
            continue
        kept = settings.setdefault(name, [])
        kept += [item for item in value.strip().strip("'\"").split() if item not in kept]
    lines = ["[global]", "cert = /etc/ssl/certs/host-ca.crt"]
    folders: list[Path] = []
    for name, values in settings.items():
        lines.append(f"{name} = {' '.join(values)}")
        for item in values:
            path = Path(item.removeprefix("file://"))
            if item.startswith(("file://", "/")) and path.exists():
                # a local index's pages link to files beside its simple/ folder
                folders.append(path.parent if path.name == "simple" else path)
    return "\n".join(lines) + "\n", folders


def checkout_files() -> list[str]:
    listed = host_run(
        ["git", "-C", str(CHECKOUT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
    ).stdout
    return [name for name in listed.split("\0") if name and (CHECKOUT / name).is_file()]


def child_of(parent: int) -> int:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            status = (entry / "status").read_text()
            if re.search(rf"^PPid:\s*{parent}$", status, re.MULTILINE):
                return int(entry.name)
    return 0


@dataclass
class Report:
    results: list[tuple[str, bool, str]] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)

    def check(self, name: str, step: Callable[[], str]) -> bool:
        """Run one check; its line says PASS or FAIL, what was seen, and its seconds."""
        started = time.monotonic()
        try:
            detail = step()
            passed = True
        except (CheckFailed, RuntimeError, subprocess.SubprocessError, OSError) as error:
            detail, passed = str(error), False
        self.results.append((name, passed, detail))
        lines = detail.strip().splitlines() or [""]
        took = time.monotonic() - started
        say(f"{'PASS' if passed else 'FAIL'} {name}: {lines[0]} [{took:.0f} s]")
        for line in lines[1:][-DETAIL_LINES:]:
            say(f"    {line}")
        return passed

    def close(self, seconds: float, what: str) -> int:
        """Print the figures and the closing count; the exit status (1: a check failed)."""
        failed = [name for name, passed, _ in self.results if not passed]
        for figure in self.figures:
            say(f"figure: {figure}")
        say(f"figure: {what} took {seconds:.0f} s")
        say(f"{len(self.results) - len(failed)} passed, {len(failed)} failed")
        return 1 if failed else 0


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def script_lines(script: str) -> list[str]:
    """An exported script's event lines, comments and blank lines left out."""
    lines = (line.split("#", 1)[0].strip() for line in script.splitlines())
    return [line for line in lines if line]
