"""The edit link (issue 11 bug 6): its secret rides in the URL fragment, never in a path a log
keeps; the session keeps a grant, never a token; old links still work once."""

import json

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game, Grant
from scorekeeper.games.rights import access

from .page_helpers import (
    assert_refused_on_a_clean_page,
    edit_link,
    join,
    knock_hand,
    post_hand,
    start_game,
    state,
)

pytestmark = pytest.mark.django_db


def api_game(client) -> tuple[str, str]:
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob", "Cy"]}
    response = client.post("/api/v1/games", json.dumps(body), content_type="application/json")
    return response.json()["id"], response.json()["token"]


def test_edit_link_lets_another_phone_enter_hands(client):
    game_id = start_game(client)
    phone = Client()
    response = join(phone, edit_link(client, game_id))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game_id])  # a clean URL
    html = phone.get(response["Location"]).content.decode()
    assert "You can now enter and correct hands on this phone." in html
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    assert len(state(game_id)["hands"]) == 1


def test_the_join_page_posts_the_fragment_with_a_static_script_and_works_without_it(client):
    game_id = start_game(client)
    html = Client().get(reverse("game_join", args=[game_id])).content.decode()
    assert "js/join.js" in html
    assert "<script>" not in html  # no inline script (CSP)
    # Without JavaScript: a form to paste the link or the code into.
    assert f'action="{reverse("game_join", args=[game_id])}"' in html
    assert 'name="token"' in html


@pytest.mark.parametrize("how", ["secret", "link", "api_token", "legacy_link"])
def test_pasting_the_link_or_the_code_works(client, how):
    game_id, token = api_game(client)
    owner = Client()
    assert join(owner, f"http://testserver/games/{game_id}/join/#{token}").status_code == 302
    link = edit_link(owner, game_id)
    pasted = {
        "secret": link.partition("#")[2],
        "link": link,
        "api_token": token,
        "legacy_link": f"http://testserver/games/{game_id}/join/{token}/",
    }[how]
    phone = Client()
    response = phone.post(reverse("game_join", args=[game_id]), {"token": f"  {pasted} "})
    assert response.status_code == 302
    assert phone.get(reverse("hand_new", args=[game_id])).status_code == 200


def test_wrong_token_is_refused_and_grants_nothing(client):
    game_id = start_game(client)
    phone = Client()
    response = phone.post(reverse("game_join", args=[game_id]), {"token": "not-the-token"})
    assert response.status_code == 403
    assert "not valid" in response.content.decode()
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 403
    assert state(game_id)["hands"] == []


def test_token_of_another_game_is_refused(client):
    first = start_game(client)
    second = start_game(client)
    secret = edit_link(client, first).partition("#")[2]
    phone = Client()
    assert phone.post(reverse("game_join", args=[second]), {"token": secret}).status_code == 403


def test_unknown_game_is_404(client):
    assert client.get(reverse("game_join", args=["nope"])).status_code == 404
    assert client.post(reverse("game_join", args=["nope"]), {"token": "x"}).status_code == 404
    assert client.get(reverse("game_join_legacy", args=["nope", "x"])).status_code == 404


def test_old_links_with_the_token_in_the_path_still_work_and_redirect_to_a_clean_url(client):
    game_id, token = api_game(client)
    phone = Client()
    response = phone.get(reverse("game_join_legacy", args=[game_id, token]))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game_id])
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    refused = Client().get(reverse("game_join_legacy", args=[game_id, "wrong"]))
    assert_refused_on_a_clean_page(refused, reverse("game_join", args=[game_id]))



def test_the_session_keeps_a_grant_never_the_token(client):
    game_id, token = api_game(client)
    phone = Client()
    join(phone, f"http://testserver/games/{game_id}/join/#{token}")
    stored = "".join(s.session_data for s in Session.objects.all())
    decoded = json.dumps([s.get_decoded() for s in Session.objects.all()])
    secret = edit_link(phone, game_id).partition("#")[2]
    rows = json.dumps(list(Grant.objects.values("grant")))
    for text in (stored, decoded, rows):
        assert token not in text
        assert secret not in text
    assert game_id in phone.session[access.GAMES]  # listed in "My games"
    # The grant is a row of its own (issue 16: a concurrent session save cannot drop it).
    assert Grant.objects.filter(
        session_id=phone.session.session_key, kind="game", public_id=game_id
    ).exists()


def test_a_grant_is_no_good_for_another_game(client):
    first = start_game(client)
    second = start_game(Client())
    phone = Client()
    session = phone.session
    grant = Grant.objects.get(kind="game", public_id=first).grant
    session[access.GAMES] = {second: {"grant": grant, "seen": "2026-01-01"}}
    session.save()
    phone.cookies["sessionid"] = session.session_key
    assert post_hand(phone, second, knock_hand(0, 5, 12, 20)).status_code == 403


def test_a_session_from_before_grants_keeps_its_right_to_edit_and_loses_the_token(client):
    game_id, token = api_game(client)
    phone = Client()
    session = phone.session
    session[access.GAMES] = {game_id: {"token": token, "seen": "2026-01-01"}}
    session.save()
    phone.cookies["sessionid"] = session.session_key
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    entry = phone.session[access.GAMES][game_id]
    assert "token" not in entry
    assert Grant.objects.filter(session_id=session.session_key, public_id=game_id).exists()


def test_my_games_and_edit_rights_last_a_year(client, settings):
    assert settings.SESSION_COOKIE_AGE >= 365 * 24 * 60 * 60
    game_id = start_game(client)
    assert client.cookies["sessionid"]["max-age"] >= 365 * 24 * 60 * 60
    assert Game.objects.filter(public_id=game_id).exists()


def test_the_migration_turns_stored_tokens_into_grants(client):
    import importlib

    from django.apps import apps
    from django.contrib.sessions.backends.db import SessionStore

    migration = importlib.import_module("scorekeeper.games.migrations.0004_idempotency")
    game_id, token = api_game(client)
    other_id, _other_token = api_game(client)
    old = SessionStore()
    old[access.GAMES] = {
        game_id: {"token": token, "seen": "2026-01-01"},
        other_id: {"token": "forged", "seen": "2026-01-01"},
    }
    old.create()
    migration.sessions_keep_grants(apps, None)
    stored = Session.objects.get(session_key=old.session_key)
    assert token not in json.dumps(stored.get_decoded())
    games = stored.get_decoded()[access.GAMES]
    assert games[game_id]["grant"] == access.grant_for(Game.objects.get(public_id=game_id))
    assert games[other_id]["grant"] is None
    phone = Client()
    phone.cookies["sessionid"] = old.session_key
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    assert post_hand(phone, other_id, knock_hand(0, 5, 12, 20)).status_code == 403
