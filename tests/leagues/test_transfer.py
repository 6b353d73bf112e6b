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
    knock = {
        "knocker": "Ann",
        "hands": {"Ann": {"points": 3}, "Bob": {"hand": "AS 2S 3S KD QD JD 9C 8C 5H 4H"}},
    }
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
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))
    at = {name: i for i, name in enumerate(COLUMNS)}
    out = []
    for row in rows:
        row = list(row)
        # The game, player_id and seats columns hold each league's own ids.
        for column in ("game", "player_id", "seats"):
            row[at[column]] = ""
        out.append(row)
    return out


def row(**cells: str) -> str:
    """A CSV line with ``cells`` in their columns (quotes inside a cell already doubled)."""
    return ",".join(f'"{cells[c]}"' if c in cells else "" for c in COLUMNS)


def test_export_format():
    league, _ = sample_league()
    text = export_csv(league=league)
    assert text.startswith("\ufeff")  # a byte order mark: spreadsheets read "Dörte"
    body = text.removeprefix("\ufeff")
    rows = list(csv.DictReader(io.StringIO(body)))
    assert tuple(next(csv.reader(io.StringIO(body)))) == COLUMNS
    kinds = [row["record"] for row in rows]
    assert kinds.count("player") == 4
    assert kinds.count("game") == 5 and kinds.count("hand") == 4
    assert kinds.count("place") == 3 + 3 + 2  # finished ranked games only
    all_time = [r for r in rows if r["record"] == "standing" and not r["variant"]]
    by_variant = [r for r in rows if r["record"] == "standing" and r["variant"]]
    assert len(all_time) == 4 and all(r["points"] == "" for r in all_time)
    # Points only within one variant: German penalty points and Knock points apart.
    assert {r["variant"] for r in by_variant} == {"german-rummy", "knock-rummy"}
    assert all(r["points"] != "" for r in by_variant)
    dates = [r["date"] for r in rows if r["record"] == "game"]
    assert dates == ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]
    assert "Dörte" in text


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
    report = import_games(
        league=copy, token=token, csv_text=export_csv(league=league), dry_run=True
    )
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
        (row(record="setting", setting="confirm_hands", value="maybe"), "line 2", "maybe"),
        (row(record="game", game="g1", players='[""A""]', accepted="yes"), "line 2", "yes"),
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


def test_formula_cells_are_defused_and_come_back_on_import():
    league, token = new_league(min_games=1)
    evil = '=HYPERLINK("x")'
    play(
        league,
        token,
        [evil, "+Bo", "@Cy", "-Di"],
        penalties(evil, **{"+Bo": 4, "@Cy": 6, "-Di": 9}),
        played=when(1),
    )
    text = export_csv(league=league)
    cells = [cell for row in csv.reader(io.StringIO(text.removeprefix("\ufeff"))) for cell in row]
    assert '\'=HYPERLINK("x")' in cells and "'+Bo" in cells and "'@Cy" in cells and "'-Di" in cells
    starts_like_formula = [
        c
        for c in cells
        if c and (c[0] in "=+@\t\r" or (c[0] == "-" and not c[1:].replace(".", "", 1).isdigit()))
    ]
    assert starts_like_formula == []
    copy, copy_token = new_league(min_games=1)
    report = import_games(league=copy, token=copy_token, csv_text=text, dry_run=False)
    assert report.ok, report.errors
    assert sorted(p.name for p in copy.players.all()) == sorted([evil, "+Bo", "@Cy", "-Di"])
    assert table(copy) == table(league)


def test_names_that_start_with_an_apostrophe_come_back_as_they_were():
    """Issue 16 audit: the import takes the export's ``'`` off, so a name that began with
    ``'`` and a formula character ("'=Al") came back as "=Al"."""
    league, token = new_league(min_games=1)
    names = ["'=Al", "'-2", "'Bo", "-2"]
    play(league, token, names, penalties(names[0], **{"'-2": 4, "'Bo": 6, "-2": 9}), played=when(1))
    text = export_csv(league=league)
    copy, copy_token = new_league(min_games=1)
    report = import_games(league=copy, token=copy_token, csv_text=text, dry_run=False)
    assert report.ok, report.errors
    assert sorted(p.name for p in copy.players.all()) == sorted(names)
    assert table(copy) == table(league)


def test_a_renamed_player_stays_one_player_through_export_and_import():
    from scorekeeper.leagues.models import Player
    from scorekeeper.leagues.services import player_rename

    league, token = new_league(min_games=1)
    for day in range(1, 4):
        play(league, token, ["Cy", "Ann"], penalties("Cy", Ann=day), played=when(day))
    cy = Player.objects.get(league=league, key="cy")
    player_rename(league=league, token=token, player=cy, name="Cyrus")
    for day in range(4, 6):
        play(league, token, ["Cyrus", "Ann"], penalties("Ann", Cyrus=day), played=when(day))
    text = export_csv(league=league)
    copy, copy_token = new_league(min_games=1)
    report = import_games(league=copy, token=copy_token, csv_text=text, dry_run=False)
    assert report.ok, report.errors
    assert sorted(p.name for p in copy.players.all()) == ["Ann", "Cyrus"]
    cyrus = copy.players.get(key="cyrus")
    assert cyrus.former_names == ["Cy"]
    assert table(copy) == table(league)
    assert [r.games for r in standings(league=copy)] == [5, 5]


