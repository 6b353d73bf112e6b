"""No secret is ever echoed (issue 27, item 9): a refused old-style link
``/games/<id>/join/<token>/`` (or a league's) puts its token in no field of the page it leads
to, and its answer sends no Referer onwards; every answer carries a Referrer-Policy
of ``same-origin`` or stricter; nginx's access log holds no query string and no secret path."""

import re
from pathlib import Path

import pytest

from scorekeeper.games.scoresheet.services import game_create
from scorekeeper.leagues.services import league_create

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SECRET = "Zq8secretLikeToken0123456789abcdefXYZ"
STRICT = {"same-origin", "no-referrer", "strict-origin", "strict-origin-when-cross-origin"}


def refused_links():
    game, _token = game_create(
        variant="german-rummy", options={"hands": 1}, players=["Ann", "Bob"], dealer=None
    )
    league, _league_token = league_create(name="Club")
    return [
        f"/games/{game.public_id}/join/{SECRET}/",
        f"/leagues/{league.public_id}/join/{SECRET}/",
        f"/games/nosuchgame/join/{SECRET}/",
        f"/leagues/nosuchleague/join/{SECRET}/",
    ]


def test_a_refused_old_style_link_never_echoes_its_token(client):
    for url in refused_links():
        for query in ("", "?lang=de"):
            response = client.get(url + query)
            # A known game or league: to the link's own clean page, which says it was refused.
            assert response.status_code in (302, 404), (url, response.status_code)
            assert SECRET not in response.content.decode(), url
            assert SECRET not in response.get("Location", ""), url
            assert response["Referrer-Policy"] == "no-referrer", url


def test_the_language_form_comes_back_to_the_page_without_the_token(client):
    url = refused_links()[0]
    landing = client.get(url)["Location"]
    page = client.get(landing).content.decode()
    found = re.search(r'name="next" value="([^"]*)"', page)
    assert found and found[1] == url.split("join/")[0] + "join/?refused"


def test_every_answer_has_a_strict_referrer_policy(client):
    for path in ["/", "/games/new/", "/nope/", "/api/v1/health", "/api/v1/nope", "/leagues/x/"]:
        response = client.get(path)
        assert response.get("Referrer-Policy") in STRICT, (path, response.get("Referrer-Policy"))


def test_nginx_logs_neither_query_strings_nor_secret_paths():
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    formats = re.findall(r"log_format\s+(\w+)\s+((?:'[^']*'\s*)+);", conf)
    assert formats, "nginx.conf defines its own log format"
    names = {name for name, _ in formats}
    for name, body in formats:
        # $request and $request_uri hold the query string; $http_referer the whole Referer.
        for raw in ("$request ", "$request\"", "$request_uri", "$args", "$query_string"):
            assert raw not in body, (name, raw)
        assert "$http_referer" not in body, name
    logs = re.findall(r"access_log\s+(\S+)(?:\s+(\w+))?;", conf)
    assert logs and all(fmt in names or path == "off" for path, fmt in logs), logs
