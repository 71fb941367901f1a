"""The companion under a booted systemd: a Debian bookworm tree (debootstrap, cached
between runs), booted with ``systemd-nspawn -b`` so that systemd is PID 1, where
``hardware/install.sh`` installs the checkout and the service is tried for real.

Run as root on a Debian machine that reaches Debian's and Python's package registries:

    python3 systest/booted.py

It installs what it needs on the host (debootstrap, systemd-container), prints one line
per check (PASS or FAIL), the figures, and exits 1 when a check failed. It skips (exit 0,
said loudly) only when systemd-nspawn cannot boot the tree at all.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
# What install.sh and the checks need inside; i2c-tools is install.sh's, here so that
# every run need not fetch it.
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
# Raspberry Pi OS packages that Debian lacks; empty stand-ins for the second install.
PI_ONLY_PACKAGES = ("python3-picamera2", "python3-lgpio")
DEFAULT_CACHE = Path("/var/cache/companion-systest")
HOST_TOOLS = {"debootstrap": "debootstrap", "systemd-nspawn": "systemd-container"}

UNIT = "companion.service"
VENV = "/opt/companion/venv"
CONFIG = "/etc/companion/config.toml"
STATE = "/var/lib/companion"
CHECKOUT_INSIDE = "/root/companion"
SESSION_INSIDE = "/opt/companion-systest/session.txt"
DROP_INS = "/run/systemd/system/companion.service.d"
SERVICE_USER = "companion"
GROUPS_NEEDED = ("video", "gpio", "i2c")
MAX_EXPOSURE = 1.0
POWER_OFF_STATUS = 10
# A short watchdog for the hang test; the app pings at half of it.
TEST_WATCHDOG_S = 6
UPGRADE_MARK = "# systest: the upgraded checkout"
# The test's own unit settings: a short watchdog, and room for its many restarts.
TEST_SETTINGS = (
    f"[Unit]\nStartLimitBurst=100\n[Service]\nWatchdogSec={TEST_WATCHDOG_S}\nTimeoutAbortSec=5\n"
)
SYSTEST_INSIDE = "/opt/companion-systest"
BAD_CONFIG_INSIDE = f"{SYSTEST_INSIDE}/bad.toml"
# The menu's run: a fresh journal (its first screen is home), no camera, the terminal's
# display and keys.
MENU_CONFIG = f"{SYSTEST_INSIDE}/menu.toml"
MENU_CONFIG_TEXT = (
    '[camera]\nsource = "none"\n[display]\nkind = "terminal"\n'
    f'[state]\ndirectory = "{STATE}/menu"\n'
)
# BACK (home), long OK (the menu, on a new game with no game yet), DOWN four times to
# Shut down (the last row), OK (the question, on no), DOWN (yes), OK.
MENU_SHUTDOWN_KEYS = "bOddddodo"
KEYS_NAME_FILE = "/run/systest-keys.name"
KEYS_FILE = "/run/systest-keys.keys"

BOOT_TIMEOUT_S = 90.0
SETTLE_TIMEOUT_S = 60.0
RESTART_TIMEOUT_S = 60.0
STATUS_TIMEOUT_S = 10.0
POWER_OFF_TIMEOUT_S = 60.0
SCRIPTED_PLAY_S = 4.0
SLOW_RESTART_S = 8  # the time to read the journal of a killed service before it is back
STILL_ON_S = 5.0
LOG_TAIL_LINES = 40
DETAIL_LINES = 25  # of a failed check's output
SHELL_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


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


def ensure_host_tools() -> None:
    missing = sorted({pkg for tool, pkg in HOST_TOOLS.items() if shutil.which(tool) is None})
    if missing:
        say(f"host: apt-get install {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=True, env=env, capture_output=True)
        subprocess.run(
            ["apt-get", "install", "-y", "-q", *missing], check=True, env=env, capture_output=True
        )


def tree_key() -> str:
    recipe = {"suite": SUITE, "variant": "minbase", "packages": TREE_PACKAGES, "mirror": MIRROR}
    return hashlib.sha256(json.dumps(recipe, sort_keys=True).encode()).hexdigest()[:12]


def cached_tree(cache: Path) -> tuple[Path, bool]:
    """The bookworm tree for this package list, built once (the bool: built now)."""
    tree = cache / f"{SUITE}-{tree_key()}"
    if (tree / "usr" / "lib" / "systemd" / "systemd").exists():
        return tree, False
    partial = tree.with_name(tree.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    host_run(
        [
            "debootstrap",
            "--variant=minbase",
            f"--include={','.join(TREE_PACKAGES)}",
            SUITE,
            str(partial),
            MIRROR,
        ]
    )
    partial.rename(tree)
    return tree, True


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


# -- the container ------------------------------------------------------------------------


@dataclass
class Container:
    tree: Path
    cache: Path
    work: Path = field(init=False)
    root: Path = field(init=False)
    nspawn: subprocess.Popen[bytes] | None = None
    pid1: int = 0

    def __post_init__(self) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="companion-systest-", dir="/var/tmp"))
        self.root = self.work / "root"

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
        (self.cache / "pip").mkdir(parents=True, exist_ok=True)

    def boot(self) -> None:
        binds = [f"--bind-ro={folder}" for folder in self.pip_folders]
        command = [
            "systemd-nspawn",
            "-q",
            "--register=no",
            "--keep-unit",
            "-D",
            str(self.root),
            f"--bind={self.cache / 'pip'}:/root/.cache/pip",
            *binds,
            "-b",
        ]
        console = (self.work / "console.log").open("wb")
        self.nspawn = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=console, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + BOOT_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.nspawn.poll() is not None:
                raise Skip(f"systemd-nspawn exited with {self.nspawn.returncode}: {self.console()}")
            self.pid1 = self.pid1 or child_of(self.nspawn.pid)
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
        host_run(["umount", str(self.root)], check=False)
        shutil.rmtree(self.work, ignore_errors=True)


def child_of(parent: int) -> int:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            status = (entry / "status").read_text()
            if re.search(rf"^PPid:\s*{parent}$", status, re.MULTILINE):
                return int(entry.name)
    return 0


# -- the service --------------------------------------------------------------------------


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


# -- the checks ---------------------------------------------------------------------------


@dataclass
class Report:
    results: list[tuple[str, bool, str]] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)

    def check(self, name: str, step: Callable[[], str]) -> bool:
        try:
            detail = step()
            passed = True
        except (CheckFailed, RuntimeError, subprocess.SubprocessError, OSError) as error:
            detail, passed = str(error), False
        self.results.append((name, passed, detail))
        lines = detail.strip().splitlines() or [""]
        say(f"{'PASS' if passed else 'FAIL'} {name}: {lines[0]}")
        for line in lines[1:][-DETAIL_LINES:]:
            say(f"    {line}")
        return passed


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def script_lines(script: str) -> list[str]:
    """An exported script's event lines, comments and blank lines left out."""
    lines = (line.split("#", 1)[0].strip() for line in script.splitlines())
    return [line for line in lines if line]


