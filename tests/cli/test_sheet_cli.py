"""``companion sheet``: the server as a command, its options and its one-line errors."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.cli import main
from companion.sheet.server import plotly_script
from companion.values.sheet_address import SHEET_ADDRESS_FILE, parse_address
from tests.sheet.helpers import open_journal, play_example

START_WITHIN_S = 20.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


SHEET_COMMANDS = {
    "companion sheet": [sys.executable, "-m", "companion", "sheet"],
    "companion-sheet": [str(Path(sys.executable).parent / "companion-sheet")],
}


@pytest.mark.parametrize("name", SHEET_COMMANDS)
def test_the_command_serves_the_journal_until_stopped(tmp_path: Path, name: str) -> None:
    with open_journal(tmp_path) as journal:
        play_example(journal, "gwiazda")
    port = _free_port()
    command = [*SHEET_COMMANDS[name], "--state-dir", str(tmp_path)]
    server = subprocess.Popen(
        [*command, "--port", str(port), "--bind", "127.0.0.1", "--config", "/dev/null"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + START_WITHIN_S
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/games", timeout=5) as reply:
                    assert "Gwiazda" in reply.read().decode()
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                assert server.poll() is None, server.communicate()
                time.sleep(0.2)
        # the address the kiosk's menu shows, kept in the state folder while it serves
        address = tmp_path / SHEET_ADDRESS_FILE
        while not address.exists():  # written once the server listens
            assert time.monotonic() < deadline, "no address file"
            time.sleep(0.05)
        assert parse_address(address.read_text("utf-8")) == f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        out, err = server.communicate(timeout=10)
    assert f"on http://127.0.0.1:{port}/" in out
    assert "Traceback" not in err
    assert server.returncode == 0  # SIGTERM is a clean stop
    assert not address.exists()  # and a clean stop takes the address away


def test_a_port_taken_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(
            [
                "sheet",
                "--state-dir",
                str(tmp_path),
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--config",
                "/dev/null",
            ]
        )
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_a_wrong_port_is_refused(port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["sheet", "--port", port])
    assert raised.value.code == 2
    assert "--port" in capsys.readouterr().err


def test_a_wrong_config_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[sheet]\nport = 'x'\n")
    assert main(["sheet", "--config", str(config)]) == 2
    assert "[sheet] port" in capsys.readouterr().err


def test_companion_sheet_loads_no_camera_stack() -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; import companion.cli.sheet, companion.sheet.server; "
            "print(' '.join(m for m in ('numpy', 'cv2', 'PIL') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == ""


def test_the_chart_script_is_the_one_plotly_ships() -> None:
    script = plotly_script()
    assert script.name == "plotly.min.js" and script.stat().st_size > 0
    assert "site-packages" in str(script) or "dist-packages" in str(script)


@pytest.mark.parametrize("kind", ["missing", "a file"])
def test_a_state_folder_that_is_not_there_is_exit_2_as_for_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    folder = tmp_path / "no" / "such" / "folder"
    if kind == "a file":
        folder = tmp_path / "file"
        folder.write_text("x")
    args = ["--state-dir", str(folder), "--config", "/dev/null"]
    assert main(["export", *args]) == 2
    assert main(["sheet", *args, "--port", str(_free_port())]) == 2
    said = "does not exist" if kind == "missing" else "is not a folder"
    err = capsys.readouterr().err
    assert f"companion sheet: the state folder {folder} {said}" in err
    assert "Traceback" not in err
    assert not folder.parent.exists() or kind == "a file"  # nothing was made
