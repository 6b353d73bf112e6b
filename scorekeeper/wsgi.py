"""WSGI entry point (gunicorn, mod_wsgi, ...)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

from scorekeeper.startup import prepare  # noqa: E402 - needs the apps loaded

# Every view, and the rule search's indexes, model and passage vectors, before the first
# request.
prepare()
