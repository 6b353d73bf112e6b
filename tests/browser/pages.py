"""Seed games for the browser tests and list every page a table visits."""

from __future__ import annotations

from django.test import Client

from tests.games.page_helpers import edit_link, knock_hand, post_hand, start_game

VIEWPORTS = {
    "390x844": {"width": 390, "height": 844},
    "320x568": {"width": 320, "height": 568},
    "844x390": {"width": 844, "height": 390},
}

# Everything inside these may scroll sideways by itself (wide tables); the page may not.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const bad = [];
  for (const e of document.querySelectorAll("body *")) {
    if (e.closest(".table-wrap, [hidden], .visually-hidden, noscript, template")) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right > width + 1 || r.left < -1) bad.push(e.outerHTML.slice(0, 90));
    if (bad.length > 5) break;
  }
  return {scroll: document.documentElement.scrollWidth, width: width, bad: bad};
}"""


def seeded(live_url: str) -> dict:
    """Games in every state a table meets; returns {name: url} and the edit-link for each."""
    client = Client()
    knock = start_game(client, "knock-rummy", ["Annabelle-Marie", "Bob", "Cyrano de Bergerac"])
    for hand in ([0, 9, 15, 20], [1, 30, 3, 12]):
        post_hand(client, knock, knock_hand(hand[0], *hand[1:]))
    over = start_game(client, "knock-rummy", ["Ann", "Bob"])
    post_hand(client, over, knock_hand(0, 0, 130))
    phom = start_game(client, "phom", ["Ann", "Bob", "Cy", "Dan"], dealer="Dan")
    for _ in range(5):
        data = {"winner": "none", "p0-points": 15, "p1-points": 9, "p2-points": 22}
        data.update({"p3-points": 30, "p3-mom": "on"})
        post_hand(client, phom, data)
    cont = start_game(client, "continental-rum", ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay"])
    post_hand(client, cont, {"winner": "0", "jokers": 1})
    # Each game's edit link (".../join/#<secret>"), as the share page shows it, on the live server.
    join = {
        gid: edit_link(client, gid).replace("http://testserver", live_url, 1)
        for gid in (knock, over, phom, cont)
    }
    return {"knock": knock, "over": over, "phom": phom, "cont": cont, "join": join}


def page_urls(games: dict) -> dict[str, str]:
    k, o, p, c = games["knock"], games["over"], games["phom"], games["cont"]
    return {
        "home": "/",
        "start": "/games/new/",
        "start-phom": "/games/new/?variant=phom",
        "mine": "/games/mine/",
        "game-knock": f"/games/{k}/",
        "game-over": f"/games/{o}/",
        "game-phom": f"/games/{p}/",
        "game-continental": f"/games/{c}/",
        "hand-knock": f"/games/{k}/hands/new/",
        "hand-phom": f"/games/{p}/hands/new/",
        "hand-continental": f"/games/{c}/hands/new/",
        "hand-correct": f"/games/{k}/hands/1/edit/",
        "share": f"/games/{k}/share/",
        "delete-question": f"/games/{p}/hands/2/delete/",
        "rules-knock": "/rules/knock-rummy/",
        "rules-phom": "/rules/phom/",
        "rules-continental": "/rules/continental-rum/",
        "offline": "/offline/",
    }
