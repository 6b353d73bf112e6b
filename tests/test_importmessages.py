"""``manage.py importmessages DIR`` fills empty and fuzzy entries from translators' files."""

import polib
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test.utils import override_settings

HEADER = {"Content-Type": "text/plain; charset=UTF-8", "Language": "cs",
          "Plural-Forms": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"}


def catalogue(path, entries):
    po = polib.POFile()
    po.metadata = HEADER
    for entry in entries:
        po.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def test_fills_empty_and_fuzzy_entries_and_keeps_the_rest(tmp_path):
    ours = tmp_path / "locale" / "cs" / "LC_MESSAGES" / "django.po"
    catalogue(ours, [
        polib.POEntry(msgid="Save hand", msgstr=""),
        polib.POEntry(msgid="Undo", msgstr="Vrátit", flags=["fuzzy"]),
        polib.POEntry(msgid="Share", msgstr="Sdílet"),
        polib.POEntry(msgid="{n} card", msgid_plural="{n} cards",
                      msgstr_plural={0: "", 1: "", 2: ""}),
        polib.POEntry(msgid="Only here", msgstr=""),
    ])
    given = tmp_path / "given"
    catalogue(given / "cs.po", [
        polib.POEntry(msgid="Save hand", msgstr="Uložit kolo"),
        polib.POEntry(msgid="Undo", msgstr="Vrátit zpět"),
        polib.POEntry(msgid="Share", msgstr="Nesdílet"),
        polib.POEntry(msgid="{n} card", msgid_plural="{n} cards",
                      msgstr_plural={0: "{n} karta", 1: "{n} karty", 2: "{n} karet"}),
        polib.POEntry(msgid="Only here", msgstr="Jen tady", flags=["fuzzy"]),
    ])
    with override_settings(LOCALE_PATHS=[str(tmp_path / "locale")],
                           LANGUAGES=[("en", "English"), ("cs", "Čeština")]):
        call_command("importmessages", str(given), verbosity=0)
    po = {e.msgid: e for e in polib.pofile(str(ours))}
    assert po["Save hand"].msgstr == "Uložit kolo"
    assert po["Undo"].msgstr == "Vrátit zpět" and "fuzzy" not in po["Undo"].flags
    assert po["Share"].msgstr == "Sdílet"  # translated already: left alone
    assert po["{n} card"].msgstr_plural == {0: "{n} karta", 1: "{n} karty", 2: "{n} karet"}
    assert po["Only here"].msgstr == ""  # a fuzzy translation is not taken


def test_refuses_a_missing_directory(tmp_path):
    with pytest.raises(CommandError):
        call_command("importmessages", str(tmp_path / "nope"))
