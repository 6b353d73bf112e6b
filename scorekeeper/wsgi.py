"""WSGI entry point (gunicorn, mod_wsgi, ...)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

from scorekeeper.games.rulebook.search import warm  # noqa: E402 - needs the apps loaded

# The rule search's indexes, model and passage vectors, before the first request.
warm()
