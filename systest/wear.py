"""A read-only root and the SD card's writes: the installed box booted again with
``systemd-nspawn --read-only``, its state folder alone writable (bound from an ext4 file
system of its own, 4 KB blocks as on the Pi's card), plays its game at a table's pace,
and the block device's own counter says how much one hour of it writes."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from systest.container import CONFIG, SESSION_INSIDE, STATE, UNIT, VENV, Container, Service
from systest.host import Report, expect, host_run, script_lines

# The pace of play measured: a card or a bid every 12 s, 300 events an hour. A game of Oh
# Hell for four (hands 1 to 13 and back) is about 800 events (676 cards, 100 bids, 25
# trumps) in two and a half to three hours; a brisk Oczko bank plays about twice as fast.
PACE_S = 12.0
# The window opens once the journal's first checkpoint has restarted its -wal (3 minutes
# after the first event: until then each commit also grows the file, as it does only in
# the first minutes after a start), and holds three checkpoints' worth of play (45
# events): what reaches the device varies from minute to minute with how ext4 batches its
# commits (30 events measured 33 to 42 KB an event from one run to the next).
WARM_UP_S = 200.0
WINDOW_S = 540.0
HOURS_OF_PLAY_A_DAY = 4
BUDGET_MB_A_DAY = 50.0
STATE_IMAGE_MB = 256
SECTOR = 512
SETTLE_S = 10.0  # after the start: the journal's opening and the first screens written


class ReadOnlyRoot:
    def __init__(self, box: Container, report: Report) -> None:
        self.box = box
        self.service = Service(box)
        self.report = report
        self.mount = box.work / "state"
        self.device = ""

    def prepare(self) -> str:
        """The state folder as it was, on a file system of its own; the box booted again,
        its root read-only."""
        box = self.box
        if box.running():
            box.power_off()
        image = box.work / "state.ext4"
        with image.open("wb") as file:
            file.truncate(STATE_IMAGE_MB << 20)
        # every inode table and the journal written now, not in the background later
        host_run(
            [
                "mkfs.ext4",
                "-q",
                "-b",
                "4096",
                "-E",
                "lazy_itable_init=0,lazy_journal_init=0",
                str(image),
            ]
        )
        self.mount.mkdir()
        host_run(["mount", "-o", "loop,noatime", str(image), str(self.mount)])
        source = box.root / STATE.lstrip("/")
        for item in source.iterdir():
            host_run(["cp", "-a", str(item), str(self.mount)])
        shutil.copystat(source, self.mount)
        host_run(["chown", "--reference", str(source), str(self.mount)])
        self.device = self.loop_device()
        box.read_only = True
        box.binds.append(f"--bind={self.mount}:{STATE}")
        box.boot()
        return self.device

    def loop_device(self) -> str:
        for line in Path("/proc/mounts").read_text().splitlines():
            source, point = line.split()[:2]
            if Path(point) == self.mount:
                return Path(source).name
        raise RuntimeError(f"{self.mount} is not mounted")

    def sectors_written(self) -> int:
        host_run(["sync", "-f", str(self.mount)])
        return int(Path(f"/sys/block/{self.device}/stat").read_text().split()[6])

    def rows(self) -> int:
        """The journal's event rows, read as the sheet reads it (read-only)."""
        return int(self.journal_says("SELECT count(*) FROM events"))

    def journal_says(self, query: str) -> str:
        return self.box.run(
            [
                "python3",
                "-c",
                "import sqlite3, sys; print(sqlite3.connect("
                "f'file:{sys.argv[1]}?mode=ro', uri=True).execute(sys.argv[2]).fetchone()[0])",
                f"{STATE}/journal.sqlite3",
                query,
            ]
        ).stdout.strip()

    def read_only_play(self) -> str:
        self.prepare()
        script = script_lines(
            self.service.companion("export", "--config", CONFIG, "--format", "script").stdout
        )
        touched = self.box.run(["touch", "/opt/companion/systest-written"], check=False)
        expect(touched.returncode != 0, "the root file system took a write")
        expect("Read-only file system" in touched.stderr, f"touch said: {touched.stderr}")
        shown = self.service.show("ActiveState", "StatusText")
        deadline = time.monotonic() + 60
        while shown["ActiveState"] != "active" and time.monotonic() < deadline:
            time.sleep(0.5)
            shown = self.service.show("ActiveState", "StatusText")
        expect(shown["ActiveState"] == "active", f"ActiveState={shown['ActiveState']}")
        expect(shown["StatusText"].startswith("game "), f"STATUS={shown['StatusText']}")
        before = self.rows()
        self.play()
        time.sleep(SETTLE_S)
        after = self.rows()
        expect(after > before, f"no event written to the journal ({before} rows)")
        return (
            f"root read-only (touch: {touched.stderr.strip().split(': ')[-1]}); the game of "
            f"{len(script)} lines resumed; {after - before} events written in {SETTLE_S:.0f} s"
        )

    def play(self) -> None:
        self.service.drop_in(
            "paced",
            f"[Service]\nExecStart=\nExecStart={VENV}/bin/companion run --scripted "
            f"{SESSION_INSIDE} --scripted-gap {PACE_S}\n",
        )
        self.box.run(["systemctl", "restart", UNIT])

    def writes(self) -> str:
        """The block device's sectors written over ``WINDOW_S`` of play at ``PACE_S``."""
        time.sleep(WARM_UP_S)
        rows, sectors = self.rows(), self.sectors_written()
        pid = self.service.main_pid()
        io_before = self.process_writes(pid)
        time.sleep(WINDOW_S)
        io_after = self.process_writes(pid)
        sectors_after, rows_after = self.sectors_written(), self.rows()
        written = (sectors_after - sectors) * SECTOR
        events = rows_after - rows
        expect(events > 0, "no event written in the window")
        per_hour = written * 3600 / WINDOW_S
        per_day = per_hour * HOURS_OF_PLAY_A_DAY / 1e6
        log = self.box.run(["systemd-analyze", "cat-config", "systemd/journald.conf"]).stdout
        expect("Storage=volatile" in log, "journald keeps its log on the disk")
        self.report.figures.append(
            f"SD card writes at an event every {PACE_S:.0f} s: {written / 1e3:.0f} KB in "
            f"{WINDOW_S:.0f} s ({events} events, {written / events / 1e3:.1f} KB an event, the "
            f"process's own write_bytes {(io_after - io_before) / 1e3:.0f} KB; the journal's "
            f"pages {self.journal_says('PRAGMA page_size')} bytes): "
            f"{per_hour / 1e6:.1f} MB an hour, {per_day:.0f} MB a day of "
            f"{HOURS_OF_PLAY_A_DAY} hours (budget {BUDGET_MB_A_DAY:.0f}); the system's log: "
            "in memory"
        )
        expect(
            per_day <= BUDGET_MB_A_DAY,
            f"{per_day:.0f} MB a day of {HOURS_OF_PLAY_A_DAY} hours' play, over "
            f"{BUDGET_MB_A_DAY:.0f}",
        )
        pace = f"an event every {PACE_S:.0f} s"
        return f"{per_hour / 1e6:.1f} MB an hour at {pace}; {per_day:.0f} MB a day"

    def process_writes(self, pid: int) -> int:
        text = self.box.run(["cat", f"/proc/{pid}/io"]).stdout
        fields = dict(line.split(": ") for line in text.splitlines())
        return int(fields["write_bytes"])

    def all(self) -> None:
        check = self.report.check
        try:
            played = check(
                "the service plays with the root read-only, its state folder alone writable",
                self.read_only_play,
            )
            if played:
                check(
                    f"an hour of play writes under {BUDGET_MB_A_DAY / HOURS_OF_PLAY_A_DAY:.1f} MB "
                    "to the state folder's disk",
                    self.writes,
                )
        finally:
            if self.box.running():
                self.box.power_off()
            subprocess.run(["umount", str(self.mount)], check=False, capture_output=True)
