"""The league pages: create, share, the league page, a league game from the start form, the
player page, organiser-only actions, seasons, settings, export and import."""

import re

import pytest
from django.test import Client
from django.urls import resolve, reverse

from scorekeeper.games.models import Game, Grant
from scorekeeper.leagues.models import League, LeagueGame, Season
from scorekeeper.leagues.selectors import standings
from tests.games.page_helpers import EVIL, assert_refused_on_a_clean_page

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db


def create_league(client: Client, name="Thursday club", **extra) -> League:
    data = {"name": name, "description": "", "min_games": 3, **extra}
    response = client.post(reverse("league_new"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return League.objects.get(public_id=resolve(response["Location"]).kwargs["league_id"])


def start_league_game(
    client: Client, league: League, players, variant="german-rummy", ranked=True, **options
):
    data = {"variant": variant, "seats": len(players), "action": "create"}
    if ranked:
        data["ranked"] = "on"
    for i, name in enumerate(players):
        data[f"player-{i}"] = name
    for slug, value in options.items():
        data[f"opt-{slug}"] = value
    response = client.post(reverse("league_game_new", args=[league.public_id]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return resolve(response["Location"]).kwargs["game_id"]


def test_create_league_shows_both_links_once_to_its_creator(client):
    league = create_league(client, variants=["german-rummy", "knock-rummy"])
    assert league.variants == ["german-rummy", "knock-rummy"]
    page = client.get(reverse("league_share", args=[league.public_id])).content.decode()
    organiser = re.search(r'id="organiser-link" href="([^"]+)"', page).group(1)
    assert "<svg" in page and 'id="public-link"' in page
    # Another phone sees only the public link, until it opens the organiser link.
    other = Client()
    page = other.get(reverse("league_share", args=[league.public_id])).content.decode()
    assert 'id="organiser-link"' not in page
    assert other.get(reverse("league_game_new", args=[league.public_id])).status_code == 403
    path, _, secret = organiser.partition("#")
    assert path.endswith(f"/leagues/{league.public_id}/join/") and secret
    assert other.get(path).status_code == 200  # the page whose script posts the secret
    assert other.post(path, {"token": organiser}).status_code == 302
    assert other.get(reverse("league_game_new", args=[league.public_id])).status_code == 200


def test_new_league_form_errors_name_the_field(client):
    response = client.post(reverse("league_new"), {"name": "", "min_games": 500})
    assert response.status_code == 200
    assert League.objects.count() == 0
    assert "field-error" in response.content.decode()


def test_league_game_from_the_start_form_counts_in_the_standings(client):
    league = create_league(client, variants=["german-rummy"], min_games=1)
    page = client.get(reverse("league_game_new", args=[league.public_id])).content.decode()
    assert "Counts for the standings" in page
    game_id = start_league_game(client, league, ["Ann", "Bob"], hands=1)
    link = LeagueGame.objects.get(game__public_id=game_id)
    assert link.ranked and link.league == league
    response = client.post(
        reverse("hand_create", args=[game_id]),
        {"winner": "0", "p1-points": 12},
    )
    assert response.status_code in (200, 302), response.content.decode()[:2000]
    assert Game.objects.get(public_id=game_id).over
    rows = standings(league=league)
    assert [(r.player, r.wins) for r in rows] == [("Ann", 1), ("Bob", 0)]
    page = Client().get(reverse("league", args=[league.public_id])).content.decode()
    assert 'id="standings"' in page and "Ann" in page
    # The league's players are offered on the next game's start form.
    page = client.get(reverse("league_game_new", args=[league.public_id])).content.decode()
    assert 'value="name:Ann"' in page


def test_friendly_game_from_the_start_form(client):
    league = create_league(client)
    game_id = start_league_game(client, league, ["Ann", "Bob"], ranked=False, hands=1)
    assert not LeagueGame.objects.get(game__public_id=game_id).ranked


def test_a_double_tap_on_start_makes_one_league_game(client):
    league = create_league(client, variants=["german-rummy"])
    url = reverse("league_game_new", args=[league.public_id])
    key = re.search(r'name="request_id" value="([0-9a-f]{32})"', client.get(url).content.decode())
    data = {"variant": "german-rummy", "seats": 2, "action": "create", "ranked": "on"}
    data |= {"player-0": "Ann", "player-1": "Bob", "request_id": key.group(1)}
    first, second = client.post(url, data), client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert LeagueGame.objects.filter(league=league).count() == 1 == Game.objects.count()
    game_id = resolve(second["Location"]).kwargs["game_id"]
    assert client.get(reverse("hand_new", args=[game_id])).status_code == 200


def test_league_page_reads_with_bounded_queries(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=1, Cy=9), played=when(1))
    client.get(reverse("league", args=[league.public_id]))
    with CaptureQueriesContext(connection) as first_queries:
        first = client.get(reverse("league", args=[league.public_id]))
    for day in range(2, 12):
        play(league, token, ["Ann", "Bob", "Di"], penalties("Bob", Ann=day, Di=9), played=when(day))
    with CaptureQueriesContext(connection) as second_queries:
        second = client.get(reverse("league", args=[league.public_id]))
    assert first.status_code == second.status_code == 200
    # One night or eleven, with or without movement, ties and rating changes: the same count.
    assert len(first_queries) == len(second_queries) <= 20


def test_player_page(client, django_assert_max_num_queries):
    league, token = new_league(min_games=1)
    for day in range(1, 5):
        play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=day, Cy=9), played=when(day))
    ann = league.players.get(key="ann")
    with django_assert_max_num_queries(12):
        page = client.get(
            reverse("league_player", args=[league.public_id, ann.pk])
        ).content.decode()
    assert "<polyline" in page
    h2h = page[page.index('id="head-to-head"') :]
    # Ann placed higher than Bob and Cy in each of their four games.
    assert re.search(r"Bob</a></th>\s*<td class=\"num\">4</td>\s*<td class=\"num\">4</td>", h2h)
    page = client.get(
        reverse("league_player", args=[league.public_id, ann.pk]) + "?variant=german-rummy"
    ).content.decode()
    assert "German Rummy" in page


def test_organiser_actions_refused_without_the_token(client):
    league, token = new_league()
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=3))
    other = Client()
    ann = league.players.get(key="ann")
    for url, data in (
        (
            reverse("league_season_add", args=[league.public_id]),
            {"name": "S", "starts": "2026-01-01", "ends": "2026-12-31"},
        ),
        (reverse("league_player_rename", args=[league.public_id, ann.pk]), {"name": "Anna"}),
        (reverse("league_game_ranked", args=[league.public_id, link.game.public_id]), {}),
        (reverse("league_game_correct", args=[league.public_id, link.game.public_id]), {}),
        (reverse("league_settings", args=[league.public_id]), {"name": "Mine now", "min_games": 1}),
        (reverse("league_import", args=[league.public_id]), {"text": "record,game\n"}),
    ):
        assert other.post(url, data).status_code == 403, url
    league.refresh_from_db()
    assert league.name == "Thursday club" and not Season.objects.exists()
    ann.refresh_from_db()
    assert ann.name == "Ann"
    assert LeagueGame.objects.get(pk=link.pk).ranked


