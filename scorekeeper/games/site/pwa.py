"""What makes the app installable and usable without signal: the web app manifest, the
service worker, the favicon and the page shown when a page is neither reachable nor saved.

The service worker is served from the site root (``/sw.js``) so its scope covers every page;
it is a static script with the list of files to keep, written in by the template
``sw.js`` from the static files' own URLs (hashed ones in production).
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper.rules import all_variants

THEME = "#17603f"

# Static files every page needs; kept by the service worker when it installs.
SHELL = (
    "css/app.css",
    "js/live.js",
    "js/store.js",
    "js/offline.js",
    "js/draft.js",
    "js/cardpicker.js",
    "js/game.js",
    "js/print.js",
    "js/tablemode.js",
    "js/entry.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "icons/icon.svg",
    "icons/icon-192.png",
)


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: name, colours, start page and icons, so phones can install it."""
    data = {
        "id": "/",
        "name": _("Rummy Table"),
        "short_name": _("Rummy Table"),
        "description": _("Keeps the score of your rummy games at the table."),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response


def offline_pages() -> list[str]:
    """Pages kept for reading without signal from the start: home, every rules page, the checker."""
    pages = [reverse("home"), reverse("offline")]
    pages += [reverse("rules", args=[variant.slug]) for variant in all_variants()]
    try:
        pages.append(reverse("check"))  # the meld checker, where this build has one
    except NoReverseMatch:
        pass
    return pages


def _version(assets: list[str], pages: list[str]) -> str:
    """Changes whenever a kept file changes, so phones fetch the new files once."""
    digest = hashlib.sha256("\n".join(assets + pages).encode())
    for name in SHELL:
        path = finders.find(name)
        if path:
            with open(path, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:16]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    assets = [static(name) for name in SHELL]
    pages = offline_pages()
    script = render_to_string(
        "sw.js",
        {
            "version": _version(assets, pages),
            "assets": json.dumps(assets),
            "pages": json.dumps(pages),
            "offline": json.dumps(reverse("offline")),
            # STATIC_URL itself: the manifest storage of production has no entry for "" and
            # static("") raises there (the suite's plain storage hid it; the smoke test shows it).
            "static_prefix": json.dumps(settings.STATIC_URL),
        },
    )
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    # Always ask the server whether the worker changed; the files it keeps carry the version.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def favicon(request: HttpRequest) -> FileResponse:
    path = finders.find("icons/favicon.ico")
    if not path:  # pragma: no cover - the file is part of the repository
        raise Http404("no favicon")
    response = FileResponse(open(path, "rb"), content_type="image/vnd.microsoft.icon")  # noqa: SIM115
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page that cannot be reached and was never kept."""
    return render(request, "offline.html")
