"""The live table (issue 25 §1 and §3, issue 27 item 2): the game's version and its events on
commit, the join code, handover links, and two starts at once on a first visit."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import get_random_string

from scorekeeper.games import events
from scorekeeper.games.models import JOIN_CODE_ALPHABET, Game, Handover
from scorekeeper.games.rights import grants
from scorekeeper.games.scoresheet.services import game_create
from scorekeeper.games.table.handover import game_by_code, handover_create, normalise_code
from scorekeeper.rules import RulesError
from tests.writes import hand_correct, hand_delete, hand_record, hand_restore

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def editable(phone: Client, game_id: str) -> bool:
    return phone.get(reverse("hand_new", args=[game_id])).status_code == 200


def new_game() -> tuple[Game, str]:
    return game_create(variant="standard-rummy", options={}, players=ABC, dealer=None)


def hand(points: int) -> dict:
    return {"out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"points": 1}}}


# -- version and events ---------------------------------------------------------------------


def test_every_hand_write_grows_the_version_by_one_and_publishes_after_commit(
    django_capture_on_commit_callbacks,
):
    game, _token = new_game()
    assert game.version == 0
    published = []
    with mock.patch.object(events, "publish", lambda g, v: published.append((g, v))):
        for write in (
            lambda: hand_record(game=game, entry=hand(5)),
            lambda: hand_record(game=game, entry=hand(6)),
            lambda: hand_correct(game=game, number=1, entry=hand(7)),
            lambda: hand_delete(game=game, number=1),
        ):
            with django_capture_on_commit_callbacks(execute=True):
                write()
        deleted = game.hands.get(deleted_at__isnull=False)
        with django_capture_on_commit_callbacks(execute=True):
            hand_restore(game=game, hand_id=deleted.pk)
    game.refresh_from_db()
    assert game.version == 5
    assert published == [(game.public_id, v) for v in range(1, 6)]


def test_a_refused_write_changes_no_version_and_publishes_nothing(
    django_capture_on_commit_callbacks,
):
    game, _token = new_game()
    with mock.patch.object(events, "publish") as publish:
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(RulesError):
            hand_record(game=game, entry={"out": "Nobody", "hands": {}})
    game.refresh_from_db()
    assert game.version == 0
    publish.assert_not_called()


def test_game_changed_takes_a_primary_key_too():
    game, _token = new_game()
    assert events.game_changed(game.pk) == 1
    assert events.game_changed(game) == 2 and game.version == 2


def test_the_state_and_the_event_payload_carry_version_and_code():
    game, _token = new_game()
    hand_record(game=game, entry=hand(5))
    state = Client().get(f"/api/v1/games/{game.public_id}").json()
    assert state["version"] == 1 and state["code"] == game.code
    payload = events.read_states([game.public_id])[game.public_id]
    assert payload["version"] == 1 and payload["hands"] == 1 and payload["over"] is False
    assert events.format_event(payload).startswith(b"id: 1\nevent: state\ndata: {")


def test_the_event_etag_is_the_start_of_the_scoreboard_etag(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    game = Game.objects.get(public_id=game_id)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    shown = re.search(r'data-etag="([^"]+)"', html).group(1)
    payload = events.read_states([game_id])[game_id]
    assert shown.replace("&quot;", '"').startswith(f'"{payload["etag"]}-')
    assert f'data-version="{game.version}"' in html
    assert f'data-events="/api/v1/games/{game_id}/events"' in html


# -- join code ------------------------------------------------------------------------------


def test_every_game_has_a_six_character_code_without_look_alikes():
    codes = {new_game()[0].code for _ in range(40)}
    assert len(codes) == 40
    for code in codes:
        assert len(code) == 6 and set(code) <= set(JOIN_CODE_ALPHABET)
    assert not set("0O1IL") & set(JOIN_CODE_ALPHABET)


def test_a_code_is_read_however_it_is_typed():
    game, _token = new_game()
    typed = f" {game.code[:3].lower()}-{game.code[3:]} "
    assert normalise_code(typed) == game.code
    assert game_by_code(code=typed) == game
    assert normalise_code("ABC0EF") is None and normalise_code("ABCDE") is None


def test_the_home_page_takes_a_code_to_the_game(client):
    game, _token = new_game()
    page = client.get(reverse("home")).content.decode()
    assert 'name="code"' in page
    response = client.post(reverse("game_by_code"), {"code": game.code.lower()})
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game.public_id])


def test_a_wrong_code_says_so_on_the_home_page(client):
    response = client.post(reverse("game_by_code"), {"code": "ZZZZZZ"})
    assert response.status_code == 404
    html = response.content.decode()
    assert "No game has this code" in html and 'aria-invalid="true"' in html


def test_the_share_page_shows_the_code(client):
    game_id = start_game(client)
    code = Game.objects.get(public_id=game_id).code
    html = client.get(reverse("game_share", args=[game_id])).content.decode()
    assert f'id="join-code" translate="no">{code}<' in html


# -- handover -------------------------------------------------------------------------------


def test_the_api_makes_a_one_time_link_for_another_phone():
    game, token = new_game()
    api = Client()
    url = f"/api/v1/games/{game.public_id}/handover"
    post = lambda **headers: api.post(url, {}, content_type="application/json", **headers)  # noqa: E731
    assert post().status_code == 401
    assert post(HTTP_AUTHORIZATION="Bearer nope").status_code == 403
    response = post(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 201
    body = response.json()
    assert re.fullmatch(
        rf"http://testserver/games/{game.public_id}/take/#[\w-]{{20,}}", body["url"]
    )
    expires = timezone.datetime.fromisoformat(body["expires"])
    assert timedelta(minutes=14) < expires - timezone.now() <= timedelta(minutes=15)

    phone = Client()
    take = reverse("game_take", args=[game.public_id])
    assert phone.get(take).status_code == 200  # the page whose script posts the fragment
    assert not editable(phone, game.public_id)
    secret = body["url"].split("#", 1)[1]
    taken = phone.post(take, {"token": body["url"]})  # the whole link pasted works too
    assert taken.status_code == 302 and taken["Location"] == reverse("game", args=[game.public_id])
    assert editable(phone, game.public_id)
    # Once only: another phone with the same link is refused.
    other = Client()
    refused = other.post(take, {"token": secret})
    assert refused.status_code == 403
    assert "already used or has expired" in refused.content.decode()
    assert not editable(other, game.public_id)


def test_a_handover_link_expires_and_belongs_to_its_game():
    game, _token = new_game()
    other_game, _ = new_game()
    secret, _expires = handover_create(game=game, now=timezone.now() - timedelta(minutes=16))
    phone = Client()
    assert (
        phone.post(reverse("game_take", args=[game.public_id]), {"token": secret}).status_code
        == 403
    )
    fresh, _ = handover_create(game=game)
    assert (
        phone.post(reverse("game_take", args=[other_game.public_id]), {"token": fresh}).status_code
        == 403
    )
    assert not editable(phone, game.public_id)
    assert Handover.objects.filter(game=game).count() == 1  # the expired one went


def test_keep_score_on_another_phone_from_the_share_page(client):
    game_id = start_game(client)
    share = client.get(reverse("game_share", args=[game_id])).content.decode()
    assert f'action="/games/{game_id}/handover/"' in share
    page = client.post(reverse("game_handover", args=[game_id]))
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    link = re.search(r'id="handover-link" href="([^"]+)"', page.content.decode()).group(1)
    assert "<svg" in page.content.decode()  # the QR code
    assert "this phone only watches" in page.content.decode()
    phone = Client()
    assert phone.post(reverse("game_take", args=[game_id]), {"token": link}).status_code == 302
    assert editable(phone, game_id) and not editable(client, game_id)  # handed over
    # A phone that may only watch gets no handover link.
    assert Client().post(reverse("game_handover", args=[game_id])).status_code == 403


def test_the_share_and_handover_pages_let_their_forms_pass_the_csrf_check(client):
    """Under ``Referrer-Policy: no-referrer`` a browser posts a page's forms with ``Origin:
    null``, which Django's CSRF check refuses: "Keep score on another phone" (and the language
    switcher) answered "Form expired" in every browser, though the test client (no Origin)
    passed. Their secrets are in the page, not in its address: the site's same-origin policy."""
    game_id = start_game(client)
    share = client.get(reverse("game_share", args=[game_id]))
    handover = client.post(reverse("game_handover", args=[game_id]))
    assert share["Referrer-Policy"] == handover["Referrer-Policy"] == "same-origin"
    # What a no-referrer page's form would send is refused by the real CSRF check; the page's
    # own origin, which a same-origin page's form sends, passes.
    phone = Client(enforce_csrf_checks=True)
    phone.cookies["sessionid"] = client.cookies["sessionid"].value  # the keeper's phone
    phone.get(reverse("game_share", args=[game_id]))  # its CSRF cookie
    token = phone.cookies["csrftoken"].value
    url = reverse("game_handover", args=[game_id])
    refused = phone.post(url, {"csrfmiddlewaretoken": token}, HTTP_ORIGIN="null")
    assert refused.status_code == 403
    taken = phone.post(url, {"csrfmiddlewaretoken": token}, HTTP_ORIGIN="http://testserver")
    assert taken.status_code == 200