def test_organiser_corrects_a_game_and_renames_a_player(client):
    league = create_league(client, min_games=1)
    game_id = start_league_game(client, league, ["Ann", "Bob"], hands=1)
    phone = Client()  # the organiser link on a phone that did not start the game
    phone.post(
        reverse("league_join", args=[league.public_id]), {"token": _organiser_token(client, league)}
    )
    # The organiser's phone may write to every league game at once (issue 26: it got a 403
    # until it pressed "Correct" on the league page), and "Correct" still works.
    assert phone.post(
        reverse("hand_create", args=[game_id]), {"winner": "0", "p1-points": 5}
    ).status_code in (200, 302)
    stranger = Client()
    assert (
        stranger.post(
            reverse("hand_create", args=[game_id]), {"winner": "0", "p1-points": 5}
        ).status_code
        == 403
    )
    phone.post(reverse("league_game_correct", args=[league.public_id, game_id]))
    assert phone.post(
        reverse("hand_create", args=[game_id]), {"winner": "0", "p1-points": 5}
    ).status_code in (200, 302)
    ann = league.players.get(key="ann")
    phone.post(reverse("league_player_rename", args=[league.public_id, ann.pk]), {"name": "Annie"})
    assert [r.player for r in standings(league=league)][0] == "Annie"


