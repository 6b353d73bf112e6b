"""Helpers for the page tests: start games and post hands the way a phone does."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.sessions.backends.db import SessionStore
from django.test import Client, RequestFactory
from django.urls import resolve, reverse

from scorekeeper.games.models import Game
from scorekeeper.games.scoresheet.selectors import game_get, game_state

EVIL = "<script>alert(1)</script>"


def request_of(session_key: str):
    """One request of the phone: its own copy of the session, as loaded when it arrived."""
    request = RequestFactory().get("/")
    request.session = SessionStore(session_key)
    request.session.load()
    return request

def start_game(
    client: Client,
    variant: str = "knock-rummy",
    players: Sequence[str] = ("Ann", "Bob", "Cy"),
    options: Mapping[str, Any] | None = None,
    dealer: str | None = None,
) -> str:
    """Start a game through the start page; the client's session can then edit it."""
    data: dict[str, Any] = {"variant": variant, "seats": len(players), "action": "create"}
    for i, name in enumerate(players):
        data[f"player-{i}"] = name
    if dealer is not None:
        data["dealer"] = list(players).index(dealer)
    for slug, value in (options or {}).items():
        if value is False:  # a box the page drew and left empty (a switch on by default)
            data[f"shown-opt-{slug}"] = "1"
        else:
            data[f"opt-{slug}"] = "on" if value is True else value
    response = client.post(reverse("game_start"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return resolve(response["Location"]).kwargs["game_id"]


def knock_hand(knocker: int, *points: int) -> dict[str, Any]:
    """Form data for a Knock Rummy hand entered with quick points."""
    data: dict[str, Any] = {"winner": str(knocker)}
    for i, value in enumerate(points):
        data[f"p{i}-points"] = value
    return data


def post_hand(client: Client, game_id: str, data: Mapping[str, Any], **extra: Any):
    return client.post(reverse("hand_create", args=[game_id]), data, **extra)


def game(game_id: str) -> Game:
    return game_get(public_id=game_id)


def state(game_id: str) -> dict[str, Any]:
    return game_state(game=game(game_id))


def csrf_from(html: str) -> str:
    """The token base.html gives htmx in hx-headers."""
    match = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', html)
    assert match, "no hx-headers CSRF token on the page"
    return match.group(1)


HTMX = {"HTTP_HX_REQUEST": "true"}


def edit_link(client: Client, game_id: str) -> str:
    """The edit link the share page shows a scorekeeper (``.../join/#<secret>``)."""
    html = client.get(reverse("game_share", args=[game_id])).content.decode()
    start = html.index(f'id="edit-link" href="http://testserver/games/{game_id}/join/#')
    start = html.index("http://", start)
    return html[start : html.index('"', start)]


def join(phone: Client, link: str):
    """Open an edit link as join.js does: post the part after # to the page without it."""
    path, _, secret = link.removeprefix("http://testserver").partition("#")
    return phone.post(path, {"token": secret})


def assert_refused_on_a_clean_page(response, join_path: str) -> None:
    """A wrong old-style link goes to the link's own page, without the secret, which says so
    and asks for the right link. Drawn at the secret's address, that page had to send no
    Referer, so its language switcher posted `Origin: null` and got "Form expired"."""
    assert response.status_code == 302
    assert response["Location"] == f"{join_path}?refused"
    assert response["Referrer-Policy"] == "no-referrer"  # leaving the secret's address
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(response["Location"])
    assert page.status_code == 200
    assert 'role="alert"' in page.content.decode()
    assert page["Referrer-Policy"] != "no-referrer"
    # Its language switcher works, posted as a browser posts it from there.
    back = re.search(r'name="next" value="([^"]*)"', page.content.decode()).group(1)
    switched = phone.post(
        reverse("set_language"),
        {"language": "it", "next": back, "csrfmiddlewaretoken": page.cookies["csrftoken"].value},
        HTTP_ORIGIN="http://testserver",
        HTTP_REFERER=f"http://testserver{response['Location']}",
    )
    assert switched.status_code == 302 and switched["Location"] == response["Location"]
    assert 'role="alert"' not in phone.get(join_path).content.decode()  # only when refused
