"""The app as `make serve` runs it: DEBUG off, collectstatic, gunicorn on 127.0.0.1.

The rest of the suite swaps WhiteNoise's manifest storage for the plain one (tests/conftest.py)
so it never needs a collected STATIC_ROOT; this module is the one place that runs the real
thing, on this run's kind of database (SQLite, or PostgreSQL + Redis). Every page a phone loads
(as a viewer and as the phone keeping score) and every static file those pages and the service
worker name answer below 500, static files 200 with their hashed names, and Chromium installs
and activates the service worker.

Bounded: one server for the module, a fixed list of pages, every process stopped by pid.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ops.test_servers import Phone
from tests.real_servers import fresh_database, servers

ROOT = Path(__file__).resolve().parents[2]
REDIS = os.environ.get("REDIS_URL", "")
STATIC_REF = re.compile(r"""(?:src|href)=["'](/static/[^"'?#]+)""")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    static_root = tmp_path_factory.mktemp("staticfiles")
    extra = {"STATIC_ROOT": str(static_root), "RATE_LIMITS": "0"}
    if REDIS:
        extra.update(REDIS_URL=REDIS, CACHE_KEY_PREFIX=f"rt-smoke-{secrets.token_hex(4)}")
    with fresh_database(tmp_path_factory, "rt_smoke") as database_url:
        env = servers.base_env(database_url, **extra)
        env.pop("DEBUG", None)
        # As `make serve`: collectstatic (hashed, compressed names and the manifest), then gunicorn.
        subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "collectstatic", "--noinput", "-v", "0"],
            env=env,
            cwd=ROOT,
            check=True,
            timeout=300,
        )
        assert (static_root / "staticfiles.json").exists()
        server = servers.gunicorn(env, tmp_path_factory.mktemp("logs") / "gunicorn.log")
        try:
            server.wait_ready()
            yield server
        finally:
            server.stop()


def get(port: int, path: str, cookies: dict[str, str] | None = None) -> tuple[int, str]:
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())}
    status, _, body = servers.request(port, "GET", path, headers=headers)
    return status, body.decode("utf-8", "replace")


def test_every_page_and_static_file_a_phone_loads_answers(served):
    port = served.port
    phone = Phone(port)  # keeps score: creates a game on the pages, so it may edit it
    game_id = phone.start_game()
    assert phone.post_hand(game_id, 1) == 302
    status, _, body = servers.request(port, "POST", "/api/v1/leagues", {"name": "Smoke club"})
    assert status == 201, body
    league_id = json.loads(body)["id"]

    viewer_pages = [
        "/",
        "/games/new/",
        "/games/mine/",
        "/rules/",
        "/rules/search?q=joker",
        "/check",
        "/offline/",
        "/sw.js",
        "/manifest.webmanifest",
        "/favicon.ico",
        "/leagues/new/",
        f"/games/{game_id}/",
        f"/games/{game_id}/rules/",
        f"/games/{game_id}/share/",
        f"/games/{game_id}/join/",
        f"/leagues/{league_id}/",
        "/api/v1/docs",
        "/api/v1/openapi.json",
        "/api/v1/variants",
    ]
    status, variants = get(port, "/api/v1/variants")
    assert status == 200
    viewer_pages += [f"/rules/{v['slug']}/" for v in json.loads(variants)]
    editor_pages = [
        f"/games/{game_id}/",
        f"/games/{game_id}/hands/new/",
        f"/games/{game_id}/hands/1/edit/",
        f"/games/{game_id}/share/",
    ]

    answers: dict[str, int] = {}
    statics: set[str] = set()
    for path, cookies in [(p, None) for p in viewer_pages] + [
        (p, phone.cookies) for p in editor_pages
    ]:
        status, text = get(port, path, cookies)
        answers[f"{path} ({'editor' if cookies else 'viewer'})"] = status
        statics.update(STATIC_REF.findall(text))
        if path == "/sw.js":
            assert status == 200, text[:500]
            assets = json.loads(re.search(r"var ASSETS = (\[.*?\]);", text)[1])
            statics.update(assets)
            assert all(re.search(r"\.[0-9a-f]{12}\.", a) for a in assets), assets
        if path == "/manifest.webmanifest":
            statics.update(icon["src"] for icon in json.loads(text)["icons"])
    assert {k: v for k, v in answers.items() if v >= 500} == {}
    assert answers[f"/games/{game_id}/hands/new/ (editor)"] == 200  # the phone kept its right

    assert len(statics) >= 10, statics
    static_answers = {path: get(port, path)[0] for path in sorted(statics)}
    assert {k: v for k, v in static_answers.items() if v != 200} == {}
    # Production serves hashed names: a page never links an unhashed /static/ file.
    assert [p for p in statics if not re.search(r"\.[0-9a-f]{12}\.", p)] == []


