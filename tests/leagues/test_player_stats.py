"""A player's record of what the table told: hands won, going out, points left, undercuts,
Phỏm ù and móm, chips won and lost and who owes whom, from a small league built through the
services; the same figures in the API and on the page, in a bounded number of queries."""

from __future__ import annotations

import re

import pytest

from scorekeeper.games.services import hand_correct, hand_record
from scorekeeper.leagues.selectors import player_hand_stats
from scorekeeper.leagues.services import player_merge

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db

TRIO = ["Ann", "Bob", "Cy"]


def knock(knocker: str, **held: int) -> dict:
    return {"knocker": knocker, "hands": {name: {"points": p} for name, p in held.items()}}


def season(league, token):
    """Three games over two nights: German Rummy (penalty points), Knock Rummy with an
    undercut, and a two-hand Phỏm game (an ù, then trash with a móm)."""
    play(league, token, TRIO, penalties("Ann", Bob=10, Cy=20), played=when(2))
    play(league, token, TRIO, penalties("Bob", Ann=6, Cy=0), played=when(2))
    play(
        league,
        token,
        TRIO,
        knock("Cy", Ann=7, Bob=12, Cy=10),  # Ann undercuts Cy
        played=when(9),
        variant="knock-rummy",
        options={"target": 1},
    )
    link, _ = play(league, token, TRIO, None, played=when(9), variant="phom", options={"hands": 2})
    hand_record(game=link.game, entry={"u": "Ann", "u_cards": 9})
    hand_record(
        game=link.game,
        entry={
            "hands": {
                "Ann": {"points": 12},
                "Bob": {"points": 5},
                "Cy": {"points": 30, "mom": True},
            }
        },
    )
    link.refresh_from_db()
    assert link.finished
    return link


def stats_of(league, name):
    player = league.players.get(name=name)
    stats = player_hand_stats(league=league, player=player)
    return {item["variant"]: item for item in stats["by_variant"]}, stats["chips"]


def test_hands_won_going_out_and_points_left():
    league, token = new_league()
    season(league, token)
    ann, _ = stats_of(league, "Ann")
    cy, _ = stats_of(league, "Cy")
    german = ann["german-rummy"]
    assert (german["hands"], german["won"], german["went_out"]) == (2, 1, 1)
    assert german["going_out_rate"] == 0.5
    assert german["avg_left"] == 6.0  # only the hand she did not win counts
    assert cy["german-rummy"]["avg_left"] == 10.0  # (20 + 0) / 2
    assert cy["german-rummy"]["going_out_rate"] == 0.0
    # Knock Rummy: going out is knocking; the knocker who lost left his 10
    assert cy["knock-rummy"]["went_out"] == 1
    assert cy["knock-rummy"]["avg_left"] == 10.0
    # a winner's own count never enters the average: Ann won every Knock hand
    assert ann["knock-rummy"]["avg_left"] is None


def test_undercuts_made_and_suffered():
    league, token = new_league()
    season(league, token)
    ann, _ = stats_of(league, "Ann")
    bob, _ = stats_of(league, "Bob")
    cy, _ = stats_of(league, "Cy")
    assert (ann["knock-rummy"]["undercuts_made"], ann["knock-rummy"]["undercuts_suffered"]) == (
        1,
        0,
    )
    assert (cy["knock-rummy"]["undercuts_made"], cy["knock-rummy"]["undercuts_suffered"]) == (0, 1)
    assert (bob["knock-rummy"]["undercuts_made"], bob["knock-rummy"]["undercuts_suffered"]) == (
        0,
        0,
    )
    # a knocker who wins is no undercut
    play(
        league,
        token,
        TRIO,
        knock("Bob", Ann=9, Bob=2, Cy=5),
        played=when(10),
        variant="knock-rummy",
        options={"target": 1},
    )
    bob, _ = stats_of(league, "Bob")
    assert bob["knock-rummy"]["won"] == 1
    assert bob["knock-rummy"]["undercuts_suffered"] == 0
    assert stats_of(league, "Ann")[0]["knock-rummy"]["undercuts_made"] == 1


