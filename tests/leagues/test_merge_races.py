"""A rename or merge of a player whom another write merged away a moment earlier: a 409 with
the reason, never a 500 (issue 27, item 7). The stale player object is what a request read
before the other write committed."""

from __future__ import annotations

import pytest

from scorekeeper.leagues.models import Player
from scorekeeper.leagues.services import PlayerGone, player_merge, player_rename
from tests.games.test_concurrency import run_together

from .helpers import new_league, penalties, play

pytestmark = pytest.mark.django_db


def two_people():
    league, token = new_league(min_games=0)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=5))
    play(league, token, ["Ann", "Bobby"], penalties("Bobby", Ann=5))
    bob = Player.objects.get(league=league, key="bob")
    bobby = Player.objects.get(league=league, key="bobby")
    return league, token, bob, bobby


def test_renaming_a_player_merged_away_meanwhile_is_a_conflict():
    league, token, bob, bobby = two_people()
    stale = Player.objects.get(pk=bobby.pk)
    player_merge(league=league, token=token, player=bobby, into=bob)
    with pytest.raises(PlayerGone) as raised:
        player_rename(league=league, token=token, player=stale, name="Rob")
    assert raised.value.status == 409
    assert "Bobby" in str(raised.value)
    assert Player.objects.get(pk=bob.pk).name == "Bob"


def test_the_second_of_two_opposite_merges_is_a_conflict():
    league, token, bob, bobby = two_people()
    stale_bob = Player.objects.get(pk=bob.pk)
    player_merge(league=league, token=token, player=bobby, into=bob)
    with pytest.raises(PlayerGone):
        player_merge(league=league, token=token, player=stale_bob, into=bobby)
    assert list(Player.objects.filter(league=league).values_list("name", flat=True).order_by(
        "name"
    )) == ["Ann", "Bob"]


@pytest.mark.django_db(transaction=True)
def test_opposite_merges_at_once_one_wins_and_the_other_is_told_why():
    league, token, bob, bobby = two_people()
    outcomes = []

    def merge(player, into):
        def work():
            try:
                player_merge(league=league, token=token, player=player, into=into)
                outcomes.append("merged")
            except PlayerGone:
                outcomes.append("gone")

        return work

    run_together([merge(bob, bobby), merge(Player.objects.get(pk=bobby.pk), bob)])
    assert sorted(outcomes) == ["gone", "merged"]
    assert Player.objects.filter(league=league).count() == 2


def test_the_api_answers_409_with_the_reason(client, monkeypatch):
    league, token, bob, bobby = two_people()
    stale = Player.objects.get(pk=bobby.pk)
    player_merge(league=league, token=token, player=bobby, into=bob)
    # The request read the player just before the merge committed.
    monkeypatch.setattr("scorekeeper.api.leagues._player_or_404", lambda league, pk: stale)
    response = client.patch(
        f"/api/v1/leagues/{league.public_id}/players/{bobby.pk}",
        {"name": "Rob"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 409, response.content
    error = response.json()["error"]
    assert error["code"] == "conflict" and "Bobby" in error["message"]