def _organiser_token(client, league):
    page = client.get(reverse("league_share", args=[league.public_id])).content.decode()
    url = re.search(r'id="organiser-link" href="([^"]+)"', page).group(1)
    return url.rsplit("#", 1)[-1]


def test_seasons_from_the_page(client):
    league = create_league(client, min_games=1)
    response = client.post(
        reverse("league_season_add", args=[league.public_id]),
        {"name": "Spring", "starts": "2026-03-01", "ends": "2026-05-31"},
    )
    assert response.status_code == 302
    season = league.seasons.get()
    page = client.get(reverse("league", args=[league.public_id]) + f"?season={season.pk}")
    assert "Spring" in page.content.decode()
    assert (
        client.get(reverse("league", args=[league.public_id]) + "?season=999999").status_code == 404
    )
    assert (
        client.get(reverse("league", args=[league.public_id]) + "?variant=nope").status_code == 404
    )


def test_names_are_escaped(client):
    league = create_league(client, name=EVIL)
    start_league_game(client, league, [EVIL, "Bob"], hands=1)
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    assert EVIL not in page


def test_my_leagues_lists_this_phones_leagues(client):
    league = create_league(client)
    page = client.get(reverse("my_leagues")).content.decode()
    assert league.name in page and "organiser" in page
    assert league.name not in Client().get(reverse("my_leagues")).content.decode()


def test_unknown_league_is_404(client):
    assert client.get(reverse("league", args=["nope"])).status_code == 404
    assert client.get("/leagues/%00/").status_code == 404


def test_settings_and_season_removal(client):
    league = create_league(client, min_games=3)
    start_league_game(client, league, ["Ann", "Bob"], hands=1)
    game_id = LeagueGame.objects.get(league=league).game.public_id
    client.post(reverse("hand_create", args=[game_id]), {"winner": "0", "p1-points": 4})
    assert [r.unranked for r in standings(league=league)] == [True, True]
    response = client.post(
        reverse("league_settings", args=[league.public_id]),
        {"name": "Friday club", "description": "", "min_games": 1, "variants": ["nowrang"]},
    )
    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.name, league.min_games, league.variants) == ("Friday club", 1, ["nowrang"])
    assert [r.unranked for r in standings(league=league)] == [False, False]
    client.post(
        reverse("league_season_add", args=[league.public_id]),
        {"name": "Now", "starts": "2000-01-01", "ends": "2100-12-31"},
    )
    season = league.seasons.get()
    assert len(standings(league=league, season=season)) == 2
    response = client.post(reverse("league_season_delete", args=[league.public_id, season.pk]))
    assert response.status_code == 302
    assert not league.seasons.exists()
    assert len(standings(league=league)) == 2


def test_making_a_game_friendly_takes_it_out(client):
    league = create_league(client, min_games=0)
    game_id = start_league_game(client, league, ["Ann", "Bob"], hands=1)
    client.post(reverse("hand_create", args=[game_id]), {"winner": "0", "p1-points": 4})
    assert len(standings(league=league)) == 2
    client.post(reverse("league_game_ranked", args=[league.public_id, game_id]))
    assert standings(league=league) == []
    client.post(reverse("league_game_ranked", args=[league.public_id, game_id]), {"ranked": "on"})
    assert len(standings(league=league)) == 2


