"""The layers of DESIGN.md held over every import of ours, those inside functions too:
each package names what it must not import, and no runtime package imports the
developer tools."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
OURS = "companion"

# Packages of ours each layer must not import (values and cards sit at the bottom).
ALL = frozenset(
    {
        "cards",
        "values",
        "vision",
        "table",
        "games",
        "journal",
        "ui",
        "device",
        "app",
        "sheet",
        "cli",
    }
)
FORBIDDEN: dict[str, frozenset[str]] = {
    "cards": ALL - {"cards"} | {"tools"},
    "values": ALL - {"cards", "values"} | {"tools"},
    "games": ALL - {"cards", "values", "games"} | {"tools"},
    "vision": frozenset(
        {"sheet", "games", "table", "journal", "ui", "device", "app", "cli", "tools"}
    ),
    "table": frozenset({"sheet", "games", "device", "journal", "ui", "app", "cli", "tools"}),
    "ui": frozenset({"sheet", "vision", "table", "device", "journal", "app", "cli", "tools"}),
    "journal": frozenset({"sheet", "vision", "table", "ui", "device", "app", "cli", "tools"}),
    "device": frozenset({"sheet", "games", "vision", "table", "journal", "app", "cli", "tools"}),
    "app": frozenset({"sheet", "cli", "tools"}),
    # the phone sheet reads the journal through the games and the ui's texts and views
    "sheet": frozenset({"vision", "table", "device", "app", "cli", "tools"}),
}


@dataclass(frozen=True)
class Breach:
    path: str
    line: int
    imported: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} imports {self.imported}"


def imports_of(source: str, module: str) -> list[tuple[int, str]]:
    """Every module of ours that ``source`` (the module ``module``) imports, at any depth,
    with its line; relative imports resolved."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: -node.level]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            if name == OURS:  # from companion import x
                found.extend((node.lineno, f"{OURS}.{alias.name}") for alias in node.names)
            else:
                found.append((node.lineno, name))
    return [(line, name) for line, name in found if name.split(".")[0] == OURS]


def layer_of(imported: str) -> str:
    parts = imported.split(".")
    return parts[1] if len(parts) > 1 else ""


def breaches(root: Path = PACKAGE) -> list[Breach]:
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent)
        module = ".".join(relative.with_suffix("").parts)
        forbidden = FORBIDDEN.get(layer_of(module), frozenset())
        for line, imported in imports_of(path.read_text("utf-8"), module):
            if layer_of(imported) in forbidden:
                found.append(Breach(str(relative), line, imported))
    return found


def test_no_import_breaks_the_layers() -> None:
    assert [str(breach) for breach in breaches()] == []


def test_imports_inside_functions_and_relative_ones_are_seen(tmp_path: Path) -> None:
    table = tmp_path / OURS / "table"
    table.mkdir(parents=True)
    (table / "late.py").write_text(
        "def later():\n    from companion.games.registry import make_engine\n"
        "    from ..device import camera\n"
        "    import companion.ui.canvas\n"
        "    from companion import tools\n",
        "utf-8",
    )
    found = [(b.line, b.imported) for b in breaches(tmp_path / OURS)]
    assert found == [
        (2, "companion.games.registry"),
        (3, "companion.device"),
        (4, "companion.ui.canvas"),
        (5, "companion.tools"),
    ]
