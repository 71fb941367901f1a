"""The sheet's place in the layers: it reads games and the journal (and the screens'
words), never the app, the devices, the table or vision; and no runtime package but the
command line imports it."""

from __future__ import annotations

import ast
from pathlib import Path

RUNTIME = Path(__file__).resolve().parents[2] / "companion"
SHEET = RUNTIME / "sheet"
NOT_FROM_THE_SHEET = ("app", "device", "table", "vision")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_the_sheet_imports_no_app_device_table_or_vision() -> None:
    for path in SHEET.rglob("*.py"):
        for module in _imports(path):
            parts = module.split(".")
            assert not (
                parts[0] == "companion" and parts[1:2] and parts[1] in NOT_FROM_THE_SHEET
            ), f"{path.relative_to(RUNTIME)} imports {module}"


def test_only_the_command_line_imports_the_sheet() -> None:
    for path in RUNTIME.rglob("*.py"):
        if path.is_relative_to(SHEET) or path.is_relative_to(RUNTIME / "cli"):
            continue
        assert not any(module.startswith("companion.sheet") for module in _imports(path)), path
