"""The container the booted-system tests boot (a Debian tree under ``systemd-nspawn -b``,
systemd its PID 1) and the companion's service inside it."""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from systest.host import (
    CHECKOUT,
    CheckFailed,
    Skip,
    checkout_files,
    child_of,
    host_run,
    pip_settings,
    say,
    stand_in_package,
)

UNIT = "companion.service"
VENV = "/opt/companion/venv"
RELEASES = "/opt/companion/releases"
CURRENT = "/opt/companion/current"
TRIAL = "/opt/companion/trial"
CONFIG = "/etc/companion/config.toml"
STATE = "/var/lib/companion"
CHECKOUT_INSIDE = "/root/companion"
SYSTEST_INSIDE = "/opt/companion-systest"
SESSION_INSIDE = f"{SYSTEST_INSIDE}/session.txt"
DROP_INS = "/run/systemd/system/companion.service.d"
SERVICE_USER = "companion"
# Raspberry Pi OS packages that Debian lacks; empty stand-ins for the second install.
PI_ONLY_PACKAGES = ("python3-picamera2", "python3-lgpio")
# The menu's run: a fresh journal (its first screen is home), no camera, the terminal's
# display and keys.
MENU_CONFIG_TEXT = (
    '[camera]\nsource = "none"\n[display]\nkind = "terminal"\n'
    f'[state]\ndirectory = "{STATE}/menu"\n'
)
BOOT_TIMEOUT_S = 90.0
RESTART_TIMEOUT_S = 60.0
POWER_OFF_TIMEOUT_S = 60.0
SHELL_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


