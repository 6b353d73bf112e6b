"""An import is bounded (issue 35; API.md "moving a league"): bodies up to 4 MB there only,
at most 5,000 games (a 413 naming the limit), counted against the write limit by its games."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

from scorekeeper.leagues.models import LeagueGame
from scorekeeper.leagues.services import league_create

pytestmark = pytest.mark.django_db

GAME = {
    "played_on": "2026-03-01",
    "variant": "german-rummy",
    "options": {"hands": 1},
    "players": ["Ann", "Bob"],
    "hands": [{"out": "Ann", "hands": {"Bob": {"points": 4}}}],
}


def post(client, path, body, token, **extra):
    return client.post(
        path,
        body if isinstance(body, str) else json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **extra,
    )


@pytest.fixture
def league():
    return league_create(name="Thursday club")


def test_an_import_over_256_kb_is_taken(client, league):
    league, token = league
    games = [{**GAME, "played_on": f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}"} for i in range(300)]
    body = json.dumps({"games": games, "dry_run": True}) + " " * 300_000
    assert len(body) > 256 * 1024
    response = post(client, f"/api/v1/leagues/{league.public_id}/import", body, token)
    assert response.status_code == 200, response.content
    assert response.json()["summary"]["imported"] == 300


def test_other_endpoints_keep_256_kb(client, league):
    league, token = league
    body = json.dumps({"name": "March", "starts": "2026-03-01", "ends": "2026-03-31"})
    response = post(
        client, f"/api/v1/leagues/{league.public_id}/seasons", body + " " * 262_145, token
    )
    assert response.status_code == 413
    assert "256 KB" in response.json()["error"]["message"]


def test_an_import_over_4_mb_is_refused_unread(client, league):
    league, token = league
    body = json.dumps({"games": [GAME]}) + " " * (4 * 1024 * 1024)
    response = post(client, f"/api/v1/leagues/{league.public_id}/import", body, token)
    assert response.status_code == 413
    assert "4096 KB" in response.json()["error"]["message"]


def test_more_than_5000_games_is_a_413_naming_the_limit(client, league):
    league, token = league
    body = {"games": [{"variant": "german-rummy", "players": ["A", "B"]}] * 5001}
    response = post(client, f"/api/v1/leagues/{league.public_id}/import", body, token)
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["field"] == "games" and "5000" in error["message"]
    assert not LeagueGame.objects.filter(league=league).exists()


def test_only_the_organiser_hears_about_the_limit(client, league):
    league, _token = league
    body = {"games": [{"variant": "german-rummy", "players": ["A", "B"]}] * 5001}
    response = post(client, f"/api/v1/leagues/{league.public_id}/import", body, "not-the-token")
    assert response.status_code == 403


def test_an_import_counts_against_the_write_limit_by_its_games(client, league, settings):
    league, token = league
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "write": (10, 600)}
    cache.clear()
    try:
        games = [{**GAME, "played_on": f"2026-03-{day:02d}"} for day in range(1, 10)]
        path = f"/api/v1/leagues/{league.public_id}/import"
        assert post(client, path, {"games": games}, token).status_code == 201  # 9 games
        season = {"name": "March", "starts": "2026-03-01", "ends": "2026-03-31"}
        seasons = f"/api/v1/leagues/{league.public_id}/seasons"
        assert post(client, seasons, season, token).status_code == 201  # the tenth write
        assert post(client, seasons, season, token).status_code == 429
        # Another client is not held up by this one's import.
        other = post(client, seasons, {**season, "name": "April"}, token, REMOTE_ADDR="10.9.9.9")
        assert other.status_code == 201
    finally:
        cache.clear()
