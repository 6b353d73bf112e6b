"""Club nights over the API (API.md "Club nights: several tables at once" and its Decisions):
create, draw, swap, approve, calls, standings, corrections after approval, and bad input."""

import pytest

from scorekeeper.games.models import Game, HandRevision
from scorekeeper.leagues.models import LeagueGame, NightRound, NightTable

from .test_leagues_api import new_league, send

pytestmark = pytest.mark.django_db

EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]
NIGHT = {
    "played_on": "2026-12-03",
    "variant": "german-rummy",
    "options": {"hands": 1},
    "rounds": 3,
}


def new_night(client, players=EIGHT, **fields):
    league, token = new_league(client)
    response = send(
        client, "post", f"/api/v1/leagues/{league}/nights", {**NIGHT, "players": players, **fields}, token
    )
    assert response.status_code == 201, response.json()
    return league, token, response.json()


def path(league, night, tail=""):
    return f"/api/v1/leagues/{league}/nights/{night['id']}{tail}"


def draw(client, league, token, night, seed=None, status=201):
    body = {} if seed is None else {"seed": seed}
    response = send(client, "post", path(league, night, "/rounds"), body, token)
    assert response.status_code == status, response.json()
    return response.json()


def finish(client, table, *, winner=None):
    """Play the table's one hand: the first seat goes out, the others hold 10, 20, ..."""
    names = [p["name"] for p in table["players"]]
    out = winner or names[0]
    held = {n: {"points": 10 * (i + 1)} for i, n in enumerate(n for n in names if n != out)}
    response = send(
        client,
        "post",
        f"/api/v1/games/{table['game_id']}/hands",
        {"result": {"out": out, "hands": held}},
        table["token"],
    )
    assert response.status_code == 201, response.json()


def test_create_draw_and_read_a_night(client):
    league, token, night = new_night(client, players=[*EIGHT[:7], "Ivy", "Jo", "Kai"])
    assert [p["name"] for p in night["players"]][-1] == "Kai"
    # 10 players of a 2-6 variant: two tables of five.
    body = draw(client, league, token, night, seed=11)
    [first] = body["rounds"]
    assert [len(t["players"]) for t in first["tables"]] == [5, 5]
    assert first["seed"] == 11 and not first["approved"]
    table = first["tables"][0]
    assert table["state"] == "waiting" and table["hands"] == 0
    assert table["keeper_url"].endswith(f"/games/{table['game_id']}/join/#{table['token']}")
    assert table["dealer"] in [p["name"] for p in table["players"]]
    link = LeagueGame.objects.get(game__public_id=table["game_id"])
    assert link.ranked and str(link.played.date()) == "2026-12-03"
    # Anyone reads it; only the organiser sees join codes, keeper links and tokens.
    public = client.get(path(league, night)).json()
    assert "token" not in public["rounds"][0]["tables"][0]
    assert "join_code" not in public["rounds"][0]["tables"][0]
    assert {line["player"] for line in public["standings"]} == {p["name"] for p in night["players"]}


def test_a_seed_reproduces_the_draw_and_dealers(client):
    seatings = []
    for _ in range(2):
        league, token, night = new_night(client)
        body = draw(client, league, token, night, seed=2026)
        seatings.append(
            [([p["name"] for p in t["players"]], t["dealer"]) for t in body["rounds"][0]["tables"]]
        )
    assert seatings[0] == seatings[1]


def test_a_count_no_table_fits_is_a_400_naming_the_range(client):
    league, token, night = new_night(client, players=["Ann"])
    response = send(client, "post", path(league, night, "/rounds"), {}, token)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "players" and "2 to 6" in error["message"]
    assert not NightRound.objects.exists()


def test_the_same_player_twice_or_an_unknown_id_is_a_400(client):
    league, token = new_league(client)
    url = f"/api/v1/leagues/{league}/nights"
    twice = send(client, "post", url, {**NIGHT, "players": ["Ann", "ann"]}, token)
    assert twice.status_code == 400 and twice.json()["error"]["field"] == "players[1]"
    unknown = send(client, "post", url, {**NIGHT, "players": ["Ann", 999999]}, token)
    assert unknown.status_code == 400 and unknown.json()["error"]["field"] == "players[1]"
    bad_variant = send(client, "post", url, {**NIGHT, "variant": "snap", "players": []}, token)
    assert bad_variant.status_code == 400 and bad_variant.json()["error"]["field"] == "variant"