def test_phom_u_mom_and_chips():
    league, token = new_league()
    season(league, token)
    ann, _ = stats_of(league, "Ann")
    cy, _ = stats_of(league, "Cy")
    phom = ann["phom"]
    assert (phom["hands"], phom["won"], phom["u"], phom["mom"]) == (2, 1, 1, 0)
    assert (phom["chips_won"], phom["chips_lost"]) == (12, 1)
    assert (cy["phom"]["mom"], cy["phom"]["chips_won"], cy["phom"]["chips_lost"]) == (1, 0, 10)
    assert cy["phom"]["avg_left"] == 30.0
    # what applies per variant only: no chips outside Phỏm, no ù or undercuts in German Rummy
    assert "chips_won" not in ann["german-rummy"]
    assert "u" not in ann["german-rummy"] and "undercuts_made" not in ann["german-rummy"]
    assert "going_out_rate" not in phom  # going out is going ù there


def test_who_owes_whom_across_games():
    league, token = new_league()
    season(league, token)
    _, chips = stats_of(league, "Ann")
    assert [(c["player"], c["won"], c["lost"], c["net"]) for c in chips] == [
        ("Cy", 6, 0, 6),
        ("Bob", 6, 1, 5),
    ]
    # a second night's Phỏm game adds up with the first: Bob wins 6 back from Ann
    link, _ = play(league, token, TRIO, None, played=when(16), variant="phom", options={"hands": 1})
    hand_record(game=link.game, entry={"u": "Bob", "u_cards": 9})
    _, chips = stats_of(league, "Bob")
    assert {c["player"]: c["net"] for c in chips} == {"Ann": 1, "Cy": 10}
    _, chips = stats_of(league, "Ann")
    assert {c["player"]: c["net"] for c in chips} == {"Bob": -1, "Cy": 6}


def test_a_corrected_hand_is_counted_as_corrected():
    league, token = new_league()
    link = season(league, token)
    hand_correct(game=link.game, number=1, entry={"u": "Cy", "u_cards": 9})
    ann, chips = stats_of(league, "Ann")
    cy, _ = stats_of(league, "Cy")
    assert (ann["phom"]["u"], ann["phom"]["won"], ann["phom"]["chips_won"]) == (0, 0, 0)
    assert cy["phom"]["u"] == 1
    assert {c["player"]: c["net"] for c in chips} == {"Bob": -1, "Cy": -6}


def test_a_game_in_play_and_another_league_count_for_nothing():
    league, token = new_league()
    season(league, token)
    before = stats_of(league, "Ann")
    link, _ = play(league, token, TRIO, None, played=when(16), variant="phom", options={"hands": 3})
    hand_record(game=link.game, entry={"u": "Ann", "u_cards": 9})  # not over yet
    other, other_token = new_league(name="Other club")
    play(other, other_token, TRIO, penalties("Ann", Bob=1, Cy=2), played=when(2))
    assert stats_of(league, "Ann") == before
    mine, _ = stats_of(other, "Ann")
    assert mine["german-rummy"]["hands"] == 1 and "phom" not in mine


def test_queries_do_not_grow_with_the_league(django_assert_max_num_queries):
    league, token = new_league()
    season(league, token)
    player = league.players.get(name="Ann")
    with django_assert_max_num_queries(2):
        small = player_hand_stats(league=league, player=player)
    for day in range(10, 20):
        season(league, token) if day % 3 == 0 else play(
            league, token, TRIO, penalties("Bob", Ann=day, Cy=1), played=when(day)
        )
    with django_assert_max_num_queries(2):
        big = player_hand_stats(league=league, player=player)
    assert big["by_variant"] != small["by_variant"]