# -- two starts at once on a first visit (issue 27 item 2) -----------------------------------


def test_two_starts_at_once_before_the_phone_has_a_session_keep_both_grants():
    """Both requests leave the phone before either answer (so neither carries a session
    cookie); they share the CSRF cookie the start page set. Whichever answer's cookie the
    phone keeps, it may edit both games. Before the fix each request made a session of its
    own and the phone kept only the last one's grant."""
    secret = get_random_string(32)
    requests = [Client(), Client()]
    for request in requests:
        request.cookies["csrftoken"] = secret
    games = [
        start_game(request, players=names)
        for request, names in zip(requests, (ABC, ["Di", "Ed"]), strict=True)
    ]
    kept = [request.cookies["sessionid"].value for request in requests]
    assert kept[0] == kept[1]
    phone = Client()
    phone.cookies["sessionid"] = kept[-1]
    assert editable(phone, games[0]) and editable(phone, games[1])
    # "My games" lists both.
    mine = phone.get(reverse("my_games")).content.decode()
    assert all(game_id in mine for game_id in games)


def test_a_first_session_is_reached_by_its_csrf_secret_only_while_it_is_new():
    secret = get_random_string(32)
    first = Client()
    first.cookies["csrftoken"] = secret
    game_id = start_game(first)
    key = first.cookies["sessionid"].value
    store = SessionStore(key)
    store.load()
    store[grants.FIRST_UNTIL] = (timezone.now() - timedelta(seconds=1)).timestamp()
    store.save()
    later = Client()
    later.cookies["csrftoken"] = secret
    start_game(later)
    assert later.cookies["sessionid"].value != key  # a new session, not the old one
    assert not editable(later, game_id)
