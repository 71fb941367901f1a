"""Updates that roll back by themselves, tried under the booted systemd: ``install.sh``
run with a checkout that crashes at start, one whose ``companion check`` fails and one
that never reaches READY ends on the release before, playing the game it played; a good
update is kept; and ``install.sh`` killed at random points always leaves a release that
starts (hardware/release-guard)."""

from __future__ import annotations

import random
import subprocess
import time
from collections import Counter
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from systest.container import (
    CHECKOUT_INSIDE,
    CONFIG,
    CURRENT,
    RESTART_TIMEOUT_S,
    TRIAL,
    UNIT,
    Container,
    Service,
)
from systest.host import CheckFailed, Report, expect, say, script_lines

KILLS = 20
INSTALL = f"{CHECKOUT_INSIDE}/hardware/install.sh"
# A first start on trial that hangs has this long to reach READY (the unit's 60 s cut
# short for the test).
TRIAL_START_S = 15
VERDICT_TIMEOUT_S = 180.0
COMPLETE = ".complete"
LOG_LINES_SAID = 12  # of the unit's log, when a game changed


# install.sh's lines (a part of each) and the step each begins.
STEPS = (
    ("apt:", "apt"),
    ("I2C", "I2C"),
    ("user companion", "the user"),
    ("(unfinished)", "clearing unfinished releases"),
    ("venv", "building the release"),
    ("config.toml", "the config"),
    ("the release guard", "the units"),
    ("journald:", "journald"),
    ("on trial", "the switch"),
    ("starting the companion", "the first start"),
    ("removing release", "removing old releases"),
    ("done:", "done"),
)


@dataclass(frozen=True)
class Fault:
    """A build made bad by putting ``line`` first in the body of ``function`` of ``path``
    (in the checkout's copy inside)."""

    path: str
    function: str
    line: str


CRASHES_AT_START = Fault(
    "companion/cli/run.py",
    "def run(args: argparse.Namespace) -> int:",
    'raise RuntimeError("systest: a build that crashes at start")',
)
CHECK_FAILS = Fault(
    "companion/cli/check.py",
    "def run(args: argparse.Namespace) -> int:",
    'raise RuntimeError("systest: a build whose check fails")',
)
NEVER_READY = Fault(
    "companion/cli/run.py",
    "def run(args: argparse.Namespace) -> int:",
    '__import__("time").sleep(3600)  # systest: a build that never says READY',
)


