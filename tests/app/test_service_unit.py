"""systemd/companion.service: what the kiosk needs is there, and systemd accepts it.

``systemd-analyze verify`` insists that the programs it starts exist, which the Pi's paths
do not here; the unit is verified as a copy whose ExecStart names this checkout's own
``companion`` and whose release guard is the checkout's (the only lines changed).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.run import EXIT_FAILED, EXIT_OK, EXIT_POWER_OFF
from tests.app.unit_files import needs_systemd, unit_settings

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "companion.service"
PI_EXEC = "/opt/companion/current/venv/bin/companion"
PI_GUARD = "/opt/companion/release-guard"
GUARD = UNIT.parents[1] / "hardware" / "release-guard"
MAX_EXPOSURE = 2.0  # systemd-analyze security's scale: 0 safe .. 10 exposed


def test_the_unit_has_what_the_kiosk_needs() -> None:
    settings = unit_settings(UNIT)
    expected = {
        "Type": ["notify"],
        "Restart": ["on-failure"],
        "User": ["companion"],
        "SupplementaryGroups": ["video gpio i2c"],
        "StateDirectory": ["companion"],
        "ConfigurationDirectory": ["companion"],
        "PrivateDevices": ["no"],
        "ExecStart": [f"{PI_EXEC} run"],
        # a new release on trial: checked before its first start, kept once READY
        "ExecStartPre": [f"+{PI_GUARD} start"],
        "ExecStartPost": [f"+{PI_GUARD} ready"],
    }
    for key, value in expected.items():
        assert settings.get(key) == value, key
    assert int(settings["WatchdogSec"][0]) > 0
    assert "GPIOZERO_PIN_FACTORY=lgpio" in settings["Environment"]


def _verifiable_copy(tmp_path: Path) -> Path:
    program = Path(sys.executable).parent / "companion"
    assert program.exists(), "the venv's companion script is missing: pip install the checkout"
    copy = tmp_path / "companion.service"
    text = UNIT.read_text("utf-8")
    assert text.count(PI_EXEC) == 1 and text.count(PI_GUARD) == 2
    copy.write_text(text.replace(PI_EXEC, str(program)).replace(PI_GUARD, str(GUARD)), "utf-8")
    return copy


@needs_systemd
def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    result = subprocess.run(
        ["systemd-analyze", "verify", str(_verifiable_copy(tmp_path))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "companion.service" not in result.stderr, result.stderr


@needs_systemd
def test_the_hardening_keeps_the_exposure_low() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for companion\.service: ([0-9.]+)", result.stdout)
    assert match is not None, result.stdout + result.stderr
    assert float(match.group(1)) <= MAX_EXPOSURE


def _power_off_command() -> list[str]:
    """ExecStopPost's words as systemd hands them to the program: the '+' prefix taken
    off (it only lifts the sandbox) and "$$" (a literal "$" in a unit) made "$"."""
    (line,) = unit_settings(UNIT)["ExecStopPost"]
    assert line.startswith("+/"), "run outside the sandbox, by absolute path"
    return [word.replace("$$", "$") for word in shlex.split(line.removeprefix("+"))]


def test_the_power_off_status_is_a_clean_exit_of_the_service() -> None:
    settings = unit_settings(UNIT)
    assert settings["SuccessExitStatus"] == [str(EXIT_POWER_OFF)]
    assert settings["Restart"] == ["on-failure"]  # so a clean exit is not restarted
    assert str(EXIT_POWER_OFF) in settings["ExecStopPost"][0]


@pytest.mark.parametrize(
    "status",
    [str(EXIT_POWER_OFF), str(EXIT_OK), str(EXIT_FAILED), f"{EXIT_POWER_OFF}0", "TERM", ""],
)
def test_the_stop_command_powers_off_only_for_the_power_off_status(
    tmp_path: Path, status: str
) -> None:
    calls = tmp_path / "calls"
    fake = tmp_path / "bin" / "systemctl"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\necho "$@" >> {shlex.quote(str(calls))}\n', "utf-8")
    fake.chmod(0o755)
    env = {"PATH": f"{fake.parent}{os.pathsep}{os.environ.get('PATH', '')}", "EXIT_STATUS": status}
    result = subprocess.run(
        _power_off_command(), env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr  # any other exit would fail the unit
    called = calls.read_text("utf-8").splitlines() if calls.exists() else []
    expected = ["--no-block poweroff"] if status == str(EXIT_POWER_OFF) else []
    assert called == expected