def test_a_league_games_page_links_to_its_league_in_the_same_queries(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.games.page_helpers import start_game

    league = create_league(client, name="Thursday <club>", variants=["german-rummy"])
    in_league = start_league_game(client, league, ["Ann", "Bob"], hands=2)
    plain = start_game(client, "german-rummy", ["Ann", "Bob"], options={"hands": 2})

    def page(game_id):
        with CaptureQueriesContext(connection) as seen:
            response = client.get(reverse("game", args=[game_id]))
        assert response.status_code == 200
        return response.content.decode(), len(seen)

    html, league_queries = page(in_league)
    url = reverse("league", args=[league.public_id])
    assert f'League: <a href="{url}">Thursday &lt;club&gt;</a>' in html
    plain_html, plain_queries = page(plain)
    assert "League:" not in plain_html
    assert league_queries == plain_queries
    # A viewer with only the game's link sees the line too.
    assert "League:" in Client().get(reverse("game", args=[in_league])).content.decode()


def test_the_session_keeps_a_grant_never_the_organiser_token(client):
    league = create_league(client)
    page = client.get(reverse("league_share", args=[league.public_id])).content.decode()
    link = re.search(r'id="organiser-link" href="([^"]+)"', page).group(1)
    assert "/join/#" in link  # the secret after '#', out of logs and history
    phone = Client()
    assert (
        phone.post(reverse("league_join", args=[league.public_id]), {"token": link}).status_code
        == 302
    )
    # The grant is a row of its own (as a game's), the session lists the league for "My leagues".
    assert set(phone.session["leagues"][league.public_id]) == {"seen"}
    row = Grant.objects.get(session_id=phone.session.session_key, kind="league")
    assert row.public_id == league.public_id and row.grant
    secret = link.rsplit("#", 1)[1]
    raw = str(dict(phone.session.items()))
    assert secret not in raw and secret not in row.grant
    assert phone.get(reverse("league_settings", args=[league.public_id])).status_code == 200
    # A wrong secret is refused and grants nothing.
    other = Client()
    refused = other.post(reverse("league_join", args=[league.public_id]), {"token": "nope"})
    assert refused.status_code == 403
    assert other.get(reverse("league_settings", args=[league.public_id])).status_code == 403


def test_old_organiser_links_and_sessions_keep_working(client):
    from scorekeeper.leagues.services import league_create

    league, token = league_create(name="Old club")
    phone = Client()
    response = phone.get(reverse("league_join_legacy", args=[league.public_id, token]))
    assert response.status_code == 302 and response["Location"].endswith(
        f"/leagues/{league.public_id}/"
    )
    assert token not in str(dict(phone.session.items()))
    assert phone.get(reverse("league_settings", args=[league.public_id])).status_code == 200
    refused = Client().get(reverse("league_join_legacy", args=[league.public_id, "wrong"]))
    assert_refused_on_a_clean_page(refused, reverse("league_join", args=[league.public_id]))
    # A session from before grants (it kept the raw token) trades it for a grant on first use.
    old = Client()
    session = old.session
    session["leagues"] = {league.public_id: {"token": token, "seen": "2026-01-01T00:00:00"}}
    session.save()
    assert old.get(reverse("league_settings", args=[league.public_id])).status_code == 200
    assert "token" not in old.session["leagues"][league.public_id]


def test_league_page_groups_nights_and_shows_rating_changes(client):
    league = create_league(client, min_games=1)
    from scorekeeper.leagues.access import organiser

    class Req:  # the creator's session grant, as the services take it
        session = client.session

    grant = organiser(Req, league)
    play(league, grant, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(5))
    link, _ = play(league, grant, ["Ann", "Cy"], penalties("Cy", Ann=5), played=when(5))
    play(league, grant, ["Bob", "Cy"], penalties("Bob", Cy=5), played=when(12))
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    assert page.count('class="night"') == 2
    assert 'id="night-2026-03-05"' in page and 'id="night-2026-03-12"' in page
    night = page[page.index('id="night-2026-03-05"') :]
    assert "3 players: Ann, Bob, Cy" in night
    assert "0.0 → " in page  # a first game's rating starts from 0
    # The organiser moves a game to another night.
    response = client.post(
        reverse("league_game_played_on", args=[league.public_id, link.game.public_id]),
        {"played_on": "2026-03-19"},
    )
    assert response.status_code == 302
    link.refresh_from_db()
    assert link.played.date().isoformat() == "2026-03-19"
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    assert 'id="night-2026-03-19"' in page


def test_player_page_merge_and_former_names(client):
    league = create_league(client, min_games=1)
    from scorekeeper.leagues.access import organiser

    class Req:
        session = client.session

    grant = organiser(Req, league)
    play(league, grant, ["Cy", "Ann"], penalties("Cy", Ann=5), played=when(1))
    play(league, grant, ["Cyrus", "Ann"], penalties("Ann", Cyrus=5), played=when(2))
    cy, cyrus = league.players.get(key="cy"), league.players.get(key="cyrus")
    page = client.get(reverse("league_player", args=[league.public_id, cyrus.pk])).content.decode()
    assert 'id="rating-changes"' in page and "Merge with another entry" in page
    response = client.post(
        reverse("league_player_merge", args=[league.public_id, cyrus.pk]), {"into": cy.pk}
    )
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert 'id="former-names"' in page and "Cyrus" in page
    assert [r.games for r in standings(league=league) if r.player == "Cy"] == [2]
    # Another phone cannot merge.
    assert (
        Client()
        .post(reverse("league_player_merge", args=[league.public_id, cy.pk]), {"into": cy.pk})
        .status_code
        == 403
    )


def test_a_league_game_page_lists_the_rating_changes(client):
    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    page = client.get(reverse("game", args=[link.game.public_id])).content.decode()
    block = page[page.index('id="league-ratings"') :]
    assert "Ann" in block and "0.0 → " in block and "(+" in block and "(\u2212" in block


def test_a_league_game_page_lists_the_ratings_by_place_with_league_names(client):
    """The game page's rating list: in place order (not seat order), each player by the
    league's name for them after a rename, as the league page's game nights list them."""
    from scorekeeper.leagues.services import player_rename

    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=9, Bob=5))
    player_rename(league=league, token=token, player=league.players.get(key="cy"), name="Cyrus")
    page = client.get(reverse("game", args=[link.game.public_id])).content.decode()
    block = page[page.index('id="league-ratings"') :]
    block = block[: block.index("</table>")]
    assert re.findall(r'<th scope="row">([^<]+)</th>', block) == ["Cyrus", "Bob", "Ann"]