class Checks:
    def __init__(self, box: Container, report: Report, *, keep_log: Path | None) -> None:
        """``keep_log``: where to write the unit's whole log before the power-off."""
        self.box = box
        self.service = Service(box)
        self.report = report
        self.keep_log = keep_log
        self.session: list[str] = []

    def install(self) -> subprocess.CompletedProcess[str]:
        return self.box.run(["bash", f"{CHECKOUT_INSIDE}/hardware/install.sh"], check=False)

    def first_install(self) -> str:
        # the test's own settings, in place before install.sh starts the service
        self.service.drop_in(
            "systest",
            TEST_SETTINGS + "Environment=GPIOZERO_PIN_FACTORY=mock\n",
        )
        started = time.monotonic()
        result = self.install()
        took = time.monotonic() - started
        said = result.stdout + result.stderr
        expect(result.returncode == 0, f"exit {result.returncode}:\n{said}")
        for package in PI_ONLY_PACKAGES:
            expect(package in said, f"install.sh did not mention the missing {package}")
        notes = [line for line in said.splitlines() if "python3-lgpio" in line]
        return f"{took:.0f} s on plain Debian; {notes[0].strip() if notes else ''}"

    def active_after_ready(self) -> str:
        service = self.service
        service.box.run(["systemctl", "stop", UNIT])
        started = time.monotonic()
        service.box.run(["systemctl", "start", UNIT])  # Type=notify: returns at READY
        returned = time.monotonic() - started
        shown = service.show(
            "ActiveState", "ExecMainStartTimestampMonotonic", "ActiveEnterTimestampMonotonic"
        )
        expect(shown["ActiveState"] == "active", f"ActiveState={shown['ActiveState']}")
        ready = (
            int(shown["ActiveEnterTimestampMonotonic"])
            - int(shown["ExecMainStartTimestampMonotonic"])
        ) / 1e6
        self.report.figures.append(
            f"READY: {ready:.2f} s from the process's start; "
            f"`systemctl start` took {returned:.2f} s"
        )
        return f"active; READY {ready:.2f} s after the process started"

    def status_line(self) -> str:
        text = self.service.show("StatusText")["StatusText"]
        expect(bool(text.strip()), "StatusText is empty")
        return f"STATUS={text}"

    def user_and_groups(self) -> str:
        pid = self.service.main_pid()
        status = self.box.run(["cat", f"/proc/{pid}/status"]).stdout
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        uid = fields["Uid"].split()[0]
        gids = set(fields["Groups"].split())
        user = self.box.run(["getent", "passwd", uid]).stdout.split(":")[0]
        names = {self.box.run(["getent", "group", gid]).stdout.split(":")[0] for gid in gids}
        missing = set(GROUPS_NEEDED) - names
        expect(user == SERVICE_USER, f"runs as {user!r}")
        expect(not missing, f"groups {sorted(names)} lack {sorted(missing)}")
        return f"user {user}, groups {' '.join(sorted(names))}"

    def game_after_kill(self) -> str:
        """The service plays the oh-hell session (``run --scripted``) and is killed in the
        middle; the journal is read while it is down (a read while it runs may miss the
        commit in flight), and it comes back, without the script, to that game."""
        service = self.service
        service.drop_in(
            "scripted",
            f"[Service]\nExecStart=\n"
            f"ExecStart={VENV}/bin/companion run --scripted {SESSION_INSIDE}\n",
        )
        service.box.run(["systemctl", "restart", UNIT])
        time.sleep(SCRIPTED_PLAY_S)
        service.drop_in("scripted", None)  # the restart is the plain service...
        service.drop_in("slow-restart", f"[Service]\nRestartSec={SLOW_RESTART_S}\n")
        pid = service.main_pid()
        service.box.sh(f"kill -KILL {pid}")  # the shell's own kill: no procps here
        service.wait(
            lambda: service.show("SubState")["SubState"] == "auto-restart",
            "waiting to restart after SIGKILL",
            RESTART_TIMEOUT_S,
        )
        kept = script_lines(service.game_script())  # ...after this read
        service.drop_in("slow-restart", None)
        expect(len(kept) > 1, f"the scripted session recorded nothing: {kept}")
        service.active_with_new_pid(pid, "restarted after SIGKILL")
        resumed = script_lines(service.game_script())
        self.session = resumed
        status = service.show("StatusText")["StatusText"]
        expect(resumed == kept, f"{len(kept)} lines kept at the kill, {len(resumed)} after")
        expect(status.startswith("game "), f"no game resumed: STATUS={status}")
        return f"the same {len(resumed)} lines kept at the kill and after; STATUS={status}"

    def restarted_after_kill(self) -> str:
        service = self.service
        restarts, pid = service.restarts(), service.main_pid()
        service.box.sh(f"kill -KILL {pid}")  # the shell's own kill: no procps here
        new = service.active_with_new_pid(pid, "restarted after SIGKILL")
        expect(service.restarts() == restarts + 1, "NRestarts did not grow by one")
        return f"pid {pid} -> {new}"

    def restarted_by_watchdog(self) -> str:
        service = self.service
        since = service.now()
        restarts, pid = service.restarts(), service.main_pid()
        service.box.sh(f"kill -STOP {pid}")  # the shell's own kill: no procps here
        new = service.active_with_new_pid(pid, "restarted after SIGSTOP")
        expect(service.restarts() == restarts + 1, "NRestarts did not grow by one")
        log = service.log(since)
        expect("Watchdog timeout" in log, "no watchdog timeout in the unit's log")
        return f"pid {pid} hung, watchdog timeout after {TEST_WATCHDOG_S} s, now pid {new}"

    def game_unchanged(self) -> str:
        now = script_lines(self.service.game_script())
        expect(bool(self.session), "no game was recorded to compare with")
        expect(now == self.session, f"{len(now)} lines now, {len(self.session)} before")
        return f"the same {len(now)} lines"

    def exits_that_stay_on(self) -> str:
        service = self.service
        seen = []
        service.box.run(["systemctl", "stop", UNIT])  # SIGTERM: exit 0
        seen.append(service.show("ExecMainStatus")["ExecMainStatus"])
        service.drop_in(
            "bad-config",
            f"[Service]\nExecStart=\n"
            f"ExecStart={VENV}/bin/companion run --config {BAD_CONFIG_INSIDE}\n"
            "Restart=no\n",
        )
        service.box.run(["systemctl", "start", UNIT], check=False)
        seen.append(service.show("ExecMainStatus")["ExecMainStatus"])
        service.drop_in("bad-config", None)
        time.sleep(STILL_ON_S)
        expect(self.box.running(), "the container powered off")
        expect(seen == ["0", "2"], f"exit statuses {seen}, not 0 then 2")
        service.box.run(["systemctl", "reset-failed", UNIT], check=False)
        service.box.run(["systemctl", "start", UNIT])
        return f"exit statuses {', '.join(seen)} and SIGKILLs: still running"

    def upgrade(self) -> str:
        service, box = self.service, self.box
        box.sh(f'sed -i \'s/^language = "en"/language = "pl"/\' {CONFIG}')
        config_before = box.run(["sha256sum", CONFIG]).stdout.split()[0]
        games_before = service.companion("export", "--config", CONFIG, "--list").stdout
        box.sh(f"echo '{UPGRADE_MARK}' >> {CHECKOUT_INSIDE}/companion/__init__.py")
        box.sh("dpkg -i /root/stand-ins/*.deb >/dev/null")
        result = self.install()
        said = result.stdout + result.stderr
        expect(result.returncode == 0, f"exit {result.returncode}:\n{said}")
        expect("keeping" in said, "install.sh did not say it kept the config")
        expect("not in the apt sources" not in said, "the stand-in packages were not seen")
        config_after = box.run(["sha256sum", CONFIG]).stdout.split()[0]
        expect(config_after == config_before, "the config changed")
        installed = box.sh(
            f"{VENV}/bin/python -c 'import companion, pathlib; "
            "print(pathlib.Path(companion.__file__).read_text())'"
        ).stdout
        expect(UPGRADE_MARK in installed, "the installed package is not the new checkout")
        games_after = service.companion("export", "--config", CONFIG, "--list").stdout
        expect(games_after == games_before, "the journal's games changed")
        expect(script_lines(service.game_script()) == self.session, "the game changed")
        expect(service.show("ActiveState")["ActiveState"] == "active", "not active after")
        return (
            "with python3-picamera2 and python3-lgpio from apt: config kept (sha256 equal), "
            "journal kept, new code installed, active"
        )

    def security(self) -> str:
        text = self.box.run(["systemd-analyze", "security", UNIT, "--no-pager"]).stdout
        found = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", text)
        expect(found is not None, "no exposure level in systemd-analyze's output")
        assert found is not None
        exposure = float(found.group(1))
        self.report.figures.append(f"systemd-analyze security: {exposure} {found.group(2)}")
        expect(exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}")
        return f"{exposure} {found.group(2)}"

    def without_gpio(self) -> str:
        service = self.service
        service.drop_in(
            "systest",
            TEST_SETTINGS,
        )
        since = service.now()
        service.box.run(["systemctl", "restart", UNIT])
        shown = service.show("ActiveState", "StatusText")
        expect(shown["ActiveState"] == "active", f"ActiveState={shown['ActiveState']}")
        # The buttons are first tried on the buttons' thread, which starts after READY: the
        # status says so a moment later.
        service.wait(
            lambda: "no buttons" in service.show("StatusText")["StatusText"],
            f"STATUS naming the buttons (at READY: {shown['StatusText']})",
            STATUS_TIMEOUT_S,
        )
        time.sleep(2 * TEST_WATCHDOG_S)  # long enough for a restart loop to show
        said = [line for line in service.log(since).splitlines() if "no buttons" in line]
        expect(len(said) == 1, f"{len(said)} log lines about the buttons: {said}")
        expect(service.show("NRestarts")["NRestarts"] == "0", "it restarted")
        return f"active; log: {said[0]}"

    def no_traceback(self) -> str:
        log = self.service.log()
        expect("Traceback" not in log, "a traceback: " + log[log.find("Traceback") :][:400])
        return f"{len(log.splitlines())} log lines, none a traceback"

    def power_off(self) -> str:
        """Shut down chosen in the menu (the terminal display and keys, on a pseudo-
        terminal typed into from inside) ends ``run`` with exit status 10, on which the
        unit's ExecStopPost powers the container off."""
        box, service = self.box, self.service
        box.run(
            [
                "systemd-run",
                "--unit=systest-keys",
                "python3",
                f"{SYSTEST_INSIDE}/keys_on_a_tty.py",
                KEYS_NAME_FILE,
                KEYS_FILE,
            ]
        )
        service.wait(
            lambda: box.run(["test", "-s", KEYS_NAME_FILE], check=False).returncode == 0,
            "the keys' terminal",
            RESTART_TIMEOUT_S,
        )
        terminal = box.run(["cat", KEYS_NAME_FILE]).stdout.strip()
        service.drop_in(
            "menu",
            f"[Service]\nExecStart=\nExecStart={VENV}/bin/companion run --config {MENU_CONFIG}\n"
            f"StandardInput=tty-force\nStandardOutput=tty\nStandardError=journal\n"
            f"TTYPath={terminal}\n",
        )
        box.run(["systemctl", "restart", UNIT])  # READY: the keys are read from now on
        box.write(KEYS_FILE, MENU_SHUTDOWN_KEYS)
        assert box.nspawn is not None
        try:
            box.nspawn.wait(POWER_OFF_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"still running {POWER_OFF_TIMEOUT_S:.0f} s later") from None
        return f"keys {MENU_SHUTDOWN_KEYS!r} on {terminal}: the container powered off"

    def all(self) -> None:
        check = self.report.check
        installed = check(
            "install.sh on plain Debian says what apt lacks and goes on", self.first_install
        )
        if not installed:
            say(self.service_log_tail())
            return
        check("the unit is active after READY", self.active_after_ready)
        check("the status line is set", self.status_line)
        check("it runs as companion with the groups video gpio i2c", self.user_and_groups)
        check("a game in progress is resumed after SIGKILL", self.game_after_kill)
        check("restarted after SIGKILL", self.restarted_after_kill)
        check("the game is the same after that restart", self.game_unchanged)
        check("restarted by the watchdog after SIGSTOP", self.restarted_by_watchdog)
        check("the game is the same after the watchdog's restart", self.game_unchanged)
        check("exit statuses 0 and 2 leave the machine on", self.exits_that_stay_on)
        check("a second install.sh upgrades, keeps config and journal", self.upgrade)
        check(f"systemd-analyze security <= {MAX_EXPOSURE}", self.security)
        check("with no GPIO at all the service starts", self.without_gpio)
        check("the service's log holds no traceback", self.no_traceback)
        if not all(passed for _, passed, _ in self.report.results):
            say(self.service_log_tail())
        if self.keep_log is not None:
            log = self.box.run(["journalctl", "-u", UNIT, "--no-pager"], check=False).stdout
            self.keep_log.write_text(log, "utf-8")
        check("Shut down in the menu (exit status 10) powers the container off", self.power_off)

    def service_log_tail(self) -> str:
        with contextlib.suppress(RuntimeError, subprocess.SubprocessError):
            lines = self.service.log().splitlines()[-LOG_TAIL_LINES:]
            return "the service's log, last lines:\n  " + "\n  ".join(lines)
        return "the service's log: unreadable"


