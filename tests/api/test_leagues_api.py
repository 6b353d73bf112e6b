"""The league endpoints (API.md "Leagues"): create, games joining with the league's token,
standings by variant and season, seasons, JSON import, and who may write what."""


import pytest
from openskill.models import PlackettLuce

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import LeagueGame
from tests.api.helpers import send

pytestmark = pytest.mark.django_db

QUICK = {"variant": "german-rummy", "options": {"hands": 1}}


def new_league(client, **fields):
    response = send(client, "post", "/api/v1/leagues", {"name": "Thursday club", **fields})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["url"].endswith(f"/leagues/{body['id']}/")
    assert body["token"] in body["organiser_url"]
    return body["id"], body["token"]


def league_game(client, league, token, players, out, held, **fields):
    body = {**QUICK, "players": players, "league": league, **fields}
    response = send(client, "post", "/api/v1/games", body, token)
    assert response.status_code == 201, response.json()
    game_id, game_token = response.json()["id"], response.json()["token"]
    hand = {"out": out, "hands": {name: {"points": p} for name, p in held.items()}}
    response = send(client, "post", f"/api/v1/games/{game_id}/hands", {"result": hand}, game_token)
    assert response.status_code == 201, response.json()
    return game_id, game_token


def test_standings_per_api_md(client):
    league, token = new_league(client, min_games=2)
    league_game(client, league, token, ["Ann", "Bob", "Cy"], "Ann", {"Bob": 10, "Cy": 20})
    league_game(client, league, token, ["Ann", "Bob", "Cy"], "Bob", {"Ann": 5, "Cy": 40})
    response = client.get(f"/api/v1/leagues/{league}/standings")
    assert response.status_code == 200
    rows = {row["player"]: row for row in response.json()}
    assert rows["Ann"]["games"] == 2 and rows["Ann"]["wins"] == 1
    assert rows["Ann"]["win_rate"] == 0.5 and rows["Ann"]["avg_place"] == 1.5
    assert rows["Ann"]["points"] == 5 and rows["Cy"]["points"] == 60
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 2, 3])
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[2, 1, 3])
    assert rows["Ann"]["rating"] == round(a.mu, 2)
    assert rows["Ann"]["rating_sigma"] == round(a.sigma, 2)
    assert rows["Ann"]["display_rating"] == round(a.mu - 3 * a.sigma, 2)
    # Sorted best first by the displayed rating.
    shown = [row["display_rating"] for row in response.json()]
    assert shown == sorted(shown, reverse=True)

    by_variant = client.get(f"/api/v1/leagues/{league}/standings?variant=german-rummy").json()
    assert by_variant == response.json()
    assert client.get(f"/api/v1/leagues/{league}/standings?variant=knock-rummy").json() == []
    bad = client.get(f"/api/v1/leagues/{league}/standings?variant=nope")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "variant"
    bad = client.get(f"/api/v1/leagues/{league}/standings?season=12345")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "season"
    assert client.get("/api/v1/leagues/nope/standings").status_code == 404


def test_season_filter(client):
    league, token = new_league(client, min_games=0)
    league_game(client, league, token, ["Ann", "Bob"], "Ann", {"Bob": 3})
    response = send(
        client,
        "post",
        f"/api/v1/leagues/{league}/seasons",
        {"name": "Long ago", "starts": "2001-01-01", "ends": "2001-12-31"},
        token,
    )
    assert response.status_code == 201, response.json()
    old = response.json()["id"]
    assert client.get(f"/api/v1/leagues/{league}/standings?season={old}").json() == []
    today = client.get(f"/api/v1/leagues/{league}").json()
    assert today["seasons"][0]["name"] == "Long ago" and [p["name"] for p in today["players"]] == [
        "Ann",
        "Bob",
    ]
    assert today["games"][0]["places"] == {"Ann": 1, "Bob": 2}


def test_unranked_game_does_not_count(client):
    league, token = new_league(client, min_games=0)
    league_game(client, league, token, ["Ann", "Bob"], "Ann", {"Bob": 3}, ranked=False)
    assert client.get(f"/api/v1/leagues/{league}/standings").json() == []
    assert LeagueGame.objects.get().ranked is False


def test_ranked_false_needs_a_league(client):
    response = send(
        client, "post", "/api/v1/games", {**QUICK, "players": ["A", "B"], "ranked": False}
    )
    assert response.status_code == 400 and response.json()["error"]["field"] == "ranked"