class Updates:
    def __init__(self, box: Container, report: Report, *, kills: int = KILLS) -> None:
        self.box = box
        self.service = Service(box)
        self.report = report
        self.kills = kills
        self.tried = self.rolled_back = self.games_kept = 0
        self.full_install_s = 0.0

    # -- the box as it is ------------------------------------------------------------------

    def install(self) -> subprocess.CompletedProcess[str]:
        return self.box.run(["bash", INSTALL], check=False)

    def current(self) -> str:
        return self.box.run(["readlink", CURRENT]).stdout.strip().removeprefix("releases/")

    def on_trial(self) -> bool:
        return self.box.run(["test", "-e", TRIAL], check=False).returncode == 0

    def state(self) -> tuple[list[str], str, str]:
        """The game in progress (its event lines), the journal's games, the config's hash."""
        script = script_lines(self.service.game_script())
        games = self.service.companion("export", "--config", CONFIG, "--list").stdout
        config = self.box.run(["sha256sum", CONFIG]).stdout.split()[0]
        return script, games, config

    def unchanged(self, kept: tuple[list[str], str, str], when: str, since: str = "") -> None:
        """The game's events all kept (the kiosk may add its own since: a full trick left
        on a table it cannot see is cleared), the journal's games and the config as they
        were; what differs is said, after the unit's log since ``since``."""
        game, games, config = self.state()
        now = (game[: len(kept[0])], games, config)
        for name, before, after in zip(
            ("the game", "the games", "the config"), kept, now, strict=True
        ):
            if before != after:
                logged = self.service.log(since).splitlines()[-LOG_LINES_SAID:]
                raise CheckFailed(
                    f"{when}: {name} changed; the unit's log:\n  "
                    + "\n  ".join(logged)
                    + f"\n  before: {str(before)[-300:]}\n  after:  {str(after)[-300:]}"
                )

    def playing(self) -> str:
        """Waits for the service to run (READY) its game; its status line."""

        def ready() -> bool:
            shown = self.service.show("ActiveState", "SubState", "StatusText")
            return (
                shown["ActiveState"] == "active"
                and shown["SubState"] == "running"
                and shown["StatusText"].startswith("game ")
            )

        self.service.wait(ready, "active and playing a game", RESTART_TIMEOUT_S)
        return self.service.show("StatusText")["StatusText"]

    def faulty(self, fault: Fault) -> Path:
        """Make the checkout inside bad; the path to put its text back into."""
        path = self.box.root / CHECKOUT_INSIDE.lstrip("/") / fault.path
        text = path.read_text("utf-8")
        expect(fault.function in text, f"{fault.path} has no {fault.function!r}")
        path.write_text(text.replace(fault.function, f"{fault.function}\n    {fault.line}"))
        return path

    # -- the checks ------------------------------------------------------------------------

    def good_update(self) -> str:
        before = self.current()
        kept = self.state()
        since = self.service.now()
        started = time.monotonic()
        result = self.install()
        self.full_install_s = time.monotonic() - started
        said = result.stdout + result.stderr
        self.tried += 1
        expect(result.returncode == 0, f"exit {result.returncode}:\n{said}")
        now = self.current()
        expect(now != before, f"still on release {before}")
        expect(f"release {now} kept: READY on its first start" in self.service.log(), "no verdict")
        expect(
            self.box.run(["readlink", "/opt/companion/previous"]).stdout.strip()
            == (f"releases/{before}"),
            "the release before is not kept",
        )
        status = self.playing()
        self.unchanged(kept, "after the update", since)
        self.games_kept += 1
        return f"{self.full_install_s:.0f} s; release {before} -> {now}, kept; STATUS={status}"

    def bad_update(self, fault: Fault, *, unit_settings: str | None = None) -> str:
        before = self.current()
        kept = self.state()
        since = self.service.now()
        if unit_settings is not None:
            self.service.drop_in("systest-trial", unit_settings)
        path = self.faulty(fault)
        original = path.read_text("utf-8").replace(f"\n    {fault.line}", "", 1)
        try:
            result = self.install()
        finally:
            path.write_text(original, "utf-8")
            if unit_settings is not None:
                self.service.drop_in("systest-trial", None)
        said = result.stdout + result.stderr
        self.tried += 1
        expect(result.returncode == 1, f"exit {result.returncode}, not 1:\n{said}")
        expect(f"back on release {before}, which runs" in said, f"install.sh said:\n{said}")
        expect(self.current() == before, f"on release {self.current()}, not {before}")
        self.rolled_back += 1
        status = self.playing()
        guard = [line for line in self.service.log(since).splitlines() if "rolled back" in line]
        expect(bool(guard), "the guard's rollback is not in the unit's log")
        self.unchanged(kept, "after the rollback", since)
        self.games_kept += 1
        return f"back on release {before}: {guard[0].split(': ', 1)[-1]}; STATUS={status}"

    def killed_installs(self) -> str:
        """install.sh (in a transient unit of its own) SIGKILLed, with everything it
        started, at a random time within an update's length; then the box is started as
        a reboot would start it, and must play its game on a whole release. A run that
        ended before its kill is no kill: it shortens the length drawn from."""
        seed = int(time.time())
        chooser = random.Random(seed)
        kept = self.state()
        length = max(self.full_install_s, 1.0)
        phases: Counter[str] = Counter()
        kills = ended_first = 0
        while kills < self.kills:
            unit = f"systest-install-{kills}-{ended_first}"
            started = time.monotonic()
            self.box.run(["systemd-run", f"--unit={unit}", "--quiet", "bash", INSTALL])
            time.sleep(chooser.uniform(0.0, length))
            if self.ended(unit):
                ended_first += 1
                length = min(length, time.monotonic() - started)
                self.box.run(["systemctl", "reset-failed", unit], check=False)
                self.settled()
                continue
            self.box.run(["systemctl", "kill", "--signal=SIGKILL", unit], check=False)
            self.service.wait(partial(self.ended, unit), f"{unit} ended", RESTART_TIMEOUT_S)
            phases[self.last_step(unit)] += 1
            kills += 1
            self.box.run(["systemctl", "reset-failed", unit], check=False)
            self.settled()
            whole = self.box.run(["test", "-e", f"{CURRENT}/{COMPLETE}"], check=False)
            expect(whole.returncode == 0, f"kill {kills}: current is not a whole release")
            self.box.run(["systemctl", "restart", UNIT], check=False)  # as a reboot starts it
            self.settled()
            self.playing()
            self.unchanged(kept, f"kill {kills}")
        after = self.install()
        said = (after.stdout + after.stderr).strip().splitlines()
        expect(
            after.returncode == 0,
            f"the run after the kills: exit {after.returncode}:\n" + "\n".join(said[-20:]),
        )
        self.report.figures.append(
            f"install.sh killed {kills} times (seed {seed}, at random within {length:.0f} s; "
            f"{ended_first} runs ended before their kill): bootable {kills} of {kills}; killed "
            "in: " + ", ".join(f"{step} {count}" for step, count in phases.most_common())
        )
        return f"{kills} of {kills} started and played their game; the next run ends well"

    def ended(self, unit: str) -> bool:
        state = self.box.run(["systemctl", "is-active", unit], check=False).stdout.strip()
        return state in ("inactive", "failed")

    def last_step(self, unit: str) -> str:
        """The step install.sh was in when killed, from its last line."""
        log = self.box.run(["journalctl", "-u", unit, "-o", "cat", "--no-pager"], check=False)
        said = [line for line in log.stdout.splitlines() if line.startswith("install.sh: ")]
        last = said[-1] if said else ""
        return next((step for words, step in STEPS if words in last), "its start")

    def settled(self) -> None:
        """No trial left undecided and no job of the unit in flight."""

        def done() -> bool:
            jobs = self.box.run(["systemctl", "list-jobs", "--no-legend"], check=False).stdout
            return UNIT not in jobs and not (self.on_trial() and self.trial_started())

        self.service.wait(done, "the trial's verdict", VERDICT_TIMEOUT_S)

    def trial_started(self) -> bool:
        return "starts=1" in self.box.run(["cat", TRIAL], check=False).stdout

    def all(self) -> None:
        check = self.report.check
        check("an update is kept once its first start is READY", self.good_update)
        check(
            "an update to a build that crashes at start ends on the release before, playing",
            lambda: self.bad_update(CRASHES_AT_START),
        )
        check(
            "an update whose companion check fails ends on the release before, playing",
            lambda: self.bad_update(CHECK_FAILS),
        )
        check(
            f"an update that is not READY within {TRIAL_START_S} s ends on the release before",
            lambda: self.bad_update(
                NEVER_READY, unit_settings=f"[Service]\nTimeoutStartSec={TRIAL_START_S}\n"
            ),
        )
        self.report.figures.append(
            f"updates tried {self.tried}, rolled back {self.rolled_back} (of 3 bad builds), "
            f"games kept {self.games_kept} of {self.tried}"
        )
        check(
            f"install.sh killed at {self.kills} random points leaves a release that starts",
            self.killed_installs,
        )
        say(f"releases now: {self.box.run(['ls', '/opt/companion/releases']).stdout.split()}")
