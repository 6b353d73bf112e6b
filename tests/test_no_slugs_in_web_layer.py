"""Variant and family knowledge lives in the engine: the web layer names no slug."""

import re
from pathlib import Path

from scorekeeper.rules import all_variants
from scorekeeper.rules.families import FAMILIES

ROOT = Path(__file__).resolve().parent.parent
WEB = ("scorekeeper/games", "scorekeeper/api", "scorekeeper/leagues", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css", ".txt"}


def test_no_variant_or_family_slug_is_quoted_in_the_web_layer():
    slugs = {v.slug for v in all_variants()} | set(FAMILIES)
    names = "|".join(re.escape(s) for s in sorted(slugs))
    quoted = re.compile(rf"""["']({names})["']""")
    hits = []
    for folder in WEB:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in SUFFIXES or "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if quoted.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not hits, "\n".join(hits)
