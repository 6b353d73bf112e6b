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
