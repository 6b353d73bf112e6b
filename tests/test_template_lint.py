"""A lint of the templates: nothing the engine names reaches a page untranslated.

The engine's texts (a variant's name, summary and other names, an option's name, a glossary
term, a rule section's title) are ``N_``-marked English: printed as they are, they show English
on every page in every language (issue 37 found the league pages printing ``variant.name``).
So wherever a template prints one of them, in ``{{ ... }}`` or as a ``blocktranslate``/``with``
argument, it must pass a translation filter (``say``, ``say_all``, ``engine_text``,
``render``). A loop over a list of engine texts (``{% for word in term.aka %}``) must translate
each item it prints.

User data (a league's, a player's or a season's name) is printed as it was typed; the lint
tells the two apart by the object's name in the template: :data:`ENGINE_OBJECTS`.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"

# The template names the engine's values go by (a variant, an option, a rule section, a
# glossary term, a family), and the attributes of theirs that are N_-marked English texts.
ENGINE_OBJECTS = {"variant", "v", "option", "section", "term", "family", "parent"}
ENGINE_TEXTS = {"name", "summary", "aka", "word", "title", "deal_note", "decisions", "label"}
TRANSLATING = {"say", "say_all", "engine_text", "render"}

OUTPUT = re.compile(r"\{\{\s*(.*?)\s*\}\}", re.S)
TAG = re.compile(r"\{%\s*(blocktranslate|blocktrans|with|include)\b(.*?)%\}", re.S)
ARGUMENT = re.compile(r"\b\w+=((?:\"[^\"]*\"|'[^']*'|[^\s\"'])+)")
LOOP = re.compile(r"\{%\s*for\s+(\w+)\s+in\s+([^%]+?)\s*%\}(.*?)\{%\s*endfor\s*%\}", re.S)


def _untranslated(expression: str) -> bool:
    """Whether ``expression`` (a variable with its filters) prints an engine text untranslated."""
    base, *filters = [part.strip() for part in expression.split("|")]
    names = {f.split(":")[0].strip() for f in filters}
    if names & TRANSLATING:
        return False
    path = base.split(".")
    if len(path) < 2 or path[-1] not in ENGINE_TEXTS:
        return False
    return path[-2] in ENGINE_OBJECTS or path[-1] == "aka"


def findings(text: str) -> list[str]:
    """Every place in a template's text that prints an engine text without translating it."""
    found = []
    expressions = [m.group(1) for m in OUTPUT.finditer(text)]
    for tag in TAG.finditer(text):
        expressions += ARGUMENT.findall(tag.group(2))
    found += [e for e in expressions if _untranslated(e)]
    for loop in LOOP.finditer(text):
        item, source, body = loop.groups()
        if source.split("|")[0].strip().split(".")[-1] != "aka":
            continue
        for printed in OUTPUT.findall(body):
            base, *filters = [p.strip() for p in printed.split("|")]
            if base == item and not {f.split(":")[0] for f in filters} & TRANSLATING:
                found.append(f"{printed} (an item of {source})")
    return found


def test_no_engine_text_is_printed_untranslated():
    problems = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for finding in findings(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(ROOT)}: {{{{ {finding} }}}}")
    assert problems == [], "print these through |say (or |engine_text):\n" + "\n".join(problems)


def test_the_lint_finds_what_it_is_for():
    assert findings("<span>{{ item.variant.name }}</span>")
    assert findings('{% blocktranslate with name=variant.name %}{{ name }}{% endblocktranslate %}')
    assert findings('{% blocktranslate with names=variant.aka|join:", " %}x{% endblocktranslate %}')
    assert findings("{% for v in variants %}<option>{{ v.name }}</option>{% endfor %}")
    assert findings("{% for word in term.aka %}{{ word }}{% endfor %}")
    # translated, or a name a person typed: nothing to find
    assert not findings("{{ variant.name|say }} {{ league.name }} {{ player.name }} {{ s.name }}")
    assert not findings('{% blocktranslate with names=variant.aka|say_all|join:", " %}x{% endblocktranslate %}')
    assert not findings("{% for word in term.aka %}{{ word|say }}{% endfor %}")


def test_every_variant_alias_is_in_the_catalogue():
    """A variant's other names are N_-marked, so they reach the catalogue (and |say_all)."""
    import polib

    from scorekeeper.rules import all_variants

    ids = {e.msgid for e in polib.pofile(str(ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"))
           if not e.obsolete}
    missing = {name for v in all_variants() for name in v.aka} - ids
    assert missing == set()
