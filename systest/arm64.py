"""The companion on the Pi's own architecture: an arm64 Debian bookworm tree, run on this
machine by qemu-user-static through binfmt_misc and booted with ``systemd-nspawn -b``
(systemd boots under emulation here), where ``hardware/install.sh`` installs the
checkout. Checked there: the install, the unit active after READY, a game in progress
the same after SIGKILL, ``companion recognize`` on shared photos reading what this
machine reads with nothing on stderr, a short demo equal to its script, and the
reader's cosines finite and free of floating-point warnings where numpy's matmul was not.

    python3 -m systest.arm64      (as root; after making the checkout's .venv, whose
                                   reads of the photos are the reference)

The emulated CPU is a Pi 5's, a Cortex-A76: qemu's default, "max", has SVE and SME, which
no Pi has, and OpenBLAS then picks its SME kernels (eleven times slower under emulation).
onnxruntime reads the CPU's make from /proc/cpuinfo, which qemu leaves as this machine's
(x86): it is shown a Cortex-A76's. Emulation is 30-100 times slower than the Pi: no time
measured here says anything about the Pi.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from systest.booted import Checks
from systest.container import UNIT, VENV, Container, Service, container
from systest.host import CHECKOUT, Report, Skip, expect, host_run, say
from systest.tree import DEFAULT_CACHE, Recipe, cached_tree, ensure_host_tools

ARCHITECTURE = "arm64"
PI5_CPU = "cortex-a76"  # qemu's name for the Pi 5's core
SME_CPU = "max"  # qemu's CPU with every feature: SVE and SME, as Apple's M4 has
PI5_CPUINFO_ENTRY = (
    "processor\t: {number}\nBogoMIPS\t: 108.00\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
    "asimdrdm lrcpc dcpop asimddp\nCPU implementer\t: 0x41\nCPU architecture: 8\n"
    "CPU variant\t: 0x4\nCPU part\t: 0xd0b\nCPU revision\t: 1\n\n"
)
PHOTOS = Path(os.environ.get("COMPANION_SHARED", CHECKOUT.parent / "shared")) / "photos"
PHOTOS_INSIDE = "/root/photos"
CPUINFO = "/etc/systest-cpuinfo"
# A scene of one card, one of five, four overlapping, and one card's crop.
READ_PHOTOS = (
    "coachina/TestCases/NonOverLapping/1.jpeg",
    "coachina/TestCases/NonOverLapping/2.jpeg",
    "coachina/TestCases/OverLapping/4.jpeg",
    "vosloo/out/angle_1/10C_00.jpg",
)
DEMO_EVENTS = 6
# The emulated app is slow to ping: the watchdog is the unit's own, not the x86 test's 6 s.
WATCHDOG_S = 30
LONG_S = 3600.0  # a command under emulation
MAX_OFF_BY = 1e-6  # a float32 cosine from a float64 one


class EmulatedContainer(Container):
    """An arm64 tree under qemu-user: the Pi 5's CPU for every process, its /proc/cpuinfo."""

    def nspawn_options(self) -> list[str]:
        return [f"--setenv=QEMU_CPU={PI5_CPU}", f"--bind-ro={PHOTOS}:{PHOTOS_INSIDE}"]

    def inside_env(self) -> list[str]:
        return [f"QEMU_CPU={PI5_CPU}"]

    def prepare(self) -> None:
        super().prepare()
        entries = (PI5_CPUINFO_ENTRY.format(number=n) for n in range(os.cpu_count() or 1))
        (self.root / CPUINFO.lstrip("/")).write_text("".join(entries), "utf-8")
        settings = self.root / "etc/systemd/system.conf.d/systest-qemu.conf"
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text(f"[Manager]\nDefaultEnvironment=QEMU_CPU={PI5_CPU}\n", "utf-8")
        # The sheet is not tried here: both tests' containers share this machine's network,
        # and the x86 one serves it on its port.
        sheet = self.root / "etc/systemd/system/companion-sheet.service.d/systest.conf"
        sheet.parent.mkdir(parents=True, exist_ok=True)
        sheet.write_text("[Unit]\nConditionPathExists=/systest-arm64-runs-no-sheet\n", "utf-8")

    def boot(self) -> None:
        super().boot()
        # nspawn binds nothing over /proc: bound from inside, before any service starts
        self.run(["mount", "--bind", "-o", "ro", CPUINFO, "/proc/cpuinfo"])


