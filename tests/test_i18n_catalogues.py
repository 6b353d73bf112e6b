"""The committed catalogues: complete for every language, placeholders kept, .mo up to date.

Every msgid the project's makemessages extracts (pages, apps and the engine's N_/NP_ texts) must
have a translation in ``locale/<lang>/LC_MESSAGES/django.po`` that is neither empty nor fuzzy,
with the same placeholders, and the committed ``django.mo`` must be exactly what msgfmt makes
of the committed ``django.po`` (a fresh clone serves translations without gettext tools).
A failure here after adding a string means: run ``make messages`` and translate what it adds.
"""

import gettext
import os
import re
import subprocess
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test.utils import override_settings

from tests.extraction import one_extraction_at_a_time

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGS = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]|%[sd]|<[^>]+>")
COUNTS = {"{n}", "{count}", "%(n)s", "%(count)s", "%(counter)s"}


def marks(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def key(entry: polib.POEntry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[tuple[str, str, str], polib.POEntry]:
    """Every message the project's makemessages finds on this branch, into a temp directory."""
    out = tmp_path_factory.mktemp("extract")
    cwd = Path.cwd()
    try:
        os.chdir(ROOT)
        with one_extraction_at_a_time(), override_settings(LOCALE_PATHS=[str(out)]):
            call_command(
                "makemessages",
                locale=["xx"],
                verbosity=0,
                ignore_patterns=[".venv/*", "tests/*", "bench/*", "test-artifacts/*",
                                 "staticfiles/*", "locale/*"],
            )
    finally:
        os.chdir(cwd)
    po = polib.pofile(str(out / "xx" / "LC_MESSAGES" / "django.po"))
    entries = {key(e): e for e in po if not e.obsolete}
    assert len(entries) > 400, "extraction found too little: is xgettext installed?"
    return entries


def test_extraction_does_not_write_into_the_repository(extracted):
    # Our makemessages sends every string to LOCALE_PATHS[0] (here the temp directory).
    assert not (LOCALE / "xx").exists()


def test_every_language_has_a_catalogue_and_a_glossary():
    for code in LANGS:
        assert (LOCALE / code / "LC_MESSAGES" / "django.po").is_file(), code
        assert (LOCALE / code / "LC_MESSAGES" / "django.mo").is_file(), code
        assert (LOCALE / code / "GLOSSARY.md").is_file(), code


@pytest.mark.parametrize("code", LANGS)
def test_every_extracted_message_is_translated(code, extracted):
    po = polib.pofile(str(LOCALE / code / "LC_MESSAGES" / "django.po"))
    assert po.metadata.get("Language") == code
    nplurals = int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"]).group(1))
    ours = {key(e): e for e in po if not e.obsolete}
    problems = []
    for k in extracted:
        entry = ours.get(k)
        label = k[1][:70]
        if entry is None:
            problems.append(f"missing: {label!r}")
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {label!r}")
            continue
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            if sorted(forms) != list(range(nplurals)) or not all(v.strip() for v in forms.values()):
                problems.append(f"plural forms: {label!r}")
                continue
            allowed = set(marks(entry.msgid)) | set(marks(entry.msgid_plural))
            for index, text in forms.items():
                have = set(marks(text))
                if have - allowed:
                    problems.append(f"unknown placeholder in form {index}: {label!r}")
                need = set(marks(entry.msgid_plural))
                if index == 0 and nplurals > 1:
                    # The "one" form may say the number in words ("jedna karta").
                    need = set(marks(entry.msgid)) - COUNTS
                if need - have:
                    problems.append(f"form {index} lacks {sorted(need - have)}: {label!r}")
        else:
            if not entry.msgstr.strip():
                problems.append(f"untranslated: {label!r}")
            elif marks(entry.msgid) != marks(entry.msgstr):
                problems.append(f"placeholders {marks(entry.msgstr)}: {label!r}")
    assert problems == [], f"{code}: run `make messages` and translate these"


@pytest.mark.parametrize("code", LANGS)
def test_committed_mo_is_the_compiled_po(code, tmp_path):
    po_path = LOCALE / code / "LC_MESSAGES" / "django.po"
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(compiled), str(po_path)], check=True)

    def table(path: Path) -> dict:
        with path.open("rb") as fh:
            return gettext.GNUTranslations(fh)._catalog

    committed = table(LOCALE / code / "LC_MESSAGES" / "django.mo")
    assert committed == table(compiled), f"{code}: run `make messages` (compilemessages)"
