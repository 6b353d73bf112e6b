"""Issue 35, smaller items: a deleted hand of a league game comes back through
``POST /api/v1/leagues/{id}/games/{game_id}/hands/{n}/restore`` (organiser or game token), and
a merged player's old id answers 301 to the player it was merged into (page and API)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.leagues.models import Player
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import player_merge
from tests.leagues.helpers import new_league, penalties, play, when
from tests.writes import hand_delete

pytestmark = pytest.mark.django_db


def table(league):
    return [(r.player, r.games, r.wins) for r in standings(league=league)]


@pytest.mark.parametrize("who", ["organiser", "game"])
def test_a_deleted_hand_of_a_league_game_is_restored(client, who):
    league, token = new_league(min_games=0)
    link, game_token = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=4), played=when(1))
    before = table(league)
    hand_delete(game=link.game, number=1)
    assert table(league) == []
    path = f"/api/v1/leagues/{league.public_id}/games/{link.game.public_id}/hands/1/restore"
    credential = token if who == "organiser" else game_token
    response = client.post(
        path, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {credential}"
    )
    assert response.status_code == 200, response.content
    assert len(response.json()["hands"]) == 1
    assert table(league) == before
    again = client.post(
        path, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {credential}"
    )
    assert again.status_code == 404  # nothing deleted at 1 any more


def test_restoring_needs_a_token_of_the_game_or_its_league(client):
    league, token = new_league()
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=4), played=when(1))
    hand_delete(game=link.game, number=1)
    other, other_token = new_league(name="Other club")
    path = f"/api/v1/leagues/{league.public_id}/games/{link.game.public_id}/hands/1/restore"
    assert (
        client.post(
            path, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {other_token}"
        ).status_code
        == 403
    )
    assert client.post(path, content_type="application/json").status_code == 401
    elsewhere = f"/api/v1/leagues/{other.public_id}/games/{link.game.public_id}/hands/1/restore"
    assert (
        client.post(
            elsewhere, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
        ).status_code
        == 404
    )
    assert link.game.hands.filter(deleted_at__isnull=True).count() == 0


def test_a_merged_players_old_id_answers_301_page_and_api(client):
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=4), played=when(1))
    play(league, token, ["Annie", "Cy"], penalties("Cy", Annie=4), played=when(2))
    play(league, token, ["A.", "Cy"], penalties("Cy", **{"A.": 4}), played=when(3))
    ann, annie, a = (Player.objects.get(league=league, name=n) for n in ("Ann", "Annie", "A."))
    player_merge(league=league, token=token, player=annie, into=a)
    player_merge(league=league, token=token, player=a, into=ann)  # Annie's id follows A.'s
    for old in (annie.pk, a.pk):
        page = client.get(reverse("league_player", args=[league.public_id, old]), {"season": "all"})
        assert page.status_code == 301
        assert page["Location"] == (
            reverse("league_player", args=[league.public_id, ann.pk]) + "?season=all"
        )
        api = client.get(f"/api/v1/leagues/{league.public_id}/players/{old}")
        assert api.status_code == 301
        assert api["Location"] == f"/api/v1/leagues/{league.public_id}/players/{ann.pk}"
        assert client.get(api["Location"]).json()["games"] == 3
    other, _ = new_league(name="Other club")
    assert client.get(f"/api/v1/leagues/{other.public_id}/players/{a.pk}").status_code == 404
    never = client.get(reverse("league_player", args=[league.public_id, 10**9]))
    assert never.status_code == 404
