"""hardware/install.sh and its release guard: valid bash, clean under shellcheck, safe to run
twice, and an update that fails its first start goes back to the release before.

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
GUARD_SCRIPT = CHECKOUT / "hardware" / "release-guard"
EXAMPLE = CHECKOUT / "hardware" / "config.example.toml"

LOGGING_STUB = '#!/bin/sh\necho "$(basename "$0") $*" >> "$STUB_LOG"\n'
GUARD = '"$COMPANION_ROOT/opt/companion/release-guard"'
STUBS = {
    "apt-get": LOGGING_STUB,
    "raspi-config": LOGGING_STUB,
    # dpkg-query -W -f=... PKG: installed only for the packages named in $STUB_INSTALLED
    "dpkg-query": '#!/bin/sh\ncase " $STUB_INSTALLED " in *" $3 "*) echo "install ok installed";;'
    " *) exit 1;; esac\n",
    # apt-cache policy PKG: a candidate only for the packages named in $STUB_APT_HAS
    "apt-cache": '#!/bin/sh\ncase " $STUB_APT_HAS " in *" $2 "*) echo "  Candidate: 1.0";; esac\n',
    # systemd's part in a restart of the kiosk: the release guard before the start and,
    # once READY, after it; $STUB_NEVER_READY makes the first start fail before READY,
    # and Restart= then starts it once more.
    "systemctl": LOGGING_STUB
    + 'if [ "$*" = "restart companion.service" ] && [ -x '
    + GUARD
    + " ]; then\n"
    + "  "
    + GUARD
    + " start\n"
    + '  if [ -n "$STUB_NEVER_READY" ]; then '
    + GUARD
    + " start; fi\n"
    + "  "
    + GUARD
    + " ready\n"
    + "fi\n",
    # the guard runs `companion check` as the service user
    "setpriv": '#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n',
    "usermod": LOGGING_STUB,
    "id": "#!/bin/sh\necho 0\n",
    "getent": '#!/bin/sh\ngrep -q "^$2:" "$STUB_DB/$1" 2>/dev/null\n',
    "groupadd": LOGGING_STUB + 'echo "$2:x:1:" >> "$STUB_DB/group"\n',
    "useradd": LOGGING_STUB
    + 'for last; do :; done\necho "$last:x:1:1::/:/bin/false" >> "$STUB_DB/passwd"\n',
    # python3 -m venv --system-site-packages DIR: a venv of the two scripts below
    "python3": LOGGING_STUB
    + 'dir="$4"\nmkdir -p "$dir/bin"\n'
    + 'for name in pip companion; do cp "$STUB_BIN/venv-$name" "$dir/bin/$name"; done\n'
    + 'cp "$dir/bin/pip" "$dir/bin/python"\n'
    + 'printf "home = /usr/bin\\ncommand = python3 -m venv %s\\n" "$dir" > "$dir/pyvenv.cfg"\n',
    # A venv's pip logs, and `pip wheel` leaves a wheel; $STUB_BREAK_RELEASE makes it mark
    # its venv broken.
    "venv-pip": LOGGING_STUB
    + 'if [ "$1" = wheel ]; then touch "$5/card_table_companion-0.1.0-py3-none-any.whl"; fi\n'
    + 'if [ -n "$STUB_BREAK_RELEASE" ]; then touch "$(dirname "$0")/broken"; fi\n',
    # A venv's companion is this checkout's real one; in a broken venv `check` fails.
    "venv-companion": "#!/bin/sh\n"
    + 'if [ -e "$(dirname "$0")/broken" ] && [ "$1" = check ]; then exit 1; fi\n'
    + 'exec "$REAL_PYTHON" -m companion "$@"\n',
}


def test_install_script_is_valid_bash() -> None:
    for script in (SCRIPT, GUARD_SCRIPT):
        result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_install_script_is_clean_under_shellcheck() -> None:
    result = subprocess.run(
        ["shellcheck", str(SCRIPT), str(GUARD_SCRIPT)], capture_output=True, text=True
    )
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
        self.prefix = self.root / "opt/companion"

    def run(
        self, *, apt_has: str = "python3-picamera2 python3-lgpio", **stub: str
    ) -> subprocess.CompletedProcess[str]:
        """``apt_has``: the Raspberry Pi OS packages the apt sources offer; ``stub``: more
        of the stubs' settings (``STUB_INSTALLED``, ``STUB_BREAK_RELEASE``...)."""
        env = {
            "STUB_APT_HAS": apt_has,
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "COMPANION_ROOT": str(self.root),
            "STUB_LOG": str(self.log),
            "STUB_DB": str(self.db),
            "STUB_BIN": str(self.bin),
            "REAL_PYTHON": sys.executable,
            "HOME": os.environ.get("HOME", "/root"),
            **stub,
        }
        return subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, env=env)

    def calls(self, command: str) -> list[str]:
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        return [line for line in lines if line.split()[0] == command]

    def link(self, name: str) -> str:
        return os.readlink(self.prefix / name)

    def releases(self) -> list[str]:
        return sorted(path.name for path in (self.prefix / "releases").iterdir())


