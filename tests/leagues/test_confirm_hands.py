"""A league that asks players to confirm hands (API.md "Confirmations"): a ranked game counts
once it is over, no hand is disputed and every claimed seat confirmed every hand, or once the
organiser accepts it; the standings and ratings follow every change of that, and always equal
the league rebuilt from scratch."""

import json

import pytest

from scorekeeper.leagues.models import League, LeagueGame, RatingSnapshot, Standing
from scorekeeper.leagues.services import rebuild_league

pytestmark = pytest.mark.django_db

TWO_HANDS = {"variant": "german-rummy", "options": {"hands": 2}}


def send(client, method, path, body=None, auth=None, **headers):
    if auth:
        headers["HTTP_AUTHORIZATION"] = auth
    data = json.dumps(body) if body is not None else ""
    return getattr(client, method)(path, data, content_type="application/json", **headers)


def hand(out, held):
    return {"out": out, "hands": {name: {"points": p} for name, p in held.items()}}


@pytest.fixture
def league(client):
    response = send(client, "post", "/api/v1/leagues", {"name": "Thursday club"})
    return response.json()["id"], response.json()["token"]


def play(client, league, players=("Ann", "Bob", "Cy"), finish=True):
    """A two-hand league game: (game id, game token); over when ``finish``."""
    league_id, token = league
    body = {**TWO_HANDS, "players": list(players), "league": league_id}
    response = send(client, "post", "/api/v1/games", body, f"Bearer {token}")
    game_id, game_token = response.json()["id"], response.json()["token"]
    a, b, c = players
    hands = [hand(a, {b: 10, c: 20}), hand(b, {a: 5, c: 40})]
    for entry in hands[: 2 if finish else 1]:
        path = f"/api/v1/games/{game_id}/hands"
        assert (
            send(client, "post", path, {"result": entry}, f"Bearer {game_token}").status_code == 201
        )
    return game_id, game_token


def sit(client, game_id, player):
    response = send(client, "post", f"/api/v1/games/{game_id}/seats", {"player": player})
    assert response.status_code == 201
    return response.json()["seat_token"]


def confirm(client, game_id, n, seat):
    """Bob's phone confirms hand n as it shows it (If-Match: the hand's etag)."""
    path = f"/api/v1/games/{game_id}/hands/{n}/confirm"
    seen = client.get(f"/api/v1/games/{game_id}").json()["hands"][n - 1]["etag"]
    response = send(client, "post", path, auth=f"Seat {seat}", HTTP_IF_MATCH=seen)
    assert response.status_code == 200


def games_counted(client, league) -> int:
    rows = client.get(f"/api/v1/leagues/{league[0]}/standings").json()
    return max((row["games"] for row in rows), default=0)


