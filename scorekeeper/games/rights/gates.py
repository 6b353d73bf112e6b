"""The web side of a right, one piece of code for games and leagues: the guard in front of the
views that change a thing, and the secret link that gives the right.

A secret link (a game's edit link and handover link, a league's organiser link) carries its
secret in the URL fragment, ``/<things>/<id>/join/#<secret>``, which browsers never send, so it
stays out of every access log, proxy and history. GET draws a small page whose script
(static/js/join.js) posts the fragment back at once; without JavaScript the page asks for the
link to be pasted. POST checks it, gives this browser its grant (never the secret) and
redirects to the thing's clean URL. Links from before the fragment carried the secret in the
path (``/<things>/<id>/join/<secret>/``): they still work, once, and lead to the clean URL.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from ..scoresheet.posted import secret_from


def guard(
    *,
    load: Callable[[str], Any],
    key: str,
    right: Callable[[HttpRequest, Any], Any],
    refuse: Callable[[HttpRequest, Any], HttpResponse],
    pass_right: bool = False,
):
    """A view decorator: load the URL's thing (``load(kwargs[key])``, which raises 404); without
    ``right(request, thing)`` the answer is ``refuse(request, thing)`` and the view never runs.
    The view is called with the thing in place of its id (and, with ``pass_right``, the right)."""

    def decorator(view):
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            thing = load(kwargs.pop(key))
            held = right(request, thing)
            if not held:
                return refuse(request, thing)
            if pass_right:
                return view(request, thing, held, *args, **kwargs)
            return view(request, thing, *args, **kwargs)

        return wrapper

    return decorator


@dataclass(frozen=True)
class SecretLink:
    """One kind of secret link: what it draws, how it checks the secret, where it leads."""

    page: str  # the template that posts the fragment (with ``refused`` after a wrong secret)
    context: Callable[[Any], dict[str, Any]]  # that page's context for the thing
    holds: Callable[[HttpRequest, Any], Any]  # does this browser hold the right already?
    redeem: Callable[[HttpRequest, Any, str], bool]  # the secret good? then give the right
    done: Any  # the message once the right is given (a lazy translation)
    target: str  # the URL name of the thing's page, which takes its public id

    def answer(self, request: HttpRequest, thing: Any) -> HttpResponse:
        """The link's page (GET), or the secret it posted (POST)."""
        if request.method == "GET":
            if self.holds(request, thing):
                return redirect(self.target, thing.public_id)
            # ``?refused``: an old link's secret was wrong (see ``legacy``).
            refused = "refused" in request.GET
            return render(request, self.page, {**self.context(thing), "refused": refused})
        secret = secret_from(request.POST.get("token") or "")
        if not self.redeem(request, thing, secret):
            return render(request, self.page, {**self.context(thing), "refused": True}, status=403)
        return self.granted(request, thing)

    def legacy(self, request: HttpRequest, thing: Any, secret: str, page: str) -> HttpResponse:
        """A link from before the fragment, its secret in the path. A wrong one goes to the
        link's own page (URL name ``page``) saying so, where the right link can be pasted: a
        page drawn at the secret's address would have to send no Referer, and then its forms
        (the language switcher) post ``Origin: null``, which the CSRF check refuses."""
        if not self.redeem(request, thing, secret):
            response = redirect(f"{reverse(page, args=[thing.public_id])}?refused")
            response["Referrer-Policy"] = "no-referrer"
            return response
        return self.granted(request, thing)

    def granted(self, request: HttpRequest, thing: Any) -> HttpResponse:
        messages.success(request, str(self.done))  # in the request's language
        response = redirect(self.target, thing.public_id)
        response["Referrer-Policy"] = "no-referrer"
        return response