def test_permissions(client):
    league, token = new_league(client)
    other, other_token = new_league(client, name="Other club")
    body = {**QUICK, "players": ["Ann", "Bob"], "league": league}
    # No token, the public link only, or another league's token: nothing is created.
    assert send(client, "post", "/api/v1/games", body).status_code == 401
    assert send(client, "post", "/api/v1/games", body, other_token).status_code == 403
    assert send(client, "post", "/api/v1/games", body, "x" * 20).status_code == 403
    assert (
        send(client, "post", "/api/v1/games", {**body, "league": "nope"}, token).status_code == 404
    )
    assert Game.objects.count() == 0
    # A game's token cannot change the league.
    game_id, game_token = league_game(client, league, token, ["Ann", "Bob"], "Ann", {"Bob": 3})
    assert send(client, "post", "/api/v1/games", body, game_token).status_code == 403
    season = {"name": "S", "starts": "2026-01-01", "ends": "2026-12-31"}
    assert (
        send(client, "post", f"/api/v1/leagues/{league}/seasons", season, game_token).status_code
        == 403
    )
    assert send(client, "post", f"/api/v1/leagues/{league}/seasons", season).status_code == 401
    imported = {"games": [], "dry_run": False}
    assert (
        send(client, "post", f"/api/v1/leagues/{league}/import", imported, game_token).status_code
        == 403
    )
    assert Game.objects.count() == 1
    # The league's token is the game's organiser: it may correct the league's games too
    # (issue 26), as the game token it got back may; another league's token may not.
    hand = {"out": "Bob", "hands": {"Ann": {"points": 1}}}
    assert (
        send(client, "put", f"/api/v1/games/{game_id}/hands/1", {"result": hand}, token).status_code
        == 200
    )
    _other, other_token = new_league(client)
    assert (
        send(
            client, "put", f"/api/v1/games/{game_id}/hands/1", {"result": hand}, other_token
        ).status_code
        == 403
    )


def test_every_organiser_write_checks_in_one_order(client):
    """One preamble for every organiser write (api.leagues.organiser): the body (422), the
    league (404), the bearer token's presence (401), then what the path names (a game or a
    player: 404), then the token itself (403)."""
    league, token = new_league(client)
    game_id, _ = league_game(client, league, token, ["Ann", "Bob"], "Ann", {"Bob": 3})
    ann = send(client, "get", f"/api/v1/leagues/{league}").json()["players"][0]["id"]
    writes = [
        ("post", "seasons", {"name": "S", "starts": "2026-01-01", "ends": "2026-12-31"}),
        ("post", "import", {"games": [], "dry_run": True}),
        ("patch", "", {"confirm_hands": True}),
        ("patch", "", {}),
        ("patch", "games/{game}", {"played_on": "2026-02-02"}),
        ("post", "games/{game}/accept", None),
        ("delete", "games/{game}", None),
        ("post", "games/{game}/restore", None),
        ("patch", "players/{player}", {"name": "Anne"}),
        ("post", "players/{player}/merge", {"into": ann}),
    ]
    for method, where, body in writes:

        def path(league_id, game=game_id, player=ann, where=where):
            tail = where.format(game=game, player=player)
            return f"/api/v1/leagues/{league_id}" + (f"/{tail}" if tail else "")

        gone = path(league, game="nogame", player=999999)
        case = (method, where)
        if body and where:  # a body with its fields missing: refused before any lookup
            assert send(client, method, path("nope"), {}).status_code == 422, case
        assert send(client, method, path("nope"), body).status_code == 404, case
        assert send(client, method, gone, body).status_code == 401, case
        if "{" in where:
            assert send(client, method, gone, body, "x" * 20).status_code == 404, case
        assert send(client, method, path(league), body, "x" * 20).status_code == 403, case


def test_bad_league_game_refused_with_the_field(client):
    league, token = new_league(client)
    body = {**QUICK, "players": ["Ann", "ann"], "league": league}
    response = send(client, "post", "/api/v1/games", body, token)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "players[1]"
    assert Game.objects.count() == 0
    response = send(client, "post", "/api/v1/leagues", {"name": "  "})
    assert response.status_code == 400 and response.json()["error"]["field"] == "name"
    response = send(client, "post", "/api/v1/leagues", {"name": "x", "variants": ["nope"]})
    assert response.status_code == 400 and response.json()["error"]["field"] == "variants[0]"


def test_json_import_dry_run_then_write(client):
    league, token = new_league(client, min_games=0)
    games = [
        {
            "date": "2026-02-01",
            **QUICK,
            "players": ["Ann", "Bob"],
            "hands": [{"out": "Ann", "hands": {"Bob": {"points": 4}}}],
        },
        {
            "date": "2026-02-08",
            **QUICK,
            "players": ["Ann", "Bob"],
            "hands": [{"out": "Bob", "hands": {"Ann": {"points": 9}}}],
        },
    ]
    path = f"/api/v1/leagues/{league}/import"
    dry = send(client, "post", path, {"games": games, "dry_run": True}, token)
    assert dry.status_code == 200 and dry.json()["ok"] and dry.json()["created"] == []
    assert [g["finished"] for g in dry.json()["games"]] == [True, True]
    assert Game.objects.count() == 0

    broken = [*games, {**games[0], "hands": [{"out": "Ann", "hands": {"Bob": {"cards": "1H"}}}]}]
    refused = send(client, "post", path, {"games": broken, "dry_run": False}, token)
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "import_refused"
    assert error["report"]["errors"][0]["where"] == "games[2].hands[0]"
    assert "1H" in error["report"]["errors"][0]["message"]
    assert Game.objects.count() == 0

    done = send(client, "post", path, {"games": games, "dry_run": False}, token)
    assert done.status_code == 201 and len(done.json()["created"]) == 2
    rows = client.get(f"/api/v1/leagues/{league}/standings").json()
    assert {(r["player"], r["wins"]) for r in rows} == {("Ann", 1), ("Bob", 1)}
