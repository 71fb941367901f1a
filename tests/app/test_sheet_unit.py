"""systemd/companion-sheet.service: the phone sheet's unit runs ``companion sheet`` as the
service user, only when the config enables it, sandboxed tighter than the kiosk (no
devices, LAN addresses only), and systemd accepts it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from tests.app.unit_files import needs_systemd, unit_settings

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "companion-sheet.service"
KIOSK_UNIT = UNIT.with_name("companion.service")
PI_EXEC = "/opt/companion/current/venv/bin/companion-sheet"
MAX_EXPOSURE = 1.5  # systemd-analyze security's scale: 0 safe .. 10 exposed


def test_the_unit_runs_the_sheet_as_the_service_user_when_enabled() -> None:
    settings = unit_settings(UNIT)
    expected = {
        "ExecStart": [PI_EXEC],
        "ExecCondition": [f"{PI_EXEC} --check-enabled"],
        "Restart": ["on-failure"],
        "User": ["companion"],
        "StateDirectory": ["companion"],
        "ConfigurationDirectory": ["companion"],
        "PrivateDevices": ["yes"],
    }
    for key, value in expected.items():
        assert settings.get(key) == value, key
    kiosk = unit_settings(KIOSK_UNIT)
    assert (
        settings["User"] == kiosk["User"] and settings["StateDirectory"] == kiosk["StateDirectory"]
    )
    assert "SupplementaryGroups" not in settings
    assert "PrivateNetwork" not in settings  # it listens on the LAN
    assert settings["IPAddressDeny"] == ["any"]


@pytest.mark.parametrize(("enabled", "status"), [("true", 0), ("false", 1)])
def test_the_condition_follows_the_configs_switch(
    tmp_path: Path, enabled: str, status: int, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f"[sheet]\nenabled = {enabled}\n")
    assert main(["sheet", "--check-enabled", "--config", str(config)]) == status
    assert f"[sheet] enabled = {enabled}" in capsys.readouterr().out


@needs_systemd
def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    program = Path(sys.executable).parent / "companion-sheet"
    copy = tmp_path / UNIT.name
    copy.write_text(UNIT.read_text("utf-8").replace(PI_EXEC, str(program)), "utf-8")
    result = subprocess.run(
        ["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert UNIT.name not in result.stderr, result.stderr


@needs_systemd
def test_the_hardening_keeps_the_exposure_low() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(
        r"Overall exposure level for companion-sheet\.service: ([0-9.]+)", result.stdout
    )
    assert found is not None, result.stdout + result.stderr
    assert float(found.group(1)) <= MAX_EXPOSURE
