"""The README's demo command installs the runtime alone (``pip install -e .``): the demo
plays through with every package of the extras (the Pi's, the tests', training's) made
impossible to import."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = ("pi", "dev", "train")
# Imports refused in the child before the demo starts: a name in the list, or under one.
BLOCKER = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"{name} is not installed (an extra)", name=name)
        return None
sys.meta_path.insert(0, Refuse())
from companion.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def _normalised(requirement: str) -> str:
    name = re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def _extras_modules() -> set[str]:
    """The top-level modules that the extras' distributions install (those installed here;
    the project itself, which the dev extra names for the pi extra, left out)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"
    ]
    wanted = {_normalised(item) for extra in EXTRAS for item in extras[extra]}
    wanted.discard("card-table-companion")
    return {
        module
        for module, distributions in packages_distributions().items()
        if any(_normalised(name) in wanted for name in distributions)
    }


def test_the_demo_needs_none_of_the_extras() -> None:
    blocked = _extras_modules()
    assert {"pytest", "mypy", "selenium", "gpiozero"} <= blocked  # the dev extra is here
    args = ["demo", "--fast", "--game", "oczko", "--events", "6"]
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, ",".join(sorted(blocked)), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Recorded: all 6 moves as played, in order" in result.stdout