def loud_skip(reason: str) -> None:
    bar = "!" * 78
    say(f"{bar}\nSKIPPED: the booted-system test did not run: systemd-nspawn cannot boot here.")
    say(f"{reason}\n{bar}")


@contextlib.contextmanager
def container(tree: Path, cache: Path) -> Iterator[Container]:
    box = Container(tree, cache)
    try:
        box.prepare()
        box.boot()
        yield box
    finally:
        box.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where the tree is kept")
    parser.add_argument(
        "--service-log", type=Path, default=None, help="write the unit's whole log here"
    )
    parser.add_argument(
        "--tree-only",
        action="store_true",
        help="only install the host's tools and build the tree (CI does it during the suite)",
    )
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        say("FAIL the booted-system test needs root (debootstrap, mount, systemd-nspawn)")
        return 1
    # a stopped test still powers its container off and unmounts its tree (the finally)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    started = time.monotonic()
    ensure_host_tools()
    tree, built = cached_tree(args.cache)
    say(f"tree: {tree} ({'built now' if built else 'cached'}, {time.monotonic() - started:.0f} s)")
    if args.tree_only:
        return 0
    report = Report()
    try:
        with container(tree, args.cache) as box:
            say(f"booted in {time.monotonic() - started:.0f} s since the start")
            Checks(box, report, keep_log=args.service_log).all()
    except Skip as skip:
        loud_skip(str(skip))
        return 0
    total = time.monotonic() - started
    failed = [name for name, passed, _ in report.results if not passed]
    for figure in report.figures:
        say(f"figure: {figure}")
    say(f"figure: the booted-system test took {total:.0f} s")
    say(f"{len(report.results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
