"""Each language's glossary keeps its catalogue: no forbidden rendering in any translation.

``locale/<lang>/GLOSSARY.md`` ends with a table "Forbidden renderings": a pattern searched in
every translation of that language's catalogue, optionally only where the English text matches
a second pattern, and the rendering to use instead. The rows hold the glossary's terms and, where
a language chose one, its register (Korean 해요체, Romanian "tu", German "du"). A new string
meets the glossary without a reviewer: this test fails on it, naming the entry and the row.
"""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
LANGS = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
CELL = re.compile(r"(?<!\\)\|")


def forbidden_rows(lang: str) -> list[tuple[re.Pattern, re.Pattern | None, str]]:
    """The rows of the glossary's "Forbidden renderings" table, compiled."""
    text = (ROOT / "locale" / lang / "GLOSSARY.md").read_text(encoding="utf-8")
    _, found, table = text.partition("## Forbidden renderings")
    assert found, f"{lang}: GLOSSARY.md has no 'Forbidden renderings' section"
    rows = []
    for line in table.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip().replace("\\|", "|") for c in CELL.split(line.strip())[1:-1]]
        pattern, where, instead = (c.strip("`") for c in cells[:3])
        rows.append((re.compile(pattern), re.compile(where) if where else None, instead))
    return rows


def translations(entry: polib.POEntry) -> list[str]:
    return [entry.msgstr, *entry.msgstr_plural.values()]


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_lists_its_forbidden_renderings(lang):
    assert len(forbidden_rows(lang)) >= 3


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_breaks_the_glossary(lang):
    rows = forbidden_rows(lang)
    po = polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
    breaches = []
    for entry in po:
        if entry.obsolete:
            continue
        english = entry.msgid + "\n" + (entry.msgid_plural or "")
        for pattern, where, instead in rows:
            if where is not None and not where.search(english):
                continue
            for text in translations(entry):
                if (hit := pattern.search(text)) is not None:
                    breaches.append(f"{entry.msgid[:60]!r}: {hit.group(0)!r} -> {instead}")
                    break
    assert not breaches, f"{lang}: " + "\n".join(breaches)


def test_a_breach_is_found():
    """The check itself can fail: a forbidden Norwegian rendering of a meld is caught."""
    rows = forbidden_rows("nb")
    assert any(p.search("Móm (ingen melding)") and (w is None or w.search("Móm (no meld)"))
               for p, w, _ in rows)
    assert not any(p.search("en melding til deg selv") and (w is None or w.search("a message"))
                   for p, w, _ in rows)