def test_importing_the_same_games_twice_reports_duplicates_and_skips_them():
    league, _ = sample_league()
    text = export_csv(league=league)
    copy, token = new_league(min_games=1)
    assert import_games(league=copy, token=token, csv_text=text, dry_run=False).ok
    again = import_games(league=copy, token=token, csv_text=text, dry_run=True)
    assert again.ok and again.games == [] and len(again.duplicates) == 5
    assert again.as_dict()["duplicates"][0]["duplicate_of"]
    written = import_games(league=copy, token=token, csv_text=text, dry_run=False)
    assert written.created == [] and LeagueGame.objects.filter(league=copy).count() == 5
    forced = import_games(
        league=copy, token=token, csv_text=text, dry_run=False, allow_duplicates=True
    )
    assert len(forced.created) == 5 and LeagueGame.objects.filter(league=copy).count() == 10


def test_the_json_document_round_trips_with_player_ids():
    from scorekeeper.leagues.transfer import export_document

    league, _ = sample_league()
    doc = export_document(league=league)
    assert {"id", "name", "former_names"} <= set(doc["players"][0])
    assert doc["games"][0]["played_on"] == "2026-03-01"
    assert all(set(g["seats"].values()) <= {p["id"] for p in doc["players"]} for g in doc["games"])
    copy, token = new_league(min_games=1)
    report = import_games(league=copy, token=token, data=doc, dry_run=False)
    assert report.ok, report.errors
    assert table(copy) == table(league)


def _listing(league, season=None):
    return [
        (r.player, r.rank, r.games, r.provisional, r.inactive, round(r.mu, 9))
        for r in standings(league=league, season=season)
    ]


def test_the_whole_league_moves_with_its_seasons_and_settings():
    """An export document into a new league: its seasons come along (the season tables equal
    the original's) and so do its minimum of games and inactive nights (the same players
    listed apart); a league that already has games keeps its own settings."""
    import datetime as dt

    from scorekeeper.leagues.services import league_update, season_create
    from scorekeeper.leagues.transfer import export_document

    league, token = new_league(min_games=2)
    play(league, token, ["Ann", "Bob", "Cy"], penalties("Cy", Ann=5, Bob=9), played=when(1))
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=4), played=when(8))
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=4), played=when(8))
    league_update(league=league, token=token, name=league.name, min_games=2, inactive_nights=1)
    first = season_create(
        league=league,
        token=token,
        name="March",
        starts=dt.date(2026, 3, 1),
        ends=dt.date(2026, 3, 5),
    )
    doc = export_document(league=league)
    copy, copy_token = new_league()  # min_games 3, no inactive nights
    dry = import_games(league=copy, token=copy_token, data=doc, dry_run=True)
    assert dry.ok and dry.as_dict()["seasons"] == ["March"]
    assert dry.as_dict()["settings"] == {
        "min_games": 2,
        "inactive_nights": 1,
        "confirm_hands": False,
        "variants": [],
    }
    report = import_games(league=copy, token=copy_token, data=doc, dry_run=False)
    assert report.ok, report.errors
    copy.refresh_from_db()
    assert (copy.min_games, copy.inactive_nights) == (2, 1)
    assert _listing(copy) == _listing(league)
    assert ("Cy", None, 1, True, True) == _listing(copy)[-1][:5]
    (march,) = copy.seasons.all()
    assert (march.name, march.starts, march.ends) == ("March", first.starts, first.ends)
    assert _listing(copy, march) == _listing(league, first)
    # again, into the same league: nothing new, no second season, settings untouched
    again = import_games(league=copy, token=copy_token, data=doc, dry_run=False)
    assert again.ok and again.created == [] and again.as_dict()["seasons"] == []
    assert len(again.duplicates) == 3
    assert again.as_dict()["settings"] == {} and copy.seasons.count() == 1
    # a league with games of its own keeps its settings
    other, other_token = new_league(min_games=5)
    play(other, other_token, ["Di", "Ed"], penalties("Di", Ed=3), played=when(20))
    import_games(league=other, token=other_token, data=doc, dry_run=False)
    other.refresh_from_db()
    assert (other.min_games, other.inactive_nights) == (5, 0)


