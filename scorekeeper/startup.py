"""What a server process does once before it takes its first request (scorekeeper/wsgi.py and
asgi.py call :func:`prepare`), so that the first request is as fast as any (issue 32: the first
question after a start took 5.6 s once)."""

from __future__ import annotations


def prepare() -> None:
    """Import every view (the URLconf loads them on the first request otherwise), and build
    the rule search's indexes, model and passage vectors."""
    from django.urls import get_resolver

    from scorekeeper.games.rulebook.search import warm

    get_resolver().url_patterns  # noqa: B018 - imports the URLconf and every view module
    warm()
