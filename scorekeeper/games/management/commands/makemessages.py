"""``manage.py makemessages`` that also extracts the engine's texts.

The engine (``scorekeeper.rules``) cannot use Django's gettext; it marks its texts with the
no-op markers ``N_("...")`` and ``NP_("one", "many")`` (see ``scorekeeper.rules.messages``).
This command is Django's own, with xgettext told about those two markers, so the catalogues
hold every engine message, variant name, rule text and decision beside the pages' strings.

The project has one catalogue per language, in ``LOCALE_PATHS[0]`` (``locale/``): every
string goes there, whichever directory it was found in. (Django's own command would send a
file to any ``locale`` directory whose parent holds it, so with ``LOCALE_PATHS`` pointed
elsewhere, as a test does to extract into a temporary directory, it would still write into
the repository's ``locale/``.)

After extraction every catalogue is rewritten by polib in one fixed form, so the committed
files do not depend on the GNU gettext version of the machine that ran ``make messages``.
"""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=N_", "--keyword=NP_:1,2"]


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also extracts the engine's N_ and NP_ markers."
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]

    def handle(self, *args, **options):
        """Extract as Django does, then write every catalogue in polib's one form (see
        :func:`normalise_catalogue`): another gettext version wraps lines differently, and the
        committed catalogues must not change with the machine that ran the command."""
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


def normalise_catalogue(path, previous: str | None = None) -> None:
    """Rewrite the catalogue at ``path`` in one fixed form, whichever GNU gettext extracted it:
    polib's wrapping at 79 columns, entries in msgmerge's order. When only the header's
    ``POT-Creation-Date`` changed since ``previous`` (the file's text before extraction), the
    file is left as it was, so a run that adds no string changes no catalogue."""
    catalogue = polib.pofile(str(path), wrapwidth=79)
    text = catalogue.__unicode__()
    if previous is not None:
        before = polib.pofile(previous, wrapwidth=79)
        stamp = before.metadata.get("POT-Creation-Date")
        if stamp is not None:
            catalogue.metadata["POT-Creation-Date"] = stamp
            if catalogue.__unicode__() == before.__unicode__():
                text = previous
            else:
                catalogue.metadata["POT-Creation-Date"] = stamp_now(text)
                text = catalogue.__unicode__()
    path.write_text(text, encoding="utf-8")


def stamp_now(text: str) -> str:
    """The creation date xgettext just wrote (kept when the catalogue really changed)."""
    return polib.pofile(text).metadata.get("POT-Creation-Date", "")