def require(client, league, value=True):
    response = send(
        client,
        "patch",
        f"/api/v1/leagues/{league[0]}",
        {"confirm_hands": value},
        f"Bearer {league[1]}",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["confirm_hands"] is value


def derived(league_id):
    league = League.objects.get(public_id=league_id)
    return (
        sorted(
            Standing.objects.filter(league=league).values_list(
                "scope", "player_id", "games", "wins", "place_sum", "score", "mu", "sigma"
            )
        ),
        sorted(
            RatingSnapshot.objects.filter(league=league).values_list(
                "scope", "league_game_id", "player_id", "mu", "sigma"
            )
        ),
    )


def assert_as_rebuilt(league_id):
    before = derived(league_id)
    rebuild_league(league=League.objects.get(public_id=league_id))
    assert derived(league_id) == before


def test_only_the_organiser_sets_confirm_hands(client, league):
    path = f"/api/v1/leagues/{league[0]}"
    assert send(client, "patch", path, {"confirm_hands": True}).status_code == 401
    assert send(client, "patch", path, {"confirm_hands": True}, "Bearer wrong").status_code == 403
    response = send(client, "patch", path, {"confirm_hands": "yes"}, f"Bearer {league[1]}")
    assert response.status_code == 400 and response.json()["error"]["field"] == "confirm_hands"
    assert client.get(path).json()["confirm_hands"] is False
    require(client, league)
    assert client.get(path).json()["confirm_hands"] is True


def test_without_confirm_hands_a_finished_game_counts_at_once(client, league):
    game_id, _token = play(client, league)
    sit(client, game_id, "Bob")  # a seat nobody confirms with changes nothing here
    assert games_counted(client, league) == 1


def test_a_game_counts_once_every_claimed_seat_confirmed_every_hand(client, league):
    require(client, league)
    game_id, _token = play(client, league)
    # Nobody claimed a seat: nobody is asked, the game counts once over.
    assert games_counted(client, league) == 1
    bob, cy = sit(client, game_id, "Bob"), sit(client, game_id, "Cy")
    assert games_counted(client, league) == 0  # Bob and Cy have confirmed nothing yet
    assert_as_rebuilt(league[0])
    confirm(client, game_id, 1, bob)
    confirm(client, game_id, 2, bob)
    confirm(client, game_id, 1, cy)
    assert games_counted(client, league) == 0
    confirm(client, game_id, 2, cy)
    assert games_counted(client, league) == 1
    assert_as_rebuilt(league[0])
    listed = client.get(f"/api/v1/leagues/{league[0]}/games").json()
    assert listed[0]["finished"] is True and listed[0]["over"] is True


def test_a_dispute_keeps_the_game_out_until_the_organiser_accepts(client, league):
    require(client, league)
    game_id, _token = play(client, league)
    bob = sit(client, game_id, "Bob")
    confirm(client, game_id, 1, bob)
    path = f"/api/v1/games/{game_id}/hands/2/dispute"
    seen = client.get(f"/api/v1/games/{game_id}").json()["hands"][1]["etag"]
    disputed = send(
        client, "post", path, {"reason": "Cy had 30, not 40"}, f"Seat {bob}", HTTP_IF_MATCH=seen
    )
    assert disputed.status_code == 200
    assert games_counted(client, league) == 0
    # Freeing the disputing seat leaves the dispute on the hand: still out.
    send(client, "delete", f"/api/v1/games/{game_id}/seats/Bob", auth=f"Seat {bob}")
    assert games_counted(client, league) == 0
    accept = f"/api/v1/leagues/{league[0]}/games/{game_id}/accept"
    assert send(client, "post", accept).status_code == 401
    assert send(client, "post", accept, auth="Bearer wrong").status_code == 403
    assert (
        send(
            client,
            "post",
            f"/api/v1/leagues/{league[0]}/games/nope/accept",
            auth=f"Bearer {league[1]}",
        ).status_code
        == 404
    )
    assert games_counted(client, league) == 0
    response = send(client, "post", accept, auth=f"Bearer {league[1]}")
    assert response.status_code == 200
    assert response.json()["accepted"] is True and response.json()["finished"] is True
    assert games_counted(client, league) == 1
    assert_as_rebuilt(league[0])


def test_an_accepted_game_in_play_counts_once_it_is_over(client, league):
    require(client, league)
    game_id, game_token = play(client, league, finish=False)
    sit(client, game_id, "Bob")
    send(
        client,
        "post",
        f"/api/v1/leagues/{league[0]}/games/{game_id}/accept",
        auth=f"Bearer {league[1]}",
    )
    assert games_counted(client, league) == 0
    entry = hand("Bob", {"Ann": 5, "Cy": 40})
    send(
        client, "post", f"/api/v1/games/{game_id}/hands", {"result": entry}, f"Bearer {game_token}"
    )
    assert games_counted(client, league) == 1


def test_a_correction_takes_a_confirmed_game_out_until_confirmed_again(client, league):
    require(client, league)
    game_id, game_token = play(client, league)
    bob = sit(client, game_id, "Bob")
    confirm(client, game_id, 1, bob)
    confirm(client, game_id, 2, bob)
    assert games_counted(client, league) == 1
    entry = hand("Bob", {"Ann": 7, "Cy": 40})
    response = send(
        client, "put", f"/api/v1/games/{game_id}/hands/2", {"result": entry}, f"Bearer {game_token}"
    )
    assert response.status_code == 200
    assert games_counted(client, league) == 0
    assert_as_rebuilt(league[0])
    confirm(client, game_id, 2, bob)
    assert games_counted(client, league) == 1
    assert_as_rebuilt(league[0])


def test_switching_confirm_hands_on_and_off_rebuilds_the_table(client, league):
    first, _ = play(client, league)
    second, _ = play(client, league, players=("Ann", "Bob", "Dan"))
    sit(client, second, "Dan")
    assert games_counted(client, league) == 2
    require(client, league)
    assert games_counted(client, league) == 1
    link = LeagueGame.objects.get(game__public_id=second)
    assert not link.finished and not link.placings.exists()
    assert_as_rebuilt(league[0])
    require(client, league, False)
    assert games_counted(client, league) == 2
    assert_as_rebuilt(league[0])


# -- the league's pages --------------------------------------------------------------------


def test_the_organiser_asks_for_confirmations_on_the_settings_page_and_counts_a_game(client):
    from django.test import Client
    from django.urls import reverse

    from tests.games.page_helpers import post_hand

    from .test_views import create_league, start_league_game

    league = create_league(client)
    settings = reverse("league_settings", args=[league.public_id])
    html = client.get(settings).content.decode()
    assert 'name="confirm_hands"' in html and "Players confirm each hand" in html
    data = {"name": league.name, "description": "", "min_games": 3, "inactive_nights": 0}
    assert client.post(settings, {**data, "confirm_hands": "on"}).status_code == 302
    league.refresh_from_db()
    assert league.confirm_hands is True
    assert 'id="id_confirm_hands" checked' in client.get(settings).content.decode()

    game_id = start_league_game(client, league, ["Ann", "Bob", "Cy"], hands="1")
    phone = Client()
    phone.post(reverse("seat_take", args=[game_id]), {"player": "Bob"})
    post_hand(client, game_id, {"winner": "0", "p1-points": 10, "p2-points": 20})
    page = reverse("league", args=[league.public_id])
    html = client.get(page).content.decode()
    assert "waiting for confirmations" in html and "Count it without confirmations" in html
    assert "Count it without confirmations" not in Client().get(page).content.decode()
    refused = Client().post(reverse("league_game_accept", args=[league.public_id, game_id]))
    assert refused.status_code == 403
    assert not LeagueGame.objects.get(game__public_id=game_id).finished
    response = client.post(reverse("league_game_accept", args=[league.public_id, game_id]))
    assert response.status_code == 302
    link = LeagueGame.objects.get(game__public_id=game_id)
    assert link.accepted and link.finished
    assert "waiting for confirmations" not in client.get(page).content.decode()
    assert_as_rebuilt(league.public_id)
