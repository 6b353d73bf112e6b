"""``manage.py makemessages`` that also extracts the engine's texts.

The engine (``scorekeeper.rules``) cannot use Django's gettext; it marks its texts with the
no-op markers ``N_("...")`` and ``NP_("one", "many")`` (see ``scorekeeper.rules.messages``).
This command is Django's own, with xgettext told about those two markers, so the catalogues
hold every engine message, variant name, rule text and decision beside the pages' strings.
"""

from django.core.management.commands import makemessages

ENGINE_KEYWORDS = ["--keyword=N_", "--keyword=NP_:1,2"]


class Command(makemessages.Command):
    help = makemessages.Command.help + " Also extracts the engine's N_ and NP_ markers."
    xgettext_options = [*makemessages.Command.xgettext_options, *ENGINE_KEYWORDS]