@pytest.mark.parametrize(
    "bad",
    [
        {"seasons": "March"},
        {"seasons": [{"name": "", "starts": "2026-03-01", "ends": "2026-03-05"}]},
        {"seasons": [{"name": "S", "starts": "2026-03-09", "ends": "2026-03-05"}]},
        {"seasons": [{"name": "S", "starts": "soon", "ends": "2026-03-05"}]},
        {"seasons": [None]},
        {"league": {"min_games": -1}},
        {"league": {"inactive_nights": "two"}},
        {"league": {"inactive_nights": 99}},
        {"league": {"confirm_hands": "yes"}},
    ],
)
def test_bad_seasons_or_settings_refuse_the_import_with_where(bad, client):
    copy, token = new_league()
    doc = {"games": [], **bad}
    report = import_games(league=copy, token=token, data=doc, dry_run=False)
    assert not report.ok and report.errors[0]["where"].startswith(("seasons", "league."))
    assert not copy.seasons.exists()
    response = client.post(
        f"/api/v1/leagues/{copy.public_id}/import",
        doc,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code in (400, 422)
    assert not copy.seasons.exists()


def test_the_api_import_takes_the_seasons_and_settings_of_an_export(client):
    import datetime as dt

    from scorekeeper.leagues.services import league_update, season_create

    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=4), played=when(1))
    league_update(league=league, token=token, name=league.name, min_games=1, inactive_nights=2)
    season_create(
        league=league,
        token=token,
        name="March",
        starts=dt.date(2026, 3, 1),
        ends=dt.date(2026, 3, 31),
    )
    doc = client.get(f"/api/v1/leagues/{league.public_id}/export").json()
    copy, copy_token = new_league()
    response = client.post(
        f"/api/v1/leagues/{copy.public_id}/import",
        {**doc, "dry_run": False},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {copy_token}",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["seasons"] == ["March"]
    assert body["settings"] == {
        "min_games": 1,
        "inactive_nights": 2,
        "confirm_hands": False,
        "variants": [],
    }
    copy.refresh_from_db()
    assert (copy.min_games, copy.inactive_nights, copy.seasons.get().name) == (1, 2, "March")


def test_a_file_whose_names_clash_is_refused_on_the_page_not_a_500(client):
    """Issue 16 audit: two names one league holds as one player ("-2" and "'-2", which the
    import reads as "-2") passed the check, then made the import raise (a 500); the file is
    refused and nothing is imported."""
    league, token = new_league(min_games=1)
    play(league, token, ["Al", "-2", "Cy"], penalties("Al", **{"-2": 4, "Cy": 6}), played=when(1))
    text = export_csv(league=league).replace("Cy", "'-2")
    copy, copy_token = new_league(min_games=1)
    session = client.session
    session["leagues"] = {copy.public_id: {"token": copy_token, "seen": "2026"}}
    session.save()
    url = reverse("league_import", args=[copy.public_id])
    dry = import_games(
        league=copy, token=copy_token, csv_text=text, dry_run=True
    )  # the check says so too
    assert not dry.ok and "are one player in a league" in str(dry.as_dict()["errors"])
    assert not copy.players.exists()
    page = client.post(url, {"text": text, "action": "import"})
    assert page.status_code == 400, page.status_code
    assert "Nothing was imported" in page.content.decode()
    assert "are one player in a league" in page.content.decode()
    assert not LeagueGame.objects.filter(league=copy).exists()
    assert not copy.players.exists()


@pytest.mark.parametrize("how", ["csv", "json"])
def test_a_league_that_asks_for_confirmations_moves_with_its_accepted_games(how):
    """The setting "players confirm every hand" and the games the organiser accepted without
    it come along, and the copy's table is the original's."""
    from scorekeeper.leagues.services import (
        league_game_accept,
        league_set_confirm_hands,
        league_update,
    )
    from scorekeeper.leagues.transfer import export_document

    league, token = new_league(min_games=1)
    league_update(league=league, token=token, name=league.name, min_games=1, inactive_nights=3)
    league_set_confirm_hands(league=league, token=token, confirm_hands=True)
    accepted, _ = play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=9), played=when(1))
    league_game_accept(league=league, token=token, link=accepted)
    play(league, token, ["Ann", "Bob"], penalties("Bob", Ann=6), played=when(2))
    source = export_csv(league=league) if how == "csv" else export_document(league=league)
    if how == "csv":
        rows = list(csv.DictReader(io.StringIO(source.removeprefix("\ufeff"))))
        assert {"setting": "confirm_hands", "value": "true"}.items() <= rows[2].items()
        assert [r["accepted"] for r in rows if r["record"] == "game"] == ["true", "false"]
    copy, copy_token = new_league()
    kwargs = {"csv_text": source} if how == "csv" else {"data": source}
    report = import_games(league=copy, token=copy_token, dry_run=False, **kwargs)
    assert report.ok, report.errors
    assert {
        "min_games": 1,
        "inactive_nights": 3,
        "confirm_hands": True,
    }.items() <= report.as_dict()["settings"].items()
    copy.refresh_from_db()
    assert copy.confirm_hands
    links = LeagueGame.objects.filter(league=copy).order_by("played")
    assert [link.accepted for link in links] == [True, False]
    assert table(copy) == table(league)