def test_the_game_nights_name_each_player_as_the_league_knows_them_in_order_of_place(client):
    """After a rename and a merge, the nights list every game's players by their league
    names (finished games and a game in play alike), each finished game by place."""
    from scorekeeper.leagues.services import player_merge, player_rename
    from tests.writes import hand_record

    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=9, Bob=5), played=when(1))
    play(league, token, ["Annie", "Bob"], penalties("Bob", Annie=4), played=when(1), ranked=False)
    live, _ = play(league, token, ["Cy", "Bob"], None, played=when(8), options={"hands": 3})
    hand_record(game=live.game, entry=penalties("Cy", Bob=4))
    player_rename(league=league, token=token, player=league.players.get(key="cy"), name="Cyrus")
    player_merge(
        league=league,
        token=token,
        player=league.players.get(key="annie"),
        into=league.players.get(key="ann"),
    )
    page = client.get(reverse("league", args=[league.public_id]) + "?season=all")
    page = page.content.decode()
    first = page[page.index('id="night-2026-03-01"') :]
    ranked = first[first.index("rating-changes") : first.index("</table>")]
    names = re.findall(r'<th scope="row">([^<]+)</th>', ranked)
    assert names == ["Cyrus", "Bob", "Ann"]  # by place: 1., 2., 3.
    assert "3 players: Ann, Bob, Cyrus" in first
    friendly = first[first.index("friendly") :]
    assert re.search(r'<p class="small">1\. Bob, 2\. Ann</p>', friendly)
    tonight = page[page.index('id="night-2026-03-08"') :]
    assert "2 players: Bob, Cyrus" in tonight
    assert re.search(r'<p class="small">Cyrus, Bob</p>', tonight)
    body = client.get(f"/api/v1/leagues/{league.public_id}/games").json()
    assert [p["player"] for p in body[-1]["places"]] == ["Cyrus", "Bob", "Ann"]


