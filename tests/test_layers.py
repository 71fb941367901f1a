"""The layers of DESIGN.md held over every import of ours, those inside functions too:
each package names what it must not import, no runtime package imports the developer
tools, and a game's folder holds its layers by role (its rules import nothing above the
values, its screen only the ui's drawing kit). No module, and no layer, imports itself
round a cycle. No module outside the games' folders is named after a game."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.games.registry import game_ids, plugin

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
        "words",
        "journal",
        "ui",
        "device",
        "app",
        "demo",
        "sheet",
        "cli",
    }
)
FORBIDDEN: dict[str, frozenset[str]] = {
    "cards": ALL - {"cards"} | {"tools"},
    "values": ALL - {"cards", "values"} | {"tools"},
    "games": ALL - {"cards", "values", "games"} | {"tools"},
    "words": ALL - {"cards", "values", "games", "words"} | {"tools"},
    "vision": ALL - {"cards", "values", "vision"} | {"tools"},
    # the mats of the games through their registry alone (THROUGH)
    "table": ALL - {"cards", "values", "vision", "table"} | {"tools"},
    "ui": frozenset(
        {"sheet", "vision", "table", "device", "journal", "app", "demo", "cli", "tools"}
    ),
    "journal": ALL - {"cards", "values", "games", "journal"} | {"tools"},
    "device": frozenset(
        {"sheet", "games", "words", "vision", "table", "journal", "app", "demo", "cli", "tools"}
    ),
    "app": frozenset({"sheet", "demo", "cli", "tools"}),
    "demo": frozenset({"sheet", "cli", "tools"}),
    # the phone sheet reads the journal through the games, in the table's words
    "sheet": frozenset({"vision", "table", "ui", "device", "app", "demo", "cli", "tools"}),
    "cli": frozenset({"tools"}),
}
# The one way a layer may reach into a package it must not import otherwise.
THROUGH: dict[str, frozenset[str]] = {"table": frozenset({"companion.games.registry"})}

# A game's folder by role: what each kind of module in it may import besides its own
# folder (prefixes of module names). Its screen draws with the ui's kit (the canvas, the
# screens' shared layout and the seats' names fitted to a pen's width), in the table's words.
CORE = ("companion.cards", "companion.values")
GAME_CORE = (*CORE, "companion.games.")
DRAWING_KIT = (
    "companion.ui.canvas",
    "companion.ui.screens",
    "companion.ui.seat_names",
    "companion.words",
)
ROLES: dict[str, tuple[str, ...]] = {
    "rules": GAME_CORE,
    "screen": (*GAME_CORE, *DRAWING_KIT),
    "words": CORE,
    "mat": CORE,
    "plugin": (*CORE, "companion.games.plugin"),
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


def game_folders(root: Path = PACKAGE) -> dict[str, str]:
    """The games' folders (a ``plugin.py`` in ``games/``): module prefix -> folder."""
    return {
        f"{OURS}.games.{path.parent.name}.": path.parent.name
        for path in (root / "games").glob("*/plugin.py")
    }


def role_of(module: str, folder_prefix: str) -> str:
    name = module[len(folder_prefix) :]
    return name if name in ROLES else "rules"


def _breaks_layer(module: str, imported: str) -> bool:
    layer = layer_of(module)
    if layer_of(imported) not in FORBIDDEN.get(layer, frozenset()):
        return False
    return not any(
        imported == allowed or imported.startswith(allowed + ".")
        for allowed in THROUGH.get(layer, ())
    )


def _breaks_role(module: str, imported: str, folders: dict[str, str]) -> bool:
    """A module of a game's folder importing beyond its role (another game's folder
    included): these rules, not the games layer's, hold in a game's folder."""
    prefix = next((p for p in folders if module.startswith(p)), None)
    if prefix is None or imported.startswith(prefix):
        return False
    if any(imported.startswith(other) for other in folders if other != prefix):
        return True
    allowed = ROLES[role_of(module, prefix)]
    return not any(imported == a.rstrip(".") or imported.startswith(a) for a in allowed)


def breaches(root: Path = PACKAGE) -> list[Breach]:
    folders = game_folders(root)
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent)
        module = ".".join(relative.with_suffix("").parts)
        in_a_game = any(module.startswith(prefix) for prefix in folders)
        for line, imported in imports_of(path.read_text("utf-8"), module):
            if in_a_game:
                broken = _breaks_role(module, imported, folders)
            else:
                broken = _breaks_layer(module, imported)
            if broken:
                found.append(Breach(str(relative), line, imported))
    return found


def test_no_import_breaks_the_layers() -> None:
    assert [str(breach) for breach in breaches()] == []


def test_every_package_has_its_row() -> None:
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    without_rules = {"assets", "models", "tools"}  # data, and the developer tools
    assert packages - without_rules == set(FORBIDDEN)


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of ours and the modules of ours it imports (inside functions too), a
    package's name standing for its ``__init__``."""
    modules = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        own = module + ".__init__" if path.name == "__init__.py" else module
        found = set()
        for imported in _imported_names(path.read_text("utf-8"), own):
            while imported and imported not in modules:  # a name imported from a module
                imported = imported.rpartition(".")[0]
            if imported and imported != module:
                found.add(imported)
        graph[module] = found
    return graph


