"""Each language's glossary keeps its catalogue: no forbidden rendering in any translation.

``locale/<lang>/GLOSSARY.md`` ends with a table "Forbidden renderings": a pattern searched in
every translation of that language's catalogue, optionally only where the English text matches
a second pattern, and the rendering to use instead. The rows hold the glossary's terms and, where
a language chose one, its register (Korean 해요체, Romanian "tu", German "du"). A new string
meets the glossary without a reviewer: this test fails on it, naming the entry and the row.

The table "Required renderings" works the other way round: where the English text uses a
glossary term (skill, phone, deadwood, a meld, the dealer...), every translation of the entry
must use the glossary's word. "Reviewed exceptions" lists the few entries that rightly say it
otherwise, each with its reason.
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


def _table(text: str, heading: str) -> list[list[str]]:
    """The cells of every row of the first table under ``heading`` (header rows left out)."""
    _, found, rest = text.partition(heading)
    assert found, f"no {heading!r} section"
    rows, started = [], False
    for line in rest.splitlines():
        if line.startswith("|"):
            started = True
            cells = [c.strip().replace("\\|", "|") for c in CELL.split(line.strip())[1:-1]]
            if set(cells[0]) <= {"-"} or cells[0] == "term":
                continue
            rows.append(cells)
        elif started:
            break
    return rows


def required_rows(lang: str) -> list[tuple[str, re.Pattern, re.Pattern, tuple[str, ...]]]:
    """The "Required renderings" rows: (term, English pattern, required pattern, the msgid
    starts of its reviewed exceptions)."""
    text = (ROOT / "locale" / lang / "GLOSSARY.md").read_text(encoding="utf-8")
    exceptions: dict[str, list[str]] = {}
    for term, start, *_ in _table(text, "### Reviewed exceptions"):
        exceptions.setdefault(term, []).append(start)
    return [
        (term, re.compile(en.strip("`")), re.compile(need.strip("`")), tuple(exceptions.get(term, ())))
        for term, en, need, *_ in _table(text, "## Required renderings")
    ]


def translations(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return list(entry.msgstr_plural.values())
    return [entry.msgstr]


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


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_terms_are_rendered_with_the_glossarys_word(lang):
    rows = required_rows(lang)
    assert {term for term, *_ in rows} >= {"skill", "phone", "deadwood", "meld (noun)", "dealer"}
    po = polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"))
    misses, used = [], set()
    for entry in po:
        if entry.obsolete:
            continue
        english = entry.msgid + "\n" + (entry.msgid_plural or "")
        for term, en, need, exceptions in rows:
            if not en.search(english):
                continue
            if entry.msgid.startswith(exceptions) and exceptions:
                used.update((term, start) for start in exceptions if entry.msgid.startswith(start))
                continue
            if any(not need.search(text) for text in translations(entry)):
                misses.append(f"{term}: {entry.msgid[:60]!r} lacks {need.pattern!r}")
    assert not misses, f"{lang}: " + "\n".join(misses)
    # An exception that no longer matches an entry is stale: the allow-list stays short.
    stale = {(term, start) for term, _, _, starts in rows for start in starts} - used
    assert not stale, f"{lang}: exceptions matching no entry: {sorted(stale)}"


def test_a_missing_glossary_word_is_found():
    """The check itself can fail: German skill rendered as "Können" lacks "Spielstärke"."""
    rows = {term: (en, need) for term, en, need, _ in required_rows("de")}
    en, need = rows["skill"]
    assert en.search("Rating (skill minus three times its uncertainty)")
    assert not need.search("Rating (Können minus dreimal seine Unsicherheit)")
