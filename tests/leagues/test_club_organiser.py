"""Issue 26: a league a club organiser runs from a phone for years. Nothing lost in an export
(recorded dealers, league names, seasons and settings; an import imports), every game reachable
(a paged games list, organiser edits of any league game, a game removed with undo), ratings that
explain themselves (one rating with its range, provisional mark and day; expected places; ties on
the rating shown), pages as of a day and a chart that survives decimal commas."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import Game
from scorekeeper.games.scoresheet.selectors import game_state
from scorekeeper.leagues.models import LeagueGame, Player, Standing
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import (
    league_game_create,
    link_secret,
    player_merge,
    player_rename,
    scope_key,
    season_create,
)
from scorekeeper.leagues.transfer import export_csv, export_document, import_games
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.game import replay
from tests.api.test_score_examples import EXAMPLES
from tests.writes import hand_record

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db

ABCD = ["Ann", "Bob", "Cy", "Dan"]


def api(client, method, path, body=None, token=None, **extra):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = json.dumps(body) if body is not None else None
    return getattr(client, method)(
        path, data=data, content_type="application/json", **headers, **extra
    )


def hands_of(game: Game) -> list[tuple]:
    """Every fact of every hand of a game's state: entry, result, dealer, totals."""
    state = game_state(game=game)
    return [
        (
            h["n"],
            h.get("dealer"),
            json.dumps({k: v for k, v in h.items() if k != "etag"}, sort_keys=True, default=str),
        )
        for h in state["hands"]
    ] + [("totals", state["totals"], state["over"], state["winners"])]


def same_games(original, copy) -> None:
    ours = list(LeagueGame.objects.filter(league=original).order_by("played", "pk"))
    theirs = list(LeagueGame.objects.filter(league=copy).order_by("played", "pk"))
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert hands_of(a.game) == hands_of(b.game), a.game.variant
        assert a.removed == b.removed


# -- 1. nothing lost in an export ---------------------------------------------------------------


def _first_example_per_variant():
    seen = {}
    for _n, variant, options, players, dealer, result, *_rest in EXAMPLES:
        seen.setdefault(variant, (variant, options, players, dealer, result))
    return list(seen.values())


@pytest.mark.parametrize(
    ("variant", "options", "players", "dealer", "entry"),
    _first_example_per_variant(),
    ids=lambda value: value if isinstance(value, str) else "",
)
@pytest.mark.parametrize("through", ["json", "csv"])
def test_every_variant_round_trips_hand_by_hand_with_its_recorded_dealers(
    variant, options, players, dealer, entry, through
):
    league, token = new_league(min_games=1)
    link, _ = league_game_create(
        league=league,
        token=token,
        variant=variant,
        options=options,
        players=players,
        dealer=dealer,
        played=when(2),
    )
    # Each hand dealt by someone the rotation would not have named: the table said so.
    for turn in range(3):
        game = Game.objects.get(pk=link.game_id)
        if game.over:
            break
        suggested = game.next_dealer
        dealt = next(p for p in reversed(players) if p != suggested)
        try:
            hand_record(game=game, entry=entry, dealer=dealt)
        except RulesError:
            break
        assert game_state(game=Game.objects.get(pk=game.pk))["hands"][turn]["dealer"] == dealt
    copy, copy_token = new_league(min_games=1)
    if through == "json":
        report = import_games(league=copy, token=copy_token, data=export_document(league=league))
    else:
        report = import_games(league=copy, token=copy_token, csv_text=export_csv(league=league))
    assert report.ok and report.created, report.errors
    same_games(league, copy)


def tie_league():
    """A Phỏm game of two hands where the recorded dealer of hand 2 (Cy, not the rotation's
    Ann) decides the tie of Ann and Cy on 10 points: the dealer plays last, so Ann wins."""
    league, token = new_league(min_games=1)
    link, _ = league_game_create(
        league=league,
        token=token,
        variant="phom",
        options={"hands": 2},
        players=ABCD,
        dealer="Dan",
        played=when(3),
    )
    first = {
        "hands": {
            "Ann": {"points": 5},
            "Bob": {"points": 9},
            "Cy": {"points": 22},
            "Dan": {"points": 30},
        }
    }
    tie = {
        "hands": {
            "Ann": {"points": 10},
            "Bob": {"points": 20},
            "Cy": {"points": 10},
            "Dan": {"points": 30},
        }
    }
    hand_record(game=link.game, entry=first)
    game = Game.objects.get(pk=link.game_id)
    assert game.next_dealer == "Ann"  # what the rotation suggests
    hand_record(game=game, entry=tie, dealer="Cy")
    return league, link, [first, tie]


