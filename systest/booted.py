"""The companion under a booted systemd: a Debian bookworm tree (mmdebstrap, cached
between runs), booted with ``systemd-nspawn -b`` so that systemd is PID 1, where
``hardware/install.sh`` installs the checkout and the service is tried for real: its
start, kills and watchdog, updates that roll back by themselves, ``install.sh`` killed at
random points, and a read-only root with the SD card's writes counted.

Run as root on a Debian machine that reaches Debian's and Python's package registries:

    python3 -m systest.booted

It installs what it needs on the host (mmdebstrap, systemd-container), prints one line
per check (PASS or FAIL), the figures, and exits 1 when a check failed. It skips (exit 0,
said loudly) only when systemd-nspawn cannot boot the tree at all. ``systest/arm64.py``
does the same on the Pi's architecture, emulated.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from systest.container import (
    CHECKOUT_INSIDE,
    CONFIG,
    PI_ONLY_PACKAGES,
    POWER_OFF_TIMEOUT_S,
    RESTART_TIMEOUT_S,
    SERVICE_USER,
    SESSION_INSIDE,
    SYSTEST_INSIDE,
    UNIT,
    VENV,
    Container,
    Service,
    container,
    loud_skip,
)
from systest.host import CheckFailed, Report, Skip, expect, say, script_lines
from systest.releases import KILLS, Updates
from systest.tree import (
    DEFAULT_CACHE,
    Recipe,
    cached_tree,
    ensure_host_tools,
    host_architecture,
)
from systest.wear import ReadOnlyRoot

GROUPS_NEEDED = ("video", "gpio", "i2c")
MAX_EXPOSURE = 1.0
# A short watchdog for the hang test; the app pings at half of it.
TEST_WATCHDOG_S = 6
UPGRADE_MARK = "# systest: the upgraded checkout"
BAD_CONFIG_INSIDE = f"{SYSTEST_INSIDE}/bad.toml"
MENU_CONFIG = f"{SYSTEST_INSIDE}/menu.toml"
# BACK (home), long OK (the menu, on a new game with no game yet), DOWN four times to
# Shut down (the last row), OK (the question, on no), DOWN (yes), OK.
MENU_SHUTDOWN_KEYS = "bOddddodo"
KEYS_NAME_FILE = "/run/systest-keys.name"
KEYS_FILE = "/run/systest-keys.keys"
STATUS_TIMEOUT_S = 10.0
SCRIPTED_PLAY_S = 4.0
SLOW_RESTART_S = 8  # the time to read the journal of a killed service before it is back
STILL_ON_S = 5.0
LOG_TAIL_LINES = 40


def test_settings(watchdog_s: int) -> str:
    """The test's own unit settings: a short watchdog, and room for its many restarts."""
    return f"[Unit]\nStartLimitBurst=100\n[Service]\nWatchdogSec={watchdog_s}\nTimeoutAbortSec=5\n"


class Checks:
    def __init__(
        self,
        box: Container,
        report: Report,
        *,
        keep_log: Path | None = None,
        watchdog_s: int = TEST_WATCHDOG_S,
    ) -> None:
        """``keep_log``: where to write the unit's whole log before the power-off."""
        self.box = box
        self.service = Service(box)
        self.report = report
        self.keep_log = keep_log
        self.settings = test_settings(watchdog_s)
        self.session: list[str] = []

    def install(self) -> subprocess.CompletedProcess[str]:
        return self.box.run(["bash", f"{CHECKOUT_INSIDE}/hardware/install.sh"], check=False)

    def first_install(self) -> str:
        # the test's own settings, in place before install.sh starts the service
        self.service.drop_in(
            "systest",
            self.settings + "Environment=GPIOZERO_PIN_FACTORY=mock\n",
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
            self.settings,
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

    def all(self) -> bool:
        """The checks up to the power-off; False when nothing was installed."""
        check = self.report.check
        installed = check(
            "install.sh on plain Debian says what apt lacks and goes on", self.first_install
        )
        if not installed:
            say(self.service_log_tail())
            return False
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
        return True

    def service_log_tail(self) -> str:
        with contextlib.suppress(RuntimeError, subprocess.SubprocessError):
            lines = self.service.log().splitlines()[-LOG_TAIL_LINES:]
            return "the service's log, last lines:\n  " + "\n  ".join(lines)
        return "the service's log: unreadable"


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
    parser.add_argument(
        "--kills", type=int, default=KILLS, help="how many times install.sh is killed"
    )
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        say("FAIL the booted-system test needs root (mmdebstrap, mount, systemd-nspawn)")
        return 1
    # a stopped test still powers its container off and unmounts its tree (the finally)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    started = time.monotonic()
    recipe = Recipe(host_architecture())
    ensure_host_tools(recipe)
    tree, built = cached_tree(args.cache, recipe)
    say(f"tree: {tree} ({'built now' if built else 'cached'}, {time.monotonic() - started:.0f} s)")
    if args.tree_only:
        return 0
    report = Report()
    try:
        with container(Container(tree, args.cache)) as box:
            say(f"booted in {time.monotonic() - started:.0f} s since the start")
            checks = Checks(box, report, keep_log=args.service_log)
            if checks.all():
                Updates(box, report, kills=args.kills).all()
                report.check(
                    "Shut down in the menu (exit status 10) powers the container off",
                    checks.power_off,
                )
                ReadOnlyRoot(box, report).all()
    except Skip as skip:
        loud_skip(str(skip))
        return 0
    return report.close(time.monotonic() - started, "the booted-system test")


if __name__ == "__main__":
    sys.exit(main())
