"""CSV export and import: a round trip gives the same league; a bad line refuses the whole file."""

import csv
import io

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import LeagueGame
from scorekeeper.leagues.selectors import standings
from scorekeeper.leagues.services import LeagueForbidden
from scorekeeper.leagues.transfer import COLUMNS, export_csv, import_games

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db


def sample_league():
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Ann", Bob=10, Cy=20), played=when(1))
    play(league, token, ["Bob", "Cy", "Dörte"], penalties("Dörte", Bob=3, Cy=2), played=when(2))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=8), played=when(3), ranked=False)
    play(league, token, ["Ann", "Cy"], None, played=when(4))  # in play: no hand yet
    knock = {"knocker": "Ann", "hands": {"Ann": {"points": 3}, "Bob": {"hand": "AS 2S 3S KD QD JD 9C 8C 5H 4H"}}}
    play(
        league,
        token,
        ["Ann", "Bob"],
        knock,
        played=when(5),
        variant="knock-rummy",
        options={"target": 1},
    )
    return league, token


def table(league, **scope):
    return [
        (r.player, r.rank, r.games, r.wins, r.score, r.avg_place, round(r.mu, 9), round(r.sigma, 9))
        for r in standings(league=league, **scope)
    ]


def without_ids(text: str) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(text)))
    return [row[:1] + row[2:] for row in rows]  # the game column holds each league's own ids


def test_export_format():
    league, _ = sample_league()
    text = export_csv(league=league)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(next(csv.reader(io.StringIO(text)))) == COLUMNS
    kinds = [row["record"] for row in rows]
    assert kinds.count("game") == 5 and kinds.count("hand") == 4
    assert kinds.count("place") == 3 + 3 + 2  # finished ranked games only
    assert kinds.count("standing") == 4
    assert "Dörte" in text  # UTF-8 as it is


def test_round_trip_gives_the_same_league():
    league, _ = sample_league()
    text = export_csv(league=league)
    copy, token = new_league(min_games=1)
    report = import_games(league=copy, token=token, csv_text=text, dry_run=False)
    assert report.ok, report.errors
    assert len(report.created) == 5
    assert table(copy) == table(league)
    assert table(copy, variant="knock-rummy") == table(league, variant="knock-rummy")
    assert without_ids(export_csv(league=copy)) == without_ids(text)
    assert LeagueGame.objects.filter(league=copy, ranked=False).count() == 1


def test_dry_run_reports_and_writes_nothing():
    league, _ = sample_league()
    copy, token = new_league()
    report = import_games(league=copy, token=token, csv_text=export_csv(league=league))
    assert report.ok and report.dry_run and report.created == []
    assert [g.finished for g in report.games] == [True, True, True, False, True]
    assert not LeagueGame.objects.filter(league=copy).exists()


def test_a_bad_line_refuses_the_whole_file():
    league, _ = sample_league()
    lines = export_csv(league=league).splitlines()
    hand_lines = [i for i, line in enumerate(lines) if line.startswith("hand,")]
    bad = hand_lines[1]
    lines[bad] = lines[bad].replace('""points"": 3', '""points"": -3')
    assert lines[bad] != export_csv(league=league).splitlines()[bad]
    copy, token = new_league()
    before = Game.objects.count()
    report = import_games(league=copy, token=token, csv_text="\n".join(lines), dry_run=False)
    assert not report.ok
    assert [e["where"] for e in report.errors] == [f"line {bad + 1}"]
    assert report.created == []
    assert Game.objects.count() == before
    assert not LeagueGame.objects.filter(league=copy).exists()


@pytest.mark.parametrize(
    ("line", "where", "needle"),
    [
        ('game,g1,2026-13-01,german-rummy,true,{},"[""A"",""B""]",', "line 2", "date"),
        ('game,g1,,german-rummy,maybe,{},"[""A"",""B""]",', "line 2", "ranked"),
        ("game,g1,,german-rummy,true,{},not json,", "line 2", "players"),
        ('game,g1,,nope,true,{},"[""A"",""B""]",', "line 2", "nope"),
        ("hand,g9,,,,,,,1,{}", "line 2", "g9"),
        ("party,g1", "line 2", "party"),
    ],
)
def test_each_bad_row_is_named(line, where, needle):
    copy, token = new_league()
    text = ",".join(COLUMNS) + "\n" + line + "\n"
    report = import_games(league=copy, token=token, csv_text=text, dry_run=False)
    assert not report.ok
    assert report.errors[0]["where"] == where
    assert needle in report.errors[0]["message"]
    assert not LeagueGame.objects.exists()


def test_import_needs_the_organiser_token():
    league, _ = new_league()
    with pytest.raises(LeagueForbidden):
        import_games(league=league, token="nope", csv_text="record,game\n", dry_run=False)


def test_export_and_import_pages(client):
    league, _ = sample_league()
    response = client.get(reverse("league_export", args=[league.public_id]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    text = response.content.decode()
    copy, token = new_league(min_games=1)
    session = client.session
    session["leagues"] = {copy.public_id: {"token": token, "seen": "2026"}}
    session.save()
    url = reverse("league_import", args=[copy.public_id])
    broken = text.replace("german-rummy", "germ-rummy", 1)
    page = client.post(url, {"text": broken, "action": "import"})
    assert page.status_code == 400 and "Nothing was imported" in page.content.decode()
    assert not LeagueGame.objects.filter(league=copy).exists()
    page = client.post(url, {"text": text, "action": "check"})
    assert page.status_code == 200 and "5 games would be created" in page.content.decode()
    assert client.post(url, {"text": text, "action": "import"}).status_code == 302
    assert table(copy) == table(league)