def test_running_it_twice_installs_once_and_keeps_the_config(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    first = box.run()
    assert first.returncode == 0, first.stdout + first.stderr
    config = box.root / "etc/companion/config.toml"
    assert config.read_text() == EXAMPLE.read_text()
    for name in ("companion.service", "companion-sheet.service"):
        unit = box.root / "etc/systemd/system" / name
        assert unit.read_text() == (CHECKOUT / "systemd" / name).read_text()
    journald = box.root / "etc/systemd/journald.conf.d/companion.conf"
    assert journald.read_text() == (CHECKOUT / "systemd/journald-companion.conf").read_text()
    assert any("python3-picamera2 python3-lgpio" in call for call in box.calls("apt-get"))
    assert box.calls("raspi-config") == ["raspi-config nonint do_i2c 0"]
    assert [call.split()[-1] for call in box.calls("groupadd")] == ["gpio", "i2c"]
    assert len(box.calls("useradd")) == 1 and box.calls("useradd")[0].endswith(" companion")
    (release,) = box.releases()
    assert box.link("current") == f"releases/{release}"
    assert box.link("venv") == "current/venv" and box.link("hardware") == "current/hardware"
    assert box.calls("python3") == [
        f"python3 -m venv --system-site-packages {box.prefix}/releases/{release}/venv"
    ]
    pip = box.calls("pip")
    assert pip[1].startswith("pip wheel --quiet --no-deps --wheel-dir ")
    assert pip[1].endswith(f" {CHECKOUT}")
    wheel = pip[1].split()[5] + "/card_table_companion-0.1.0-py3-none-any.whl"
    assert pip[2:] == [
        f"pip install --quiet --upgrade {wheel}[pi]",
        f"pip install --quiet --no-deps --force-reinstall {wheel}",
    ]
    assert not any(" -e " in call or "--editable" in call for call in pip)
    assert box.calls("systemctl") == [
        "systemctl daemon-reload",
        "systemctl enable companion.service companion-sheet.service",
        "systemctl restart systemd-journald.service",
        "systemctl restart companion.service",
        "systemctl restart companion-sheet.service",
    ]
    assert not (box.prefix / "trial").exists()

    config.write_text("[ui]\nlanguage = 'pl'\n")
    second = box.run()
    assert second.returncode == 0, second.stdout + second.stderr
    assert "keeping" in second.stdout
    assert config.read_text() == "[ui]\nlanguage = 'pl'\n"
    assert len(box.calls("useradd")) == 1
    assert len(box.calls("groupadd")) == 2
    assert len(box.calls("python3")) == 1  # the new release's venv: hard links to the old
    (newer,) = set(box.releases()) - {release}
    assert box.link("current") == f"releases/{newer}"
    assert box.link("previous") == f"releases/{release}"
    for name in (release, newer):  # the hard-linked copy names its own folder
        venv = box.prefix / "releases" / name / "venv"
        assert (venv / "pyvenv.cfg").read_text().endswith(f"venv {venv}\n")
    assert f"release {newer} kept: READY on its first start" in second.stdout
    assert len(box.calls("systemctl")) == 9  # journald's settings were already there
    assert not (box.prefix / "trial").exists()

    third = box.run()
    assert third.returncode == 0, third.stdout + third.stderr
    assert release not in box.releases() and len(box.releases()) == 2
    assert box.link("previous") == f"releases/{newer}"


def test_an_update_whose_check_fails_goes_back_to_the_release_before(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    assert box.run().returncode == 0
    (good,) = box.releases()
    result = box.run(STUB_BREAK_RELEASE="1")
    assert result.returncode == 1
    (bad,) = set(box.releases()) - {good}
    assert f"rolled back to release {good}: companion check of release {bad} did not run" in (
        result.stdout
    )
    assert f"release {bad} did not start" in result.stderr
    assert box.link("current") == f"releases/{good}"
    assert not (box.prefix / "trial").exists()


def test_an_update_that_never_reaches_ready_goes_back_on_the_next_start(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    assert box.run().returncode == 0
    (good,) = box.releases()
    result = box.run(STUB_NEVER_READY="1")
    assert result.returncode == 1
    (slow,) = set(box.releases()) - {good}
    said = f"rolled back to release {good}: release {slow} did not reach READY on its first start"
    assert said in result.stdout
    assert box.link("current") == f"releases/{good}"
    # the next update starts from the release that runs, and the failed one goes
    assert box.run().returncode == 0
    assert slow not in box.releases() and good in box.releases()


def test_with_everything_installed_apt_is_not_asked(tmp_path: Path) -> None:
    box = Sandbox(tmp_path)
    everything = "python3-venv python3-pip i2c-tools python3-picamera2 python3-lgpio"
    result = box.run(STUB_INSTALLED=everything)
    assert result.returncode == 0, result.stdout + result.stderr
    assert box.calls("apt-get") == []


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
    assert box.releases() == []  # the release that would not take the config is gone