def test_every_write_needs_the_organiser_token(client):
    league, token, night = new_night(client)
    assert send(client, "post", path(league, night, "/rounds"), {}).status_code == 401
    assert send(client, "post", path(league, night, "/rounds"), {}, "nope").status_code == 403
    body = draw(client, league, token, night)
    table = body["rounds"][0]["tables"][0]
    # A table's own token cannot draw, approve or swap: it can only call.
    game_token = table["token"]
    for tail, payload in [
        ("/rounds", {}),
        ("/rounds/1/approve", {"force": True}),
        ("/rounds/1/swap", {"a": 1, "b": 2}),
    ]:
        assert send(client, "post", path(league, night, tail), payload, game_token).status_code == 403
    assert send(client, "patch", path(league, night), {"rounds": 4}, game_token).status_code == 403
    call = send(client, "post", f"/api/v1/games/{table['game_id']}/call", {"reason": "a revoke?"}, game_token)
    assert call.status_code == 200, call.json()
    grid = client.get(path(league, night)).json()["rounds"][0]["tables"][0]
    assert grid["state"] == "call" and grid["call"]["reason"] == "a revoke?"
    gone = send(client, "delete", f"/api/v1/games/{table['game_id']}/call", None, game_token)
    assert gone.status_code == 403
    assert send(client, "delete", f"/api/v1/games/{table['game_id']}/call", None, token).status_code == 200
    assert client.get(path(league, night)).json()["rounds"][0]["tables"][0]["state"] == "waiting"


def test_a_seated_player_can_call_too(client):
    league, token, night = new_night(client)
    table = draw(client, league, token, night)["rounds"][0]["tables"][0]
    name = table["players"][1]["name"]
    seat = send(client, "post", f"/api/v1/games/{table['game_id']}/seats", {"player": name})
    assert seat.status_code == 201
    response = client.post(
        f"/api/v1/games/{table['game_id']}/call",
        '{"reason": "help"}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Seat {seat.json()['seat_token']}",
    )
    assert response.status_code == 200
    assert client.post(f"/api/v1/games/{table['game_id']}/call", "{}", content_type="application/json").status_code == 401


def test_draw_while_the_round_is_open_is_a_409_naming_the_tables(client):
    league, token, night = new_night(client)
    body = draw(client, league, token, night)
    finish(client, body["rounds"][0]["tables"][0])
    response = send(client, "post", path(league, night, "/rounds"), {}, token)
    assert response.status_code == 409
    assert "2" in response.json()["error"]["message"]  # table 2 is still open
    assert NightRound.objects.count() == 1


def test_approve_lists_open_tables_unless_forced(client):
    league, token, night = new_night(client)
    body = draw(client, league, token, night)
    tables = body["rounds"][0]["tables"]
    finish(client, tables[0])
    refused = send(client, "post", path(league, night, "/rounds/1/approve"), {}, token)
    assert refused.status_code == 409 and "2" in refused.json()["error"]["message"]
    finish(client, tables[1])
    approved = send(client, "post", path(league, night, "/rounds/1/approve"), {}, token)
    assert approved.status_code == 200, approved.json()
    assert approved.json()["rounds"][0]["approved"]
    # Approving again changes nothing; the next round can be drawn.
    again = send(client, "post", path(league, night, "/rounds/1/approve"), {}, token)
    assert again.status_code == 200
    draw(client, league, token, night)


def test_forced_approval_closes_a_round_with_open_tables(client):
    league, token, night = new_night(client)
    draw(client, league, token, night)
    response = send(client, "post", path(league, night, "/rounds/1/approve"), {"force": True}, token)
    assert response.status_code == 200
    assert NightRound.objects.get().forced


def test_night_standings_per_the_decision(client):
    league, token, night = new_night(client)
    body = draw(client, league, token, night, seed=5)
    for table in body["rounds"][0]["tables"]:
        finish(client, table)
    standings = client.get(path(league, night)).json()["standings"]
    by_name = {line["player"]: line for line in standings}
    for table in body["rounds"][0]["tables"]:
        names = [p["name"] for p in table["players"]]
        # 4 players: the first out beats 3 (+3); the others hold 10, 20, 30 points.
        assert by_name[names[0]]["points"] == 3
        assert [by_name[n]["points"] for n in names[1:]] == [1, -1, -3]
        assert all(by_name[n]["played"] == 1 for n in names)
    points = [line["points"] for line in standings]
    assert points == sorted(points, reverse=True)
    level = [line for line in standings if line["points"] == 3]
    assert [line["rating_change"] for line in level] == sorted(
        (line["rating_change"] for line in level), reverse=True
    )


def test_swap_before_a_hand_and_409_after(client):
    league, token, night = new_night(client)
    body = draw(client, league, token, night)
    one, two = body["rounds"][0]["tables"]
    a, b = one["players"][0], two["players"][0]
    response = send(client, "post", path(league, night, "/rounds/1/swap"), {"a": a["id"], "b": b["id"]}, token)
    assert response.status_code == 200, response.json()
    swapped = response.json()["rounds"][0]["tables"]
    assert swapped[0]["players"][0] == b and swapped[1]["players"][0] == a
    game = Game.objects.get(public_id=one["game_id"])
    assert b["name"] in game.totals and a["name"] not in game.totals
    assert LeagueGame.objects.get(game=game).seats[b["name"]] == b["id"]
    same = send(client, "post", path(league, night, "/rounds/1/swap"), {"a": a["id"], "b": swapped[1]["players"][1]["id"]}, token)
    assert same.status_code == 400
    finish(client, {**swapped[0], "token": one["token"]})
    late = send(client, "post", path(league, night, "/rounds/1/swap"), {"a": a["id"], "b": b["id"]}, token)
    assert late.status_code == 409


