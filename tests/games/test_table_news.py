"""What every phone at the table hears of (issue 25 §4): a rematch the keeper started, and
what a correction or deletion changed."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import events
from scorekeeper.games.models import Game
from scorekeeper.games.table.rematch import game_rematch

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db


def finished_game(client: Client) -> str:
    game_id = start_game(client, options={"target": 30})
    assert post_hand(client, game_id, knock_hand(1, 20, 2, 40)).status_code == 302
    assert Game.objects.get(public_id=game_id).over
    return game_id


def test_a_rematch_grows_the_old_games_version_and_publishes_it(
    client, django_capture_on_commit_callbacks
):
    game_id = finished_game(client)
    old = Game.objects.get(public_id=game_id)
    before = old.version
    published = []
    with mock.patch.object(events, "publish", lambda g, v: published.append((g, v))):
        with django_capture_on_commit_callbacks(execute=True):
            new = game_rematch(game=old)
    old.refresh_from_db()
    assert old.version == before + 1
    assert (game_id, old.version) in published
    # a second tap finds the same rematch and changes nothing more
    assert game_rematch(game=old) == new
    old.refresh_from_db()
    assert old.version == before + 1


def test_a_viewer_s_scoreboard_carries_the_rematch_after_it_started(client):
    game_id = finished_game(client)
    viewer = Client()
    url = reverse("game", args=[game_id])
    first = viewer.get(url, HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    assert viewer.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
    response = client.post(reverse("game_rematch", args=[game_id]))
    assert response.status_code == 302
    again = viewer.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200  # no longer a 304: the viewer hears of it
    html = again.content.decode()
    assert "The table started a rematch." in html and "data-rematch-follow" in html


def test_a_viewer_reads_what_a_correction_changed_as_the_keeper_did(client):
    from datetime import timedelta

    from django.utils import timezone

    from scorekeeper.games.models import HandRevision

    game_id = start_game(client)
    assert post_hand(client, game_id, knock_hand(0, 0, 10, 5)).status_code == 302
    viewer = Client()
    url = reverse("game", args=[game_id])
    assert "corrected" not in viewer.get(url).content.decode()
    edit = client.get(reverse("hand_edit", args=[game_id, 1])).content.decode()
    import re

    data = dict(knock_hand(0, 0, 30, 5))
    for name in ("etag", "once", "request_id"):
        found = re.search(rf'name="{name}" value="([^"]+)"', edit)
        if found:
            data[name] = found.group(1)
    response = client.post(reverse("hand_update", args=[game_id, 1]), data)
    assert response.status_code == 302, response.content.decode()[-2000:]
    html = viewer.get(url).content.decode()
    assert "Hand 1 corrected." in html
    assert "Hand 1: " in html and "→" in html  # the scores before → after, as the keeper read
    # in the viewer's language
    from django.utils import translation

    with translation.override("ko"):
        said = translation.gettext("Hand %(n)s corrected.") % {"n": 1}
    assert said != "Hand 1 corrected."
    korean = Client(HTTP_ACCEPT_LANGUAGE="ko").get(url).content.decode()
    assert said in korean
    # after a while the news is old: not shown any more
    HandRevision.objects.update(created=timezone.now() - timedelta(minutes=11))
    assert "Hand 1 corrected." not in viewer.get(url).content.decode()


def test_a_viewer_reads_that_a_hand_was_deleted(client):
    game_id = start_game(client)
    assert post_hand(client, game_id, knock_hand(0, 0, 10, 5)).status_code == 302
    assert post_hand(client, game_id, knock_hand(1, 4, 0, 5)).status_code == 302
    page = client.get(reverse("hand_delete", args=[game_id, 1])).content.decode()
    import re

    data = {}
    for name in ("etag", "once", "request_id"):
        found = re.search(rf'name="{name}" value="([^"]+)"', page)
        if found:
            data[name] = found.group(1)
    assert client.post(reverse("hand_delete", args=[game_id, 1]), data).status_code == 302
    html = Client().get(reverse("game", args=[game_id])).content.decode()
    assert "Hand 1 deleted." in html and "Totals: " in html
