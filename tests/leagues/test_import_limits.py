"""League imports refuse what every other path refuses (issue 27, items 3 and 6): names a
rename would refuse, unbounded lists of former names, and CSV cells past the csv module's
limit, each with the row it is on; nothing is written."""

import csv
import json

import pytest

from scorekeeper.leagues.models import Player
from scorekeeper.leagues.services import MAX_FORMER_NAMES, MAX_NAME
from scorekeeper.leagues.transfer import COLUMNS, import_games

from .helpers import new_league

pytestmark = pytest.mark.django_db

GAME = {
    "played_on": "2026-03-01",
    "variant": "german-rummy",
    "options": {"hands": 1},
    "players": ["Ann", "Bob"],
    "hands": [{"out": "Ann", "hands": {"Bob": {"points": 4}}}],
}

BAD_NAMES = [
    "Ann\u202eoB",  # a bidirectional override
    "x" * 10_000,
    "y" * (MAX_NAME + 1),
    "Bob\u200b",  # zero width
    "",
    42,
]


@pytest.mark.parametrize("bad", BAD_NAMES, ids=range(len(BAD_NAMES)))
def test_a_forged_former_name_is_refused_and_nothing_is_written(bad):
    league, token = new_league()
    document = {
        "players": [{"id": 1, "name": "Ann", "former_names": ["Annie", bad]}],
        "games": [GAME],
    }
    report = import_games(league=league, token=token, data=document, dry_run=False)
    assert not report.ok
    assert report.errors[0]["where"] == "players[0]"
    assert report.errors[0]["field"] == "players[0].former_names[1]"
    assert not Player.objects.filter(league=league).exists()


@pytest.mark.parametrize("bad", BAD_NAMES[:4], ids=range(4))
def test_a_forged_player_name_is_refused(bad):
    league, token = new_league()
    document = {"players": [{"id": 1, "name": bad}], "games": [GAME]}
    report = import_games(league=league, token=token, data=document, dry_run=False)
    assert not report.ok and report.errors[0]["field"] == "players[0].name"
    assert not Player.objects.filter(league=league).exists()


def test_former_names_are_a_bounded_list():
    league, token = new_league()
    names = [f"Ann {i}" for i in range(3000)]
    document = {"players": [{"id": 1, "name": "Ann", "former_names": names}], "games": [GAME]}
    report = import_games(league=league, token=token, data=document, dry_run=False)
    assert not report.ok and report.errors[0]["field"] == "players[0].former_names"
    assert str(MAX_FORMER_NAMES) in report.errors[0]["message"]
    ok = {"players": [{"id": 1, "name": "Ann", "former_names": names[:MAX_FORMER_NAMES]}]}
    report = import_games(league=league, token=token, data={**ok, "games": [GAME]}, dry_run=False)
    assert report.ok, report.errors
    assert len(Player.objects.get(league=league, key="ann").former_names) == MAX_FORMER_NAMES


def test_a_csv_player_row_with_a_bidi_former_name_is_refused_by_line():
    league, token = new_league()
    rows = [COLUMNS, _row(record="player", player="Ann", former_names=json.dumps(["A\u202en"]))]
    report = import_games(league=league, token=token, csv_text=_csv(rows), dry_run=False)
    assert not report.ok and report.errors[0]["where"] == "line 2"
    assert not Player.objects.filter(league=league).exists()


def _row(**cells):
    return [cells.get(column, "") for column in COLUMNS]


def _csv(rows) -> str:
    import io

    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


def test_a_csv_cell_past_the_csv_limit_names_its_row(client):
    league, token = new_league()
    big = "z" * (csv.field_size_limit() + 1)
    rows = [COLUMNS, _row(record="player", player="Ann"), _row(record="player", player=big)]
    report = import_games(league=league, token=token, csv_text=_csv(rows), dry_run=True)
    assert not report.ok
    assert report.errors[-1]["where"] == "line 3"
    assert str(csv.field_size_limit()) in report.errors[-1]["message"]

    session = client.session
    session["leagues"] = {league.public_id: {"token": token, "seen": "2026"}}
    session.save()
    page = client.post(f"/leagues/{league.public_id}/import/", {"text": _csv(rows), "action": "check"})
    assert page.status_code == 400, page.status_code
    assert "line 3" in page.content.decode()
