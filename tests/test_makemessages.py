"""Our makemessages extracts the engine's N_/NP_ texts along with the pages' strings, and the
committed catalogues are exactly what it writes: run on a clean checkout it changes nothing."""

import difflib
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test.utils import override_settings

import scorekeeper.i18n  # noqa: F401  (its stored.line message)
import scorekeeper.rules.game  # noqa: F401
from scorekeeper.rules import all_variants
from scorekeeper.rules.messages import CATALOGUE, Plural
from tests.extraction import one_extraction_at_a_time

ROOT = Path(__file__).resolve().parent.parent
LANGS = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
# What a copy of the tree leaves out: version control, installed packages, caches, and the
# folders the command ignores anyway (PROJECT_IGNORES).
NOT_COPIED = {".git", ".venv", "tests", "bench", "test-artifacts", "staticfiles", "node_modules",
              ".pytest_cache", ".hypothesis", ".ruff_cache", "__pycache__"}


@pytest.fixture(scope="module")
def extracted_tree(tmp_path_factory) -> Path:
    """A copy of this working tree after `make messages`' extraction into its own locale/.

    The copy is taken under the extraction lock: another test's extraction in the tree writes
    a temporary ``<template>.py`` beside each template, which the copy must not pick up. The
    extraction itself then runs in the copy (its temporary files are the copy's own)."""
    copy = tmp_path_factory.mktemp("tree") / "tree"
    with one_extraction_at_a_time():
        shutil.copytree(
            ROOT,
            copy,
            symlinks=True,
            ignore=lambda folder, names: [
                n for n in names if n in NOT_COPIED or n.endswith(".pyc") or n.startswith("db.sqlite3")
            ],
        )
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(copy)
        with override_settings(LOCALE_PATHS=[str(copy / "locale")]):
            call_command("makemessages", locale=LANGS, verbosity=0)
    return copy


@pytest.mark.parametrize("code", LANGS)
def test_a_clean_checkout_extracts_to_the_committed_catalogues(code, extracted_tree):
    """`make messages` with no string changed leaves every catalogue byte for byte as it is
    committed. A failure shows the lines it would change: run `make messages` and commit."""
    path = Path("locale") / code / "LC_MESSAGES" / "django.po"
    committed = (ROOT / path).read_text(encoding="utf-8")
    extracted = (extracted_tree / path).read_text(encoding="utf-8")
    diff = list(difflib.unified_diff(committed.splitlines(), extracted.splitlines(),
                                     "committed", "extracted", lineterm="", n=1))
    assert diff == [], "\n".join(diff[:80])


def test_makemessages_extracts_every_engine_text(extracted_tree):
    po = polib.pofile(str(extracted_tree / "locale" / "it" / "LC_MESSAGES" / "django.po"))
    ids = {text for e in po if not e.obsolete for text in (e.msgid, e.msgid_plural) if text}
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


def test_a_run_keeps_the_catalogues_creation_date(tmp_path):
    """No date churn: a run that adds nothing leaves the file as it was, and one that changes
    an entry changes that entry only, never the header's stamp."""
    from scorekeeper.games.management.commands.makemessages import normalise_catalogue

    committed = _catalogue("2026-01-01 10:00+0000", 40)
    path = tmp_path / "django.po"
    path.write_text(committed)
    normalise_catalogue(path)
    committed = path.read_text()  # the canonical form
    path.write_text(_catalogue("2026-12-01 11:00+0000", 70))  # a new extraction, same entries
    normalise_catalogue(path, committed)
    assert path.read_text() == committed
    path.write_text(_catalogue("2026-12-01 11:00+0000", 70).replace('msgstr "x"', 'msgstr "y"'))
    normalise_catalogue(path, committed)
    assert path.read_text() == committed.replace('msgstr "x"', 'msgstr "y"')
