"""Compressing pages and JSON answers (gzip), never a live stream, never a secret.

A game page is some 50 KB of HTML, a long game's state as much JSON; gzip makes it a tenth, what
a phone on a weak connection notices. Django's GZipMiddleware does the work, with its "Heal the
BREACH" padding (random bytes in the gzip header, so a response's compressed length tells an
attacker less). On top of it, for BREACH (a secret in a compressed response that also reflects
what an attacker sent can be read off the response lengths):

- a response that holds a secret (an edit or handover link, a game's, league's or seat's token)
  is marked with :func:`holds_secret` and sent uncompressed, with ``Cache-Control: no-store``
  (which deploy/nginx.conf's ``gzip_proxied`` leaves uncompressed too);
- the CSRF token in every page is masked afresh for each response (Django), so it repeats
  nothing an attacker could grow a match against;
- Server-Sent Events streams (``text/event-stream``) are never compressed: each event must reach
  the phone at once, not wait in a compressor's buffer.

Only HTML and JSON are compressed here: static files come precompressed from WhiteNoise.
Brotli is left out on purpose: gzip with the padding above is what Django ships; a br encoder
would add a compiled dependency for a few percent on pages that are already small once gzipped.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware

SECRET = "X-Rummy-Holds-Secret"  # set by views, taken off here: never sent
COMPRESSED_TYPES = ("text/html", "application/json", "application/problem+json")


def holds_secret(response: HttpResponse) -> HttpResponse:
    """``response`` carries a secret: never compressed (BREACH), never stored by a cache."""
    response[SECRET] = "1"
    response["Cache-Control"] = "no-store"
    return response


class CompressionMiddleware(GZipMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if response.has_header(SECRET):
            del response[SECRET]
            return response
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if kind not in COMPRESSED_TYPES or getattr(response, "streaming", False):
            return response  # an event stream, a file, an image: as it is
        return super().process_response(request, response)