def _imported_names(source: str, module: str) -> list[str]:
    """What ``imports_of`` finds and, for ``from package import name``, the dotted name
    too: the submodule when ``name`` is one (``from . import first`` imports ``first``)."""
    names = [name for _, name in imports_of(source, module)]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = module.split(".")[: -node.level] if node.level else []
            package = ".".join([*base, node.module] if node.module else base)
            names.extend(f"{package}.{alias.name}" for alias in node.names)
    return [name for name in names if name.split(".")[0] == OURS]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer_by_role(module: str, folders: dict[str, str]) -> str:
    """A module's layer, a game's folder by role: its screen is the ui's, its words and
    mat are values, the rest the games'."""
    prefix = next((p for p in folders if module.startswith(p)), None)
    if prefix is None:
        return layer_of(module)
    return {"screen": "ui", "words": "values", "mat": "values"}.get(
        role_of(module, prefix), "games"
    )


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    ui = tmp_path / OURS / "ui"
    ui.mkdir(parents=True)
    (ui / "__init__.py").write_text("", "utf-8")
    (ui / "first.py").write_text("from companion.ui.second import x\n", "utf-8")
    (ui / "second.py").write_text("def f():\n    from . import first\n", "utf-8")
    (ui / "third.py").write_text("from companion.ui import second\n", "utf-8")
    assert cycles(import_graph(tmp_path / OURS)) == [["companion.ui.first", "companion.ui.second"]]


def test_no_module_imports_itself_round_a_cycle() -> None:
    assert cycles(import_graph()) == []


def test_no_layer_imports_itself_round_a_cycle() -> None:
    folders = game_folders()
    layers: dict[str, set[str]] = {}
    for module, imported in import_graph().items():
        mine = layer_by_role(module, folders)
        layers.setdefault(mine, set()).update(
            theirs for other in imported if (theirs := layer_by_role(other, folders)) != mine
        )
    assert cycles(layers) == []


def test_imports_inside_functions_and_relative_ones_are_seen(tmp_path: Path) -> None:
    table = tmp_path / OURS / "table"
    table.mkdir(parents=True)
    (table / "late.py").write_text(
        "def later():\n    from companion.games.engine import GameEngine\n"
        "    from ..device import camera\n"
        "    import companion.ui.canvas\n"
        "    from companion import tools\n"
        "    from companion.games.registry import plugin\n",
        "utf-8",
    )
    found = [(b.line, b.imported) for b in breaches(tmp_path / OURS)]
    assert found == [
        (2, "companion.games.engine"),
        (3, "companion.device"),
        (4, "companion.ui.canvas"),
        (5, "companion.tools"),
    ]


def test_a_games_folder_holds_its_layers_by_role(tmp_path: Path) -> None:
    folder = tmp_path / OURS / "games" / "blitz"
    folder.mkdir(parents=True)
    (folder / "plugin.py").write_text("from companion.games.plugin import GamePlugin\n", "utf-8")
    (folder / "engine.py").write_text(
        "from companion.games.engine import GameEngine\nfrom companion.ui import canvas\n",
        "utf-8",
    )
    (folder / "screen.py").write_text(
        "from companion.ui.screens.layout import header\nfrom companion.ui.controller import x\n"
        "from companion.games.oczko.view import OczkoView\n",
        "utf-8",
    )
    (folder / "words.py").write_text("from companion.games.engine import GameEngine\n", "utf-8")
    (tmp_path / OURS / "games" / "oczko").mkdir()
    (tmp_path / OURS / "games" / "oczko" / "plugin.py").write_text("", "utf-8")
    found = sorted((b.path, b.imported) for b in breaches(tmp_path / OURS))
    assert found == [
        ("companion/games/blitz/engine.py", "companion.ui"),
        ("companion/games/blitz/screen.py", "companion.games.oczko.view"),
        ("companion/games/blitz/screen.py", "companion.ui.controller"),
        ("companion/games/blitz/words.py", "companion.games.engine"),
    ]


@pytest.mark.parametrize("game", game_ids())
def test_each_games_parts_are_in_its_own_folder(game: str) -> None:
    played = plugin(game)
    folder = played.engine.rpartition(".")[0]
    assert played.screen.startswith(folder + ".")
    assert Path(str(played.example)).parent.name == folder.rsplit(".", 1)[-1]


def test_no_module_outside_the_games_is_named_after_a_game() -> None:
    names = {name for game in game_ids() for name in (game, game.replace("-", "_"))}
    names |= {folder for folder in game_folders().values()}
    found = [
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*")
        if "games" not in path.relative_to(PACKAGE).parts
        and any(name in path.stem for name in names)
    ]
    assert found == []