def reads(said: str, root: Path | str) -> dict[str, list[tuple[str, str]]]:
    """``recognize --json``'s reads by photo (its path under ``root``): the cards with
    their doubt, and the unsure ones."""
    found = {}
    for photo in json.loads(said):
        cards = [(card["card"], str(card["doubt"])) for card in photo["cards"]]
        cards += [(card["card"], "unsure") for card in photo["unsure"]]
        found[str(Path(photo["image"]).relative_to(root))] = sorted(cards)
    return found


class Arm64Checks:
    def __init__(self, box: Container, report: Report) -> None:
        self.box = box
        self.report = report
        self.service = Service(box)
        self.checks = Checks(box, report, watchdog_s=WATCHDOG_S)

    def machine(self) -> str:
        machine = self.box.run(["uname", "-m"]).stdout.strip()
        python = self.box.run(
            [
                "python3",
                "-c",
                "import platform; print(platform.machine(), platform.python_version())",
            ]
        ).stdout.strip()
        expect(machine == "aarch64" and python.startswith("aarch64"), f"{machine}, {python}")
        return f"{machine}; python3 {python.split()[1]}; emulated CPU {PI5_CPU} (a Pi 5's)"

    def sandbox_under_emulation(self) -> str:
        """Each of the unit's sandbox settings tried alone on a throwaway unit; one that
        cannot work under qemu-user is left out of the test's unit, with the evidence."""
        probe = self.box.run(
            ["systemd-run", "--wait", "--quiet", "-p", "PrivateNetwork=yes", "true"], check=False
        )
        if probe.returncode == 0:
            return "PrivateNetwork=yes works here"
        log = self.box.run(["journalctl", "-n", "20", "-o", "cat", "--no-pager"]).stdout
        evidence = [line for line in log.splitlines() if "network namespac" in line.lower()]
        self.service.drop_in("emulation", "[Service]\nPrivateNetwork=no\n")
        self.report.figures.append(
            "not tried under emulation: PrivateNetwork=yes (a unit with it alone fails here: "
            f"{evidence[-1] if evidence else probe.stderr.strip()}); the x86 test keeps it"
        )
        return f"PrivateNetwork=yes fails under qemu-user ({probe.returncode}): left out here"

    def install(self) -> str:
        said = self.checks.first_install()
        self.report.figures.append(f"arm64 install.sh under emulation: {said.split(';')[0]}")
        return said

    def recognize_same_as_here(self) -> str:
        reference = CHECKOUT / ".venv" / "bin" / "companion"
        expect(reference.exists(), f"no reference: make the checkout's venv first ({reference})")
        here = host_run(
            [str(reference), "recognize", "--json", *(str(PHOTOS / p) for p in READ_PHOTOS)]
        )
        started = time.monotonic()
        inside = self.box.run(
            [
                f"{VENV}/bin/companion",
                "recognize",
                "--json",
                *(f"{PHOTOS_INSIDE}/{photo}" for photo in READ_PHOTOS),
            ],
            check=False,
            timeout=LONG_S,
        )
        took = time.monotonic() - started
        expect(inside.returncode == 0, f"exit {inside.returncode}: {inside.stderr[-2000:]}")
        stderr_lines = [line for line in inside.stderr.splitlines() if line.strip()]
        ours, theirs = reads(here.stdout, PHOTOS), reads(inside.stdout, PHOTOS_INSIDE)
        equal = sum(ours.get(photo) == theirs.get(photo) for photo in ours)
        self.report.figures.append(
            f"arm64 recognize: reads equal {equal}/{len(READ_PHOTOS)}, stderr lines "
            f"{len(stderr_lines)}, {took:.0f} s emulated"
        )
        expect(equal == len(READ_PHOTOS), f"here {ours}\narm64 {theirs}")
        expect(not stderr_lines, "stderr:\n" + "\n".join(stderr_lines[:10]))
        cards = sum(len(found) for found in theirs.values())
        return f"{equal}/{len(READ_PHOTOS)} photos read alike ({cards} cards), stderr empty"

    def demo_equal(self) -> str:
        started = time.monotonic()
        result = self.box.run(
            [f"{VENV}/bin/companion", "demo", "--fast", "--events", str(DEMO_EVENTS)],
            check=False,
            timeout=LONG_S,
        )
        took = time.monotonic() - started
        said = result.stdout
        # the demo's end in a player's words, wrapped at 80 columns
        words = " ".join(said.split())
        equal = f"Recorded: all {DEMO_EVENTS} moves as played, in order;" in words
        self.report.figures.append(
            f"arm64 demo --fast --events {DEMO_EVENTS}: equal {'yes' if equal else 'no'}, "
            f"{took:.0f} s emulated"
        )
        expect(result.returncode == 0, f"exit {result.returncode}: {result.stderr[-2000:]}")
        expect(equal, f"the demo said:\n{said[-1500:]}")
        return f"{DEMO_EVENTS} events recorded, the game equals its script"

    def fp_flags(self) -> str:
        """The reader's cosines and the matmul it once used, on the CPU with SME (where
        the warnings were seen) and on the Pi 5's: the reader's sum must be finite, near a
        float64 sum and quiet on both; what the matmul did is reported."""
        summary = []
        for cpu in (SME_CPU, PI5_CPU):
            result = self.box.run(
                [
                    "env",
                    f"QEMU_CPU={cpu}",
                    f"{VENV}/bin/python",
                    "/root/companion/systest/fp_flags.py",
                ],
                timeout=LONG_S,
            )
            rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
            expect(bool(rows), f"{cpu}: fp_flags.py printed nothing: {result.stderr[-500:]}")
            for row in rows:
                expect(not row["cosines_warnings"], f"{cpu}: the sum warned: {row}")
                expect(row["cosines_off_by"] < MAX_OFF_BY, f"{cpu}: the sum is off: {row}")
            warned = [row for row in rows if row["matmul_warnings"]]
            wrong = [
                row
                for row in rows
                if not row["matmul_finite"]
                or not row["matmul_off_by"] < MAX_OFF_BY
                or not row["matmul_same_decisions"]
            ]
            sizes = sorted({row["candidates"] for row in warned})
            summary.append(
                f"{cpu}: the old matmul warned in {len(warned)} of {len(rows)} products "
                f"(sizes {sizes or 'none'}), non-finite or off in {len(wrong)}; the reader's "
                f"sum: no warning, within "
                f"{max(row['cosines_off_by'] for row in rows):.1e} of float64"
            )
        self.report.figures.append("arm64 floating-point flags: " + "; ".join(summary))
        return "; ".join(summary)

    def all(self) -> None:
        check = self.report.check
        check("the tree runs arm64 code", self.machine)
        check("the unit's sandbox under emulation", self.sandbox_under_emulation)
        installed = check(
            "install.sh on arm64 Debian says what apt lacks and goes on", self.install
        )
        if not installed:
            say(self.checks.service_log_tail())
            return
        check("the unit is active after READY", self.checks.active_after_ready)
        check("a game in progress is resumed after SIGKILL", self.checks.game_after_kill)
        check("the service's log holds no traceback", self.checks.no_traceback)
        self.box.run(["systemctl", "stop", UNIT])  # the reads and the demo have the CPU
        check(
            "companion recognize reads the photos as this machine does", self.recognize_same_as_here
        )
        check(f"demo --fast --events {DEMO_EVENTS} equals its script", self.demo_equal)
        check("the reader's cosines on arm64 CPUs: finite and quiet", self.fp_flags)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where the tree is kept")
    parser.add_argument(
        "--tree-only", action="store_true", help="only install the host's tools and build the tree"
    )
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        say("FAIL the arm64 test needs root (binfmt_misc, mmdebstrap, mount, systemd-nspawn)")
        return 1
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    started = time.monotonic()
    recipe = Recipe(ARCHITECTURE)
    ensure_host_tools(recipe)
    tree, built = cached_tree(args.cache, recipe)
    say(f"tree: {tree} ({'built now' if built else 'cached'}, {time.monotonic() - started:.0f} s)")
    if args.tree_only:
        return 0
    report = Report()
    try:
        with container(EmulatedContainer(tree, args.cache)) as box:
            say(f"booted in {time.monotonic() - started:.0f} s since the start")
            Arm64Checks(box, report).all()
    except Skip as skip:  # the x86 test boots here: not booting arm64 is a failure
        say(f"FAIL the arm64 tree did not boot: {skip}")
        return 1
    return report.close(time.monotonic() - started, "the arm64 test")


if __name__ == "__main__":
    sys.exit(main())