def test_after_approval_only_the_organiser_corrects_with_a_reason(client):
    league, token, night = new_night(client)
    body = draw(client, league, token, night)
    tables = body["rounds"][0]["tables"]
    for table in tables:
        finish(client, table)
    assert send(client, "post", path(league, night, "/rounds/1/approve"), {}, token).status_code == 200
    table = tables[0]
    names = [p["name"] for p in table["players"]]
    fixed = {"result": {"out": names[1], "hands": {n: {"points": 5} for n in names if n != names[1]}}}
    hand = f"/api/v1/games/{table['game_id']}/hands/1"
    own = send(client, "put", hand, fixed, table["token"])
    assert own.status_code == 403
    assert send(client, "delete", hand, None, table["token"]).status_code == 403
    assert send(client, "post", f"/api/v1/games/{table['game_id']}/hands", fixed, table["token"]).status_code == 403
    no_reason = send(client, "put", hand, fixed, token)
    assert no_reason.status_code == 400 and no_reason.json()["error"]["field"] == "reason"
    done = send(client, "put", hand, {**fixed, "reason": "wrong winner, agreed by all"}, token)
    assert done.status_code == 200, done.json()
    history = client.get(f"{hand}/history").json()
    assert history[-1]["reason"] == "wrong winner, agreed by all"
    assert HandRevision.objects.filter(reason="wrong winner, agreed by all").count() == 1
    # The game's own token still calls.
    assert send(client, "post", f"/api/v1/games/{table['game_id']}/call", {}, table["token"]).status_code == 200


def test_patch_changes_players_and_settings(client):
    league, token, night = new_night(client)
    ids = [p["id"] for p in night["players"]]
    response = send(client, "patch", path(league, night), {"players": [*ids[:6], "Lea", "Mo"], "rounds": 5, "hide_last_rounds": 2}, token)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert [p["name"] for p in body["players"]][-2:] == ["Lea", "Mo"]
    assert body["rounds_planned"] == 5 and body["hide_last_rounds"] == 2
    bad = send(client, "patch", path(league, night), {"hide_last_rounds": 9}, token)
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "hide_last_rounds"


def test_unknown_night_and_round_are_404(client):
    league, token, night = new_night(client)
    assert client.get(f"/api/v1/leagues/{league}/nights/99999").status_code == 404
    response = send(client, "post", path(league, night, "/rounds/3/approve"), {}, token)
    assert response.status_code == 404
    assert NightTable.objects.count() == 0


def test_ids_past_any_database_key_are_404_or_400_never_a_500(client):
    league, token, night = new_night(client)
    huge = 2**70
    assert client.get(f"/api/v1/leagues/{league}/nights/{huge}").status_code in (404, 422)
    response = send(client, "post", path(league, night, f"/rounds/{huge}/approve"), {}, token)
    assert response.status_code in (404, 422)
    draw(client, league, token, night)
    swap = send(client, "post", path(league, night, "/rounds/1/swap"), {"a": huge, "b": 1}, token)
    assert swap.status_code in (400, 422)
    page = client.get(f"/leagues/{league}/nights/{huge}/")
    assert page.status_code == 404


def test_approved_results_stand_when_a_dispute_comes_later(client):
    league, token = new_league(client)
    assert send(client, "patch", f"/api/v1/leagues/{league}", {"confirm_hands": True}, token).status_code == 200
    response = send(client, "post", f"/api/v1/leagues/{league}/nights", {**NIGHT, "players": EIGHT}, token)
    night = response.json()
    body = draw(client, league, token, night)
    tables = body["rounds"][0]["tables"]
    for table in tables:
        finish(client, table)
    assert send(client, "post", path(league, night, "/rounds/1/approve"), {}, token).status_code == 200
    table = tables[0]
    seat = send(client, "post", f"/api/v1/games/{table['game_id']}/seats", {"player": table["players"][1]["name"]})
    assert seat.status_code == 201
    etag = client.get(f"/api/v1/games/{table['game_id']}").json()["hands"][0]["etag"]
    disputed = client.post(
        f"/api/v1/games/{table['game_id']}/hands/1/dispute",
        '{"reason": "late"}',
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Seat {seat.json()['seat_token']}",
        HTTP_IF_MATCH=etag,
    )
    assert disputed.status_code in (200, 201), disputed.json()
    link = LeagueGame.objects.get(game__public_id=table["game_id"])
    assert link.finished and link.accepted
