"""The web layer's layout (issue 18): thin views that call services and render through the page
presenter; no view scores with the engine; the leagues app does not lean on the games' views."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "scorekeeper"
VIEWS = sorted((ROOT / "games" / "views").glob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the file's package
                package = path.relative_to(ROOT.parent).with_suffix("").parts[: -node.level]
                base = ".".join(package + ((base,) if base else ()))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_views_are_a_package_of_small_modules():
    assert len(VIEWS) >= 4
    for path in VIEWS:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines < 400, f"{path.name} has {lines} lines"


@pytest.mark.parametrize("path", VIEWS, ids=lambda p: p.name)
def test_no_view_scores_with_the_engine(path):
    engine = {m for m in _imports(path) if m.startswith("scorekeeper.rules.")}
    allowed = {"scorekeeper.rules.RulesError", "scorekeeper.rules.get_variant",
               "scorekeeper.rules.all_variants"}
    assert engine <= allowed | {"scorekeeper.rules"}, engine - allowed


@pytest.mark.parametrize("path", sorted((ROOT / "leagues").rglob("*.py")), ids=str)
def test_leagues_do_not_import_the_games_views(path):
    assert not {m for m in _imports(path) if m.startswith("scorekeeper.games.views")}


def test_one_module_arranges_a_game_for_the_eye():
    assert not (ROOT / "games" / "display.py").exists()
    pages = ROOT / "games" / "pages"
    assert (pages / "presentation.py").exists() and (pages / "game_page.py").exists()