@pytest.mark.parametrize("through", ["json", "csv"])
def test_a_phom_tie_goes_by_the_recorded_dealer_after_an_import(through):
    league, link, entries = tie_league()
    state = game_state(game=Game.objects.get(pk=link.game_id))
    assert state["hands"][1]["winners"] == ["Ann"]
    # Without the recorded dealer the rotation would give the tie to Cy: the fact matters.
    rotated = replay(
        variant="phom", options={"hands": 2}, players=ABCD, dealer="Dan", results=entries
    )
    assert list(rotated.hands[1].winners) == ["Cy"]
    copy, token = new_league(min_games=1)
    if through == "json":
        doc = export_document(league=league)
        assert doc["games"][0]["dealers"] == ["Dan", "Cy"]
        report = import_games(league=copy, token=token, data=doc)
    else:
        report = import_games(league=copy, token=token, csv_text=export_csv(league=league))
    assert report.ok, report.errors
    same_games(league, copy)
    ours = [(r.player, r.rank, r.wins) for r in standings(league=league)]
    assert ours == [(r.player, r.rank, r.wins) for r in standings(league=copy)]


def csv_rows(text: str, record: str) -> list[dict]:
    return [r for r in csv.DictReader(io.StringIO(text.lstrip("\ufeff"))) if r["record"] == record]


def test_csv_place_rows_carry_the_player_id_and_league_name_after_renames_and_merges():
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Cy"], penalties("Cy", Ann=5), played=when(1))
    play(league, token, ["Ann", "Cyrus"], penalties("Cyrus", Ann=5), played=when(2))
    cy = Player.objects.get(league=league, name="Cy")
    cyrus = Player.objects.get(league=league, name="Cyrus")
    player_merge(league=league, token=token, player=cy, into=cyrus)
    player_rename(league=league, token=token, player=cyrus, name="Cyril")
    places = csv_rows(export_csv(league=league), "place")
    mine = [r for r in places if r["player_id"] == str(cyrus.pk)]
    assert [r["player"] for r in mine] == ["Cyril", "Cyril"]
    assert sorted(r["seat"] for r in mine) == ["Cy", "Cyrus"]
    wins: dict[str, int] = {}
    for row in places:
        wins[row["player"]] = wins.get(row["player"], 0) + (row["place"] == "1")
    assert wins == {"Cyril": 2, "Ann": 0}


def test_the_csv_carries_seasons_and_settings():
    league, token = new_league(min_games=2, inactive_nights=3)
    season_create(
        league=league,
        token=token,
        name="Spring",
        starts=dt.date(2026, 3, 1),
        ends=dt.date(2026, 5, 31),
    )
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(4))
    text = export_csv(league=league)
    copy, copy_token = new_league()  # min_games 3, no inactive nights
    report = import_games(league=copy, token=copy_token, csv_text=text)
    assert report.ok, report.errors
    copy.refresh_from_db()
    assert (copy.min_games, copy.inactive_nights) == (2, 3)
    assert [(s.name, s.starts, s.ends) for s in copy.seasons.all()] == [
        ("Spring", dt.date(2026, 3, 1), dt.date(2026, 5, 31))
    ]
    spring = copy.seasons.get()
    assert [r.player for r in standings(league=copy, season=spring)] == ["Ann", "Bob"]


