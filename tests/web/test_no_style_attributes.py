"""No page the server draws holds a style attribute (issue 33 section 9): the policy allows no
inline style (style-src 'self'), so each one would be a violation in the browser. Every page a
table visits, as a keeper and as a viewer, in table mode too, and the fragments htmx swaps in
(the scoreboard, the hand form's preview)."""

import re

import pytest
from django.test import Client

from tests.browser.pages import page_urls, seeded
from tests.games.page_helpers import HTMX, join

pytestmark = pytest.mark.django_db

STYLE = re.compile(r"<[^>]*\sstyle\s*=", re.I)


def _styled(html: str) -> list[str]:
    return [m.group(0)[:120] for m in STYLE.finditer(html)]


def test_no_page_or_fragment_has_a_style_attribute():
    games = seeded("http://testserver")
    keeper, viewer = Client(), Client()
    for gid in (games["knock"], games["phom"], games["cont"], games["over"]):
        join(keeper, games["join"][gid])
    found = {}
    for name, url in page_urls(games).items():
        for who, client in (("keeper", keeper), ("viewer", viewer)):
            for extra in ({}, HTMX):
                response = client.get(url, **extra)
                if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                    continue
                bad = _styled(response.content.decode())
                if bad:
                    found[f"{name} {who} {'htmx' if extra else 'page'}"] = bad
        if name.startswith("game-"):
            bad = _styled(viewer.get(url + "?view=table").content.decode())
            if bad:
                found[f"{name} table mode"] = bad
    preview = keeper.post(
        f"/games/{games['knock']}/hands/preview/",
        {"winner": "0", "p0-points": "0", "p1-points": "12+", "p2-points": "4"},
        **HTMX,
    )
    found.update({"preview": _styled(preview.content.decode())} if _styled(preview.content.decode()) else {})
    assert found == {}
    # The check itself finds one.
    assert _styled('<p class="x" style="">') and not _styled('<p data-style="a">')
