"""Every script under tests/scenarios/<game>/ is replayed through ``companion simulate``.

Expectations are comment lines in the script itself:

    #= seats.3.score 11          a value in the --json output (path of keys and indexes)
    #= phase bidding             bare words compare as text, anything else as JSON
    #= len(violations) 1         the length of a list
    #= exit 1                    the exit code (default 0)
    #= stderr line 7             text the error message must contain (seats from 1: P1..)
    #= args --keep-going         extra arguments for simulate

A script with no ``#=`` line is an error: a scenario must check something.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

HERE = Path(__file__).resolve().parent
SCRIPTS = sorted(HERE.glob("*/*.txt"))


def _expectations(path: Path) -> list[tuple[str, str]]:
    found = []
    for line in path.read_text("utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("#="):
            key, _, value = stripped[2:].strip().partition(" ")
            found.append((key, value.strip()))
    return found


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def _expected(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@pytest.mark.parametrize("path", SCRIPTS, ids=[f"{p.parent.name}/{p.name}" for p in SCRIPTS])
def test_scenario(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expectations = _expectations(path)
    assert expectations, f"{path.name} has no #= expectation"
    args = [value for key, value in expectations if key == "args"]
    extra = " ".join(args).split()
    code = main(["simulate", str(path), "--json", *extra])
    out, err = capsys.readouterr()
    wanted_exit = int(next((v for k, v in expectations if k == "exit"), "0"))
    assert code == wanted_exit, f"exit {code}, wanted {wanted_exit}: {err}"
    for needle in (v for k, v in expectations if k == "stderr"):
        assert needle in err, f"{needle!r} not in {err!r}"
    if code != 0:
        assert "Traceback" not in err
        return
    state = json.loads(out)
    for key, value in expectations:
        if key in ("args", "exit", "stderr"):
            continue
        if key.startswith("len(") and key.endswith(")"):
            assert len(_lookup(state, key[4:-1])) == int(value), key
        else:
            assert _lookup(state, key) == _expected(value), f"{key}: {_lookup(state, key)!r}"