def test_the_api_import_imports_unless_a_dry_run_is_asked_for(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(4))
    doc = export_document(league=league)
    copy, copy_token = new_league(min_games=1)
    path = f"/api/v1/leagues/{copy.public_id}/import"
    dry = api(client, "post", path, {**doc, "dry_run": True}, copy_token)
    assert dry.status_code == 200, dry.content
    body = dry.json()
    assert body["dry_run"] and not body["written"]
    assert body["summary"] == {"imported": 1, "hands": 1, "skipped_duplicates": 0, "refused": 0}
    assert not LeagueGame.objects.filter(league=copy).exists()
    done = api(client, "post", path, doc, copy_token)  # no dry_run: an import imports
    assert done.status_code == 201, done.content
    assert done.json()["written"] and len(done.json()["created"]) == 1
    assert LeagueGame.objects.filter(league=copy).count() == 1
    again = api(client, "post", path, doc, copy_token).json()  # the same games again
    assert again["summary"]["skipped_duplicates"] == 1 and again["summary"]["imported"] == 0
    assert again["skipped"][0]["duplicate_of"] and not again["written"]
    broken = {"games": [{**doc["games"][0], "variant": "nope"}]}
    refused = api(client, "post", path, broken, copy_token)
    assert refused.status_code == 400
    report = refused.json()["error"]["report"]
    assert report["summary"]["refused"] == 1 and report["refused"][0]["where"] == "games[0]"
    assert LeagueGame.objects.filter(league=copy).count() == 1


# -- 2. every game reachable --------------------------------------------------------------------


def test_the_games_list_pages_through_every_game_filtered_like_the_standings(client):
    league, token = new_league(min_games=1)
    spring = season_create(
        league=league,
        token=token,
        name="Spring",
        starts=dt.date(2026, 3, 1),
        ends=dt.date(2026, 3, 31),
    )
    for i in range(53):
        day = when(1 + i % 28, month=3 if i < 40 else 4)
        play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=i), played=day)
    play(
        league,
        token,
        ["Ann", "Bob"],
        {"knocker": "Ann", "hands": {"Ann": {"points": 0}, "Bob": {"points": 9}}},
        played=when(5),
        variant="knock-rummy",
        options={"target": 50},
    )
    path = f"/api/v1/leagues/{league.public_id}/games"
    first = client.get(path, {"page": 1})
    assert first.status_code == 200
    assert len(first.json()) == 50 and first["X-Page"] == "1" and first["X-Pages"] == "2"
    assert 'rel="next"' in first["Link"] and "page=2" in first["Link"]
    second = client.get(path, {"page": 2})
    assert len(second.json()) == 4 and "Link" not in second
    ids = {g["id"] for g in first.json() + second.json()}
    assert len(ids) == 54
    march = client.get(path, {"page": 1, "season": spring.pk, "variant": "german-rummy"}).json()
    assert len(march) == 40 and {g["variant"] for g in march} == {"german-rummy"}
    assert len(client.get(path, {"page": 1, "season": "all"}).json()) == 50
    # The page: 50 a page, the oldest game reachable, linked from the league page.
    league_page = client.get(reverse("league", args=[league.public_id])).content.decode()
    assert reverse("league_games", args=[league.public_id]) in league_page
    url = reverse("league_games", args=[league.public_id])
    page1 = client.get(url, {"season": "all"}).content.decode()
    assert page1.count('class="game-link"') == 50 and "page=2" in page1
    page2 = client.get(url, {"season": "all", "page": 2}).content.decode()
    oldest = LeagueGame.objects.filter(league=league).order_by("played", "pk").first()
    assert oldest.game.public_id in page2
    assert client.get(url, {"season": spring.pk}).content.decode().count('class="game-link"') == 41


def organiser_phone(client, league):
    """A second phone that opened the organiser link."""
    response = client.post(
        reverse("league_join", args=[league.public_id]), {"token": link_secret(league=league)}
    )
    assert response.status_code == 302


def test_a_second_organiser_phone_corrects_any_league_game_on_the_page(client):
    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    edit = reverse("hand_edit", args=[link.game.public_id, 1])
    assert client.get(edit).status_code == 403  # a stranger
    organiser_phone(client, league)
    assert client.get(edit).status_code == 200
    client.post(
        reverse("hand_update", args=[link.game.public_id, 1]),
        {"winner": "1", "p0-points": "7", "p1-points": "0"},
    )
    assert game_state(game=Game.objects.get(pk=link.game_id))["hands"][0]["result"]["out"] == "Bob"
    assert [r.player for r in standings(league=league)] == ["Bob", "Ann"]


