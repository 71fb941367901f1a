"""``companion config``: valid, shown, or one line naming the file and the key."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from companion.app.config import Config, config_from_toml


def _config(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "config", *args],
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": "/usr/bin:/bin", "CONFIGURATION_DIRECTORY": "/nonexistent"},
    )


def test_show_prints_every_key_in_effect(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[ui]\nlanguage = 'ru'\n", "utf-8")
    result = _config("--show", "--config", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"# the configuration in effect ({path})")
    shown = tomllib.loads(result.stdout)
    assert shown["ui"]["language"] == "ru"
    assert shown["display"]["dim_after_s"] == 60
    assert config_from_toml(shown, Config(), path).ui.language.value == "ru"


def test_without_a_file_it_says_all_defaults() -> None:
    result = _config()
    assert result.returncode == 0
    assert "no file at /nonexistent/config.toml: all defaults" in result.stdout


def test_a_bad_key_is_one_line_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nok = 'thirteen'\n", "utf-8")
    result = _config("--config", str(path))
    assert result.returncode == 2
    assert result.stderr == (
        f'companion config: {path}: [buttons] ok: "thirteen" is not a whole number\n'
    )


def test_a_retired_key_is_named_and_the_file_still_valid(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[display]\ncontrast = 128\n", "utf-8")
    result = _config("--config", str(path))
    assert result.returncode == 0
    assert result.stdout == f"{path}: valid\n"
    assert result.stderr == (
        f"companion config: {path}: [display] contrast does nothing (the panel's contrast "
        "follows [display] brightness (1..5)): delete it\n"
    )


def test_a_state_directory_that_is_a_file_fails_config_as_it_fails_run(tmp_path: Path) -> None:
    taken = tmp_path / "state"
    taken.write_text("not a folder", "utf-8")
    for directory in (taken, taken / "below"):
        path = tmp_path / "config.toml"
        path.write_text(f"[state]\ndirectory = '{directory}'\n", "utf-8")
        said = f"companion config: {path}: [state] directory: {taken} is a file, not a folder\n"
        result = _config("--config", str(path))
        assert (result.returncode, result.stderr) == (2, said)
        run = subprocess.run(
            [sys.executable, "-m", "companion", "run", "--config", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 2 and run.stderr == said.replace("config:", "run:", 1)