def test_each_game_of_a_night_is_headed_by_its_game(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(5))
    play(
        league,
        token,
        ["Ann", "Bob"],
        {"knocker": "Ann", "hands": {"Ann": {"points": 1}, "Bob": {"points": 9}}},
        played=when(5),
        variant="knock-rummy",
        options={"target": 1},
    )
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    night = page[page.index('id="night-2026-03-05"') :]
    titles = re.findall(r'<span class="title">([^<]+)</span>', night)
    assert titles == ["Knock Rummy", "German Rummy"]


def test_the_standings_mark_a_late_joiner_new(client):
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    play(league, token, ["Ann", "Dee"], penalties("Dee", Ann=20), played=when(8))
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    table = page[
        page.index('id="standings"') : page.index("</table>", page.index('id="standings"'))
    ]
    rows = {
        re.search(r'<th scope="row"><a [^>]*>([^<]+)</a>', row).group(1): row
        for row in table.split("<tr")[2:]
        if 'scope="row"' in row
    }
    assert 'class="new"' in rows["Dee"] and ">new<" in rows["Dee"]
    assert 'class="new"' not in rows["Ann"] and 'class="new"' not in rows["Bob"]


def test_the_recent_form_follows_the_season_and_variant_chosen(client):
    """Like the rest of the player page, the recent form lists the games of the scope shown:
    one variant's, one season's, or all of them."""
    from scorekeeper.leagues.services import season_create

    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(2))
    knock = {"knocker": "Bob", "hands": {"Ann": {"points": 9}, "Bob": {"points": 1}}}
    play(league, token, ["Ann", "Bob"], knock, played=when(3), variant="knock-rummy",
         options={"target": 1})  # fmt: skip
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=5), played=when(20))
    early = season_create(
        league=league, token=token, name="Early", starts=when(1).date(), ends=when(5).date()
    )
    ann = league.players.get(key="ann")
    url = reverse("league_player", args=[league.public_id, ann.pk])

    def form(**query):
        page = client.get(url, query).content.decode()
        block = page[page.index('id="form-heading"') :]
        return re.findall(r'<li><a href="[^"]+">([^<]+)</a>', block[: block.index("</section>")])

    assert form() == ["20 Mar", "3 Mar", "2 Mar"]
    assert form(variant="german-rummy") == ["20 Mar", "2 Mar"]
    assert form(season=early.pk) == ["3 Mar", "2 Mar"]
    assert form(season=early.pk, variant="knock-rummy") == ["3 Mar"]


def test_ratings_below_zero_read_with_a_true_minus_as_scores_do(client):
    """The league's table, the player page and the game list print a rating under zero as
    −1.8, as the game pages print scores, never with a hyphen."""
    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Kari", "Ola"], penalties("Kari", Ola=25), played=when(1))
    ola = next(r for r in standings(league=league) if r.player == "Ola")
    assert ola.display < 0  # a first game lost: below zero
    shown = f"{-ola.display:.1f}"
    pages = [
        client.get(reverse("league", args=[league.public_id])).content.decode(),
        client.get(
            reverse("league_player", args=[league.public_id, ola.player_id])
        ).content.decode(),
    ]
    for html in pages:
        assert f"\u2212{shown}" in html
        hyphened = [html[max(0, i - 80) : i + 20] for i in _find_all(html, f"-{shown}")]
        assert not hyphened, hyphened


def _find_all(text: str, part: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(part), text)]