def test_the_league_token_corrects_deletes_and_restores_hands_of_any_league_game(client):
    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    game_id = link.game.public_id
    path = f"/api/v1/games/{game_id}/hands/1"
    fixed = api(client, "put", path, {"result": penalties("Bob", Ann=3)}, token)
    assert fixed.status_code == 200, fixed.content
    assert [r.player for r in standings(league=league)] == ["Bob", "Ann"]
    # On the page, the organiser's phone deletes the hand and takes the delete back.
    organiser_phone(client, league)
    assert client.post(reverse("hand_delete", args=[game_id, 1])).status_code == 302
    assert standings(league=league) == []
    client.post(reverse("game_undo", args=[game_id]))
    assert [r.player for r in standings(league=league)] == ["Bob", "Ann"]
    gone = api(client, "delete", path, None, token)
    assert gone.status_code == 200, gone.content
    assert standings(league=league) == []


def test_a_game_removed_from_the_league_counts_nowhere_and_can_be_put_back(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=9), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=1), played=when(3))
    before = [(r.player, r.games, round(r.mu, 9)) for r in standings(league=league)]
    path = f"/api/v1/leagues/{league.public_id}/games/{link.game.public_id}"
    assert api(client, "delete", path).status_code == 401
    removed = api(client, "delete", path, None, token)
    assert removed.status_code == 200 and removed.json()["removed"]
    rows = {r.player: r for r in standings(league=league)}
    assert rows["Ann"].games == 2 and rows["Ann"].wins == 1 and rows["Bob"].wins == 1
    # Ratings follow as if the game had never been played.
    fresh, fresh_token = new_league(min_games=1)
    play(fresh, fresh_token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    play(fresh, fresh_token, ["Ann", "Bob"], penalties("Bob", Ann=1), played=when(3))
    assert [(r.player, round(r.mu, 9)) for r in standings(league=league)] == [
        (r.player, round(r.mu, 9)) for r in standings(league=fresh)
    ]
    # Kept in the export as removed; an import keeps it removed.
    doc = export_document(league=league)
    assert [g["removed"] for g in doc["games"]] == [False, True, False]
    copy, copy_token = new_league(min_games=1)
    assert import_games(league=copy, token=copy_token, data=doc).ok
    assert [(r.player, r.games) for r in standings(league=copy)] == [
        (r.player, r.games) for r in standings(league=league)
    ]
    csv_copy, csv_token = new_league(min_games=1)
    assert import_games(league=csv_copy, token=csv_token, csv_text=export_csv(league=league)).ok
    assert LeagueGame.objects.filter(league=csv_copy, removed=True).count() == 1
    # Listed as removed, and put back.
    listed = client.get(f"/api/v1/leagues/{league.public_id}/games", {"page": 1}).json()
    assert [g["removed"] for g in listed] == [False, True, False]
    back = api(client, "post", path + "/restore", None, token)
    assert back.status_code == 200 and not back.json()["removed"]
    assert [(r.player, r.games, round(r.mu, 9)) for r in standings(league=league)] == before


def test_the_organiser_removes_and_puts_back_a_game_on_the_games_page(client):
    league, token = new_league(min_games=1)
    link, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    organiser_phone(client, league)
    here = reverse("league_games", args=[league.public_id]) + "?season=all"
    page = client.get(here).content.decode()
    assert reverse("league_game_remove", args=[league.public_id, link.game.public_id]) in page
    response = client.post(
        reverse("league_game_remove", args=[league.public_id, link.game.public_id]),
        {"next": here},
    )
    assert response.status_code == 302 and response["Location"] == here
    assert standings(league=league) == []
    assert "removed from the league" in client.get(here).content.decode()
    client.post(reverse("league_game_restore", args=[league.public_id, link.game.public_id]))
    assert len(standings(league=league)) == 2


# -- 3. ratings that explain themselves ---------------------------------------------------------


def test_standings_and_player_carry_range_provisional_mark_and_day(client):
    league, token = new_league(min_games=1)
    for day in range(1, 10):
        play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(day))
    play(league, token, ["Ann", "Dan"], penalties("Dan", Ann=5), played=when(11))
    rows = {
        r["player"]: r
        for r in client.get(
            f"/api/v1/leagues/{league.public_id}/standings", {"season": "all"}
        ).json()
    }
    for row in rows.values():
        low, high = row["rating_range"]
        sigma = row["rating_sigma"]
        # The skill range (API.md Decision): μ ± 2σ, so it holds μ, above the displayed rating.
        assert low == pytest.approx(row["rating"] - 2 * sigma, abs=0.06)
        assert high == pytest.approx(row["rating"] + 2 * sigma, abs=0.06)
        assert low < row["rating"] < high and row["display_rating"] < low
        assert row["provisional"] == (row["games"] < 10)
    assert not rows["Ann"]["provisional"] and rows["Bob"]["provisional"]  # 10 games, 9 games
    assert rows["Dan"]["provisional"] and rows["Dan"]["as_of"] == "2026-03-11"
    assert rows["Cy"]["as_of"] == "2026-03-09" and rows["Ann"]["as_of"] == "2026-03-11"
    assert rows["Ann"]["rank"] is not None
    ann = Player.objects.get(league=league, name="Ann")
    player = client.get(f"/api/v1/leagues/{league.public_id}/players/{ann.pk}").json()
    assert player["as_of"] == "2026-03-11"
    assert player["rating_range"] == rows["Ann"]["rating_range"] and not player["provisional"]
    last = player["history"][-1]
    assert last["place"] == 2 and [o["player"] for o in last["opponents"]] == ["Dan"]
    assert last["expected_place"] == 1  # Ann's rating was well above a newcomer's
    page = client.get(reverse("league_player", args=[league.public_id, ann.pk])).content.decode()
    assert "Skill " not in page and "as of" in page and "expected 1st, came 2nd" in page
    low, high = (f"{end:.1f}" for end in rows["Ann"]["rating_range"])
    assert f"skill likely between {low} and {high}" in " ".join(page.split())
    table = client.get(reverse("league", args=[league.public_id]), {"season": "all"})
    assert 'id="table-as-of"' in table.content.decode()


