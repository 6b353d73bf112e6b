"""Guards on the layout: the rules engine stays pure Python, and nothing leans on ../shared."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "scorekeeper" / "rules"


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_rules_engine_exists():
    # Otherwise the purity check below would pass vacuously.
    assert list(RULES.rglob("*.py")), "scorekeeper/rules has no Python files"


@pytest.mark.parametrize(
    "path", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_rules_engine_does_not_import_django(path: Path):
    offenders = [m for m in _imported_modules(path) if m == "django" or m.startswith("django.")]
    assert not offenders, f"{path.relative_to(ROOT)} imports {offenders}"


def test_nothing_reads_shared_folder():
    # ../shared exists for developers only; the app and its tests must carry their own copies.
    needles = ("../shared", "shared/RULES")
    this_file = Path(__file__).resolve()
    hits = []
    for folder in (ROOT / "scorekeeper", ROOT / "tests"):
        for path in folder.rglob("*"):
            if not path.is_file() or path.resolve() == this_file or "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="ignore")
            hits.extend(f"{path.relative_to(ROOT)}: {n}" for n in needles if n in text)
    assert not hits, hits


# -- no two apps import each other (issue 24 section 5) ------------------------------------------

PACKAGE = ROOT / "scorekeeper"


def _unit(path: Path) -> str:
    """The part of the project a file belongs to: its app (a package of scorekeeper) or, for a
    module at the top (``scorekeeper/dataport.py``), that module."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    base = package[: len(package) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _unit_imports() -> dict[str, dict[str, list[str]]]:
    """{unit: {unit it imports: [files]}} over every import statement, in functions too."""
    found: dict[str, dict[str, list[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        unit = _unit(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [_absolute(path, node)]
            else:
                continue
            for module in modules:
                parts = module.split(".")
                if parts[0] == "scorekeeper" and len(parts) > 1 and parts[1] != unit:
                    files = found.setdefault(unit, {}).setdefault(parts[1], [])
                    files.append(str(path.relative_to(ROOT)))
    return found


def test_the_import_scan_sees_the_apps():
    imports = _unit_imports()
    assert "games" in imports["leagues"] and "games" in imports["api"]


def test_no_app_imports_an_app_that_imports_it_back():
    """The leagues app builds on the games app, never the other way round: the game page gets
    the league's part through one hook (``games.pages.page_parts``), not an import."""
    imports = _unit_imports()
    cycles = [
        (a, b, imports[a][b][:2], imports[b][a][:2])
        for a in imports
        for b in imports[a]
        if a < b and a in imports.get(b, {})
    ]
    assert not cycles, cycles


# -- no import circle anywhere, and the rooms of the games app in layers (issue 36 section 3) ---
#
# An arrow A -> B is one import statement of module A that names module B, at module level or
# inside a function, under ``if TYPE_CHECKING:`` too (none is excluded). ``from P import n`` is
# an arrow to the module P.n where that is a module, else to P. Importing a.b.c is an arrow to
# a.b.c alone: the packages Python runs on the way (a, a.b) are not counted.


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        arrows = graph.setdefault(module, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(path, node)
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names
                ]
            else:
                continue
            for target in targets:
                while target and target not in paths:  # a name inside a module: the module
                    target = target.rpartition(".")[0]
                if target and target != module:
                    arrows.add(target)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that reach one another (Tarjan's strongly connected components),
    as one circle each: the modules of the group, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_imports_in_functions_and_relative_ones():
    graph = _import_graph()
    assert "scorekeeper.games.scoresheet.services" in graph["scorekeeper.games.views.hands"]
    # leagues/apps.py imports the games' hooks inside ready()
    assert "scorekeeper.games.pages.page_parts" in graph["scorekeeper.leagues.apps"]
    assert len(graph) > 150


def test_no_import_circle_anywhere():
    circles = _circles(_import_graph())
    assert not circles, circles


# The rooms of scorekeeper/games/ and what each may import (docs/architecture.md, "Rooms of the
# games app"). A room not named may import no room of games.
GAMES = "scorekeeper.games"
FOUNDATION = "foundation"  # the app itself: models, signals, events, apps, migrations
WIRING = "wiring"  # urls, management commands, dataport: they may import every room
ROOM_IMPORTS: dict[str, set[str]] = {
    FOUNDATION: set(),
    "scoresheet": {FOUNDATION},
    "rights": {FOUNDATION, "scoresheet"},
    "table": {FOUNDATION, "scoresheet"},
    "site": {FOUNDATION, "scoresheet"},
    "pages": {FOUNDATION, "scoresheet", "rights", "table"},
    "rulebook": {FOUNDATION, "scoresheet", "rights", "table"},
    "views": {FOUNDATION, "scoresheet", "rights", "table", "pages"},
}


def _room(module: str) -> str:
    parts = module.split(".")[2:]  # after scorekeeper.games
    if not parts or parts[0] in {"models", "signals", "events", "apps", "migrations"}:
        return FOUNDATION
    if parts[0] in {"urls", "management", "dataport"}:
        return WIRING
    return parts[0]


def test_every_module_of_games_is_in_a_room():
    rooms = {_room(m) for m in _import_graph() if m == GAMES or m.startswith(GAMES + ".")}
    assert rooms == set(ROOM_IMPORTS) | {WIRING}, rooms ^ (set(ROOM_IMPORTS) | {WIRING})


def test_the_rooms_of_games_import_only_down_their_layers():
    wrong = []
    for module, arrows in _import_graph().items():
        if not module.startswith(GAMES + ".") or _room(module) == WIRING:
            continue
        room = _room(module)
        for target in arrows:
            if target.startswith(GAMES + ".") or target == GAMES:
                other = _room(target)
                if other != room and other not in ROOM_IMPORTS[room]:
                    wrong.append(f"{module} ({room}) -> {target} ({other})")
    assert not wrong, wrong


def test_every_app_of_the_data_export_has_its_section():
    """scorekeeper/dataport.py finds each app's section by name (``<app>.dataport``) and skips an
    app without one: a section moved elsewhere would silently drop out of every export."""
    from scorekeeper import dataport

    names = {section.name for section in dataport.sections()}
    assert len(names) == len(dataport.APPS), names
