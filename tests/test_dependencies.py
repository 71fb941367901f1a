"""The declared dependencies follow the imports: what the runtime imports is required,
what only the Pi's devices import sits in the ``pi`` extra, nothing declared is unused."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "companion"
DEVICES = RUNTIME / "device"
# Raspberry Pi OS apt packages, not on PyPI for the Pi: imported only on the Pi itself
APT_ONLY = frozenset({"picamera2", "libcamera"})
# torch's ONNX exporter needs these at run time, though no line imports them
EXPORT_HELPERS = frozenset({"onnx", "onnxscript"})
# Developer harnesses inside the package that may import the dev extra (the power-cut
# test's FUSE file system); each imports it only when run, never on the kiosk's path.
DEV_HARNESSES = frozenset({RUNTIME / "tools" / "power_fs.py", RUNTIME / "tools" / "power_cut.py"})
# Installed for the files they ship, found by find_spec, never imported: plotly.js
ASSET_PACKAGES = frozenset({"plotly"})


def _imported_modules(folder: Path) -> dict[str, set[Path]]:
    """Top-level names of the third-party modules imported under ``folder``, with where."""
    found: dict[str, set[Path]] = {}
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in ("companion", "training"):
                    found.setdefault(top, set()).add(path)
    return found


def _distributions(module: str) -> set[str]:
    """The distributions that install a module (a namespace such as luma: several)."""
    return {_normalised(name) for name in packages_distributions().get(module, [module])}


def _normalised(requirement: str) -> str:
    name = re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> dict[str, set[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    groups = {"runtime": project["dependencies"], **project["optional-dependencies"]}
    return {group: {_normalised(item) for item in items} for group, items in groups.items()}


def test_the_runtime_requires_what_it_imports_outside_the_devices() -> None:
    declared = _declared()
    for module, paths in _imported_modules(RUNTIME).items():
        in_devices = all(path.is_relative_to(DEVICES) for path in paths)
        if in_devices and module in APT_ONLY:
            continue
        allowed = declared["runtime"] | (declared["pi"] if in_devices else set())
        if all(path in DEV_HARNESSES for path in paths):
            allowed |= declared["dev"]
        where = sorted(str(path.relative_to(ROOT)) for path in paths)
        assert _distributions(module) & allowed, f"{module} imported in {where}"


def test_every_declared_dependency_is_imported() -> None:
    declared = _declared()
    runtime = _all_distributions(RUNTIME)
    devices = _all_distributions(DEVICES)
    training = _all_distributions(ROOT / "training")
    assert declared["runtime"] - ASSET_PACKAGES <= runtime
    assert declared["pi"] <= devices
    assert declared["train"] - EXPORT_HELPERS <= training


def _all_distributions(folder: Path) -> set[str]:
    return {name for module in _imported_modules(folder) for name in _distributions(module)}