@dataclass
class Container:
    tree: Path
    cache: Path
    work: Path = field(init=False)
    root: Path = field(init=False)
    nspawn: subprocess.Popen[bytes] | None = None
    pid1: int = 0
    # nspawn's --read-only (the root file system), and more --bind= or --bind-ro= options
    read_only: bool = False
    binds: list[str] = field(default_factory=list)
    pip_folders: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="companion-systest-", dir="/var/tmp"))
        self.root = self.work / "root"

    @property
    def pip_cache(self) -> Path:
        """pip's cache, kept between runs: one for each architecture's wheels."""
        return self.cache / f"pip-{self.tree.name.split('-')[1]}"

    def nspawn_options(self) -> list[str]:
        """More of systemd-nspawn's options (an emulated tree has its own)."""
        return []

    def inside_env(self) -> list[str]:
        """More NAME=VALUE for every command run inside."""
        return []

    def prepare(self) -> None:
        for name in ("upper", "overlay-work", "root"):
            (self.work / name).mkdir()
        host_run(
            [
                "mount",
                "-t",
                "overlay",
                "overlay",
                "-o",
                f"lowerdir={self.tree},upperdir={self.work / 'upper'},"
                f"workdir={self.work / 'overlay-work'}",
                str(self.root),
            ]
        )
        shutil.copyfile(
            "/etc/ssl/certs/ca-certificates.crt", self.root / "etc/ssl/certs/host-ca.crt"
        )
        pip_conf, self.pip_folders = pip_settings()
        (self.root / "etc/pip.conf").write_text(pip_conf, "utf-8")
        target = self.root / CHECKOUT_INSIDE.lstrip("/")
        for name in checkout_files():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(CHECKOUT / name, target / name)
        session = self.root / SESSION_INSIDE.lstrip("/")
        session.parent.mkdir(parents=True)
        shutil.copyfile(CHECKOUT / "companion/games/oh_hell/example.txt", session)
        session.with_name("bad.toml").write_text("[display]\nkind = 7\n", "utf-8")
        session.with_name("menu.toml").write_text(MENU_CONFIG_TEXT, "utf-8")
        shutil.copyfile(
            CHECKOUT / "systest/keys_on_a_tty.py", session.with_name("keys_on_a_tty.py")
        )
        debs = self.root / "root/stand-ins"
        debs.mkdir()
        for package in PI_ONLY_PACKAGES:
            stand_in_package(package, debs)
        self.pip_cache.mkdir(parents=True, exist_ok=True)

    def boot(self) -> None:
        """Boot the tree (again, after a power-off: the same root, its changes kept)."""
        binds = [f"--bind-ro={folder}" for folder in self.pip_folders]
        command = [
            "systemd-nspawn",
            "-q",
            "--register=no",
            "--keep-unit",
            "-D",
            str(self.root),
            f"--bind={self.pip_cache}:/root/.cache/pip",
            *binds,
            *self.binds,
            *(["--read-only"] if self.read_only else []),
            *self.nspawn_options(),
            "-b",
        ]
        self.pid1 = 0
        console = (self.work / "console.log").open("ab")
        self.nspawn = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.nspawn.poll() is not None:
                raise Skip(f"systemd-nspawn exited with {self.nspawn.returncode}: {self.console()}")
            self.pid1 = child_of(self.nspawn.pid)  # nspawn's first child may be a passing one
            if self.pid1:
                state = self.run(["systemctl", "is-system-running"], check=False).stdout.strip()
                if state in ("running", "degraded"):
                    return
            time.sleep(0.5)
        raise Skip(f"systemd did not come up in {BOOT_TIMEOUT_S:.0f} s: {self.console()}")

    def console(self) -> str:
        text = (self.work / "console.log").read_text("utf-8", errors="replace")
        return " | ".join(text.strip().splitlines()[-5:])

    def running(self) -> bool:
        return self.nspawn is not None and self.nspawn.poll() is None

    def run(
        self,
        command: Sequence[str],
        *,
        check: bool = True,
        user: str | None = None,
        timeout: float = 900.0,
        stdin: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """A command inside the container, as root or as ``user``."""
        as_user = ["runuser", "-u", user, "--"] if user else []
        full = [
            "nsenter",
            "-t",
            str(self.pid1),
            "-a",
            "env",
            "-i",
            f"PATH={SHELL_PATH}",
            "HOME=/root",
            "LANG=C.UTF-8",
            *self.inside_env(),
            *as_user,
            *command,
        ]
        return host_run(full, check=check, timeout=timeout, stdin=stdin)

    def sh(self, script: str, *, check: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run(["sh", "-c", script], check=check)

    def write(self, path: str, text: str) -> None:
        """A file inside (through the container's own mounts: /run is its tmpfs)."""
        folder = path.rsplit("/", 1)[0]
        self.run(["sh", "-c", f'mkdir -p "{folder}" && cat > "{path}"'], stdin=text)

    def close(self) -> None:
        if self.running():
            self.run(["systemctl", "poweroff"], check=False, timeout=30)
            with contextlib.suppress(subprocess.TimeoutExpired):
                assert self.nspawn is not None
                self.nspawn.wait(POWER_OFF_TIMEOUT_S)
        if self.running():
            assert self.nspawn is not None
            self.nspawn.send_signal(signal.SIGKILL)
            self.nspawn.wait()
        for mounted in mounts_under(self.work):  # the deepest first
            host_run(["umount", str(mounted)], check=False)
        if not mounts_under(self.work):
            shutil.rmtree(self.work, ignore_errors=True)

    def power_off(self) -> None:
        """Power the container off, keeping its root for another boot."""
        if self.running():
            self.run(["systemctl", "poweroff"], check=False, timeout=30)
            assert self.nspawn is not None
            self.nspawn.wait(POWER_OFF_TIMEOUT_S)


def mounts_under(folder: Path) -> list[Path]:
    """The mount points at or below ``folder``, the deepest first."""
    found = []
    for line in Path("/proc/mounts").read_text().splitlines():
        point = Path(line.split()[1].replace("\\040", " "))
        if point == folder or folder in point.parents:
            found.append(point)
    return sorted(found, key=lambda point: len(point.parts), reverse=True)


class Service:
    def __init__(self, box: Container) -> None:
        self.box = box

    def show(self, *properties: str) -> dict[str, str]:
        args = [f"--property={name}" for name in properties]
        text = self.box.run(["systemctl", "show", UNIT, *args]).stdout
        return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    def main_pid(self) -> int:
        return int(self.show("MainPID")["MainPID"])

    def restarts(self) -> int:
        return int(self.show("NRestarts")["NRestarts"])

    def wait(self, condition: Callable[[], bool], what: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.25)
        raise CheckFailed(f"{what}: not within {timeout:.0f} s")

    def active_with_new_pid(self, old_pid: int, what: str) -> int:
        def ready() -> bool:
            shown = self.show("ActiveState", "SubState", "MainPID")
            return (
                shown["ActiveState"] == "active"
                and shown["SubState"] == "running"
                and shown["MainPID"] not in ("0", str(old_pid))
            )

        self.wait(ready, what, RESTART_TIMEOUT_S)
        return self.main_pid()

    def drop_in(self, name: str, text: str | None) -> None:
        """A runtime drop-in for the unit (None removes it), then daemon-reload."""
        path = f"{DROP_INS}/{name}.conf"
        if text is None:
            self.box.run(["rm", "-f", path])
        else:
            self.box.write(path, text)
        self.box.run(["systemctl", "daemon-reload"])

    def companion(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        """The installed ``companion`` as the service user (the journal stays its own)."""
        return self.box.run([f"{VENV}/bin/companion", *args], user=SERVICE_USER, check=check)

    def game_script(self) -> str:
        """The latest game of the journal as its event script."""
        return self.companion("export", "--config", CONFIG, "--format", "script").stdout

    def log(self, since: str = "") -> str:
        args = ["journalctl", "-u", UNIT, "--no-pager", "-o", "cat"]
        if since:
            args.append(f"--since=@{since}")
        return self.box.run(args).stdout

    def now(self) -> str:
        return self.box.run(["date", "+%s"]).stdout.strip()


def loud_skip(reason: str) -> None:
    bar = "!" * 78
    say(f"{bar}\nSKIPPED: the booted-system test did not run: systemd-nspawn cannot boot here.")
    say(f"{reason}\n{bar}")


@contextlib.contextmanager
def container(box: Container) -> Iterator[Container]:
    """``box`` prepared and booted, and powered off and cleared away after."""
    try:
        box.prepare()
        box.boot()
        yield box
    finally:
        box.close()