def test_each_rating_change_says_where_the_ratings_expected_the_player(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(1))
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=5, Bob=9), played=when(2))
    games = client.get(f"/api/v1/leagues/{league.public_id}/games").json()
    latest = {r["player"]: r for r in games[0]["ratings"]}
    assert {name: (r["expected_place"], r["place"]) for name, r in latest.items()} == {
        "Ann": (1, 2),
        "Bob": (2, 3),
        "Cy": (3, 1),
    }
    first = {r["player"]: r["expected_place"] for r in games[1]["ratings"]}
    assert first == {"Ann": 1, "Bob": 1, "Cy": 1}  # everyone level before the first game


def _standing(league, name, mu, sigma, *, games, wins):
    player = Player.objects.create(league=league, name=name, key=name.casefold())
    Standing.objects.create(
        league=league,
        scope=scope_key(),
        player=player,
        games=games,
        wins=wins,
        place_sum=games,
        score=0,
        mu=mu,
        sigma=sigma,
        last_played=timezone.now(),
    )


def test_ties_go_by_the_rating_as_shown_then_wins_then_fewer_games():
    league, _token = new_league(min_games=1)
    # All three show 3.7; Ann is 3.74 but has fewer wins than Bob (3.66).
    _standing(league, "Ann", 3.74 + 3 * 2.0, 2.0, games=6, wins=1)
    _standing(league, "Bob", 3.66 + 3 * 2.0, 2.0, games=6, wins=2)
    _standing(league, "Cy", 3.70 + 3 * 2.0, 2.0, games=4, wins=1)
    rows = standings(league=league)
    assert [(r.player, r.tiebreak) for r in rows] == [
        ("Bob", "wins"),
        ("Cy", "games"),
        ("Ann", None),
    ]
    assert [r.rank for r in rows] == [1, 2, 3]


