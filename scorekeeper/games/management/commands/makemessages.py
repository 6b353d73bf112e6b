"""``manage.py makemessages`` that also extracts the engine's texts, in one canonical form.

The engine (``scorekeeper.rules``) cannot use Django's gettext; it marks its texts with the
no-op markers ``N_("...")`` and ``NP_("one", "many")`` (see ``scorekeeper.rules.messages``).
This command is Django's own, with xgettext told about those two markers, so the catalogues
hold every engine message, variant name, rule text and decision beside the pages' strings.

The project has one catalogue per language, in ``LOCALE_PATHS[0]`` (``locale/``): every
string goes there, whichever directory it was found in. (Django's own command would send a
file to any ``locale`` directory whose parent holds it, so with ``LOCALE_PATHS`` pointed
elsewhere, as a test does to extract into a temporary directory, it would still write into
the repository's ``locale/``.)

The committed catalogues are a fixed point of this command: run on a clean checkout it
changes nothing (``tests/test_makemessages.py`` runs it on a copy of the tree and compares).
What it does to get there:

- the project's own options are its defaults, so ``make messages``, a bare ``manage.py
  makemessages -l de`` and the tests extract alike: locations name the file only (``#:
  path``, no line numbers, so moving code inside a file moves no catalogue line), and the
  folders that hold no page or app string (:data:`PROJECT_IGNORES`) are skipped;
- every catalogue is written by :func:`write_catalogue` (polib, wrapped at :data:`WIDTH`
  columns), whichever GNU gettext extracted it, and ``importmessages`` writes through it too;
- the header's ``POT-Creation-Date`` is the one the catalogue already had: a run stamps no
  date, so two branches that each add a string do not collide on the header.

Entries keep msgmerge's order (the order of the files, then of first use in a file), and
strings no longer used stay at the end as obsolete ``#~`` entries (see docs/languages.md).
"""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=N_", "--keyword=NP_:1,2"]
# Folders of the tree with no string for the catalogues (tests, benchmarks, build output,
# installed packages, the catalogues themselves).
PROJECT_IGNORES = [
    ".venv/*", "tests/*", "bench/*", "test-artifacts/*", "staticfiles/*", "locale/*",
]
WIDTH = 79
STAMP = "POT-Creation-Date"


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also extracts the engine's N_ and NP_ markers."
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]

    def handle(self, *args, **options):
        """Extract as Django does, with the project's defaults, then write every catalogue in
        the one canonical form (:func:`normalise_catalogue`)."""
        options["add_location"] = options.get("add_location") or "file"
        ignores = list(options.get("ignore_patterns") or [])
        options["ignore_patterns"] = ignores + [p for p in PROJECT_IGNORES if p not in ignores]
        root = Path(settings.LOCALE_PATHS[0])
        paths = sorted(root.glob("*/LC_MESSAGES/django.po"))
        before = {p: p.read_text(encoding="utf-8") for p in paths}
        super().handle(*args, **options)
        for path in sorted(root.glob("*/LC_MESSAGES/django.po")):
            normalise_catalogue(path, before.get(path))

    def find_files(self, root):
        files = super().find_files(root)
        if self.default_locale_path:
            for found in files:
                found.locale_dir = self.default_locale_path
        return files


def canonical_text(catalogue: polib.POFile) -> str:
    """The catalogue as the project writes it: polib's form, wrapped at :data:`WIDTH`."""
    catalogue.wrapwidth = WIDTH
    return catalogue.__unicode__()


def write_catalogue(catalogue: polib.POFile, path) -> None:
    """Write ``catalogue`` to ``path`` in the canonical form (every writer of a catalogue)."""
    Path(path).write_text(canonical_text(catalogue), encoding="utf-8")


def normalise_catalogue(path, previous: str | None = None) -> None:
    """Rewrite the catalogue at ``path`` in the canonical form, whichever GNU gettext wrote it.

    ``previous`` is the file's text before the extraction: its ``POT-Creation-Date`` is kept,
    so a run that adds no string leaves the file byte for byte as it was, and a run that adds
    one changes that entry's lines only."""
    catalogue = polib.pofile(str(path), wrapwidth=WIDTH)
    if previous is not None:
        stamp = polib.pofile(previous).metadata.get(STAMP)
        if stamp is not None:
            catalogue.metadata[STAMP] = stamp
    write_catalogue(catalogue, path)
