"""The club night's pages (issue 34): the organiser creates a night from a form (players
present, newcomers, house rules, rounds), draws, swaps, approves, clears a call and prints the
table cards; anyone reads the night and the room screen; no page works without its right.
All of it without JavaScript (plain form posts)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Night, NightRound, NightTable, Player
from tests.writes import hand_record

from .test_views import create_league

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus"]


def add_players(league):
    if not Player.objects.filter(league=league).exists():
        Player.objects.bulk_create(Player(league=league, name=n, key=n.casefold()) for n in NAMES)


def new_night(client, league, **extra):
    add_players(league)
    ids = list(Player.objects.filter(league=league).values_list("pk", flat=True))
    data = {
        "action": "save",
        "played_on": "2026-12-03",
        "variant": "german-rummy",
        "present": ids,
        "newcomers": "Hal\n\n",
        "rounds": 2,
        "seating": "spread",
        "hide_last_rounds": 1,
        "opt-hands": 1,
        **extra,
    }
    response = client.post(reverse("league_night_new", args=[league.public_id]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Night.objects.get(league=league)


def url(name, night, *args):
    return reverse(name, args=[night.league.public_id, night.pk, *args])


def play_all(night):
    for table in NightTable.objects.filter(round__night=night):
        game = Game.objects.get(pk=table.league_game.game_id)
        names = list(game.seats.values_list("name", flat=True))
        hand_record(game=game, entry={"out": names[0], "hands": {n: {"points": 9} for n in names[1:]}})


def test_the_organisers_night_from_form_to_approval(client):
    league = create_league(client)
    add_players(league)
    form = client.get(
        reverse("league_night_new", args=[league.public_id]) + "?variant=german-rummy"
    ).content.decode()
    assert 'name="present"' in form and 'name="opt-hands"' in form  # the variant's house rules
    night = new_night(client, league)
    assert night.options == {"hands": 1} and night.hide_last_rounds == 1
    assert len(night.players) == 8  # seven picked, one newcomer added to the league
    assert Player.objects.filter(league=league, name="Hal").exists()

    page = client.get(url("league_night", night)).content.decode()
    assert "Draw round 1" in page
    assert client.post(url("league_night_draw", night), {"seed": "7"}).status_code == 302
    assert NightRound.objects.get(night=night).seed == 7
    page = client.get(url("league_night", night)).content.decode()
    assert page.count('class="table-card') == 2 and "Swap seats" in page

    # Swap two players of different tables before any hand.
    first, second = NightTable.objects.filter(round__night=night).order_by("number")
    a, b = first.players[0], second.players[0]
    assert client.post(url("league_night_swap", night, 1), {"a": a, "b": b}).status_code == 302
    first.refresh_from_db()
    assert first.players[0] == b

    cards = client.get(url("league_night_cards", night, 1) + "?size=a4")
    assert cards.status_code == 200 and cards["Cache-Control"] == "no-store"
    body = cards.content.decode()
    assert body.count('class="table-print-card"') == 2 and "<svg" in body and "cards-a4" in body

    # Approve refuses open tables (the message names them), then approves once played.
    response = client.post(url("league_night_approve", night, 1), follow=True)
    assert "tables 1, 2" in response.content.decode()
    assert NightRound.objects.get(night=night).approved is None
    play_all(night)
    client.post(url("league_night_approve", night, 1))
    assert NightRound.objects.get(night=night).approved is not None
    page = client.get(url("league_night", night)).content.decode()
    assert "Draw round 2" in page and "Standings of the night" in page


def test_reading_a_night_and_its_screen_needs_no_right_but_writing_does(client):
    league = create_league(client)
    night = new_night(client, league)
    client.post(url("league_night_draw", night), {"seed": "3"})
    other = Client()
    page = other.get(url("league_night", night))
    assert page.status_code == 200 and "Draw round" not in page.content.decode()
    assert "Join code" not in page.content.decode()
    for name, args in [
        ("league_night_draw", ()),
        ("league_night_approve", (1,)),
        ("league_night_swap", (1,)),
    ]:
        assert other.post(url(name, night, *args), {"a": 1, "b": 2}).status_code == 403
    assert other.get(url("league_night_cards", night, 1)).status_code == 403
    assert other.get(reverse("league_night_new", args=[league.public_id])).status_code == 403
    assert NightRound.objects.count() == 1

    screen = other.get(url("league_night_screen", night)).content.decode()
    assert "Seating" in screen and "Table 1" in screen  # drawn, not started
    play_all(night)
    screen = other.get(url("league_night_screen", night)).content.decode()
    assert "Standings of the night" in screen  # round 1 of 2: not among the hidden last round


def test_the_screen_hides_the_standings_in_the_last_rounds(client):
    league = create_league(client)
    night = new_night(client, league, rounds=1, hide_last_rounds=1)
    client.post(url("league_night_draw", night))
    play_all(night)
    screen = client.get(url("league_night_screen", night)).content.decode()
    assert "shown at the end of the night" in screen and "Standings of the night" not in screen


def test_the_grid_answers_304_until_a_table_changes(client):
    league = create_league(client)
    night = new_night(client, league)
    client.post(url("league_night_draw", night))
    first = client.get(url("league_night", night), HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    assert re.search(r'data-etag="[^"]*"', first.content.decode().replace("&quot;", ""))
    assert client.get(url("league_night", night), HTTP_IF_NONE_MATCH=etag).status_code == 304
    play_all(night)
    assert client.get(url("league_night", night), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_form_errors_name_the_field_and_change_nothing(client):
    league = create_league(client)
    response = client.post(
        reverse("league_night_new", args=[league.public_id]),
        {"action": "save", "played_on": "2026-12-03", "variant": "german-rummy", "rounds": 0,
         "seating": "spread", "hide_last_rounds": 0, "newcomers": "Ann\nann"},
    )
    assert response.status_code == 200
    assert 'has-error' in response.content.decode()
    assert not Night.objects.exists()


def test_a_call_shows_on_the_grid_and_the_organiser_clears_it(client):
    from scorekeeper.leagues.nights import table_call

    league = create_league(client)
    night = new_night(client, league)
    client.post(url("league_night_draw", night))
    table = NightTable.objects.filter(round__night=night).select_related("league_game__game").first()
    table_call(table=table, reason="misdeal?")
    page = client.get(url("league_night", night)).content.decode()
    assert "misdeal?" in page and "state-call" in page
    game_id = table.league_game.game.public_id
    assert client.post(url("league_night_call_clear", night, game_id)).status_code == 302
    table.refresh_from_db()
    assert table.called is None


def test_after_approval_the_keeper_page_is_closed_and_the_organiser_corrects_with_a_reason(client):
    from scorekeeper.games.models import HandRevision
    from scorekeeper.leagues.services import game_token_for

    league = create_league(client)
    night = new_night(client, league)
    client.post(url("league_night_draw", night))
    play_all(night)
    client.post(url("league_night_approve", night, 1))
    table = NightTable.objects.filter(round__night=night).select_related("league_game__game").first()
    game = table.league_game.game
    names = list(game.seats.values_list("name", flat=True))
    # A keeper phone (the table card's link) may no longer write.
    keeper = Client()
    join = reverse("game_join", args=[game.public_id])
    keeper.post(join, {"token": game_token_for(league=league, game=game)})
    form = {
        "etag": game.hands.get(number=1).etag,
        "request_id": "fix-1",
        "out": names[1],
        **{f"hand-{i}-points": "5" for i in range(len(names))},
    }
    edit = reverse("hand_update", args=[game.public_id, 1])
    assert keeper.post(edit, form).status_code == 403
    # The organiser's page asks why, and keeps the reason.
    page = client.get(reverse("hand_edit", args=[game.public_id, 1])).content.decode()
    assert 'name="reason"' in page
    delete = reverse("hand_delete", args=[game.public_id, 1])
    page = client.get(delete).content.decode()
    assert 'name="reason"' in page
    response = client.post(delete, {"etag": game.hands.get(number=1).etag, "request_id": "del-1"}, follow=True)
    assert "say why" in response.content.decode()
    assert game.hands.get(number=1).deleted_at is None
    client.post(delete, {"etag": game.hands.get(number=1).etag, "request_id": "del-2", "reason": "played at the wrong table"})
    assert HandRevision.objects.filter(reason="played at the wrong table", action="deleted").exists()


def test_a_tables_phone_calls_the_organiser_from_the_game_page(client):
    from scorekeeper.leagues.services import game_token_for

    league = create_league(client)
    night = new_night(client, league)
    client.post(url("league_night_draw", night))
    table = NightTable.objects.filter(round__night=night).select_related("league_game__game").first()
    game = table.league_game.game
    keeper = Client()
    keeper.post(reverse("game_join", args=[game.public_id]), {"token": game_token_for(league=league, game=game)})
    page = keeper.get(reverse("game", args=[game.public_id])).content.decode()
    assert "Table 1" in page and "Call the organiser" in page
    # A viewer sees the table, not the call button, and may not call.
    viewer = Client()
    assert "Call the organiser" not in viewer.get(reverse("game", args=[game.public_id])).content.decode()
    assert viewer.post(reverse("game_call", args=[game.public_id]), {"reason": "x"}).status_code == 403
    response = keeper.post(reverse("game_call", args=[game.public_id]), {"reason": "a revoke"}, follow=True)
    assert "The organiser is called" in response.content.decode()
    grid = client.get(url("league_night", night)).content.decode()
    assert "a revoke" in grid


def test_a_double_tap_on_start_the_night_starts_one_night(client):
    league = create_league(client)
    add_players(league)
    data = {
        "action": "save", "played_on": "2026-12-03", "variant": "german-rummy",
        "newcomers": "Hal", "rounds": 2, "seating": "spread", "hide_last_rounds": 0,
        "request_id": "a-one-time-key",
    }
    first = client.post(reverse("league_night_new", args=[league.public_id]), data)
    second = client.post(reverse("league_night_new", args=[league.public_id]), data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Night.objects.filter(league=league).count() == 1
