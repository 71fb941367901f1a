"""hardware/install.sh: valid bash, clean under shellcheck, and safe to run twice.

The run uses stand-ins for the commands that change the system (apt-get, useradd,
systemctl, pip...), each logging its arguments, and installs under COMPANION_ROOT; the
config check it makes is the real ``companion config``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]
SCRIPT = CHECKOUT / "hardware" / "install.sh"
EXAMPLE = CHECKOUT / "hardware" / "config.example.toml"

LOGGING_STUB = '#!/bin/sh\necho "$(basename "$0") $*" >> "$STUB_LOG"\n'
STUBS = {
    "apt-get": LOGGING_STUB,
    "raspi-config": LOGGING_STUB,
    # apt-cache policy PKG: a candidate only for the packages named in $STUB_APT_HAS
    "apt-cache": '#!/bin/sh\ncase " $STUB_APT_HAS " in *" $2 "*) echo "  Candidate: 1.0";; esac\n',
    "systemctl": LOGGING_STUB,
    "usermod": LOGGING_STUB,
    "id": "#!/bin/sh\necho 0\n",
    "getent": '#!/bin/sh\ngrep -q "^$2:" "$STUB_DB/$1" 2>/dev/null\n',
    "groupadd": LOGGING_STUB + 'echo "$2:x:1:" >> "$STUB_DB/group"\n',
    "useradd": LOGGING_STUB
    + 'for last; do :; done\necho "$last:x:1:1::/:/bin/false" >> "$STUB_DB/passwd"\n',
    # python3 -m venv --system-site-packages DIR: a venv whose pip logs and whose
    # companion is this checkout's real one.
    "python3": LOGGING_STUB
    + 'dir="$4"\nmkdir -p "$dir/bin"\n'
    + 'printf \'#!/bin/sh\\necho "pip $*" >> "$STUB_LOG"\\n\' > "$dir/bin/pip"\n'
    + 'printf \'#!/bin/sh\\nexec "$REAL_PYTHON" -m companion "$@"\\n\' > "$dir/bin/companion"\n'
    + 'cp "$dir/bin/pip" "$dir/bin/python"\nchmod +x "$dir/bin/"*\n',
}


def test_install_script_is_valid_bash() -> None:
    result = subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_install_script_is_clean_under_shellcheck() -> None:
    result = subprocess.run(["shellcheck", str(SCRIPT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


class Sandbox:
    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path / "root"
        self.log = tmp_path / "log"
        self.db = tmp_path / "db"
        self.db.mkdir()
        (self.db / "group").write_text("video:x:44:\n")
        (self.db / "passwd").write_text("root:x:0:0::/root:/bin/sh\n")
        self.bin = tmp_path / "bin"
        self.bin.mkdir()
        for name, text in STUBS.items():
            (self.bin / name).write_text(text)
            (self.bin / name).chmod(0o755)

    def run(
        self, *, apt_has: str = "python3-picamera2 python3-lgpio"
    ) -> subprocess.CompletedProcess[str]:
        """``apt_has``: the Raspberry Pi OS packages the apt sources offer."""
        env = {
            "STUB_APT_HAS": apt_has,
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "COMPANION_ROOT": str(self.root),
            "STUB_LOG": str(self.log),
            "STUB_DB": str(self.db),
            "REAL_PYTHON": sys.executable,
            "HOME": os.environ.get("HOME", "/root"),
        }
        return subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, env=env)

    def calls(self, command: str) -> list[str]:
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        return [line for line in lines if line.split()[0] == command]


def test_running_it_twice_installs_once_and_keeps_the_config(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    first = box.run()
    assert first.returncode == 0, first.stdout + first.stderr
    config = box.root / "etc/companion/config.toml"
    assert config.read_text() == EXAMPLE.read_text()
    for name in ("companion.service", "companion-sheet.service"):
        unit = box.root / "etc/systemd/system" / name
        assert unit.read_text() == (CHECKOUT / "systemd" / name).read_text()
    assert any("python3-picamera2 python3-lgpio" in call for call in box.calls("apt-get"))
    assert box.calls("raspi-config") == ["raspi-config nonint do_i2c 0"]
    assert [call.split()[-1] for call in box.calls("groupadd")] == ["gpio", "i2c"]
    assert len(box.calls("useradd")) == 1 and box.calls("useradd")[0].endswith(" companion")
    venv = box.calls("python3")
    assert venv == [f"python3 -m venv --system-site-packages {box.root}/opt/companion/venv"]
    pip = box.calls("pip")
    assert f"pip install --quiet --upgrade {CHECKOUT}[pi]" in pip
    assert not any(" -e " in call or "--editable" in call for call in pip)
    assert box.calls("systemctl")[-6:] == [
        "systemctl daemon-reload",
        "systemctl enable companion.service",
        "systemctl restart companion.service",
        "systemctl daemon-reload",
        "systemctl enable companion-sheet.service",
        "systemctl restart companion-sheet.service",
    ]

    config.write_text("[ui]\nlanguage = 'pl'\n")
    second = box.run()
    assert second.returncode == 0, second.stdout + second.stderr
    assert "keeping" in second.stdout
    assert config.read_text() == "[ui]\nlanguage = 'pl'\n"
    assert len(box.calls("useradd")) == 1
    assert len(box.calls("groupadd")) == 2
    assert len(box.calls("python3")) == 1
    assert len(box.calls("systemctl")) == 12


def test_on_plain_debian_it_says_what_apt_lacks_and_goes_on(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    result = box.run(apt_has="python3-picamera2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "python3-lgpio: not in the apt sources" in result.stdout
    installs = [call for call in box.calls("apt-get") if " install " in call]
    assert len(installs) == 1
    assert "python3-picamera2" in installs[0] and "python3-lgpio" not in installs[0]
    assert "systemctl restart companion.service" in box.calls("systemctl")


def test_a_bad_config_stops_before_the_service_restarts(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    config = box.root / "etc/companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[buttons]\nok = 99\n")
    result = box.run()
    assert result.returncode == 1
    assert "[buttons] ok: 99 is not in 0..27" in result.stderr
    assert f"fix {config}, then run this again" in result.stderr
    assert box.calls("systemctl") == []
