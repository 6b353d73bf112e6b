"""``manage.py importmessages DIR``: take translators' work into the project's catalogues.

For each language of ``settings.LANGUAGES`` (English is the source) with a ``DIR/<lang>.po``,
every entry of ``locale/<lang>/LC_MESSAGES/django.po`` that is untranslated or fuzzy gets the
translation of the same message (same context, msgid and plural) from ``DIR/<lang>.po`` when
that one is complete and not fuzzy. Entries already translated are left alone, and entries
the given file does not hold are kept as they are (still untranslated, or still fuzzy), so
the catalogue completeness test names them. Run by ``make messages TRANSLATIONS=DIR`` between
extraction and compilation; it needs ``polib`` (a development requirement). It writes the
catalogue in the one form ``makemessages`` writes (see ``write_catalogue`` there).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from .makemessages import write_catalogue


def _key(entry):
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def _complete(entry) -> bool:
    if entry.obsolete or "fuzzy" in entry.flags:
        return False
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(v.strip() for v in entry.msgstr_plural.values())
    return bool(entry.msgstr.strip())


class Command(BaseCommand):
    help = "Fill untranslated or fuzzy catalogue entries from translators' <lang>.po files."

    def add_arguments(self, parser):
        parser.add_argument("source", help="a directory holding <lang>.po files")

    def handle(self, *args, source, **options):
        import polib

        source_dir = Path(source)
        if not source_dir.is_dir():
            raise CommandError(f"{source} is not a directory")
        locale_dir = Path(settings.LOCALE_PATHS[0])
        for code, _name in settings.LANGUAGES:
            if code == settings.LANGUAGE_CODE:
                continue
            given_path = source_dir / f"{code}.po"
            ours_path = locale_dir / code / "LC_MESSAGES" / "django.po"
            if not given_path.exists() or not ours_path.exists():
                continue
            given = {_key(e): e for e in polib.pofile(str(given_path)) if _complete(e)}
            ours = polib.pofile(str(ours_path))
            filled = 0
            for entry in ours:
                if entry.obsolete or _complete(entry):
                    continue
                found = given.get(_key(entry))
                if found is None:
                    continue
                if entry.msgid_plural:
                    entry.msgstr_plural = dict(found.msgstr_plural)
                else:
                    entry.msgstr = found.msgstr
                if "fuzzy" in entry.flags:
                    entry.flags.remove("fuzzy")
                entry.previous_msgid = entry.previous_msgid_plural = None
                entry.previous_msgctxt = None
                filled += 1
            if filled:
                write_catalogue(ours, ours_path)
            left = sum(1 for e in ours if not e.obsolete and not _complete(e))
            self.stdout.write(f"{code}: {filled} filled from {given_path}, {left} left to translate")