def test_a_returning_player_is_marked_and_the_api_carries_the_marks(client):
    league, token = new_league(min_games=1, inactive_nights=1)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=5, Cy=9), played=when(1))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=5), played=when(2))
    play(
        league,
        token,
        ["Ann", "Bob", "Cy", "Dan"],
        penalties("Cy", Ann=5, Bob=9, Dan=1),
        played=when(3),
    )
    rows = {
        r["player"]: r
        for r in client.get(
            f"/api/v1/leagues/{league.public_id}/standings", {"season": "all"}
        ).json()
    }
    assert rows["Cy"]["returning"] and not rows["Cy"]["new"] and rows["Cy"]["movement"] is None
    assert rows["Dan"]["new"] and not rows["Dan"]["returning"]
    assert not rows["Ann"]["returning"] and not rows["Ann"]["new"]
    page = client.get(reverse("league", args=[league.public_id]), {"season": "all"})
    assert 'class="new returning"' in page.content.decode()


def test_the_standings_api_takes_season_all(client):
    league, token = new_league(min_games=1)
    season_create(
        league=league,
        token=token,
        name="Old",
        starts=dt.date(2020, 1, 1),
        ends=dt.date(2020, 12, 31),
    )
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    response = client.get(f"/api/v1/leagues/{league.public_id}/standings", {"season": "all"})
    assert response.status_code == 200 and [r["player"] for r in response.json()] == ["Ann", "Bob"]


# -- 4. pages members open on their phones ------------------------------------------------------


def test_the_league_page_and_player_page_take_as_of(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=5), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=5), played=when(3))
    url = reverse("league", args=[league.public_id])
    now = client.get(url, {"season": "all"}).content.decode()
    then = client.get(url, {"season": "all", "as_of": "2026-03-01"}).content.decode()

    def order(page):
        table = page[page.index('id="standings"') :]
        return re.findall(r'<th scope="row"><a href="[^"]+">(\w+)</a>', table)

    assert order(now)[:2] == ["Bob", "Ann"] and order(then)[:2] == ["Ann", "Bob"]
    assert 'value="2026-03-01"' in then
    bad = client.get(url, {"as_of": "yesterday"})
    assert bad.status_code == 200 and "as_of" in bad.content.decode()
    ann = Player.objects.get(league=league, name="Ann")
    player = reverse("league_player", args=[league.public_id, ann.pk])
    early = client.get(player, {"as_of": "2026-03-01"}).content.decode()
    assert early.count('class="rating-move"') == 1
    assert client.get(player).content.decode().count('class="rating-move"') == 3


SVG_NUMBER = re.compile(r'\b(?:x1|x2|y1|y2|cx|cy|x|y)="([^"]*)"')


@pytest.mark.parametrize("language", ["de", "cs", "ro"])
def test_both_charts_write_svg_coordinates_with_decimal_points(client, language):
    league, token = new_league(min_games=1)
    link, _ = play(
        league, token, ["Ann", "Bob"], penalties("Ann", Bob=5), played=when(1), options={"hands": 3}
    )
    hand_record(game=Game.objects.get(pk=link.game_id), entry=penalties("Bob", Ann=7))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=3), played=when(2))
    client.cookies["django_language"] = language
    ann = Player.objects.get(league=league, name="Ann")
    pages = [
        client.get(reverse("league_player", args=[league.public_id, ann.pk])).content.decode(),
        client.get(reverse("game", args=[link.game.public_id])).content.decode(),
    ]
    for page in pages:
        svg = page[page.index("<svg viewBox") : page.index("</svg>", page.index("<svg viewBox"))]
        assert "data-chart" in svg
        values = SVG_NUMBER.findall(svg)
        assert values and all(re.fullmatch(r"-?\d+(\.\d+)?", v) for v in values), values
        for points in re.findall(r'points="([^"]*)"', svg):
            assert re.fullmatch(r"(-?\d+(\.\d+)?,-?\d+(\.\d+)? ?)+", points), points
    assert "." in " ".join(SVG_NUMBER.findall(pages[0]))  # a decimal was written, with a point