def test_chromium_installs_the_service_worker_from_the_production_server(served, chromium):
    from tests.browser.conftest import BROWSER_TIMEOUT_MS, VIEWPORT

    base = f"http://127.0.0.1:{served.port}"
    status, script = get(served.port, "/sw.js")
    assert status == 200, script[:500]  # the worker's script itself (a 500 before the fix)
    context = chromium.new_context(viewport=VIEWPORT)
    try:
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        page = context.new_page()
        page.goto(base + "/")
        # Wait for the worker itself: ready gives the registration with an active worker,
        # which may still be 'activating'; its statechange says when it is 'activated'.
        state = page.evaluate(
            "async () => { const r = await navigator.serviceWorker.ready; const w = r.active;"
            " if (w.state !== 'activated') await new Promise(done => w.addEventListener("
            "'statechange', () => { if (w.state === 'activated') done(); }));"
            " const keys = await caches.keys(); const shell = keys.find(k =>"
            " k.startsWith('rt-shell-')); const kept = shell ? (await (await caches.open(shell))"
            ".keys()).length : 0; return {state: w.state, scope: r.scope, kept}; }"
        )
        assert state["state"] == "activated"
        assert state["scope"] == base + "/"
        assert state["kept"] >= 10, state
    finally:
        context.close()


def test_two_requests_of_one_phone_at_once_keep_every_grant(served):
    """Issue 16 item 2 on a real server: one tab starts a game while another saves a hand."""
    from tests.ops.test_servers import together

    phone = Phone(served.port)
    games = [phone.start_game()]
    for round_ in range(6):
        started, saved = together(
            [phone.start_game, lambda r=round_: phone.post_hand(games[0], 100 + r)]
        )
        assert saved == 302
        games.append(started)
    answers = {g: get(served.port, f"/games/{g}/hands/new/", phone.cookies)[0] for g in games}
    assert answers == {g: 200 for g in games}


def test_a_long_api_path_reaches_the_app_and_answers_json(served):
    """gunicorn's own 414/400 are bare HTML: its limits sit above anything a client sends
    (8,190 bytes), so a long API path gets the API's JSON error, not gunicorn's page."""
    status, headers, body = servers.request(served.port, "GET", "/api/v1/games/" + "x" * 6000)
    assert status == 404, body[:300]
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["error"]
    status, headers, body = servers.request(
        served.port, "GET", "/api/v1/health", headers={"X-Long": "y" * 7000}
    )
    assert status == 200


def test_the_proxy_answers_json_for_what_gunicorn_would_refuse():
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    gunicorn = (ROOT / "gunicorn.conf.py").read_text()
    assert "limit_request_line = 8190" in gunicorn
    assert "large_client_header_buffers 4 8k;" in conf  # under gunicorn's 8190: nginx refuses first
    for status in ("414", "400"):
        location = re.search(rf"return {status} '(\{{.*\}})';", conf)
        assert location, status
        assert json.loads(location[1])["error"]["code"]
