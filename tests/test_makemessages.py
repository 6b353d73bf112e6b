"""Our makemessages extracts the engine's N_/NP_ texts along with the pages' strings."""

import re
from pathlib import Path

from django.core.management import call_command
from django.test.utils import override_settings

import scorekeeper.i18n  # noqa: F401  (its stored.line message)
import scorekeeper.rules.game  # noqa: F401
from scorekeeper.rules import all_variants
from scorekeeper.rules.messages import CATALOGUE, Plural
from tests.extraction import one_extraction_at_a_time

ROOT = Path(__file__).resolve().parent.parent


def _msgids(po: str) -> set[str]:
    """Every msgid and msgid_plural of a .po file, continuation lines joined."""
    found, current = set(), None
    for line in po.splitlines() + [""]:
        match = re.match(r'^(msgid|msgid_plural) "(.*)"$', line)
        if match:
            if current is not None:
                found.add(current)
            current = match.group(2)
        elif line.startswith('"') and current is not None:
            current += line[1:-1]
        else:
            if current is not None:
                found.add(current)
            current = None
    found.discard("")
    return {text.replace('\\"', '"').replace("\\n", "\n") for text in found}


def test_makemessages_extracts_every_engine_text(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    with one_extraction_at_a_time(), override_settings(LOCALE_PATHS=[str(tmp_path)]):
        call_command(
            "makemessages",
            locale=["it"],
            verbosity=0,
            ignore_patterns=[
                ".venv/*",
                "tests/*",
                "bench/*",
                "test-artifacts/*",
                "staticfiles/*",
                "locale/*",
            ],
        )
    ids = _msgids((tmp_path / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    missing = []
    for code, message_type in CATALOGUE.items():
        if code.startswith("doc."):
            continue  # doctest examples
        template = message_type.template
        for text in template if isinstance(template, Plural) else [template]:
            if text not in ids:
                missing.append(f"{code}: {text}")
    assert missing == []
    # The pages' own strings are still there, and the variants' static texts too.
    assert "What this app assumes" in ids
    for variant in all_variants():
        texts = {variant.name, variant.summary, *variant.decisions}
        # a rule text that is a Message (numbers from parameters) is checked as a CATALOGUE entry
        texts |= {text for section in variant.rules for text in section if isinstance(text, str)}
        texts |= {text for option in variant.options for text in (option.name, option.summary)}
        if variant.deal_note:
            texts.add(variant.deal_note)
        assert texts - ids == set(), variant.slug


# -- one form whatever gettext wrote ------------------------------------------------------------

HEADER = """msgid ""
msgstr ""
"Project-Id-Version: rummytable\\n"
"POT-Creation-Date: {stamp}\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

"""
LONG = "a rather long message that one gettext wraps here and another one wraps somewhere else"


def _catalogue(stamp: str, wrapped_at: int) -> str:
    import textwrap

    pieces = textwrap.wrap(LONG + " ", wrapped_at, drop_whitespace=False)
    body = 'msgid ""\n' + "".join(f'"{p}"\n' for p in pieces) + 'msgstr "x"\n'
    return HEADER.format(stamp=stamp) + body


def test_catalogues_are_written_in_one_form_whatever_gettext_wrapped(tmp_path):
    from scorekeeper.games.management.commands.makemessages import normalise_catalogue

    one, other = tmp_path / "one.po", tmp_path / "other.po"
    one.write_text(_catalogue("2026-01-01 10:00+0000", 30))
    other.write_text(_catalogue("2026-01-01 10:00+0000", 60))
    normalise_catalogue(one)
    normalise_catalogue(other)
    assert one.read_text() == other.read_text()


def test_a_run_that_adds_nothing_leaves_the_catalogue_as_it_was(tmp_path):
    from scorekeeper.games.management.commands.makemessages import normalise_catalogue

    committed = _catalogue("2026-01-01 10:00+0000", 40)
    path = tmp_path / "django.po"
    path.write_text(_catalogue("2026-12-01 11:00+0000", 70))  # a new extraction, same entries
    normalise_catalogue(path, committed)
    assert path.read_text() == committed
    path.write_text(_catalogue("2026-12-01 11:00+0000", 70).replace('msgstr "x"', 'msgstr "y"'))
    normalise_catalogue(path, committed)
    assert "2026-12-01 11:00+0000" in path.read_text() and 'msgstr "y"' in path.read_text()
