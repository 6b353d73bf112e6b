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
"""

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=N_", "--keyword=NP_:1,2"]


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also extracts the engine's N_ and NP_ markers."
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]

    def find_files(self, root):
        files = super().find_files(root)
        if self.default_locale_path:
            for found in files:
                found.locale_dir = self.default_locale_path
        return files