def test_the_page_and_the_api_show_the_same_record(client, django_assert_max_num_queries):
    from django.urls import reverse

    league, token = new_league(min_games=1)
    season(league, token)
    ann = league.players.get(name="Ann")
    with django_assert_max_num_queries(12):
        page = client.get(
            reverse("league_player", args=[league.public_id, ann.pk])
        ).content.decode()
    table = page[page.index('id="at-the-table"') :]
    knock = table[table.index('data-variant="knock-rummy"') :]
    knock = knock[: knock.index("</dl>")]
    assert re.search(
        r'data-stat="undercuts_made"><dt>Undercuts made</dt>\s*<dd class="num">1<', knock
    )
    assert re.search(r'data-stat="went_out"><dt>Knocked</dt>', knock)
    german = table[table.index('data-variant="german-rummy"') :]
    german = german[: german.index("</dl>")]
    assert re.search(r'data-stat="going_out_rate">.*?<dd class="num">50%<', german, re.S)
    assert re.search(r'data-stat="avg_left">.*?<dd class="num">6\.0<', german, re.S)
    phom = table[table.index('data-variant="phom"') :]
    phom = phom[: phom.index("</dl>")]
    assert re.search(r'data-stat="u"><dt>Went ù</dt>\s*<dd class="num">1<', phom)
    assert re.search(r'data-stat="chips_won">.*?<dd class="num">12<', phom, re.S)
    owed = page[page.index('id="chips-owed"') :]
    assert re.search(
        r"Cy</a></th>\s*<td class=\"num\">6</td>\s*<td class=\"num\">0</td>\s*"
        r"<td class=\"num\">\+6</td>",
        owed,
    )
    assert re.search(
        r"Bob</a></th>\s*<td class=\"num\">6</td>\s*<td class=\"num\">1</td>\s*"
        r"<td class=\"num\">\+5</td>",
        owed,
    )

    body = client.get(f"/api/v1/leagues/{league.public_id}/players/{ann.pk}").json()
    stats = {item["variant"]: item for item in body["stats"]["by_variant"]}
    assert stats["german-rummy"]["going_out_rate"] == 0.5
    assert stats["german-rummy"]["avg_left"] == 6.0
    assert stats["knock-rummy"]["undercuts_made"] == 1
    assert stats["knock-rummy"]["avg_left"] is None
    assert (stats["phom"]["u"], stats["phom"]["chips_won"], stats["phom"]["chips_lost"]) == (
        1,
        12,
        1,
    )
    assert body["stats"]["chips"] == [
        {
            "player_id": league.players.get(name="Cy").pk,
            "player": "Cy",
            "won": 6,
            "lost": 0,
            "net": 6,
        },
        {
            "player_id": league.players.get(name="Bob").pk,
            "player": "Bob",
            "won": 6,
            "lost": 1,
            "net": 5,
        },
    ]


def test_a_player_with_no_finished_game_has_an_empty_record(client):
    league, token = new_league()
    play(league, token, TRIO, None, played=when(2))
    ann = league.players.get(name="Ann")
    body = client.get(f"/api/v1/leagues/{league.public_id}/players/{ann.pk}").json()
    assert body["stats"] == {"by_variant": [], "chips": []}
    page = client.get(f"/leagues/{league.public_id}/players/{ann.pk}/").content.decode()
    assert "No finished games yet." in page


def test_a_merged_player_keeps_every_hand_and_chip():
    league, token = new_league()
    season(league, token)
    link, _ = play(
        league,
        token,
        ["Ann", "Bobby", "Cy"],
        None,
        played=when(16),
        variant="phom",
        options={"hands": 1},
    )
    hand_record(game=link.game, entry={"u": "Bobby", "u_cards": 9})
    bobby, bob = league.players.get(name="Bobby"), league.players.get(name="Bob")
    player_merge(league=league, token=token, player=bobby, into=bob)
    mine, chips = stats_of(league, "Bob")
    assert (mine["phom"]["hands"], mine["phom"]["u"]) == (3, 1)
    assert {c["player"]: c["net"] for c in chips} == {"Ann": 1, "Cy": 10}
