"""``companion run`` as systemd runs it: READY after the first screen, STOPPING on
SIGTERM, a bad config named; and the crash test of the running app."""

from __future__ import annotations

import os
import pty
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.run import EXIT_POWER_OFF, SERVICE_MARK
from companion.journal.store import JOURNAL_FILE
from companion.tools import crash_test


def config(tmp_path: Path, display: str = "none") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(
        f'[camera]\nsource = "none"\n\n[display]\nkind = "{display}"\n\n'
        f'[state]\ndirectory = "{tmp_path / "state"}"\n',
        "utf-8",
    )
    return path


def test_a_bad_config_stops_the_start_naming_file_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[display]\nkind = "crt"\n', "utf-8")
    assert main(["run", "--config", str(path)]) == 2
    error = capsys.readouterr().err
    assert str(path) in error and "[display] kind" in error
    assert not (tmp_path / "state").exists()


def test_sigterm_is_a_clean_stop_with_ready_and_stopping_told_to_systemd(
    tmp_path: Path,
) -> None:
    address = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(30)
        env = dict(os.environ, NOTIFY_SOCKET=address)
        # ssd1306 on a machine without I2C: the missing display is logged, the rest goes on
        command = [sys.executable, "-m", "companion", "run", "--config"]
        child = subprocess.Popen(
            [*command, str(config(tmp_path, "ssd1306")), "--report-shown"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        ready = listener.recv(4096).decode()
        assert "READY=1" in ready and "STATUS=no game; no camera" in ready
        child.send_signal(signal.SIGTERM)
        assert child.wait(30) == 0
        # the buttons' STATUS (tried after READY, on their own thread) may come first
        told = [listener.recv(4096).decode()]
        while "STOPPING=1" not in told[-1]:
            told.append(listener.recv(4096).decode())  # the listener's timeout ends a hang
        assert all(not line.startswith("READY=1") for line in told), told
    _, errors = child.communicate()
    assert "display" in errors and "Traceback" not in errors
    assert (tmp_path / "state" / JOURNAL_FILE).exists()


# The terminal's keys for OK (no game: the menu, its cursor on New game), DOWN four times
# to Shut down, the last row, and OK, then DOWN from "no" (where a question starts) round
# to "yes" and OK; each a while after the last, so none is taken for a held key.
SHUTDOWN_KEYS = (b"o", b"d", b"d", b"d", b"d", b"o", b"d", b"o")
KEY_GAP_S = 0.3


@pytest.mark.parametrize("under_systemd", [False, True])
def test_shutdown_from_the_menu_exits_with_the_power_off_status(
    tmp_path: Path, under_systemd: bool
) -> None:
    env = {key: value for key, value in os.environ.items() if key != SERVICE_MARK}
    if under_systemd:
        env[SERVICE_MARK] = "0123456789abcdef0123456789abcdef"
    keyboard, terminal = pty.openpty()  # the keys come from a terminal, as at a desk
    command = [sys.executable, "-m", "companion", "run", "--config"]
    child = subprocess.Popen(
        [*command, str(config(tmp_path, "terminal")), "--report-shown"],
        stdin=terminal,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(terminal)
    try:
        assert child.stdout is not None
        while not child.stdout.readline().rstrip().endswith(b"ready"):
            assert child.poll() is None, "run ended before its first screen"
        for key in SHUTDOWN_KEYS:
            time.sleep(KEY_GAP_S)
            os.write(keyboard, key)
        _, errors = child.communicate(timeout=30)
    finally:
        os.close(keyboard)
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == EXIT_POWER_OFF
    said = errors.decode()
    assert f"shut down from the menu: exit status {EXIT_POWER_OFF}" in said
    assert ("the machine stays on" in said) is not under_systemd
    assert "Traceback" not in said


def test_the_running_app_killed_at_random_loses_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = crash_test.main(["--trials", "6", "--state-dir", str(tmp_path / "state")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "shown events lost: 0" in out and "resumes differing from the replay: 0" in out
    shown = int(out.split("events shown before the kills: ")[1].split()[0])
    assert shown > 0


REFUSED_WITHIN_S = 2.0


def _started(command: list[str]) -> subprocess.Popen[str]:
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    return child


def test_a_second_writer_is_refused_at_once_naming_the_first_and_a_killed_one_blocks_nothing(
    tmp_path: Path,
) -> None:
    run = [sys.executable, "-m", "companion", "run", "--config", str(config(tmp_path))]
    first = _started([*run, "--report-shown"])
    try:
        state = tmp_path / "state"
        before = {path.name: path.read_bytes() for path in state.iterdir()}
        began = time.monotonic()
        second = subprocess.run(run, capture_output=True, text=True, timeout=30, check=False)
        took = time.monotonic() - began
        assert second.returncode == 1, second.stderr
        assert took < REFUSED_WITHIN_S, f"refused after {took:.2f} s"
        said = second.stderr
        assert f"pid {first.pid}" in said and "companion run --config" in said, said
        assert "one writer per state folder" in said and "nothing was written" in said
        assert "Traceback" not in said
        # the second run wrote nothing: every file as the first left it
        assert {path.name: path.read_bytes() for path in state.iterdir()} == before
        demo = [sys.executable, "-m", "companion", "demo", "--fast", "--state-dir", str(state)]
        refused = subprocess.run(demo, capture_output=True, text=True, timeout=60, check=False)
        assert refused.returncode == 1 and f"pid {first.pid}" in refused.stderr
        assert "Traceback" not in refused.stderr
    finally:
        first.kill()  # SIGKILL: the lock goes with the process
        first.wait()
    after = _started([*run, "--report-shown"])
    after.send_signal(signal.SIGTERM)
    assert after.wait(30) == 0
