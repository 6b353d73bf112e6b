"""Absolute links for sharing (share page, QR codes, the API's game ``url``).

Built from the address the request came in on, so a phone that reached a laptop at
``http://192.168.1.20:8000`` gets links (and QR codes) the other phones at the table can open.
``PUBLIC_URL`` (e.g. ``https://cards.example.org``) overrides that when the app's public name
differs from what reaches it (a proxy that rewrites the Host header).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` (starting with ``/``) as an absolute URL others can open."""
    base = getattr(settings, "PUBLIC_URL", "")
    if base:
        return f"{base}{path}"
    return request.build_absolute_uri(path)
