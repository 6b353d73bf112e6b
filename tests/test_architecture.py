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
